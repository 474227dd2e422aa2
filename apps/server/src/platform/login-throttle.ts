import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loginThrottles } from '../db/schema/index.ts';

/** Sign-in attempts one account may make within a window before it is throttled. */
export const MAX_SIGN_IN_ATTEMPTS = 5;
/** The window, from the first attempt; a throttled account answers 429 until it has passed. */
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;

export const ACCOUNT_THROTTLED_MESSAGE =
  'Too many sign-in attempts for this account. Please wait and try again, or reset your password.';

const WINDOW = sql.raw(`interval '${SIGN_IN_WINDOW_SECONDS} seconds'`);

/** The key of an account: its email as better-auth stores it. */
export function throttleKeyOf(body: unknown): string | null {
  const email = (body as { email?: unknown } | null | undefined)?.email;
  if (typeof email !== 'string') return null;
  const key = email.trim().toLowerCase();
  return key.length > 0 && key.length <= 320 ? key : null;
}

/**
 * Counts a sign-in attempt before the password is checked, in one atomic statement (so parallel
 * attempts are each counted and at most MAX_SIGN_IN_ATTEMPTS reach the password check per
 * window), and answers whether the account is now throttled and for how many seconds.
 * Every attempt counts, for existing and unknown emails alike, so the answer reveals nothing
 * about which accounts exist.
 */
export async function countSignInAttempt(
  db: Db,
  email: string,
): Promise<{ throttled: boolean; retryAfterSeconds: number }> {
  const expired = sql`${loginThrottles.windowStartedAt} <= now() - ${WINDOW}`;
  const [row] = await db
    .insert(loginThrottles)
    .values({ email, attempts: 1 })
    .onConflictDoUpdate({
      target: loginThrottles.email,
      set: {
        attempts: sql`CASE WHEN ${expired} THEN 1 ELSE ${loginThrottles.attempts} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${expired} THEN now() ELSE ${loginThrottles.windowStartedAt} END`,
      },
    })
    .returning({
      attempts: loginThrottles.attempts,
      retryAfterSeconds: sql<number>`GREATEST(1, CEIL(EXTRACT(EPOCH FROM (${loginThrottles.windowStartedAt} + ${WINDOW} - now()))))::int`,
    });
  const attempts = row?.attempts ?? 1;
  return {
    throttled: attempts > MAX_SIGN_IN_ATTEMPTS,
    retryAfterSeconds: Number(row?.retryAfterSeconds ?? SIGN_IN_WINDOW_SECONDS),
  };
}

/** A successful sign-in (or a password reset by email) clears the account's attempts. */
export async function clearSignInAttempts(db: Db, email: string): Promise<void> {
  await db.delete(loginThrottles).where(eq(loginThrottles.email, email.trim().toLowerCase()));
}
