import { recordLettersSchema, type RecordLetters } from '@kinship/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { letterKeys } from './letter-keys';

/**
 * GET sponsoreds/{id}/messages: what writing to one sponsored person needs (whether the viewer may
 * still write, the partner's guidelines and word list, the country phone numbers are read in) and
 * the viewer's letters about them. Only for the record's sponsors (403 for anyone else).
 */
export const getRecordLetters = (sponsoredsId: number, signal?: AbortSignal): Promise<RecordLetters> =>
  apiRequest(`sponsoreds/${sponsoredsId}/messages`, {
    schema: recordLettersSchema,
    ...(signal ? { signal } : {}),
  });

export const recordLettersQueryOptions = (sponsoredsId: number) =>
  queryOptions({
    queryKey: letterKeys.record(sponsoredsId),
    queryFn: ({ signal }) => getRecordLetters(sponsoredsId, signal),
  });

export function useRecordLetters(sponsoredsId: number) {
  return useQuery(recordLettersQueryOptions(sponsoredsId));
}
