import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client.ts';
import {
  sandboxPaymentMethods,
  sandboxSubscriptions,
  slotHolds,
  sponsoreds,
} from '../../../db/schema/index.ts';
import { GatewayUnavailableError } from '../../../platform/payments/gateway.ts';
import { SandboxGateway } from '../../../platform/payments/sandbox-gateway.ts';
import {
  countWhere,
  freshAddress,
  insertRecord,
  line,
  rowsWhere,
  slotsFilledOf,
} from '../../../../test/giving-fixtures.ts';
import { clientAs, createPeople, type TestPerson } from '../../../../test/people.ts';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';
import { resumeStaleOrders } from '../checkout/checkout.service.ts';
import {
  applySubscriptionStatus,
  recordSandboxRenewal,
  recordSubscriptionPayment,
  recordSubscriptionPaymentFailure,
} from './subscriptions.service.ts';

/** The sandbox, able to "die" right after the provider made a subscription (before Kinship recorded it). */
class CrashingSandbox extends SandboxGateway {
  crashAfterNextSubscription = false;
  unreachableOnce = false;
  override async createSubscription(...args: Parameters<SandboxGateway['createSubscription']>) {
    if (this.unreachableOnce) {
      this.unreachableOnce = false;
      throw new GatewayUnavailableError('The payment provider is unavailable: timeout');
    }
    const result = await super.createSubscription(...args);
    if (this.crashAfterNextSubscription) {
      this.crashAfterNextSubscription = false;
      throw new Error('simulated process death after the charge');
    }
    return result;
  }
}

let t: TestApp;
let gateway: CrashingSandbox;
beforeAll(async () => {
  t = await startTestApp({
    env: { TRUST_PROXY: 'loopback' },
    gateway: (database) => (gateway = new CrashingSandbox(database.db)),
  });
});
afterAll(async () => {
  await t?.close();
});

type Row = Record<string, unknown>;
const db = () => t.database.db as Db;

interface Sponsorship {
  who: TestPerson;
  record: number;
  subscription: Row;
  order: Row;
}

/** A person sponsoring a fresh teacher record (2 slots, monthly, 5% boost) through the API. */
async function sponsor(pm = 'pm_card_visa'): Promise<Sponsorship> {
  const [who] = await createPeople(t.database, 1, 'subscriber');
  const record = await insertRecord(t.database, { maxSlots: 5 });
  const res = await clientAs(t.port, who!).post(
    '/api/payments/checkout/month?partnersId=2',
    {
      partnersId: 2,
      stripePaymentIntent: pm,
      userSponsoreds: [line(record, 2)],
      email: who!.email,
      firstName: 'Sam',
      lastName: 'Lee',
      baseAmount: 10000,
      additionalAmount: 500,
    },
    freshAddress(),
  );
  expect(res.status).toBe(200);
  const [subscription] = await rowsWhere<Row>(t.database, 'subscriptions', `users_id = ${who!.usersId}`);
  const [order] = await rowsWhere<Row>(t.database, 'orders', `id = ${String(subscription!.orders_id)}`);
  return { who: who!, record, subscription: subscription!, order: order! };
}

