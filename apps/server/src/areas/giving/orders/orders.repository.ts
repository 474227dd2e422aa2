import { and, asc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Queryable, Tx } from '../../../db/types.ts';
import {
  orderPaymentRequests,
  orders,
  payments,
  slotHolds,
  type OrderPaymentDetails,
} from '../../../db/schema/index.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type OrderPaymentRequestRow = typeof orderPaymentRequests.$inferSelect;

export async function findOrderByIdempotencyKey(
  db: Queryable,
  partnersId: number,
  key: string,
): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.partnersId, partnersId), eq(orders.idempotencyKey, key)));
  return row ?? null;
}

export async function findOrderById(db: Queryable, partnersId: number, id: number): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.partnersId, partnersId), eq(orders.id, id)));
  return row ?? null;
}

/** The order, locked until the transaction ends (the single writer of its outcome). */
export async function lockOrder(tx: Tx, partnersId: number, id: number): Promise<OrderRow | null> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.partnersId, partnersId), eq(orders.id, id)))
    .for('update');
  return row ?? null;
}

export async function insertOrder(db: Queryable, values: NewOrderRow): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  return row!;
}

export async function markOrderFailed(
  db: Queryable,
  partnersId: number,
  id: number,
  message: string,
): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ status: 'failed', failureMessage: message, completedAt: sql`now()` })
    .where(and(eq(orders.partnersId, partnersId), eq(orders.id, id), eq(orders.status, 'pending')))
    .returning({ id: orders.id });
  return rows.length > 0;
}

export async function markOrderSucceeded(
  tx: Tx,
  partnersId: number,
  id: number,
  receiptCode: string,
): Promise<void> {
  await tx
    .update(orders)
    .set({ status: 'succeeded', receiptCode, completedAt: sql`now()`, failureMessage: null })
    .where(and(eq(orders.partnersId, partnersId), eq(orders.id, id)));
}

export async function releaseHoldsOfOrder(
  db: Queryable,
  partnersId: number,
  ordersId: number,
): Promise<void> {
  await db
    .update(slotHolds)
    .set({ releasedAt: sql`now()` })
    .where(
      and(
        eq(slotHolds.partnersId, partnersId),
        eq(slotHolds.ordersId, ordersId),
        isNull(slotHolds.releasedAt),
      ),
    );
}

export async function insertPaymentRequest(
  db: Queryable,
  values: {
    ordersId: number;
    gatewayPaymentMethodId: string;
    gatewayCustomerId: string | null;
    details: OrderPaymentDetails;
  },
): Promise<void> {
  await db.insert(orderPaymentRequests).values(values).onConflictDoNothing();
}

export async function findPaymentRequest(
  db: Queryable,
  ordersId: number,
): Promise<OrderPaymentRequestRow | null> {
  const [row] = await db
    .select()
    .from(orderPaymentRequests)
    .where(eq(orderPaymentRequests.ordersId, ordersId));
  return row ?? null;
}

/** Orders still pending after `olderThanSeconds`: their request died between the hold and the outcome. */
export async function findStalePendingOrders(
  db: Db,
  olderThanSeconds: number,
  limit: number,
  kinds: string[] = ['subscription', 'donation'],
): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pending'),
        inArray(orders.kind, kinds),
        lt(orders.createdAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
      ),
    )
    .orderBy(asc(orders.id))
    .limit(limit);
}

/** Slots held by unexpired, unreleased holds per sponsored record (optionally leaving one order's holds out). */
export async function heldSlotsBySponsored(
  db: Queryable,
  sponsoredsIds: number[],
  exceptOrdersId: number | null = null,
): Promise<Map<number, number>> {
  if (sponsoredsIds.length === 0) return new Map();
  const rows = await db
    .select({
      sponsoredsId: slotHolds.sponsoredsId,
      held: sql<number>`sum(${slotHolds.numSlots})`.mapWith(Number),
    })
    .from(slotHolds)
    .where(
      and(
        inArray(slotHolds.sponsoredsId, sponsoredsIds),
        isNull(slotHolds.releasedAt),
        gt(slotHolds.expiresAt, sql`now()`),
        exceptOrdersId === null ? undefined : sql`${slotHolds.ordersId} IS DISTINCT FROM ${exceptOrdersId}`,
      ),
    )
    .groupBy(slotHolds.sponsoredsId);
  return new Map(rows.map((r) => [r.sponsoredsId, r.held]));
}

export async function insertHolds(
  tx: Tx,
  holds: { partnersId: number; sponsoredsId: number; usersId: number; ordersId: number; numSlots: number }[],
  holdSeconds: number,
): Promise<void> {
  if (holds.length === 0) return;
  await tx
    .insert(slotHolds)
    .values(holds.map((h) => ({ ...h, expiresAt: sql`now() + make_interval(secs => ${holdSeconds})` })));
}

export async function findHoldsOfOrder(db: Queryable, partnersId: number, ordersId: number) {
  return db
    .select()
    .from(slotHolds)
    .where(and(eq(slotHolds.partnersId, partnersId), eq(slotHolds.ordersId, ordersId)))
    .orderBy(asc(slotHolds.sponsoredsId));
}

export type PaymentRow = typeof payments.$inferSelect;

export async function lockPaymentByChargeId(tx: Tx, gatewayChargeId: string): Promise<PaymentRow | null> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(eq(payments.gatewayChargeId, gatewayChargeId))
    .for('update');
  return row ?? null;
}

/** Inserts a payment; null when a payment with the same gateway charge id exists already. */
export async function insertPaymentRow(
  tx: Tx,
  values: typeof payments.$inferInsert,
): Promise<PaymentRow | null> {
  const [row] = await tx.insert(payments).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updatePaymentRow(
  tx: Tx,
  id: number,
  values: Partial<typeof payments.$inferInsert>,
): Promise<PaymentRow> {
  const [row] = await tx.update(payments).set(values).where(eq(payments.id, id)).returning();
  return row!;
}
