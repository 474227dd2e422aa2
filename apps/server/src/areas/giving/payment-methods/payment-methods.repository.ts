import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../../db/types.ts';
import { gatewayCustomers, paymentMethods, subscriptions } from '../../../db/schema/index.ts';

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type NewPaymentMethodRow = typeof paymentMethods.$inferInsert;

export async function findGatewayCustomer(
  db: Queryable,
  partnersId: number,
  usersId: number,
): Promise<string | null> {
  const [row] = await db
    .select({ id: gatewayCustomers.gatewayCustomerId })
    .from(gatewayCustomers)
    .where(and(eq(gatewayCustomers.partnersId, partnersId), eq(gatewayCustomers.usersId, usersId)));
  return row?.id ?? null;
}

/** Records the person's customer; the first one recorded wins if two requests raced. */
export async function saveGatewayCustomer(
  db: Queryable,
  partnersId: number,
  usersId: number,
  gatewayCustomerId: string,
): Promise<string> {
  await db.insert(gatewayCustomers).values({ partnersId, usersId, gatewayCustomerId }).onConflictDoNothing();
  return (await findGatewayCustomer(db, partnersId, usersId)) ?? gatewayCustomerId;
}

export async function findPaymentMethodByGatewayId(
  db: Queryable,
  gatewayPaymentMethodId: string,
): Promise<PaymentMethodRow | null> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.gatewayPaymentMethodId, gatewayPaymentMethodId));
  return row ?? null;
}

export async function findPaymentMethodById(
  db: Queryable,
  partnersId: number,
  id: number,
): Promise<PaymentMethodRow | null> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.partnersId, partnersId), eq(paymentMethods.id, id)));
  return row ?? null;
}

/** A person's saved methods at a partner, oldest first. */
export async function findPaymentMethodsOf(
  db: Queryable,
  partnersId: number,
  usersId: number,
): Promise<PaymentMethodRow[]> {
  return db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.partnersId, partnersId), eq(paymentMethods.usersId, usersId)))
    .orderBy(asc(paymentMethods.createdAt), asc(paymentMethods.id));
}

/**
 * Saves a method reference. A method saved in payment settings is the default when it is the
 * person's first; one entered at checkout (`defaultWhenFirst` false) becomes the default only
 * once a payment with it succeeds (markPaymentMethodPaid).
 */
export async function insertPaymentMethod(
  db: Queryable,
  values: Omit<NewPaymentMethodRow, 'isDefault'>,
  { defaultWhenFirst = true }: { defaultWhenFirst?: boolean } = {},
): Promise<PaymentMethodRow> {
  await db
    .insert(paymentMethods)
    .values({
      ...values,
      isDefault: defaultWhenFirst
        ? sql`NOT EXISTS (SELECT 1 FROM ${paymentMethods} WHERE partners_id = ${values.partnersId} AND users_id = ${values.usersId})`
        : false,
    })
    .onConflictDoNothing();
  return (await findPaymentMethodByGatewayId(db, values.gatewayPaymentMethodId))!;
}

export async function deletePaymentMethodsNotIn(
  db: Queryable,
  partnersId: number,
  usersId: number,
  keepGatewayIds: string[],
) {
  await db
    .delete(paymentMethods)
    .where(
      and(
        eq(paymentMethods.partnersId, partnersId),
        eq(paymentMethods.usersId, usersId),
        keepGatewayIds.length ? notInArray(paymentMethods.gatewayPaymentMethodId, keepGatewayIds) : undefined,
      ),
    );
}

export async function deletePaymentMethod(db: Queryable, partnersId: number, id: number): Promise<void> {
  await db
    .delete(paymentMethods)
    .where(and(eq(paymentMethods.partnersId, partnersId), eq(paymentMethods.id, id)));
}

/** A method whose last payment failed: never chosen as a default automatically. */
const lastPaymentFailed = sql`(${paymentMethods.lastFailedAt} IS NOT NULL AND (${paymentMethods.lastPaidAt} IS NULL OR ${paymentMethods.lastPaidAt} < ${paymentMethods.lastFailedAt}))`;

/**
 * Makes one method the person's default (and no other), or, when `id` is null, the best remaining
 * one: a method that has paid before one that has not, oldest first, never one whose last payment
 * failed (then there is no default).
 */
export async function setDefaultPaymentMethodRow(
  tx: Tx,
  partnersId: number,
  usersId: number,
  id: number | null,
): Promise<void> {
  await tx
    .update(paymentMethods)
    .set({ isDefault: false })
    .where(and(eq(paymentMethods.partnersId, partnersId), eq(paymentMethods.usersId, usersId)));
  const target =
    id ??
    (
      await tx
        .select({ id: paymentMethods.id })
        .from(paymentMethods)
        .where(
          and(
            eq(paymentMethods.partnersId, partnersId),
            eq(paymentMethods.usersId, usersId),
            sql`NOT ${lastPaymentFailed}`,
          ),
        )
        .orderBy(
          sql`${paymentMethods.lastPaidAt} IS NULL`,
          asc(paymentMethods.createdAt),
          asc(paymentMethods.id),
        )
        .limit(1)
    )[0]?.id;
  if (target !== undefined) {
    await tx
      .update(paymentMethods)
      .set({ isDefault: true })
      .where(and(eq(paymentMethods.id, target), eq(paymentMethods.partnersId, partnersId)));
  }
}

/** Whether a saved method pays for a subscription that has not ended. */
export async function isPayingLiveSubscription(
  db: Queryable,
  partnersId: number,
  paymentMethodsId: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.partnersId, partnersId),
        eq(subscriptions.paymentMethodsId, paymentMethodsId),
        inArray(subscriptions.status, ['active', 'past_due', 'incomplete']),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * A payment with the method succeeded: it is marked paid and becomes the person's default when
 * they have none or their default's last payment failed.
 */
export async function markPaymentMethodPaid(tx: Tx, partnersId: number, id: number): Promise<void> {
  const [row] = await tx
    .update(paymentMethods)
    .set({ lastPaidAt: sql`now()` })
    .where(and(eq(paymentMethods.partnersId, partnersId), eq(paymentMethods.id, id)))
    .returning({ usersId: paymentMethods.usersId });
  if (!row) return;
  const [current] = await tx
    .select({ id: paymentMethods.id, failed: sql<boolean>`${lastPaymentFailed}` })
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.partnersId, partnersId),
        eq(paymentMethods.usersId, row.usersId),
        eq(paymentMethods.isDefault, true),
      ),
    );
  if (!current || current.failed) await setDefaultPaymentMethodRow(tx, partnersId, row.usersId, id);
}

/** A payment with a saved method failed: marked so, and no longer the default when it was. */
export async function markPaymentMethodFailed(tx: Tx, partnersId: number, id: number): Promise<void> {
  const [row] = await tx
    .update(paymentMethods)
    .set({ lastFailedAt: sql`now()` })
    .where(and(eq(paymentMethods.partnersId, partnersId), eq(paymentMethods.id, id)))
    .returning({ usersId: paymentMethods.usersId, isDefault: paymentMethods.isDefault });
  if (row?.isDefault) await setDefaultPaymentMethodRow(tx, partnersId, row.usersId, null);
}
