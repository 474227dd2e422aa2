import { landingHighlightsSchema } from '@kinship/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET partners/{partnerId}/landing: the records waiting longest and the partner's impact figures. */
export const getLandingHighlights = (partnersId: number, signal?: AbortSignal) =>
  apiRequest(`partners/${partnersId}/landing`, {
    schema: landingHighlightsSchema,
    ...(signal ? { signal } : {}),
  });

export const landingHighlightsQueryOptions = (partnersId: number) =>
  queryOptions({
    queryKey: ['partners', partnersId, 'landing'],
    queryFn: ({ signal }) => getLandingHighlights(partnersId, signal),
    staleTime: 60_000,
  });

export function useLandingHighlights(partnersId: number, enabled: boolean) {
  return useQuery({ ...landingHighlightsQueryOptions(partnersId), enabled });
}
