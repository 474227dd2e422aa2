import { sponsoredDetailSchema } from '@kinship/domain';
import type { SponsoredDetail } from '@kinship/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET sponsoreds/{id}: the profile as this viewer may see it (masking is applied by the server). */
export function getSponsored(id: number, signal?: AbortSignal): Promise<SponsoredDetail> {
  return apiRequest(`sponsoreds/${id}`, { schema: sponsoredDetailSchema, ...(signal ? { signal } : {}) });
}

export function sponsoredQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['sponsored', id],
    queryFn: ({ signal }) => getSponsored(id, signal),
  });
}

export function useSponsored(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...sponsoredQueryOptions(id), enabled: options.enabled ?? true });
}
