import { listingQuery, type Filters, type SponsoredSummary, sponsoredSummarySchema } from '@kinship/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaged } from '../../../lib/api-client';

/** What the listing asks for: one sponsored type, a page numbered from 0, and the chosen filters. */
export interface SponsoredsRequest {
  partnerSponsoredTypesId: number;
  page: number;
  filters: Filters;
}

export type SponsoredsPage = { items: SponsoredSummary[]; count: number };

/**
 * GET partners/{partnerId}/sponsoreds (spec 7): active records that are not fully sponsored, one
 * page of them and the total from x-total-count. `query` is the full query string of the call.
 */
export function getSponsoreds(
  partnerId: number,
  query: Record<string, string>,
  signal?: AbortSignal,
): Promise<SponsoredsPage> {
  return apiPaged(`partners/${partnerId}/sponsoreds`, {
    itemSchema: sponsoredSummarySchema,
    query,
    ...(signal ? { signal } : {}),
  });
}

export function sponsoredsQueryOptions(partnerId: number, request: SponsoredsRequest) {
  const query = listingQuery(request);
  return queryOptions({
    queryKey: ['sponsoreds', partnerId, query],
    queryFn: ({ signal }) => getSponsoreds(partnerId, query, signal),
  });
}

export function useSponsoreds(
  partnerId: number,
  request: SponsoredsRequest,
  options: { enabled?: boolean } = {},
) {
  return useQuery({ ...sponsoredsQueryOptions(partnerId, request), enabled: options.enabled ?? true });
}
