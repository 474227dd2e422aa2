import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { emailOutbox, type OutboxKind } from '../../db/schema/index.ts';
import type { Queryable } from '../../db/types.ts';
import { defineJob, type JobContext } from '../jobs.ts';
import { partnerSender, type Mailer, type MailMessage, type MailSender } from './mail.ts';

export type OutboxRow = typeof emailOutbox.$inferSelect;

/** Turns a claimed row into the message to send (receipts are re-rendered with their PDF at send time). */
export type OutboxComposer = (row: OutboxRow) => Promise<MailMessage>;

/** A composer per message kind; a kind without one is sent as stored. */
export type OutboxComposers = Partial<Record<OutboxKind, OutboxComposer>>;

export interface DispatchOptions {
  db: Db;
  mailer: Mailer;
  composers: OutboxComposers;
  /** Upper bound of messages one run sends, so a job always ends. */
  maxPerRun?: number;
  /** How long a claimed row stays ours before another worker may take it over (OUTBOX_LEASE_SECONDS). */
  leaseSeconds?: number;
  /** Attempts before a message is given up as 'failed'. */
  maxAttempts?: number;
  /** The wait before the first retry, doubled for each later one (OUTBOX_RETRY_SECONDS, 30 s by default). */
  retryBaseSeconds?: number;
  onError?: (row: OutboxRow, error: unknown) => void;
}

export interface DispatchSummary {
  sent: number;
  /** Deliveries that found the message already delivered by an attempt that died before recording it. */
  alreadyDelivered: number;
  retrying: number;
  failed: number;
}

export const OUTBOX_MAX_ATTEMPTS = 8;
/** The default wait before the first retry of a failed message. */
const OUTBOX_RETRY_SECONDS = 30;

/** Seconds before attempt n+1: 30 s, 1 min, 2 min, ... (from `base`, 30 s by default) capped at 6 h. */
export function outboxBackoffSeconds(attempts: number, base = OUTBOX_RETRY_SECONDS): number {
  return Math.min(base * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60);
}

type RawRow = Record<string, unknown>;

/** Raw rows from both drivers (PGlite answers `{ rows }`, node-postgres a Result with `rows`). */
function rowsOf(result: unknown): RawRow[] {
  return ((result as { rows?: RawRow[] }).rows ?? []) as RawRow[];
}

const asDate = (v: unknown) => (v == null ? null : v instanceof Date ? v : new Date(String(v)));

function toOutboxRow(r: RawRow): OutboxRow {
  return {
    id: Number(r.id),
    partnersId: r.partners_id == null ? null : Number(r.partners_id),
    kind: String(r.kind) as OutboxKind,
    dedupeKey: String(r.dedupe_key),
    toAddress: String(r.to_address),
    subject: String(r.subject),
    bodyText: String(r.body_text),
    bodyHtml: r.body_html == null ? null : String(r.body_html),
    attachments: (typeof r.attachments === 'string'
      ? JSON.parse(r.attachments)
      : r.attachments) as OutboxRow['attachments'],
    status: String(r.status),
    attempts: Number(r.attempts),
    lastError: r.last_error == null ? null : String(r.last_error),
    nextAttemptAt: asDate(r.next_attempt_at)!,
    leaseUntil: asDate(r.lease_until),
    messageId: r.message_id == null ? null : String(r.message_id),
    createdAt: asDate(r.created_at)!,
    sentAt: asDate(r.sent_at),
  };
}

/**
 * Claims due messages in one statement: pending ones whose backoff has passed, and 'sending' ones
 * whose lease ran out (their worker died mid-delivery). SKIP LOCKED lets several workers share the
 * table; no transaction stays open while mail is delivered.
 */
async function claim(db: Db, batchSize: number, leaseSeconds: number): Promise<OutboxRow[]> {
  const result = await db.execute(sql`
    UPDATE email_outbox
       SET status = 'sending', attempts = attempts + 1, lease_until = now() + make_interval(secs => ${leaseSeconds})
     WHERE id IN (
       SELECT id FROM email_outbox
        WHERE (status = 'pending' AND next_attempt_at <= now())
           OR (status = 'sending' AND lease_until < now())
        ORDER BY id
        LIMIT ${batchSize}
        FOR UPDATE SKIP LOCKED)
    RETURNING *`);
  return rowsOf(result)
    .map(toOutboxRow)
    .sort((a, b) => a.id - b.id);
}

