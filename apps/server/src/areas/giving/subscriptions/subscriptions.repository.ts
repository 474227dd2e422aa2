import { and, asc, eq, isNull } from 'drizzle-orm';
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
