import { waitInMinutes } from '@kinship/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { authUser, loginAlerts, loginAttempts } from '../db/schema/index.ts';

/**
 * Sign-in throttling (decision 015): wrong passwords are counted per account and client address
 * pair. One pair is refused after MAX_SIGN_IN_ATTEMPTS within the window; the account as a whole is
 * only slowed down (a growing delay before the password check), so a stranger guessing from other
 * addresses can no longer lock the person out; and the person is told by mail once the failures
 * reach ALERT_AFTER_FAILURES. An address as a whole is refused after MAX_ADDRESS_SIGN_IN_FAILURES
 * failures on any accounts within the window (decision 051): successful sign-ins never count, so an
 * office behind one address signs everyone in, while guessing across many accounts is stopped.
 */

/** Sign-in attempts one account may get from one address within a window before that pair is refused. */
export const MAX_SIGN_IN_ATTEMPTS = 5;
/** The window, from the pair's first attempt; a refused pair answers 429 until it has passed. */
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
/** Failures on one account (all addresses) within the window after which each attempt is delayed. */
export const SLOW_DOWN_AFTER_FAILURES = 5;
/** Failures on one account within the window after which its owner is told by mail (once a window). */
export const ALERT_AFTER_FAILURES = 10;

/**
 * Failed sign-ins from one address, on any accounts, within the window before the address is
 * refused (decision 051). A person who gets their password right from the address takes their own
 * failures off the count, so only failures nobody recovered from add up.
 */
export const MAX_ADDRESS_SIGN_IN_FAILURES = 50;
/** The key of an address's count across all accounts: no email (nor code kind) looks like it. */
const ANY_ACCOUNT_KEY = 'sign-in:any-account';

export const addressThrottledMessage = (retryAfterSeconds: number) =>
  `Too many failed sign-ins from your address. Please try again in ${waitInMinutes(retryAfterSeconds)}.`;

/** The delay before the password check: doubling from `baseMs` past SLOW_DOWN_AFTER_FAILURES, at most `maxMs`. */
export interface SignInDelay {
  baseMs: number;
  maxMs: number;
}
export const DEFAULT_SIGN_IN_DELAY: SignInDelay = { baseMs: 250, maxMs: 10_000 };

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

export function signInDelayMs(accountFailures: number, delay: SignInDelay = DEFAULT_SIGN_IN_DELAY): number {
  if (accountFailures <= SLOW_DOWN_AFTER_FAILURES) return 0;
  const exponent = Math.min(accountFailures - SLOW_DOWN_AFTER_FAILURES - 1, 30);
  return Math.min(delay.maxMs, delay.baseMs * 2 ** exponent);
}

/**
 * The one counter of the throttles: counts an attempt under a key (an account's email, an
 * address's any-account key, a kind of code) from an address, in one atomic statement, so parallel
 * attempts are each counted. A key and address pair counts within a window from its first attempt,
 * and starts again once the window has passed. Answers whether the pair is now over `limit` and,
 * when it is, the seconds until its window ends.
 */
export async function countAttemptInWindow(
  db: Db,
  key: string,
  address: string,
  limit: number,
): Promise<{ throttled: boolean; retryAfterSeconds: number }> {
  const expired = sql`${loginAttempts.windowStartedAt} <= now() - ${WINDOW}`;
  const [row] = await db
    .insert(loginAttempts)
    .values({ email: key, address, attempts: 1 })
    .onConflictDoUpdate({
      target: [loginAttempts.email, loginAttempts.address],
      set: {
        attempts: sql`CASE WHEN ${expired} THEN 1 ELSE ${loginAttempts.attempts} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${expired} THEN now() ELSE ${loginAttempts.windowStartedAt} END`,
      },
    })
    .returning({
      attempts: loginAttempts.attempts,
      retryAfterSeconds: sql<number>`GREATEST(1, CEIL(EXTRACT(EPOCH FROM (${loginAttempts.windowStartedAt} + ${WINDOW} - now()))))::int`,
    });
  return (row?.attempts ?? 1) > limit
    ? { throttled: true, retryAfterSeconds: Number(row?.retryAfterSeconds ?? SIGN_IN_WINDOW_SECONDS) }
    : { throttled: false, retryAfterSeconds: 0 };
}

/**
 * Counts a sign-in attempt of a pair before the password is checked (so at most
 * MAX_SIGN_IN_ATTEMPTS per pair reach the password check per window). Answers whether the pair is
 * refused (and for how long), and the account's other recent attempts from every address (each
 * pair counting at most MAX_SIGN_IN_ATTEMPTS, so one address cannot push the delay up alone).
 * Unknown emails are counted alike, so the answer reveals nothing about which accounts exist.
 */