async function markSent(db: Db, row: OutboxRow, messageId: string): Promise<void> {
  await db.execute(sql`
    UPDATE email_outbox
       SET status = 'sent', sent_at = now(), lease_until = NULL, last_error = NULL, message_id = ${messageId}
     WHERE id = ${row.id} AND status = 'sending' AND attempts = ${row.attempts}`);
}

async function markFailedAttempt(
  db: Db,
  row: OutboxRow,
  error: string,
  maxAttempts: number,
  retryBaseSeconds: number,
): Promise<'retrying' | 'failed'> {
  const givingUp = row.attempts >= maxAttempts;
  await db.execute(sql`
    UPDATE email_outbox
       SET status = ${givingUp ? 'failed' : 'pending'},
           next_attempt_at = now() + make_interval(secs => ${outboxBackoffSeconds(row.attempts, retryBaseSeconds)}),
           lease_until = NULL,
           last_error = ${error.slice(0, 2000)}
     WHERE id = ${row.id} AND status = 'sending' AND attempts = ${row.attempts}`);
  return givingUp ? 'failed' : 'retrying';
}

/**
 * The sender of a partner's message (its name, replies to its support email), read at send time so a
 * renamed partner's queued mail carries the new name; null for platform mail (no partner).
 */
async function senderOf(db: Db, partnersId: number | null): Promise<MailSender | null> {
  if (partnersId == null) return null;
  const [row] = rowsOf(
    await db.execute(sql`SELECT name, support_email FROM partners WHERE id = ${partnersId}`),
  );
  if (!row) return null;
  return partnerSender({
    name: String(row.name),
    supportEmail: row.support_email == null ? null : String(row.support_email),
  });
}

/**
 * Sends due outbox messages. Delivery is at-least-once with a very small window: a message is
 * marked 'sending' (with a lease) before delivery and 'sent' right after it. A process that dies
 * between the two leaves the row 'sending'; when its lease passes another run delivers it again
 * with the same dedupe key. The .eml transport then finds the file already written and writes
 * nothing (exactly once); over SMTP the repeat carries the same Message-ID, which mail systems use
 * to drop duplicates, but the message may be seen twice in that rare case.
 */
