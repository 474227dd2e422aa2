import http from 'node:http';
import { and, asc, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  partners,
  payments,
  sponsoreds,
  subscriptions,
  userSponsoreds,
  users,
  webhookEvents,
} from '../../../db/schema/index.ts';
import { sandboxWebhookSecret, signSandboxWebhook } from '../../../platform/payments/sandbox-gateway.ts';
import { startStripeDouble, stripeEvent, type StripeDouble } from '../../../../test/stripe-double.ts';
import { freshAddress, insertRecord, line, slotsFilledOf } from '../../../../test/giving-fixtures.ts';
import { clientAs, createPeople, TEST_AUTH_SECRET } from '../../../../test/people.ts';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';

/** A delivery as the provider makes it: the exact bytes, a signature header, no browser headers. */
function deliver(
  port: number,
  payload: string,
  signature: string | undefined,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/payments/webhook',
        headers: {
          host: `127.0.0.1:${port}`,
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(payload),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          ...(signature === undefined ? {} : { 'stripe-signature': signature }),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Every permutation of the items (24 for four). */
function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

describe('the Stripe webhook', () => {
  let app: TestApp;
  let double: StripeDouble;
  let sponsoredsId: number;
  let counter = 0;

  beforeAll(async () => {
    double = await startStripeDouble();
    app = await startTestApp({ env: { ...double.env(), TRUST_PROXY: 'loopback' } });
    const [record] = await app.database.db
      .select({ id: sponsoreds.id })
      .from(sponsoreds)
      .where(and(eq(sponsoreds.partnersId, 2), eq(sponsoreds.status, 'active')))
      .orderBy(asc(sponsoreds.id))
      .limit(1);
    sponsoredsId = record!.id;
    await app.database.db.update(sponsoreds).set({ maxSlots: 500 }).where(eq(sponsoreds.id, sponsoredsId));
  });
  afterAll(async () => {
    await app?.close();
    await double?.close();
  });

  const signed = (
    type: string,
    object: Record<string, unknown>,
    options: { id?: string; created?: number } = {},
  ) => {
    const event = stripeEvent(type, object, { account: 'acct_sandbox_demo', ...options });
    return {
      ...event,
      signature: Stripe.webhooks.generateTestHeaderString({
        payload: event.payload,
        secret: double.webhookSecret,
      }),
    };
  };
  const send = (event: { payload: string; signature: string }) =>
    deliver(app.port, event.payload, event.signature);

  /** A sponsorship paid by a gateway subscription, as checkout leaves it: one slot taken. */
  async function subscriptionFixture(): Promise<{ gatewaySubscriptionId: string; subscriptionsId: number }> {
    const n = ++counter;
    const gatewaySubscriptionId = `sub_webhook_${n}_${Date.now()}`;
    const db = app.database.db;
    return db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ firstName: 'Webhook', lastName: `Donor ${n}`, email: `webhook-${n}@example.org` })
        .returning({ id: users.id });
      const [sub] = await tx
        .insert(subscriptions)
        .values({
          partnersId: 2,
          usersId: user!.id,
          gatewaySubscriptionId,
          status: 'active',
          interval: 'month',
          baseAmount: 3000,
          currentPeriodEnd: new Date('2031-01-01T00:00:00Z'),
        })
        .returning({ id: subscriptions.id });
      await tx.insert(userSponsoreds).values({
        partnersId: 2,
        usersId: user!.id,
        sponsoredsId,
        numSlots: 1,
        amount: 3000,
        interval: 'month',
        subscriptionsId: sub!.id,
      });
      await tx
        .update(sponsoreds)
        .set({ slotsFilled: sql`${sponsoreds.slotsFilled} + 1` })
        .where(eq(sponsoreds.id, sponsoredsId));
      return { gatewaySubscriptionId, subscriptionsId: sub!.id };
    });
  }

  async function stateOf(subscriptionsId: number) {
    const db = app.database.db;
    const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionsId));
    const paid = await db
      .select({ chargeId: payments.gatewayChargeId, status: payments.status, amount: payments.amount })
      .from(payments)
      .where(eq(payments.subscriptionsId, subscriptionsId))
      .orderBy(asc(payments.gatewayChargeId));
    const lines = await db
      .select({ dateEnded: userSponsoreds.dateEnded })
      .from(userSponsoreds)
      .where(eq(userSponsoreds.subscriptionsId, subscriptionsId));
    return {
      status: sub!.status,
      currentPeriodEnd: sub!.currentPeriodEnd?.toISOString(),
      canceled: sub!.canceledAt !== null,
      payments: paid,
      sponsorshipEnded: lines.map((l) => l.dateEnded !== null),
    };
  }

  const slotsFilled = async () =>
    (
      await app.database.db
        .select({ n: sponsoreds.slotsFilled })
        .from(sponsoreds)
        .where(eq(sponsoreds.id, sponsoredsId))
    )[0]!.n;

  const PERIOD_END = 1_924_992_000; // 2031-01-01 + a month, as the provider reports it
  const items = {
    object: 'list',
    data: [{ id: 'si_1', object: 'subscription_item', current_period_end: PERIOD_END }],
  };
  const invoicePaid = (subscription: string, invoice: string, created: number) =>
    signed(
      'invoice.paid',
      {
        id: invoice,
        object: 'invoice',
        amount_paid: 3000,
        status: 'paid',
        parent: { type: 'subscription_details', subscription_details: { subscription } },
      },
      { created },
    );
  const subscriptionUpdated = (subscription: string, status: string, created: number) =>
    signed(
      'customer.subscription.updated',
      { id: subscription, object: 'subscription', status, items },
      { created },
    );
  const subscriptionDeleted = (subscription: string, created: number) =>
    signed(
      'customer.subscription.deleted',
      { id: subscription, object: 'subscription', status: 'canceled', items },
      { created },
    );

  it('refuses a bad or missing signature with 400 and records nothing', async () => {
    const event = invoicePaid('sub_x', 'in_x', 1_900_000_000);
    const tampered = event.payload.replace('3000', '1');
    expect(await deliver(app.port, tampered, event.signature)).toEqual({
      status: 400,
      text: 'Invalid webhook signature.',
    });
    expect(await deliver(app.port, event.payload, undefined)).toEqual({
      status: 400,
      text: 'Invalid webhook signature.',
    });
    const foreign = Stripe.webhooks.generateTestHeaderString({
      payload: event.payload,
      secret: 'whsec_someone_else',
    });
    expect(await deliver(app.port, event.payload, foreign)).toEqual({
      status: 400,
      text: 'Invalid webhook signature.',
    });
    const rows = await app.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, event.id));
    expect(rows).toEqual([]);
  });

  it('is exempt from the cross-site check (the provider is not a browser) and keeps JSON parsing elsewhere', async () => {
    const event = signed('customer.created', { id: 'cus_1', object: 'customer' });
    const res = await deliver(app.port, event.payload, event.signature, {
      origin: 'https://dashboard.stripe.com',
    });
    expect(res).toEqual({ status: 200, text: JSON.stringify({ received: true, duplicate: false }) });
    const [row] = await app.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, event.id));
    expect(row).toMatchObject({ type: 'ignored:customer.created', subjectId: null });
    expect(row!.processedAt).toBeInstanceOf(Date);
    // Other routes still parse JSON bodies.
    const other = await app
      .client()
      .post('/api/partners/oauthonboard', { state: 'x.y', authorizationCode: 'c' });
    expect([other.status, other.text]).toEqual([400, 'Invalid onboarding state.']);
  });

  it('processes a webhook delivered 10 times once', async () => {
    const { gatewaySubscriptionId, subscriptionsId } = await subscriptionFixture();
    const event = invoicePaid(gatewaySubscriptionId, `in_ten_${counter}`, 1_900_000_100);
    const first = await Promise.all(Array.from({ length: 5 }, () => send(event)));
    const rest: { status: number; text: string }[] = [];
    for (let i = 0; i < 5; i++) rest.push(await send(event));
    const answers = [...first, ...rest].map((r) => [r.status, JSON.parse(r.text).duplicate]);
    expect(answers.filter(([status]) => status === 200)).toHaveLength(10);
    expect(answers.filter(([, duplicate]) => duplicate === false)).toHaveLength(1);
    const state = await stateOf(subscriptionsId);
    expect(state.payments).toEqual([{ chargeId: `in_ten_${counter}`, status: 'succeeded', amount: 3000 }]);
    expect(state.status).toBe('active');
    const [row] = await app.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, event.id));
    expect(row).toMatchObject({ type: 'payment.succeeded', subjectId: gatewaySubscriptionId });
    expect(row!.eventCreatedAt).toEqual(new Date(1_900_000_100_000));
  });

  it('ends in the same state whatever the order: paid, past_due, active, deleted (deleted wins, the slot is freed)', async () => {
    const orders = permutations(['paid', 'past_due', 'active', 'deleted'] as const);
    expect(orders).toHaveLength(24);
    const before = await slotsFilled();
    const finals: unknown[] = [];
    for (const order of orders) {
      const { gatewaySubscriptionId: sub, subscriptionsId } = await subscriptionFixture();
      const invoice = `in_order_${counter}`;
      const events = {
        paid: invoicePaid(sub, invoice, 1_900_000_001),
        past_due: subscriptionUpdated(sub, 'past_due', 1_900_000_002),
        active: subscriptionUpdated(sub, 'active', 1_900_000_003),
        deleted: subscriptionDeleted(sub, 1_900_000_004),
      };
      for (const name of order) expect((await send(events[name])).status).toBe(200);
      const state = await stateOf(subscriptionsId);
      finals.push({
        ...state,
        payments: state.payments.map((p) => ({ ...p, chargeId: p.chargeId === invoice })),
      });
    }
    expect(finals[0]).toEqual({
      status: 'canceled',
      currentPeriodEnd: new Date(PERIOD_END * 1000).toISOString(),
      canceled: true,
      payments: [{ chargeId: true, status: 'succeeded', amount: 3000 }],
      sponsorshipEnded: [true],
    });
    for (const final of finals) expect(final).toEqual(finals[0]);
    // Each fixture took one slot and each deletion freed exactly one.
    expect(await slotsFilled()).toBe(before);
  });

  it('ends in the same state when the events arrive all at once', async () => {
    const before = await slotsFilled();
    for (let round = 0; round < 3; round++) {
      const { gatewaySubscriptionId: sub, subscriptionsId } = await subscriptionFixture();
      const live = await subscriptionFixture();
      const answers = await Promise.all(
        [
          invoicePaid(sub, `in_burst_${counter}`, 1_900_000_001),
          subscriptionUpdated(sub, 'past_due', 1_900_000_002),
          subscriptionUpdated(sub, 'active', 1_900_000_003),
          subscriptionDeleted(sub, 1_900_000_004),
          subscriptionUpdated(live.gatewaySubscriptionId, 'active', 1_900_000_003),
          subscriptionUpdated(live.gatewaySubscriptionId, 'past_due', 1_900_000_002),
        ].map(send),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(await stateOf(subscriptionsId)).toMatchObject({ status: 'canceled', sponsorshipEnded: [true] });
      expect((await stateOf(subscriptionsId)).payments).toHaveLength(1);
      expect(await stateOf(live.subscriptionsId)).toMatchObject({
        status: 'active',
        sponsorshipEnded: [false],
      });
    }
    // Three ended (freed), three live (still taken).
    expect(await slotsFilled()).toBe(before + 3);
  });

  it('applies the newest state whatever the order when the subscription lives on (past_due then active)', async () => {
    const finals: unknown[] = [];
    for (const order of permutations(['paid', 'past_due', 'active'] as const)) {
      const { gatewaySubscriptionId: sub, subscriptionsId } = await subscriptionFixture();
      const events = {
        paid: invoicePaid(sub, `in_live_${counter}`, 1_900_000_001),
        past_due: subscriptionUpdated(sub, 'past_due', 1_900_000_002),
        active: subscriptionUpdated(sub, 'active', 1_900_000_003),
      };
      for (const name of order) await send(events[name]);
      const state = await stateOf(subscriptionsId);
      finals.push({ ...state, payments: state.payments.length });
    }
    for (const final of finals) {
      expect(final).toEqual({
        status: 'active',
        currentPeriodEnd: new Date(PERIOD_END * 1000).toISOString(),
        canceled: false,
        payments: 1,
        sponsorshipEnded: [false],
      });
    }
  });

  it('records a failed payment once, and a later success of the same invoice replaces it', async () => {
    const { gatewaySubscriptionId: sub, subscriptionsId } = await subscriptionFixture();
    const failed = signed(
      'invoice.payment_failed',
      {
        id: `in_retry_${counter}`,
        object: 'invoice',
        number: 'F-1',
        attempt_count: 1,
        parent: { type: 'subscription_details', subscription_details: { subscription: sub } },
      },
      { created: 1_900_000_010 },
    );
    expect((await send(failed)).status).toBe(200);
    expect((await send(failed)).status).toBe(200);
    expect((await stateOf(subscriptionsId)).payments).toEqual([
      { chargeId: `in_retry_${counter}`, status: 'failed', amount: 3000 },
    ]);
    const audits = await app.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'subscription.payment_failed'),
          eq(auditLog.entityId, String(subscriptionsId)),
        ),
      );
    expect(audits).toEqual([
      {
        details: {
          chargeId: `in_retry_${counter}`,
          message: 'The payment of invoice F-1 failed (attempt 1).',
          // Stripe's invoice event names no card decline; the message is kept.
          declineCode: null,
          subscriberUsersId: expect.any(Number),
        },
      },
    ]);
    await send(invoicePaid(sub, `in_retry_${counter}`, 1_900_000_020));
    expect((await stateOf(subscriptionsId)).payments).toEqual([
      { chargeId: `in_retry_${counter}`, status: 'succeeded', amount: 3000 },
    ]);
  });

  it('answers 200 and changes nothing for a subscription Kinship does not know', async () => {
    const countPayments = async () =>
      (await app.database.db.select({ id: payments.id }).from(payments)).length;
    const before = await countPayments();
    for (const event of [
      invoicePaid('sub_unknown', 'in_unknown', 1_900_000_030),
      subscriptionUpdated('sub_unknown', 'past_due', 1_900_000_031),
      subscriptionDeleted('sub_unknown', 1_900_000_032),
    ]) {
      expect(await send(event)).toEqual({
        status: 200,
        text: JSON.stringify({ received: true, duplicate: false }),
      });
    }
    expect(await countPayments()).toBe(before);
  });

  it('notes whether the partner’s account can take charges, newest event winning', async () => {
    const accountUpdated = (charges: boolean, created: number) =>
      signed(
        'account.updated',
        { id: 'acct_sandbox_demo', object: 'account', charges_enabled: charges },
        { created },
      );
    const chargesEnabled = async () =>
      (
        await app.database.db
          .select({ v: partners.stripeChargesEnabled })
          .from(partners)
          .where(eq(partners.id, 2))
      )[0]!.v;
    expect(await chargesEnabled()).toBeNull();
    await send(accountUpdated(false, 1_900_000_040));
    expect(await chargesEnabled()).toBe(false);
    await send(accountUpdated(true, 1_900_000_050));
    expect(await chargesEnabled()).toBe(true);
    // A late delivery of an older state changes nothing.
    await send(accountUpdated(false, 1_900_000_045));
    expect(await chargesEnabled()).toBe(true);
  });
  describe('a sponsorship paid through Stripe, end to end', () => {
    const sendEvent = (type: string, object: Record<string, unknown>, created: number) => {
      const { payload } = stripeEvent(type, object, { account: 'acct_sandbox_demo', created });
      return deliver(
        app.port,
        payload,
        Stripe.webhooks.generateTestHeaderString({ payload, secret: double.webhookSecret }),
      );
    };

    it('checks out on the partner’s Stripe account, then reconciles renewals and the cancellation from webhooks', async () => {
      const [who] = await createPeople(app.database, 1, 'stripe-e2e');
      const record = await insertRecord(app.database, { maxSlots: 5 });
      const res = await clientAs(app.port, who!).post(
        '/api/payments/checkout/month?partnersId=2',
        {
          partnersId: 2,
          stripePaymentIntent: 'pm_card_visa',
          userSponsoreds: [line(record, 2)],
          email: who!.email,
          firstName: who!.firstName,
          lastName: who!.lastName,
          baseAmount: 10000,
          additionalAmount: 500,
        },
        freshAddress(),
      );
      expect(res.status).toBe(200);
      expect(await slotsFilledOf(app.database, record)).toBe(2);

      // Everything went to the demo partner's connected account, keyed.
      expect(double.requests.length).toBeGreaterThan(0);
      for (const r of double.requests) {
        expect(r.stripeAccount).toBe('acct_sandbox_demo');
        if (r.method === 'POST') expect(r.idempotencyKey).toMatch(/\S/);
      }
      const created = double.requests.find((r) => r.method === 'POST' && r.path === '/v1/subscriptions')!;
      expect(created.body).toMatchObject({
        payment_behavior: 'error_if_incomplete',
        payment_settings: { payment_method_types: ['card'] },
      });

      const [sub] = await app.database.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.usersId, who!.usersId));
      expect(sub).toMatchObject({ status: 'active', interval: 'month' });
      const gatewaySubscriptionId = sub!.gatewaySubscriptionId!;
      expect(gatewaySubscriptionId).toMatch(/^sub_/);
      const firstInvoice = double.object(gatewaySubscriptionId)!.latest_invoice as string;
      const paymentsOf = () =>
        app.database.db
          .select({ chargeId: payments.gatewayChargeId, amount: payments.amount, status: payments.status })
          .from(payments)
          .where(eq(payments.subscriptionsId, sub!.id))
          .orderBy(asc(payments.id));
      // The first payment is referenced by its invoice, as invoice.paid will name it.
      expect(await paymentsOf()).toEqual([{ chargeId: firstInvoice, amount: 10500, status: 'succeeded' }]);

      const invoice = (id: string) => ({
        id,
        object: 'invoice',
        amount_paid: 10500,
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: gatewaySubscriptionId },
        },
      });
      // Stripe's webhook for the first invoice records nothing new; a renewal records the second payment.
      expect((await sendEvent('invoice.paid', invoice(firstInvoice), 1_900_000_001)).status).toBe(200);
      expect((await sendEvent('invoice.paid', invoice('in_renewal_1'), 1_902_000_000)).status).toBe(200);
      expect(await paymentsOf()).toEqual([
        { chargeId: firstInvoice, amount: 10500, status: 'succeeded' },
        { chargeId: 'in_renewal_1', amount: 10500, status: 'succeeded' },
      ]);
      // The subscription is deleted at Stripe (e.g. after failed retries): the sponsorship ends.
      const deleted = {
        id: gatewaySubscriptionId,
        object: 'subscription',
        status: 'canceled',
        items: { object: 'list', data: [] },
      };
      expect((await sendEvent('customer.subscription.deleted', deleted, 1_903_000_000)).status).toBe(200);
      const [after] = await app.database.db.select().from(subscriptions).where(eq(subscriptions.id, sub!.id));
      expect(after!.status).toBe('canceled');
      expect(await slotsFilledOf(app.database, record)).toBe(0);
    });

    it('records a refund made in the Stripe dashboard of a subscription payment once, found by its invoice', async () => {
      const [who] = await createPeople(app.database, 1, 'stripe-outside');
      const record = await insertRecord(app.database, { maxSlots: 5 });
      const res = await clientAs(app.port, who!).post(
        '/api/payments/checkout/month?partnersId=2',
        {
          partnersId: 2,
          stripePaymentIntent: 'pm_card_visa',
          userSponsoreds: [line(record, 1)],
          email: who!.email,
          firstName: who!.firstName,
          lastName: who!.lastName,
          baseAmount: 5000,
          additionalAmount: 0,
        },
        freshAddress(),
      );
      expect(res.status, res.text).toBe(200);
      const [sub] = await app.database.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.usersId, who!.usersId));
      const invoiceId = double.object(sub!.gatewaySubscriptionId!)!.latest_invoice as string;
      const [payment] = await app.database.db
        .select()
        .from(payments)
        .where(eq(payments.gatewayChargeId, invoiceId));
      expect(payment).toBeDefined();

      const { refund, charge } = double.refundOutside('acct_sandbox_demo', invoiceId, 2000);
      const created = Math.floor(Date.now() / 1000);
      const refunded = stripeEvent('charge.refunded', charge, { account: 'acct_sandbox_demo', created });
      const updated = stripeEvent('refund.updated', refund, { account: 'acct_sandbox_demo', created });
      const sign = (payload: string) =>
        Stripe.webhooks.generateTestHeaderString({ payload, secret: double.webhookSecret });
      for (const event of [updated, refunded, updated, refunded]) {
        expect((await deliver(app.port, event.payload, sign(event.payload))).status).toBe(200);
      }
      const rows = await app.database.db.execute(
        sql`SELECT amount, source, status, gateway_refund_id FROM payment_refunds WHERE payments_id = ${payment!.id}`,
      );
      expect((rows as unknown as { rows: Record<string, unknown>[] }).rows).toEqual([
        { amount: 2000, source: 'gateway', status: 'succeeded', gateway_refund_id: refund.id },
      ]);
      const [after] = await app.database.db.select().from(payments).where(eq(payments.id, payment!.id));
      expect(after).toMatchObject({ refundedAmount: 2000, status: 'succeeded' });
    });
  });
});

