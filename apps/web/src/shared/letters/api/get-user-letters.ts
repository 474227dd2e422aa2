import { sponsorLetterSchema, type SponsorLetter } from '@kinship/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { letterKeys } from './letter-keys';

/** GET users/{id}/messages: the signed-in sponsor's letters both ways (replies once approved). */
export const getUserLetters = (usersId: number, signal?: AbortSignal): Promise<SponsorLetter[]> =>
  apiRequest(`users/${usersId}/messages`, {
    schema: sponsorLetterSchema.array(),
    ...(signal ? { signal } : {}),
  });

export const userLettersQueryOptions = (usersId: number) =>
  queryOptions({
    queryKey: letterKeys.user(usersId),
    queryFn: ({ signal }) => getUserLetters(usersId, signal),
  });

export function useUserLetters(usersId: number) {
  return useQuery(userLettersQueryOptions(usersId));
}
