import { and, eq, gt, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { webhookEvents } from '../../../db/schema/index.ts';

/** Notes an event's arrival once (a redelivery changes nothing). */
export async function recordEventArrival(
  db: Db,
  event: { id: string; type: string; subjectId: string | null; eventCreatedAt: Date },
): Promise<void> {
  await db.insert(webhookEvents).values(event).onConflictDoNothing();
}

/**
 * Serialises the processing of events about one subject (a subscription, an account) across server
 * processes until the transaction ends, so "is a newer event already applied?" cannot race.
 */
export async function lockSubject(tx: Tx, subjectId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`webhook-subject:${subjectId}`}, 0))`);
}

/** The event's row, locked: whether it was processed already. */
export async function lockEvent(tx: Tx, id: string): Promise<{ processedAt: Date | null } | null> {
  const [row] = await tx
    .select({ processedAt: webhookEvents.processedAt })
    .from(webhookEvents)
    .where(eq(webhookEvents.id, id))
    .for('update');
  return row ?? null;
}

/**
 * Whether an event of these types about the subject, created after this one (ties broken by event
 * id, so every delivery order agrees), was already processed.
 */
export async function newerEventProcessed(
  tx: Tx,
  input: { subjectId: string; types: string[]; id: string; eventCreatedAt: Date },
): Promise<boolean> {
  const [row] = await tx
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(
      and(
        eq(webhookEvents.subjectId, input.subjectId),
        inArray(webhookEvents.type, input.types),
        isNotNull(webhookEvents.processedAt),
        ne(webhookEvents.id, input.id),
        or(
          gt(webhookEvents.eventCreatedAt, input.eventCreatedAt),
          and(eq(webhookEvents.eventCreatedAt, input.eventCreatedAt), gt(webhookEvents.id, input.id)),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function markEventProcessed(tx: Tx, id: string): Promise<void> {
  await tx
    .update(webhookEvents)
    .set({ processedAt: sql`now()` })
    .where(eq(webhookEvents.id, id));
}
