import { ERRORS } from '@kinship/domain';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { paymentFormGuards, paymentRateEvents } from '../db/schema/index.ts';
import type { HttpError } from './errors.ts';
import { unauthorized, refuse } from './errors.ts';

/**
 * Protection against card testing (trying stolen card numbers through a payment form):
 * - per client address and per email: at most PAYMENT_ATTEMPT_LIMIT payment attempts in 10
 *   minutes and PAYMENT_FAILURE_LIMIT failed payments in an hour; beyond that 429 with Retry-After;
 * - a burst of PAYMENT_FORM_BURST_LIMIT failures on one partner's donation form within 10 minutes
 *   turns on that form's strict mode for an hour: visitors must sign in to donate, and the
 *   per-address and per-email limits are halved.
 * Counters are rows in PostgreSQL, so every server process shares them. Only requests that reach
 * the payment provider count: a cart issue or a bad form never charges a card.
 */

export type PaymentForm = 'checkout' | 'donation' | 'billing';

export interface PaymentLimits {
  attempts: number;
  failures: number;
  formBurst: number;
}

export const ATTEMPT_WINDOW_SECONDS = 10 * 60;
export const FAILURE_WINDOW_SECONDS = 60 * 60;
export const FORM_BURST_WINDOW_SECONDS = 10 * 60;
export const STRICT_MODE_SECONDS = 60 * 60;

export const STRICT_SIGN_IN_MESSAGE =
  'Many payments failed on this form recently, so donations here need an account for a while. Please sign in to donate.';

export const paymentLimitsOf = (
  config: Pick<Config, 'PAYMENT_ATTEMPT_LIMIT' | 'PAYMENT_FAILURE_LIMIT' | 'PAYMENT_FORM_BURST_LIMIT'>,
): PaymentLimits => ({
  attempts: config.PAYMENT_ATTEMPT_LIMIT,
  failures: config.PAYMENT_FAILURE_LIMIT,
  formBurst: config.PAYMENT_FORM_BURST_LIMIT,
});

export interface PaymentClient {
  partnersId: number;
  form: PaymentForm;
  clientAddress: string;
  email: string | null;
}

const normalEmail = (email: string | null) => (email ? email.trim().toLowerCase() : null);

export function tooManyPaymentsError(retryAfterSeconds: number): HttpError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return refuse(
    ERRORS.RATE_LIMITED,
    `Too many payment attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { 'retry-after': String(retryAfterSeconds) },
  );
}

/** Whether a partner's donation form is in strict mode now. */
export async function isFormStrict(db: Db, partnersId: number): Promise<boolean> {
  const rows = await db
    .select({ partnersId: paymentFormGuards.partnersId })
    .from(paymentFormGuards)
    .where(sql`${paymentFormGuards.partnersId} = ${partnersId} AND ${paymentFormGuards.strictUntil} > now()`);
  return rows.length > 0;
}

/**
 * Throws 429 (with Retry-After in seconds) when the client address or the email has used up its
 * attempts or failures; a strict donation form also refuses visitors (401).
 */
export async function assertPaymentAllowed(
  db: Db,
  limits: PaymentLimits,
  client: PaymentClient & { signedIn: boolean },
): Promise<void> {
  const strict = client.form === 'donation' && (await isFormStrict(db, client.partnersId));
  if (strict && !client.signedIn) throw unauthorized(STRICT_SIGN_IN_MESSAGE);
  const factor = strict ? 0.5 : 1;
  const attempts = Math.max(1, Math.floor(limits.attempts * factor));
  const failures = Math.max(1, Math.floor(limits.failures * factor));
  const email = normalEmail(client.email);
  // For each counter, the Nth newest event inside its window (N = the limit): while it exists the
  // limit is reached, and the wait is until it leaves the window.
  const nth = (
    column: 'client_address' | 'email',
    value: string | null,
    outcome: string,
    limit: number,
    window: number,
  ) =>
    value === null
      ? sql`NULL::float8`
      : sql`(SELECT EXTRACT(EPOCH FROM (created_at + make_interval(secs => ${window}) - now()))::float8
             FROM ${paymentRateEvents}
             WHERE ${sql.identifier(column)} = ${value} AND outcome = ${outcome}
               AND created_at > now() - make_interval(secs => ${window})
             ORDER BY created_at DESC OFFSET ${limit - 1} LIMIT 1)`;
  const result = await db.execute<{
    a: number | null;
    b: number | null;
    c: number | null;
    d: number | null;
  }>(sql`SELECT
      ${nth('client_address', client.clientAddress, 'attempt', attempts, ATTEMPT_WINDOW_SECONDS)} AS a,
      ${nth('email', email, 'attempt', attempts, ATTEMPT_WINDOW_SECONDS)} AS b,
      ${nth('client_address', client.clientAddress, 'failure', failures, FAILURE_WINDOW_SECONDS)} AS c,
      ${nth('email', email, 'failure', failures, FAILURE_WINDOW_SECONDS)} AS d`);
  const row = (result as unknown as { rows: { a: unknown; b: unknown; c: unknown; d: unknown }[] }).rows[0];
  const waits = [row?.a, row?.b, row?.c, row?.d].filter((v) => v !== null && v !== undefined).map(Number);
  if (waits.length > 0) throw tooManyPaymentsError(Math.max(1, Math.ceil(Math.max(...waits))));
}

/** Counts one attempt: called right before the payment provider is asked to charge. */
export async function recordPaymentAttempt(db: Db, client: PaymentClient): Promise<void> {
  await db.insert(paymentRateEvents).values({
    partnersId: client.partnersId,
    form: client.form,
    outcome: 'attempt',
    clientAddress: client.clientAddress,
    email: normalEmail(client.email),
  });
}

/** Counts one failed payment; a burst on a donation form turns its strict mode on. */
export async function recordPaymentFailure(
  db: Db,
  limits: PaymentLimits,
  client: PaymentClient,
): Promise<void> {
  await db.insert(paymentRateEvents).values({
    partnersId: client.partnersId,
    form: client.form,
    outcome: 'failure',
    clientAddress: client.clientAddress,
    email: normalEmail(client.email),
  });
  if (client.form !== 'donation') return;
  const result = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${paymentRateEvents}
    WHERE partners_id = ${client.partnersId} AND form = 'donation' AND outcome = 'failure'
      AND created_at > now() - make_interval(secs => ${FORM_BURST_WINDOW_SECONDS})`);
  const n = Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  if (n >= limits.formBurst) {
    await db
      .insert(paymentFormGuards)
      .values({
        partnersId: client.partnersId,
        strictUntil: sql`now() + make_interval(secs => ${STRICT_MODE_SECONDS})`,
      })
      .onConflictDoUpdate({
        target: paymentFormGuards.partnersId,
        set: {
          strictUntil: sql`now() + make_interval(secs => ${STRICT_MODE_SECONDS})`,
          updatedAt: sql`now()`,
        },
      });
  }
}

/**
 * Drops counter rows older than every window (they no longer count), in batches so no statement
 * holds the table long; answers how many. Run by the maintenance.prune job.
 */
export async function prunePaymentRateEvents(db: Db, batchSize = 5000): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await db.execute<{ n: number }>(sql`
      WITH gone AS (
        DELETE FROM ${paymentRateEvents} WHERE id IN (
          SELECT id FROM ${paymentRateEvents} WHERE created_at < now() - interval '1 day' LIMIT ${batchSize})
        RETURNING 1)
      SELECT count(*)::int AS n FROM gone`);
    const n = Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    total += n;
    if (n < batchSize) return total;
  }
}