describe('GET /api/payments/subscriptiondetail/{id}', () => {
  it("answers the person's subscription: interval, amounts, status, next date, method and lines", async () => {
    const { who, record, subscription, order } = await sponsor();
    const res = await clientAs(t.port, who).get(
      `/api/payments/subscriptiondetail/${String(subscription.id)}?partnersId=2`,
    );
    expect(res.status).toBe(200);
    const detail = res.json<Record<string, unknown>>();
    expect(detail).toMatchObject({
      id: subscription.id,
      ordersId: order.id,
      status: 'active',
      interval: 'month',
      baseAmount: 10000,
      additionalAmount: 500,
      totalAmount: 10500,
      currency: 'usd',
      canceledAt: null,
      paymentMethod: { type: 'card', card: { brand: 'visa', last4: '4242' }, isDefault: true },
      currentPrice: { baseAmount: 10000, additionalAmount: 500, totalAmount: 10500 },
      lines: [
        expect.objectContaining({
          sponsoredsId: record,
          name: 'Testa',
          numSlots: 2,
          amount: 10000,
          dateEnded: null,
        }),
      ],
    });
    const days = (new Date(String(detail.nextPaymentDate)).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
  });

  it("answers 404 for another person's subscription and 401 to a visitor", async () => {
    const { subscription } = await sponsor();
    const [other] = await createPeople(t.database, 1, 'nosy');
    const res = await clientAs(t.port, other!).get(
      `/api/payments/subscriptiondetail/${String(subscription.id)}?partnersId=2`,
    );
    expect(res.status).toBe(404);
    expect(res.text).toBe('Subscription not found.');
    expect(
      (await t.client().get(`/api/payments/subscriptiondetail/${String(subscription.id)}?partnersId=2`))
        .status,
    ).toBe(401);
  });
});

describe('PUT /api/payments/updatesubscriptionpayment/{ordersId}', () => {
  it('pays the subscription with a new card from then on', async () => {
    const { who, subscription, order } = await sponsor();
    const token = await t.client().post('/api/sandbox/paymentmethods?partnersId=2', {
      number: '5555 5555 5555 4444',
      expMonth: 1,
      expYear: 2031,
      cvc: '999',
    });
    const pm = token.json<{ id: string }>().id;
    const client = clientAs(t.port, who);
    const mismatch = await client.request(
      'PUT',
      `/api/payments/updatesubscriptionpayment/${String(order.id)}?partnersId=2`,
      { ordersId: 1, paymentMethodId: pm },
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.text).toBe('ordersId in the body must match the path.');
    const res = await client.request(
      'PUT',
      `/api/payments/updatesubscriptionpayment/${String(order.id)}?partnersId=2`,
      { ordersId: order.id, paymentMethodId: pm },
    );
    expect(res.status).toBe(200);
    expect(
      res.json<{ paymentMethod: { id: string; card: { brand: string } } }>().paymentMethod,
    ).toMatchObject({ id: pm, card: { brand: 'mastercard' } });
    const [atProvider] = await db()
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.id, String(subscription.gateway_subscription_id)));
    expect(atProvider!.paymentMethodId).toBe(pm);
    // The old card no longer pays anything and may be removed.
    const [visa] = await rowsWhere<Row>(
      t.database,
      'payment_methods',
      `users_id = ${who.usersId} AND brand = 'visa'`,
    );
    expect(
      (
        await client.request(
          'DELETE',
          `/api/payments/paymentmethod/${String(visa!.gateway_payment_method_id)}?partnersId=2`,
        )
      ).status,
    ).toBe(204);
  });

  it("refuses another person's order", async () => {
    const { order } = await sponsor();
    const [other] = await createPeople(t.database, 1, 'other');
    const res = await clientAs(t.port, other!).request(
      'PUT',
      `/api/payments/updatesubscriptionpayment/${String(order.id)}?partnersId=2`,
      { ordersId: order.id, paymentMethodId: 'pm_card_visa' },
    );
    expect(res.status).toBe(404);
  });
});

describe('PUT /api/payments/resetsubscriptionprice/{id}', () => {
  it("sets the subscription to today's plan price times its slots, keeping the boost percent", async () => {
    const { who, record, subscription } = await sponsor();
    await db().update(sponsoreds).set({ monthlyAmount: 6000 }).where(eq(sponsoreds.id, record));
    const before = await clientAs(t.port, who).get(
      `/api/payments/subscriptiondetail/${String(subscription.id)}?partnersId=2`,
    );
    expect(before.json<{ currentPrice: unknown }>().currentPrice).toEqual({
      baseAmount: 12000,
      additionalAmount: 600,
      totalAmount: 12600,
    });
    const res = await clientAs(t.port, who).request(
      'PUT',
      `/api/payments/resetsubscriptionprice/${String(subscription.id)}?partnersId=2`,
      undefined,
      { 'content-type': 'application/json' },
    );
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({
      baseAmount: 12000,
      additionalAmount: 600,
      totalAmount: 12600,
      lines: [expect.objectContaining({ amount: 12000 })],
    });
    const [atProvider] = await db()
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.id, String(subscription.gateway_subscription_id)));
    expect(atProvider!.unitAmount * atProvider!.quantity).toBe(12600);
  });
});