export async function dispatchOutbox(options: DispatchOptions): Promise<DispatchSummary> {
  const maxPerRun = options.maxPerRun ?? 200;
  const leaseSeconds = options.leaseSeconds ?? 60;
  const maxAttempts = options.maxAttempts ?? OUTBOX_MAX_ATTEMPTS;
  const retryBaseSeconds = options.retryBaseSeconds ?? OUTBOX_RETRY_SECONDS;
  const summary: DispatchSummary = { sent: 0, alreadyDelivered: 0, retrying: 0, failed: 0 };
  let handled = 0;
  const senders = new Map<number | null, Promise<MailSender | null>>();
  const senderOfRow = (row: OutboxRow) => {
    let sender = senders.get(row.partnersId);
    if (!sender) {
      sender = senderOf(options.db, row.partnersId);
      senders.set(row.partnersId, sender);
    }
    return sender;
  };
  while (handled < maxPerRun) {
    // One message per claim: a worker that dies strands at most the message it was delivering.
    const rows = await claim(options.db, 1, leaseSeconds);
    if (rows.length === 0) break;
    handled += rows.length;
    for (const row of rows) {
      if (row.attempts > maxAttempts) {
        summary[
          await markFailedAttempt(
            options.db,
            row,
            row.lastError ?? 'Too many attempts.',
            maxAttempts,
            retryBaseSeconds,
          )
        ] += 1;
        continue;
      }
      try {
        const compose = options.composers[row.kind];
        const message = compose ? await compose(row) : storedMessage(row);
        message.sender ??= (await senderOfRow(row)) ?? undefined;
        // Given up well inside the lease, so no other worker takes the message while it is in flight.
        const result = await withTimeout(
          options.mailer.send({ ...message, dedupeKey: row.dedupeKey }),
          (leaseSeconds * 1000) / 2,
          'Mail delivery timed out.',
        );
        await markSent(options.db, row, result.messageId);
        if (result.duplicate) summary.alreadyDelivered += 1;
        else summary.sent += 1;
      } catch (error) {
        options.onError?.(row, error);
        const text = error instanceof Error ? error.message : String(error);
        summary[await markFailedAttempt(options.db, row, text, maxAttempts, retryBaseSeconds)] += 1;
      }
    }
  }
  return summary;
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Stored content as it is: the default for messages that are not re-rendered at send time. */
export function storedMessage(row: OutboxRow): MailMessage {
  return {
    to: row.toAddress,
    subject: row.subject,
    text: row.bodyText,
    html: row.bodyHtml ?? undefined,
  };
}

/**
 * The outbox.dispatch job: sends what is due every 10 s, and once when a worker starts. The
 * application gives it the composers of the kinds that are re-rendered at send time (one dispatch
 * run builds them once, so per-run caches such as converted logos are shared).
 */
export function outboxDispatchJob(composersOf: (ctx: JobContext) => OutboxComposers) {
  return defineJob({
    name: 'outbox.dispatch',
    payload: z.object({}),
    everySeconds: 10,
    runAtWorkerStart: true,
    handler: async (_payload, ctx) => {
      const summary = await dispatchOutbox({
        db: ctx.database.db,
        mailer: ctx.mailer,
        composers: composersOf(ctx),
        leaseSeconds: ctx.config.OUTBOX_LEASE_SECONDS,
        retryBaseSeconds: ctx.config.OUTBOX_RETRY_SECONDS,
        onError: (row, error) =>
          ctx.log.error(
            { err: error, outboxId: row.id, kind: row.kind, dedupeKey: row.dedupeKey },
            'mail delivery failed',
          ),
      });
      return { ...summary };
    },
  });
}

/**
 * Writes a message into the outbox, once per dedupe key, in the caller's transaction: the only
 * writer of the outbox table. Answers the new row's id, or null when the key was already queued.
 */
export async function queueOutboxMessage(
  tx: Queryable,
  row: typeof emailOutbox.$inferInsert,
): Promise<number | null> {
  const [inserted] = await tx
    .insert(emailOutbox)
    .values(row)
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning({ id: emailOutbox.id });
  return inserted?.id ?? null;
}

/** Writes the message once per dedupe key, in the caller's transaction; answers whether it was new. */
export async function insertOutboxMessage(
  tx: Queryable,
  row: typeof emailOutbox.$inferInsert,
): Promise<boolean> {
  return (await queueOutboxMessage(tx, row)) !== null;
}

/** A person's erasure: mail already delivered to them keeps its record without the address or the body. */
export async function eraseDeliveredMailTo(tx: Queryable, email: string): Promise<void> {
  await tx
    .update(emailOutbox)
    .set({ toAddress: 'erased', bodyText: '', bodyHtml: null })
    .where(and(eq(emailOutbox.toAddress, email), inArray(emailOutbox.status, ['sent', 'failed'])));
}

/**
 * Deletes at most `limit` messages sent more than `days` days ago (the daily pruning, decision 066),
 * but never one whose dedupe key starts with one of `keep`: those keys are the lasting guard that a
 * later run does not send the mail again. Pending, sending and failed messages stay. Answers how
 * many it deleted.
 */
export async function deleteSentMessages(
  db: Db,
  days: number,
  keep: readonly string[],
  limit: number,
): Promise<number> {
  const kept = keep.length
    ? sql`AND NOT (${sql.join(
        keep.map((prefix) => sql`starts_with(dedupe_key, ${prefix})`),
        sql` OR `,
      )})`
    : sql``;
  const result = await db.execute(sql`
    WITH gone AS (
      DELETE FROM email_outbox WHERE id IN (
        SELECT id FROM email_outbox
         WHERE status = 'sent' AND created_at < now() - make_interval(days => ${days})
           AND sent_at < now() - make_interval(days => ${days}) ${kept}
         ORDER BY id
         LIMIT ${limit})
      RETURNING 1)
    SELECT count(*)::int AS n FROM gone`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/** Writes many messages in one statement, once per dedupe key; answers how many were new. */
export async function insertOutboxMessages(
  tx: Queryable,
  rows: (typeof emailOutbox.$inferInsert)[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const queued = await tx
    .insert(emailOutbox)
    .values(rows)
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning({ id: emailOutbox.id });
  return queued.length;
}
