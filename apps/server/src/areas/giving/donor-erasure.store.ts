import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { donations, paymentMethods, slotHolds, subscriptions } from '../../db/schema/index.ts';

/*
 * What a person's erasure (people's account deletion) does to the money ledger: the partners keep
 * orders, payments, donations and subscriptions with the personal fields erased.
 */

const ENDED_SUBSCRIPTION_STATUSES = ['canceled', 'incomplete_expired'];

/** Marks one subscription canceled as soon as the gateway confirmed it, so a retry does not cancel it twice. */
export async function markSubscriptionCanceled(db: Db, subscriptionId: number) {
  await db
    .update(subscriptions)
    .set({ status: 'canceled', canceledAt: sql`COALESCE(${subscriptions.canceledAt}, now())` })
    .where(eq(subscriptions.id, subscriptionId));
}

/** Forgets one saved payment method once the gateway detached it. */
export async function deletePaymentMethodRow(db: Db, id: number) {
  await db.delete(paymentMethods).where(eq(paymentMethods.id, id));
}

/** In the erasure's transaction: holds released, subscriptions canceled, donations anonymous, saved methods gone. */
export async function eraseDonor(tx: Tx, usersId: number): Promise<void> {
  await tx
    .update(slotHolds)
    .set({ releasedAt: sql`now()` })
    .where(and(eq(slotHolds.usersId, usersId), isNull(slotHolds.releasedAt)));
  await tx
    .update(subscriptions)
    .set({ status: 'canceled', canceledAt: sql`COALESCE(${subscriptions.canceledAt}, now())` })
    .where(
      and(eq(subscriptions.usersId, usersId), notInArray(subscriptions.status, ENDED_SUBSCRIPTION_STATUSES)),
    );
  await tx
    .update(donations)
    .set({ firstName: null, lastName: null, email: null })
    .where(eq(donations.usersId, usersId));
  await tx.delete(paymentMethods).where(eq(paymentMethods.usersId, usersId));
}