describe('subscription status from the gateway', () => {
  it('ends the sponsorships and frees the slots once when a subscription is canceled, in any order of events', async () => {
    const { record, subscription } = await sponsor();
    const gatewaySubscriptionId = String(subscription.gateway_subscription_id);
    expect(await slotsFilledOf(t.database, record)).toBe(2);
    const farEnd = new Date(Date.now() + 40 * 86_400_000);
    expect(
      await applySubscriptionStatus(db(), {
        gatewaySubscriptionId,
        status: 'canceled',
        currentPeriodEnd: null,
      }),
    ).toEqual({ applied: true, endedSponsorships: 1 });
    expect(await slotsFilledOf(t.database, record)).toBe(0);
    // Redelivered, and a late 'active' after it: nothing changes.
    await applySubscriptionStatus(db(), {
      gatewaySubscriptionId,
      status: 'canceled',
      currentPeriodEnd: null,
    });
    await applySubscriptionStatus(db(), {
      gatewaySubscriptionId,
      status: 'active',
      currentPeriodEnd: farEnd,
    });
    expect(await slotsFilledOf(t.database, record)).toBe(0);
    const [after] = await rowsWhere<Row>(t.database, 'subscriptions', `id = ${String(subscription.id)}`);
    expect(after!.status).toBe('canceled');
    const [line] = await rowsWhere<Row>(
      t.database,
      'user_sponsoreds',
      `subscriptions_id = ${String(subscription.id)}`,
    );
    expect(line!.date_ended).not.toBeNull();
  });

  it('records past_due without ending anything, and ignores unknown subscriptions', async () => {
    const { record, subscription } = await sponsor();
    const gatewaySubscriptionId = String(subscription.gateway_subscription_id);
    await applySubscriptionStatus(db(), {
      gatewaySubscriptionId,
      status: 'past_due',
      currentPeriodEnd: null,
    });
    expect(await slotsFilledOf(t.database, record)).toBe(2);
    const [after] = await rowsWhere<Row>(t.database, 'subscriptions', `id = ${String(subscription.id)}`);
    expect(after!.status).toBe('past_due');
    expect(
      await applySubscriptionStatus(db(), {
        gatewaySubscriptionId: 'sub_unknown',
        status: 'canceled',
        currentPeriodEnd: null,
      }),
    ).toEqual({ applied: false, endedSponsorships: 0 });
  });

  it('records a renewal payment once, with one receipt, however often it is reported', async () => {
    const { subscription } = await sponsor();
    const gatewaySubscriptionId = String(subscription.gateway_subscription_id);
    const input = {
      gatewaySubscriptionId,
      chargeId: `ch_renewal_${String(subscription.id)}`,
      amount: 10500,
      created: new Date(),
    };
    const first = await recordSubscriptionPayment(db(), input);
    const again = await recordSubscriptionPayment(db(), input);
    expect(first).toMatchObject({ created: true });
    expect(again).toEqual({ paymentsId: first!.paymentsId, created: false });
    expect(
      await countWhere(t.database, 'email_outbox', `dedupe_key = 'receipt:payment:${first!.paymentsId}'`),
    ).toBe(1);
    expect(
      await recordSubscriptionPayment(db(), { ...input, gatewaySubscriptionId: 'sub_unknown' }),
    ).toBeNull();
  });

  it('turns a failed payment that later succeeds (a retried invoice) into a paid one with its receipt', async () => {
    const { subscription } = await sponsor();
    const gatewaySubscriptionId = String(subscription.gateway_subscription_id);
    const chargeId = `in_retry_${String(subscription.id)}`;
    expect(
      await recordSubscriptionPaymentFailure(db(), {
        gatewaySubscriptionId,
        chargeId,
        message: 'Your card was declined.',
      }),
    ).toBe(true);
    const [failed] = await rowsWhere<Row>(t.database, 'payments', `gateway_charge_id = '${chargeId}'`);
    expect(failed).toMatchObject({ status: 'failed', receipt_code: null });
    const paid = await recordSubscriptionPayment(db(), {
      gatewaySubscriptionId,
      chargeId,
      amount: 10500,
      created: new Date(),
    });
    expect(paid).toEqual({ paymentsId: failed!.id, created: true });
    const [settled] = await rowsWhere<Row>(t.database, 'payments', `gateway_charge_id = '${chargeId}'`);
    expect(settled!.status).toBe('succeeded');
    expect(settled!.receipt_code).not.toBeNull();
    expect(
      await countWhere(
        t.database,
        'audit_log',
        `action = 'subscription.payment_failed' AND entity_id = '${String(subscription.id)}'`,
      ),
    ).toBe(1);
  });
});

