import { MESSAGES, type User, userSchema } from '@kinship/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { AnswerDriftError, ApiError, apiRequest } from '../../../lib/api-client';
import { getAuthSession } from './sign-in';

/** The signed-in person: `user` null with `isNew` when the account has no person record yet (a 404). */
export interface Me {
  signedIn: boolean;
  isNew: boolean;
  user: User | null;
}

/**
 * An answer that says nothing about the session: too many requests, a server error, or no answer
 * at all (fetch's TypeError). The last known session stays and the call is tried again, so a rate
 * limit never reads as "signed out".
 */
export function isPassingFailure(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 429 || error.status >= 500;
  return error instanceof TypeError;
}

/**
 * Asks for the person only when there is a session (better-auth's get-session answers 200 with null
 * otherwise), so a visitor's page logs no 401. For a signed-in account the spec's rule holds: a 404
 * from users/getByToken means a new user.
 */
export async function getMe(): Promise<Me> {
  try {
    if (!(await getAuthSession())) return { signedIn: false, isNew: false, user: null };
    const user = await apiRequest('users/getByToken', { schema: userSchema });
    return { signedIn: true, isNew: false, user };
  } catch (error) {
    if (error instanceof AnswerDriftError) throw error;
    if (error instanceof ApiError && error.status === 401)
      return { signedIn: false, isNew: false, user: null };
    if (error instanceof ApiError && error.status === 404) return { signedIn: true, isNew: true, user: null };
    if (isPassingFailure(error)) throw error;
    console.error(MESSAGES.couldNotLoadUser, error);
    return { signedIn: false, isNew: false, user: null };
  }
}

/** Tried again while the failure passes (1 s, 2 s, 4 s ... at most 30 s apart); the last answer stays meanwhile. */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['users', 'me'],
    queryFn: getMe,
    staleTime: 60_000,
    retry: (_failures, error) => isPassingFailure(error),
    retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
  });

export function useMe() {
  return useQuery(meQueryOptions());
}
