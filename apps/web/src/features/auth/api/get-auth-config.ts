import { authConfigSchema } from '@kinship/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET auth-config: email and password always; an OpenID Connect provider when one is configured. */
export const getAuthConfig = () => apiRequest('auth-config', { schema: authConfigSchema });

export const authConfigQueryOptions = () =>
  queryOptions({ queryKey: ['auth-config'], queryFn: getAuthConfig, staleTime: Infinity });

export function useAuthConfig() {
  return useQuery(authConfigQueryOptions());
}