describe('sandbox renewals (run by the worker)', () => {
  it('charge a due subscription, advance its period and record the payment with a receipt', async () => {
    const { subscription } = await sponsor();
    const gatewaySubscriptionId = String(subscription.gateway_subscription_id);
    const periodEnd = new Date(String(subscription.current_period_end));
    const renewals = (await gateway.renewDueSubscriptions(new Date(periodEnd.getTime() + 60_000))).filter(
      (r) => r.subscriptionId === gatewaySubscriptionId,
    );
    expect(renewals).toEqual([
      expect.objectContaining({ outcome: 'paid', amount: 10500, status: 'active', message: null }),
    ]);
    expect(renewals[0]!.currentPeriodEnd.getTime()).toBeGreaterThan(periodEnd.getTime() + 27 * 86_400_000);
    for (const renewal of renewals) await recordSandboxRenewal(db(), renewal);
    const payments = await rowsWhere<Row>(
      t.database,
      'payments',
      `subscriptions_id = ${String(subscription.id)} AND status = 'succeeded'`,
    );
    expect(payments.map((p) => p.amount)).toEqual([10500, 10500]);
    const [after] = await rowsWhere<Row>(t.database, 'subscriptions', `id = ${String(subscription.id)}`);
    expect(new Date(String(after!.current_period_end)).getTime()).toBe(
      renewals[0]!.currentPeriodEnd.getTime(),
    );
    // Not due again until the next period ends.
    expect(
      (await gateway.renewDueSubscriptions(new Date(periodEnd.getTime() + 120_000))).some(
        (r) => r.subscriptionId === gatewaySubscriptionId,
      ),
    ).toBe(false);
  });

  it('retry a declined renewal daily and cancel on the third failure, ending the sponsorship', async () => {
    const { record, subscription } = await sponsor();
    const gatewaySubscriptionId = String(subscription.gateway_subscription_id);
    const [atProvider] = await db()
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.id, gatewaySubscriptionId));
    await db()
      .update(sandboxPaymentMethods)
      .set({ behaviour: 'card_declined' })
      .where(eq(sandboxPaymentMethods.id, atProvider!.paymentMethodId));
    const day = 86_400_000;
    const statuses: string[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const now = new Date(atProvider!.currentPeriodEnd.getTime() + 60_000 + attempt * (day + 60_000));
      const renewal = (await gateway.renewDueSubscriptions(now)).find(
        (r) => r.subscriptionId === gatewaySubscriptionId,
      )!;
      expect(renewal).toMatchObject({ outcome: 'failed', message: 'Your card was declined.' });
      statuses.push(renewal.status);
      await recordSandboxRenewal(db(), renewal);
    }
    expect(statuses).toEqual(['past_due', 'past_due', 'canceled']);
    expect(await slotsFilledOf(t.database, record)).toBe(0);
    const [after] = await rowsWhere<Row>(t.database, 'subscriptions', `id = ${String(subscription.id)}`);
    expect(after!.status).toBe('canceled');
    expect(
      await countWhere(
        t.database,
        'payments',
        `subscriptions_id = ${String(subscription.id)} AND status = 'failed'`,
      ),
    ).toBe(3);
  });
});

