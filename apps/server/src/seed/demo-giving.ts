import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  donations,
  orders,
  paymentMethods,
  paymentRefunds,
  payments,
  sandboxCharges,
  sandboxCustomers,
  sandboxPaymentMethods,
  sandboxRefunds,
  sandboxSubscriptions,
  sponsoreds,
  subscriptions,
  users,
  userSponsoreds,
} from '../db/schema/index.ts';

/**
 * The Donations section's demo (issue 13): on the demo partner's sandbox account, a general donation
 * half refunded (its receipt shows the refund), a paid one, and a monthly sponsorship whose renewal
 * was declined for insufficient funds, past due on the delinquent list. Written as the sandbox
 * provider and Kinship would have recorded them, so the screens, the receipt and a retry all work.
 */

const ACCOUNT = 'acct_sandbox_demo';
const DAY = 86_400_000;
const PROGRAM = 1; // Antigua Community School: the program administrator's program too.

function monthAfter(date: Date): Date {
  const next = new Date(date.getTime());
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

export const DEMO_GIVING = {
  refundedDonorEmail: 'olivia.refund@donors.example',
  paidDonorEmail: 'marcus.gift@donors.example',
  delinquentDonorEmail: 'dana.declined@donors.example',
} as const;

export async function seedGivingDemo(db: Db, now: Date = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    // ---- two general donations: one half refunded, one paid
    for (const [email, first, last, amount, daysAgo, refunded] of [
      [DEMO_GIVING.refundedDonorEmail, 'Olivia', 'Bennett', 5000, 12, 2500],
      [DEMO_GIVING.paidDonorEmail, 'Marcus', 'Chen', 2500, 3, 0],
    ] as const) {
      const created = new Date(now.getTime() - daysAgo * DAY);
      const chargeId = `ch_sbx_demo_${first.toLowerCase()}`;
      await tx.insert(sandboxCharges).values({
        id: chargeId,
        accountId: ACCOUNT,
        paymentMethodId: 'pm_card_visa',
        amount,
        currency: 'usd',
        status: 'succeeded',
        refundedAmount: refunded,
        description: 'General donation',
        idempotencyKey: `demo-donation-${first.toLowerCase()}`,
        createdAt: created,
      });
      const code = `demo-${first.toLowerCase()}-receipt`;
      const [order] = await tx
        .insert(orders)
        .values({
          partnersId: 2,
          kind: 'donation',
          status: 'succeeded',
          baseAmount: amount,
          receiptCode: code,
          createdAt: created,
          completedAt: created,
        })
        .returning({ id: orders.id });
      const [donation] = await tx
        .insert(donations)
        .values({
          partnersId: 2,
          ordersId: order!.id,
          firstName: first,
          lastName: last,
          email,
          amount,
          note: refunded ? 'For the school library.' : 'Keep up the good work.',
          createdAt: created,
        })
        .returning({ id: donations.id });
      const [payment] = await tx
        .insert(payments)
        .values({
          partnersId: 2,
          ordersId: order!.id,
          donationsId: donation!.id,
          gatewayChargeId: chargeId,
          amount,
          currency: 'usd',
          status: 'succeeded',
          refundedAmount: refunded,
          receiptCode: code,
          createdAt: created,
        })
        .returning({ id: payments.id });
      if (refunded) {
        const refundedAt = new Date(created.getTime() + 2 * DAY);
        await tx.insert(sandboxRefunds).values({
          id: 're_sbx_demo_olivia',
          accountId: ACCOUNT,
          chargeId,
          amount: refunded,
          idempotencyKey: 'refund:demo',
          createdAt: refundedAt,
        });
        await tx.insert(paymentRefunds).values({
          partnersId: 2,
          paymentsId: payment!.id,
          amount: refunded,
          reason: 'The donor meant to give $25 and asked for the difference back.',
          requestKey: 'demo-refund',
          status: 'succeeded',
          gatewayRefundId: 're_sbx_demo_olivia',
          createdAt: refundedAt,
          settledAt: refundedAt,
        });
      }
    }

    // ---- a monthly sponsorship whose renewal was declined (insufficient funds), past due
    const [record] = await tx
      .select({ id: sponsoreds.id, monthlyAmount: sponsoreds.monthlyAmount })
      .from(sponsoreds)
      .where(
        and(
          eq(sponsoreds.partnersId, 2),
          eq(sponsoreds.sponsoredTypesId, 2),
          eq(sponsoreds.entitiesId, PROGRAM),
          eq(sponsoreds.status, 'active'),
          gte(sponsoreds.slotsFilled, 1),
          sql`${sponsoreds.maxSlots} - ${sponsoreds.slotsFilled} >= 1`,
        ),
      )
      .orderBy(desc(sponsoreds.id))
      .limit(1);
    if (!record) return;
    const amount = 5000;
    const started = new Date(now.getTime() - 35 * DAY);
    const renewalDue = monthAfter(started);
    const [person] = await tx
      .insert(users)
      .values({
        firstName: 'Dana',
        lastName: 'Declined',
        email: DEMO_GIVING.delinquentDonorEmail,
        city: 'Portland',
        state: 'OR',
        createdAt: started,
      })
      .returning({ id: users.id });
    await tx.insert(sandboxCustomers).values({
      id: 'cus_sbx_demo_dana',
      accountId: ACCOUNT,
      email: DEMO_GIVING.delinquentDonorEmail,
      name: 'Dana Declined',
      defaultPaymentMethodId: 'pm_sbx_demo_dana',
      createdAt: started,
    });
    await tx.insert(sandboxPaymentMethods).values({
      id: 'pm_sbx_demo_dana',
      accountId: ACCOUNT,
      customerId: 'cus_sbx_demo_dana',
      type: 'card',
      brand: 'visa',
      last4: '9995',
      expMonth: 8,
      expYear: now.getUTCFullYear() + 2,
      // Stripe's 4000 0000 0000 9995: attaches, then every charge is declined for insufficient funds.
      behaviour: 'insufficient_funds',
      createdAt: started,
    });
    await tx.insert(sandboxSubscriptions).values({
      id: 'sub_sbx_demo_dana',
      accountId: ACCOUNT,
      customerId: 'cus_sbx_demo_dana',
      paymentMethodId: 'pm_sbx_demo_dana',
      interval: 'month',
      unitAmount: amount,
      quantity: 1,
      currency: 'usd',
      status: 'past_due',
      currentPeriodStart: started,
      currentPeriodEnd: renewalDue,
      failedAttempts: 1,
      // The provider's own next attempt is two days out, so the demo keeps its failed renewal a while.
      nextAttemptAt: new Date(now.getTime() + 2 * DAY),
      latestChargeId: 'ch_sbx_demo_dana_renewal',
      description: 'Monthly sponsorship',
      idempotencyKey: 'demo-subscription-dana',
      createdAt: started,
    });
    await tx.insert(sandboxCharges).values([
      {
        id: 'ch_sbx_demo_dana_first',
        accountId: ACCOUNT,
        customerId: 'cus_sbx_demo_dana',
        paymentMethodId: 'pm_sbx_demo_dana',
        subscriptionId: 'sub_sbx_demo_dana',
        amount,
        currency: 'usd',
        status: 'succeeded',
        createdAt: started,
      },
      {
        id: 'ch_sbx_demo_dana_renewal',
        accountId: ACCOUNT,
        customerId: 'cus_sbx_demo_dana',
        paymentMethodId: 'pm_sbx_demo_dana',
        subscriptionId: 'sub_sbx_demo_dana',
        amount,
        currency: 'usd',
        status: 'failed',
        failureCode: 'insufficient_funds',
        failureMessage: 'Your card has insufficient funds.',
        idempotencyKey: `renewal:sub_sbx_demo_dana:${renewalDue.toISOString()}:1`,
        createdAt: renewalDue,
      },
    ]);
    const [method] = await tx
      .insert(paymentMethods)
      .values({
        partnersId: 2,
        usersId: person!.id,
        gatewayPaymentMethodId: 'pm_sbx_demo_dana',
        type: 'card',
        brand: 'visa',
        last4: '9995',
        expMonth: 8,
        expYear: now.getUTCFullYear() + 2,
        isDefault: false,
        lastPaidAt: started,
        lastFailedAt: renewalDue,
        createdAt: started,
      })
      .returning({ id: paymentMethods.id });
    const [order] = await tx
      .insert(orders)
      .values({
        partnersId: 2,
        usersId: person!.id,
        kind: 'subscription',
        status: 'succeeded',
        interval: 'month',
        baseAmount: amount,
        receiptCode: 'demo-dana-first-receipt',
        createdAt: started,
        completedAt: started,
      })
      .returning({ id: orders.id });
    const [subscription] = await tx
      .insert(subscriptions)
      .values({
        partnersId: 2,
        usersId: person!.id,
        ordersId: order!.id,
        gatewaySubscriptionId: 'sub_sbx_demo_dana',
        status: 'past_due',
        interval: 'month',
        baseAmount: amount,
        paymentMethodsId: method!.id,
        currentPeriodEnd: renewalDue,
        createdAt: started,
      })
      .returning({ id: subscriptions.id });
    await tx.insert(userSponsoreds).values({
      partnersId: 2,
      usersId: person!.id,
      sponsoredsId: record.id,
      numSlots: 1,
      amount,
      interval: 'month',
      subscriptionsId: subscription!.id,
      dateStarted: started,
    });
    await tx
      .update(sponsoreds)
      .set({ slotsFilled: sql`${sponsoreds.slotsFilled} + 1` })
      .where(eq(sponsoreds.id, record.id));
    await tx.insert(payments).values([
      {
        partnersId: 2,
        ordersId: order!.id,
        subscriptionsId: subscription!.id,
        gatewayChargeId: 'ch_sbx_demo_dana_first',
        amount,
        currency: 'usd',
        status: 'succeeded',
        receiptCode: 'demo-dana-first-receipt',
        createdAt: started,
      },
      {
        partnersId: 2,
        subscriptionsId: subscription!.id,
        gatewayChargeId: 'ch_sbx_demo_dana_renewal',
        amount,
        currency: 'usd',
        status: 'failed',
        failureCode: 'insufficient_funds',
        failureMessage: 'Your card has insufficient funds.',
        createdAt: renewalDue,
      },
    ]);
  });
}
