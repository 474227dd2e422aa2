import { sql, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { sponsoreds, userSponsoreds } from '../../db/schema/index.ts';

/*
 * The record's filled-slot counter, the one part of a record that other areas change: a sponsorship
 * that starts, ends or moves adjusts it in the same transaction (the caller holds the record's row
 * lock, taken with `SELECT ... FOR UPDATE` in id order). The counter's CHECK keeps it within 0..max.
 */

/** Fills (or, with a negative `by`, frees) slots of one record. */
export async function changeFilledSlots(tx: Tx, sponsoredsId: number, by: number): Promise<void> {
  await tx
    .update(sponsoreds)
    .set({ slotsFilled: sql`${sponsoreds.slotsFilled} + ${by}`, updatedAt: sql`now()` })
    .where(eq(sponsoreds.id, sponsoredsId));
}

/** Frees slots of one record, never below zero. */
export async function releaseFilledSlots(tx: Tx, sponsoredsId: number, slots: number): Promise<void> {
  await tx
    .update(sponsoreds)
    .set({ slotsFilled: sql`GREATEST(0, ${sponsoreds.slotsFilled} - ${slots})`, updatedAt: sql`now()` })
    .where(eq(sponsoreds.id, sponsoredsId));
}

/** Frees the slots of every active sponsorship of one person (before they end). */
export async function releaseFilledSlotsOfSponsor(tx: Tx, usersId: number): Promise<void> {
  await tx.execute(sql`
    UPDATE ${sponsoreds} AS s
    SET slots_filled = GREATEST(s.slots_filled - ended.slots, 0), updated_at = now()
    FROM (
      SELECT ${userSponsoreds.sponsoredsId} AS sponsoreds_id, SUM(${userSponsoreds.numSlots})::int AS slots
      FROM ${userSponsoreds}
      WHERE ${userSponsoreds.usersId} = ${usersId} AND ${userSponsoreds.dateEnded} IS NULL
      GROUP BY ${userSponsoreds.sponsoredsId}
    ) AS ended
    WHERE s.id = ended.sponsoreds_id`);
}