describe('an interrupted checkout', () => {
  it('is finished by resumeStaleOrders after the process died between the charge and the record', async () => {
    const [who] = await createPeople(t.database, 1, 'crash');
    const record = await insertRecord(t.database, { maxSlots: 1 });
    gateway.crashAfterNextSubscription = true;
    const res = await clientAs(t.port, who!).post(
      '/api/payments/checkout/month?partnersId=2',
      {
        partnersId: 2,
        stripePaymentIntent: 'pm_card_visa',
        userSponsoreds: [line(record, 1)],
        email: who!.email,
        firstName: 'A',
        lastName: 'B',
        baseAmount: 5000,
        additionalAmount: 0,
      },
      freshAddress(),
    );
    expect(res.status).toBe(500);
    const [order] = await rowsWhere<Row>(t.database, 'orders', `users_id = ${who!.usersId}`);
    expect(order!.status).toBe('pending');
    // The slot stays held meanwhile: nobody else can buy it.
    expect(
      await countWhere(t.database, 'slot_holds', `orders_id = ${String(order!.id)} AND released_at IS NULL`),
    ).toBe(1);
    expect(
      await countWhere(t.database, 'sandbox_subscriptions', `metadata->>'ordersId' = '${String(order!.id)}'`),
    ).toBe(1);

    expect(await resumeStaleOrders(t.app.deps, { olderThanSeconds: 0 })).toBeGreaterThanOrEqual(1);
    const [finished] = await rowsWhere<Row>(t.database, 'orders', `id = ${String(order!.id)}`);
    expect(finished!.status).toBe('succeeded');
    expect(await slotsFilledOf(t.database, record)).toBe(1);
    // One subscription and one charge at the provider: the replay answered the first.
    expect(
      await countWhere(t.database, 'sandbox_subscriptions', `metadata->>'ordersId' = '${String(order!.id)}'`),
    ).toBe(1);
    expect(await countWhere(t.database, 'payments', `orders_id = ${String(order!.id)}`)).toBe(1);
    expect(await resumeStaleOrders(t.app.deps, { olderThanSeconds: 0 })).toBe(0);
  });

  it('answers 503 when the provider cannot be reached, keeps the slot held, and is settled later', async () => {
    const [who] = await createPeople(t.database, 1, 'unreachable');
    const record = await insertRecord(t.database, { maxSlots: 1 });
    gateway.unreachableOnce = true;
    const res = await clientAs(t.port, who!).post(
      '/api/payments/checkout/month?partnersId=2',
      {
        partnersId: 2,
        stripePaymentIntent: 'pm_card_visa',
        userSponsoreds: [line(record, 1)],
        email: who!.email,
        firstName: 'A',
        lastName: 'B',
        baseAmount: 5000,
        additionalAmount: 0,
      },
      freshAddress(),
    );
    expect(res.status).toBe(503);
    expect(res.text).toBe(
      'We could not reach the payment provider. Your payment is being checked; please look at your sponsorships in a few minutes before trying again.',
    );
    const [order] = await rowsWhere<Row>(t.database, 'orders', `users_id = ${who!.usersId}`);
    expect(order!.status).toBe('pending');
    expect(
      await countWhere(t.database, 'slot_holds', `orders_id = ${String(order!.id)} AND released_at IS NULL`),
    ).toBe(1);
    await resumeStaleOrders(t.app.deps, { olderThanSeconds: 0 });
    expect((await rowsWhere<Row>(t.database, 'orders', `id = ${String(order!.id)}`))[0]!.status).toBe(
      'succeeded',
    );
    expect(await slotsFilledOf(t.database, record)).toBe(1);
  });

  it('fails and frees its slots when it died before anything was charged', async () => {
    const [who] = await createPeople(t.database, 1, 'early');
    const record = await insertRecord(t.database, { maxSlots: 1 });
    const inserted = await t.database.db.execute(
      sql`INSERT INTO orders (partners_id, users_id, kind, status, interval, base_amount) VALUES (2, ${who!.usersId}, 'subscription', 'pending', 'month', 5000) RETURNING id`,
    );
    const ordersId = Number((inserted as unknown as { rows: { id: number }[] }).rows[0]!.id);
    await db()
      .insert(slotHolds)
      .values({
        partnersId: 2,
        sponsoredsId: record,
        usersId: who!.usersId,
        ordersId,
        numSlots: 1,
        expiresAt: sql`now() + interval '15 minutes'`,
      });
    expect(await resumeStaleOrders(t.app.deps, { olderThanSeconds: 0 })).toBeGreaterThanOrEqual(1);
    const [failed] = await rowsWhere<Row>(t.database, 'orders', `id = ${ordersId}`);
    expect(failed).toMatchObject({
      status: 'failed',
      failure_message: 'The payment was interrupted before the card was charged.',
    });
    expect(
      await countWhere(t.database, 'slot_holds', `orders_id = ${ordersId} AND released_at IS NULL`),
    ).toBe(0);
  });
});
