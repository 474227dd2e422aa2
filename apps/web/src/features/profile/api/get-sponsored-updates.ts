import { updateSchema } from '@kinship/domain';
import type { Update } from '@kinship/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET sponsoreds/{id}/updates: only for the record's sponsors and partner admins (401/403 otherwise). */
export function getSponsoredUpdates(id: number, signal?: AbortSignal): Promise<Update[]> {
  return apiRequest(`sponsoreds/${id}/updates`, {
    schema: updateSchema.array(),
    ...(signal ? { signal } : {}),
  });
}

export function sponsoredUpdatesQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['sponsored', id, 'updates'],
    queryFn: ({ signal }) => getSponsoredUpdates(id, signal),
  });
}

export function useSponsoredUpdates(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...sponsoredUpdatesQueryOptions(id), enabled: options.enabled ?? true });
}
