import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../../db/types.ts';
import { sponsoreds, subscriptions, userSponsoreds } from '../../../db/schema/index.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export async function lockSubscriptionByGatewayId(
  tx: Tx,
  gatewaySubscriptionId: string,
): Promise<SubscriptionRow | null> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.gatewaySubscriptionId, gatewaySubscriptionId))
    .for('update');
  return row ?? null;
}

export async function findSubscriptionById(
  db: Queryable,
  partnersId: number,
  id: number,
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.partnersId, partnersId), eq(subscriptions.id, id)));
  return row ?? null;
}

export async function findSubscriptionByOrder(
  db: Queryable,
  partnersId: number,
  ordersId: number,
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.partnersId, partnersId), eq(subscriptions.ordersId, ordersId)));
  return row ?? null;
}

export async function updateSubscription(
  db: Queryable,
  id: number,
  values: Partial<typeof subscriptions.$inferInsert>,
): Promise<void> {
  await db.update(subscriptions).set(values).where(eq(subscriptions.id, id));
}

/** The sponsorships a subscription pays for (all, or only active ones), with the records' names. */
export async function findSubscriptionLines(
  db: Queryable,
  partnersId: number,
  subscriptionsId: number,
  onlyActive = false,
) {
  return db
    .select({
      id: userSponsoreds.id,
      sponsoredsId: userSponsoreds.sponsoredsId,
      numSlots: userSponsoreds.numSlots,
      amount: userSponsoreds.amount,
      dateStarted: userSponsoreds.dateStarted,
      dateEnded: userSponsoreds.dateEnded,
      firstName: sponsoreds.firstName,
      title: sponsoreds.title,
      sponsoredTypesId: sponsoreds.sponsoredTypesId,
    })
    .from(userSponsoreds)
    .innerJoin(sponsoreds, eq(sponsoreds.id, userSponsoreds.sponsoredsId))
    .where(
      and(
        eq(userSponsoreds.partnersId, partnersId),
        eq(userSponsoreds.subscriptionsId, subscriptionsId),
        onlyActive ? isNull(userSponsoreds.dateEnded) : undefined,
      ),
    )
    .orderBy(asc(userSponsoreds.id));
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
    await tx
      .update(sponsoreds)
      .set({ slotsFilled: sql`GREATEST(0, ${sponsoreds.slotsFilled} - ${freed})`, updatedAt: sql`now()` })
      .where(eq(sponsoreds.id, id));
  }
  return active.length;
}

export async function updateLineAmount(tx: Tx, id: number, amount: number): Promise<void> {
  await tx.update(userSponsoreds).set({ amount }).where(eq(userSponsoreds.id, id));
}
