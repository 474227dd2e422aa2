import type { SponsoredDetail } from '@kinship/domain';
import { useQueries } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** What the cart shows and prices of a record. */
export type CartSponsored = Pick<
  SponsoredDetail,
  | 'id'
  | 'firstName'
  | 'lastName'
  | 'title'
  | 'sponsoredTypesId'
  | 'profileImagePath'
  | 'monthlyAmount'
  | 'maxSlots'
  | 'slotsFilled'
  | 'partnerSponsoredTypesId'
  | 'isSponsor'
>;

/** GET sponsoreds/{id}, as the cart uses it (the same cache entry as the profile page). */
export const getCartSponsored = (id: number, signal?: AbortSignal) =>
  apiRequest<CartSponsored>(`sponsoreds/${id}`, signal ? { signal } : {});

export const cartSponsoredQueryKey = (id: number) => ['sponsored', id] as const;

/** Every cart record, fetched fresh when the cart opens (another donor may have taken the slots). */
export function useCartSponsoreds(ids: number[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: cartSponsoredQueryKey(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => getCartSponsored(id, signal),
      staleTime: 0,
      refetchOnMount: 'always' as const,
      retry: false,
    })),
  });
}
