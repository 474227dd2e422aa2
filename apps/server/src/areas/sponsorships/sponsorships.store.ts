import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { messages, occasions, sponsoreds, userSponsoreds } from '../../db/schema/index.ts';
import { releaseFilledSlots, releaseFilledSlotsOfSponsor } from '../records/index.ts';

/*
 * The sponsorship rows other areas start and end: giving's checkout, gifts, trials and
 * subscriptions, and people's erasure. Each runs in the caller's transaction, which holds the
 * records' row locks (decision 047).
 */

export async function insertSponsorships(
  tx: Tx,
  values: (typeof userSponsoreds.$inferInsert)[],
): Promise<void> {
  if (values.length) await tx.insert(userSponsoreds).values(values);
}

/** A manual sponsorship converted to paid: it now belongs to the subscription. */
export async function convertManualSponsorship(
  tx: Tx,
  id: number,
  values: { subscriptionsId: number; amount: number; interval: string },
): Promise<void> {
  await tx
    .update(userSponsoreds)
    .set({ ...values, isManual: false })
    .where(eq(userSponsoreds.id, id));
}

/** A gift's or trial's sponsorship: manual (no subscription), one slot, no amount. */
export async function insertManualSponsorship(
  tx: Tx,
  values: { partnersId: number; usersId: number; sponsoredsId: number },
) {
  const [row] = await tx
    .insert(userSponsoreds)
    .values({ ...values, numSlots: 1, amount: 0, isManual: true })
    .returning({ id: userSponsoreds.id });
  return row!;
}

/** Ends a gift's or trial's sponsorship and frees its slot; false when it had already ended. */
export async function endGrantedSponsorship(tx: Tx, userSponsoredsId: number): Promise<boolean> {
  const [row] = await tx
    .update(userSponsoreds)
    .set({ dateEnded: sql`now()` })
    .where(and(eq(userSponsoreds.id, userSponsoredsId), isNull(userSponsoreds.dateEnded)))
    .returning({ sponsoredsId: userSponsoreds.sponsoredsId, numSlots: userSponsoreds.numSlots });
  if (!row) return false;
  await releaseFilledSlots(tx, row.sponsoredsId, row.numSlots);
  return true;
}

/**
 * Ends a subscription's active sponsorships and frees their slots, locking the records in id order
 * (the order checkout locks them in). Answers how many sponsorships ended.
 */
export async function endSponsorshipsOf(tx: Tx, subscriptionsId: number): Promise<number> {
  const active = await tx
    .select({
      id: userSponsoreds.id,
      sponsoredsId: userSponsoreds.sponsoredsId,
      numSlots: userSponsoreds.numSlots,
    })
    .from(userSponsoreds)
    .where(and(eq(userSponsoreds.subscriptionsId, subscriptionsId), isNull(userSponsoreds.dateEnded)));
  if (active.length === 0) return 0;
  const ids = [...new Set(active.map((a) => a.sponsoredsId))].sort((a, b) => a - b);
  await tx
    .select({ id: sponsoreds.id })
    .from(sponsoreds)
    .where(inArray(sponsoreds.id, ids))
    .orderBy(asc(sponsoreds.id))
    .for('update');
  await tx
    .update(userSponsoreds)
    .set({ dateEnded: sql`now()` })
    .where(
      inArray(
        userSponsoreds.id,
        active.map((a) => a.id),
      ),
    );
  for (const id of ids) {
    const freed = active.filter((a) => a.sponsoredsId === id).reduce((sum, a) => sum + a.numSlots, 0);
    await releaseFilledSlots(tx, id, freed);
  }
  return active.length;
}

/** A subscription line's new price (plan re-pricing). */
export async function updateLineAmount(tx: Tx, id: number, amount: number): Promise<void> {
  await tx.update(userSponsoreds).set({ amount }).where(eq(userSponsoreds.id, id));
}

/**
 * A person's erasure, for sponsorships: their active sponsorships end and free their slots, and their
 * letters and occasions go. Answers how many sponsorships ended.
 */
export async function eraseSponsor(tx: Tx, usersId: number): Promise<number> {
  await releaseFilledSlotsOfSponsor(tx, usersId);
  const ended = await tx
    .update(userSponsoreds)
    .set({ dateEnded: sql`now()` })
    .where(and(eq(userSponsoreds.usersId, usersId), isNull(userSponsoreds.dateEnded)))
    .returning({ id: userSponsoreds.id });
  await tx.delete(messages).where(eq(messages.usersId, usersId));
  await tx.delete(occasions).where(eq(occasions.usersId, usersId));
  return ended.length;
}
