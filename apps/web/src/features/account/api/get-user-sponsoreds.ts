import { userSponsoredSchema } from '@kinship/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET users/{id}/sponsoreds?partnersId=: the person's sponsorships at this partner, active first. */
export const getUserSponsoreds = (usersId: number) =>
  apiRequest(`users/${usersId}/sponsoreds`, { schema: userSponsoredSchema.array() });

export const userSponsoredsQueryOptions = (usersId: number) =>
  queryOptions({ queryKey: ['users', usersId, 'sponsoreds'], queryFn: () => getUserSponsoreds(usersId) });

export function useUserSponsoreds(usersId: number) {
  return useQuery(userSponsoredsQueryOptions(usersId));
}