describe('the sandbox webhook', () => {
  const SANDBOX_SECRET = sandboxWebhookSecret(TEST_AUTH_SECRET);
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('accepts the sandbox’s signed events and refuses others', async () => {
    const payload = JSON.stringify({
      id: 'evt_sbx_1',
      type: 'subscription.deleted',
      subscriptionId: 'sub_sbx_unknown',
      status: 'canceled',
      currentPeriodEnd: null,
      created: new Date().toISOString(),
    });
    expect(await deliver(app.port, payload, signSandboxWebhook(payload, SANDBOX_SECRET))).toEqual({
      status: 200,
      text: JSON.stringify({ received: true, duplicate: false }),
    });
    expect(await deliver(app.port, payload, signSandboxWebhook(payload, SANDBOX_SECRET))).toEqual({
      status: 200,
      text: JSON.stringify({ received: true, duplicate: true }),
    });
    expect(await deliver(app.port, payload, signSandboxWebhook(payload, 'whsec_wrong'))).toEqual({
      status: 400,
      text: 'Invalid webhook signature.',
    });
    // The secret the sandbox once used for every installation is public: it signs nothing here.
    const other = payload.replace('evt_sbx_1', 'evt_sbx_2');
    expect(await deliver(app.port, other, signSandboxWebhook(other, 'whsec_sandbox_embedded'))).toEqual({
      status: 400,
      text: 'Invalid webhook signature.',
    });
    // Each installation's secret is its own, derived from its AUTH_SECRET.
    expect(sandboxWebhookSecret('another-installation-secret-0123456789')).not.toBe(SANDBOX_SECRET);
  });
});
