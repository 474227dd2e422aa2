import { sponsoredImageSchema } from '@kinship/domain';
import type { SponsoredImage } from '@kinship/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET sponsoreds/{id}/images: the gallery; empty unless the viewer sponsors or administers the record. */
export function getSponsoredImages(id: number, signal?: AbortSignal): Promise<SponsoredImage[]> {
  return apiRequest(`sponsoreds/${id}/images`, {
    schema: sponsoredImageSchema.array(),
    ...(signal ? { signal } : {}),
  });
}

export function sponsoredImagesQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['sponsored', id, 'images'],
    queryFn: ({ signal }) => getSponsoredImages(id, signal),
  });
}

export function useSponsoredImages(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...sponsoredImagesQueryOptions(id), enabled: options.enabled ?? true });
}
