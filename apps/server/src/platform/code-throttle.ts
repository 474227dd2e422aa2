import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loginAttempts } from '../db/schema/index.ts';
import { countAttemptInWindow, MAX_SIGN_IN_ATTEMPTS, SIGN_IN_WINDOW_SECONDS } from './login-throttle.ts';

/**
 * Wrong codes (gift, trial and link codes) counted per client address with the sign-in machinery
 * (decision 015): MAX_SIGN_IN_ATTEMPTS unknown codes of one kind in SIGN_IN_WINDOW_SECONDS and the
 * address waits, right codes included, so guessing gains nothing. Callers turn the wait into their
 * own 429 answer.
 */

/** The throttle's key of a kind of code: kept apart from sign-in's email keys by its prefix. */
const keyOf = (kind: string) => `code:${kind}`;

/** The seconds an address must still wait before trying a code of this kind, or null when it may try. */
export async function codeThrottleWait(db: Db, kind: string, address: string): Promise<number | null> {
  const [row] = await db
    .select({
      attempts: loginAttempts.attempts,
      wait: sql<number>`GREATEST(1, CEIL(EXTRACT(EPOCH FROM (${loginAttempts.windowStartedAt} + make_interval(secs => ${SIGN_IN_WINDOW_SECONDS}) - now()))))::int`,
    })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.email, keyOf(kind)),
        eq(loginAttempts.address, address),
        sql`${loginAttempts.windowStartedAt} > now() - make_interval(secs => ${SIGN_IN_WINDOW_SECONDS})`,
      ),
    );
  return row && row.attempts >= MAX_SIGN_IN_ATTEMPTS ? Number(row.wait) : null;
}

/** Counts an unknown code against the address: the seconds to wait once it is over the limit, else null. */
export async function countWrongCode(db: Db, kind: string, address: string): Promise<number | null> {
  const counted = await countAttemptInWindow(db, keyOf(kind), address, MAX_SIGN_IN_ATTEMPTS);
  return counted.throttled ? counted.retryAfterSeconds : null;
}