export async function countSignInAttempt(
  db: Db,
  email: string,
  address: string,
): Promise<{ throttled: boolean; retryAfterSeconds: number; accountFailures: number }> {
  const pair = await countAttemptInWindow(db, email, address, MAX_SIGN_IN_ATTEMPTS);
  if (pair.throttled) return { ...pair, accountFailures: 0 };
  return { ...pair, accountFailures: (await accountFailuresOf(db, email)) - 1 };
}

/**
 * Counts a sign-in attempt of an address (whatever the account) before the password is checked:
 * the address is refused once over MAX_ADDRESS_SIGN_IN_FAILURES within the window, the right
 * password included, until the window passes.
 */
export function countAddressSignInAttempt(
  db: Db,
  address: string,
): Promise<{ throttled: boolean; retryAfterSeconds: number }> {
  return countAttemptInWindow(db, ANY_ACCOUNT_KEY, address, MAX_ADDRESS_SIGN_IN_FAILURES);
}

/** Recent attempts on an account from every address, each address counting at most MAX_SIGN_IN_ATTEMPTS. */
export async function accountFailuresOf(db: Db, email: string): Promise<number> {
  const [row] = await db
    .select({
      failures: sql<number>`COALESCE(SUM(LEAST(${loginAttempts.attempts}, ${MAX_SIGN_IN_ATTEMPTS})), 0)::int`,
    })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), sql`${loginAttempts.windowStartedAt} > now() - ${WINDOW}`));
  return Number(row?.failures ?? 0);
}

/**
 * A successful sign-in clears the pair's attempts (other addresses' failures still count) and takes
 * them, this sign-in among them, off the address's count: what is left there are failures.
 */
export async function clearSignInAttempts(db: Db, email: string, address: string): Promise<void> {
  const cleared = await db
    .delete(loginAttempts)
    .where(and(eq(loginAttempts.email, email.trim().toLowerCase()), eq(loginAttempts.address, address)))
    .returning({ attempts: loginAttempts.attempts });
  const attempts = cleared.reduce((sum, row) => sum + row.attempts, 0);
  if (attempts === 0) return;
  await db
    .update(loginAttempts)
    .set({ attempts: sql`GREATEST(${loginAttempts.attempts} - ${attempts}, 0)` })
    .where(and(eq(loginAttempts.email, ANY_ACCOUNT_KEY), eq(loginAttempts.address, address)));
}

/** A password reset by email (whoever reads the mailbox may sign in again at once) clears them all. */
export async function clearAccountSignInAttempts(db: Db, email: string): Promise<void> {
  const key = email.trim().toLowerCase();
  await db.delete(loginAttempts).where(eq(loginAttempts.email, key));
  await db.delete(loginAlerts).where(eq(loginAlerts.email, key));
}

/**
 * After a failed sign-in: whether the account's owner should be told now (the account exists, its
 * failures reached ALERT_AFTER_FAILURES, and nobody told them within the window). Claimed in one
 * statement, so parallel failures send one mail.
 */
export async function claimFailedSignInAlert(db: Db, email: string): Promise<number | null> {
  const failures = await accountFailuresOf(db, email);
  if (failures < ALERT_AFTER_FAILURES) return null;
  const [account] = await db.select({ id: authUser.id }).from(authUser).where(eq(authUser.email, email));
  if (!account) return null;
  const claimed = await db
    .insert(loginAlerts)
    .values({ email })
    .onConflictDoUpdate({
      target: loginAlerts.email,
      set: { alertedAt: sql`now()` },
      setWhere: sql`${loginAlerts.alertedAt} <= now() - ${WINDOW}`,
    })
    .returning({ email: loginAlerts.email });
  return claimed.length > 0 ? failures : null;
}

/** Deletes attempts and alerts whose window has passed (unknown emails' rows among them): part of the maintenance.prune job. */
export async function pruneSignInAttempts(db: Db): Promise<{ attempts: number; alerts: number }> {
  const attempts = await db
    .delete(loginAttempts)
    .where(sql`${loginAttempts.windowStartedAt} <= now() - ${WINDOW}`)
    .returning({ email: loginAttempts.email });
  const alerts = await db
    .delete(loginAlerts)
    .where(sql`${loginAlerts.alertedAt} <= now() - ${WINDOW}`)
    .returning({ email: loginAlerts.email });
  return { attempts: attempts.length, alerts: alerts.length };
}

/** A person's erasure: their address's failed sign-ins and alerts are forgotten. */
export async function forgetSignInsOf(tx: Tx, email: string): Promise<void> {
  await tx.delete(loginAttempts).where(eq(loginAttempts.email, email.toLowerCase()));
  await tx.delete(loginAlerts).where(eq(loginAlerts.email, email.toLowerCase()));
}
