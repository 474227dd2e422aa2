import { paymentConfigSchema } from '@kinship/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET payments/config: the sandbox card field, or Stripe.js with the partner's connected account. */
export const getPaymentConfig = () => apiRequest('payments/config', { schema: paymentConfigSchema });

export const paymentConfigQueryOptions = () =>
  queryOptions({ queryKey: ['payments', 'config'], queryFn: getPaymentConfig, staleTime: Infinity });

export function usePaymentConfig() {
  return useQuery(paymentConfigQueryOptions());
}
