import { randomUUID } from 'node:crypto';
import type { DelinquentRow, GivingPaymentRow, GivingSubscriptionRow, Receipt } from '@kinship/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client.ts';
import {
  sandboxPaymentMethods,
  sandboxSubscriptions,
  sponsoreds,
  subscriptions,
} from '../../../db/schema/index.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../../../seed/demo.ts';
import {
  countWhere,
  freshAddress,
  insertRecord,
  line,
  rowsWhere,
  slotsFilledOf,
} from '../../../../test/giving-fixtures.ts';
import type { TestClient } from '../../../../test/http-client.ts';
import { pdfText } from '../../../../test/pdf-text.ts';
import { clientAs, createPeople, type TestPerson } from '../../../../test/people.ts';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';

/*
 * The Donations section (issue 13, item 4) through the whole server on the sandbox gateway:
 * refunds (part, then the rest; more than remains refused; a double click refunds once) with the
 * receipt, its PDF and the donor's email following; a renewal that fails is marked with the card's
 * decline and lands on the delinquent list; the reminder email; a retry through the gateway;
 * cancellation with a reason; and a program-scoped person's view.
 */

let t: TestApp;
let admin: TestClient;
let donorCare: TestClient;
let programAdmin: TestClient;
let reporting: TestClient;

type Row = Record<string, unknown>;
const db = () => t.database.db as Db;
const BASE = '/api/dashboard/donations';
const total = (res: { headers: Record<string, string | string[] | undefined> }) =>
  Number(res.headers['x-total-count']);
const key = () => `k-${randomUUID()}`;

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'loopback', LOG_LEVEL: 'silent' } });
  const signedIn = async (email: string) => {
    const client = t.client();
    await client.signIn(email, DEMO_ACCOUNTS.find((a) => a.email === email)!.password);
    return client;
  };
  [admin, donorCare, programAdmin, reporting] = await Promise.all([
    signedIn('partner-admin@demo.example.org'),
    signedIn('donor-care@demo.example.org'),
    signedIn('program-admin@demo.example.org'),
    signedIn('reporting@demo.example.org'),
  ]);
});
afterAll(async () => {
  await t?.close();
});

/** A visitor's general donation of `dollars` through the public form; answers its payment and receipt code. */
async function donate(dollars: number, email = `giver-${randomUUID().slice(0, 8)}@example.org`) {
  const res = await t.client().post(
    '/api/payments?partnersId=2',
    {
      partnersId: 2,
      amount: dollars,
      firstName: 'Grace',
      lastName: 'Giver',
      email,
      token: 'pm_card_visa',
    },
    freshAddress(),
  );
  expect(res.status).toBe(200);
  const code = decodeURIComponent(new URL(res.json<string>()).pathname.split('/').pop()!);
  const [payment] = await rowsWhere<Row>(t.database, 'payments', `receipt_code = '${code}'`);
  return { paymentsId: Number(payment!.id), code, email };
}

/** A person sponsoring a fresh record (2 slots, monthly) in `entitiesId` through checkout. */
async function sponsor(entitiesId: number = DEMO_IDS.programAdminEntity) {
  const [who] = await createPeople(t.database, 1, 'giving');
  const record = await insertRecord(t.database, { maxSlots: 5 });
  await db().update(sponsoreds).set({ entitiesId }).where(eq(sponsoreds.id, record));
  const res = await clientAs(t.port, who!).post(
    '/api/payments/checkout/month?partnersId=2',
    {
      partnersId: 2,
      stripePaymentIntent: 'pm_card_visa',
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
  return { who: who!, record, subscription: subscription! };
}

/** The provider's renewal of the subscription coming due now, on a card that now fails with `behaviour`. */
async function failRenewal(gatewaySubscriptionId: string, behaviour = 'insufficient_funds') {
  const [provider] = await db()
    .select()
    .from(sandboxSubscriptions)
    .where(eq(sandboxSubscriptions.id, gatewaySubscriptionId));
  await db()
    .update(sandboxPaymentMethods)
    .set({ behaviour })
    .where(eq(sandboxPaymentMethods.id, provider!.paymentMethodId));
  // The period ends now, at the provider and as Kinship recorded it.
  const periodEnd = new Date(Date.now() - 1000);
  await db()
    .update(sandboxSubscriptions)
    .set({ currentPeriodEnd: periodEnd })
    .where(eq(sandboxSubscriptions.id, gatewaySubscriptionId));
  await db()
    .update(subscriptions)
    .set({ currentPeriodEnd: periodEnd })
    .where(eq(subscriptions.gatewaySubscriptionId, gatewaySubscriptionId));
  return t.runJob('sandbox.renewals');
}

async function cardBehaviour(gatewaySubscriptionId: string, behaviour: string) {
  const [provider] = await db()
    .select()
    .from(sandboxSubscriptions)
    .where(eq(sandboxSubscriptions.id, gatewaySubscriptionId));
  await db()
    .update(sandboxPaymentMethods)
    .set({ behaviour })
    .where(eq(sandboxPaymentMethods.id, provider!.paymentMethodId));
}

async function downloadBinary(pathname: string): Promise<Buffer> {
  const http = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: t.port, path: pathname, headers: { host: `demo.localhost:${t.port}` } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(Buffer.concat(chunks)));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('refunds', () => {
  it('refunds part of a donation, then the rest; the receipt, its PDF and the donor’s email show it', async () => {
    const { paymentsId, code, email } = await donate(50);
    const part = await admin.post(`${BASE}/payments/${paymentsId}/refund?partnersId=2`, {
      amount: 2000,
      reason: 'Donor asked for half back',
      requestKey: key(),
    });
    expect(part.status).toBe(200);
    expect(part.json<GivingPaymentRow>()).toMatchObject({
      id: paymentsId,
      kind: 'donation',
      status: 'partially_refunded',
      amount: 5000,
      refundedAmount: 2000,
      refundable: 3000,
      donorName: 'Grace Giver',
      donorEmail: email,
      refunds: [{ amount: 2000, reason: 'Donor asked for half back', status: 'succeeded' }],
    });

    const receipt = (await t.client().get(`/api/receipts/${code}?partnersId=2`)).json<Receipt>();
    expect(receipt).toMatchObject({ amount: 5000, refundedAmount: 2000, refunds: [{ amount: 2000 }] });
    const text = pdfText(await downloadBinary(`/api/receipts/${code}/pdf?partnersId=2`)).replace(/\s+/g, ' ');
    expect(text).toMatch(/Refunded on \d{2}\/\d{2}\/\d{4}/);
    expect(text).toContain('$20.00');
    expect(text).toContain('Net amount');
    expect(text).toContain('$30.00');

    const [notice] = await rowsWhere<Row>(
      t.database,
      'email_outbox',
      `dedupe_key = 'receipt:refund:${part.json<GivingPaymentRow>().refunds[0]!.id}'`,
    );
    expect(notice).toMatchObject({ to_address: email, subject: 'A refund from Bright Futures Demo' });
    expect(String(notice!.body_text)).toContain('has refunded $20.00 of your payment for General donation');
    expect(String(notice!.body_text)).toContain('The payment now comes to $30.00.');
    expect(String(notice!.body_text)).toContain(`/receipts/${code}`);

    const rest = await admin.post(`${BASE}/payments/${paymentsId}/refund?partnersId=2`, {
      reason: 'The rest as well',
      requestKey: key(),
    });
    expect(rest.status).toBe(200);
    expect(rest.json<GivingPaymentRow>()).toMatchObject({
      status: 'refunded',
      refundedAmount: 5000,
      refundable: 0,
    });
    const [stored] = await rowsWhere<Row>(t.database, 'payments', `id = ${paymentsId}`);
    expect(stored).toMatchObject({ status: 'refunded', refunded_amount: 5000 });
    expect(
      await countWhere(
        t.database,
        'sandbox_refunds',
        `amount IN (2000, 3000)
      AND charge_id = '${String(stored!.gateway_charge_id)}'`,
      ),
    ).toBe(2);
    const audits = await rowsWhere<Row>(
      t.database,
      'audit_log',
      `action = 'payment.refunded' AND entity_id = '${paymentsId}'`,
    );
    expect(audits.map((a) => (a.details as Row).reason)).toEqual([
      'Donor asked for half back',
      'The rest as well',
    ]);

    const again = await admin.post(`${BASE}/payments/${paymentsId}/refund?partnersId=2`, {
      amount: 100,
      reason: 'Once more',
      requestKey: key(),
    });
    expect(again.status).toBe(409);
    expect(again.text).toBe('This payment has already been refunded in full.');
  });

  it('refuses more than remains with a clear 400 on the amount field, changing nothing', async () => {
    const { paymentsId } = await donate(50);
    const res = await admin.post(`${BASE}/payments/${paymentsId}/refund?partnersId=2`, {
      amount: 5001,
      reason: 'Too much',
      requestKey: key(),
    });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({
      title: 'You can refund at most $50.00 of this payment.',
      errors: [{ field: 'amount', message: 'You can refund at most $50.00 of this payment.' }],
    });
    expect(await countWhere(t.database, 'payment_refunds', `payments_id = ${paymentsId}`)).toBe(0);
    const [stored] = await rowsWhere<Row>(t.database, 'payments', `id = ${paymentsId}`);
    expect(stored).toMatchObject({ status: 'succeeded', refunded_amount: 0 });

    const noReason = await admin.post(`${BASE}/payments/${paymentsId}/refund?partnersId=2`, {
      amount: 100,
      reason: '  ',
      requestKey: key(),
    });
    expect(noReason.status).toBe(400);
  });

  it('refunds once for a double click (the same request key sent twice at once)', async () => {
    const { paymentsId } = await donate(40);
    const body = { amount: 1000, reason: 'Duplicate gift', requestKey: key() };
    const [a, b] = await Promise.all([
      admin.post(`${BASE}/payments/${paymentsId}/refund?partnersId=2`, body),
      admin.post(`${BASE}/payments/${paymentsId}/refund?partnersId=2`, body),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.json<GivingPaymentRow>().refundedAmount).toBe(1000);
    expect(await countWhere(t.database, 'payment_refunds', `payments_id = ${paymentsId}`)).toBe(1);
    const [stored] = await rowsWhere<Row>(t.database, 'payments', `id = ${paymentsId}`);
    expect(stored!.refunded_amount).toBe(1000);
    expect(
      await countWhere(t.database, 'sandbox_refunds', `charge_id = '${String(stored!.gateway_charge_id)}'`),
    ).toBe(1);
    expect(
      await countWhere(
        t.database,
        'email_outbox',
        `dedupe_key LIKE 'receipt:refund:%'
      AND body_text LIKE '%$10.00 of your payment%' AND to_address = (SELECT email FROM donations WHERE id = ${String(stored!.donations_id)})`,
      ),
    ).toBe(1);
  });

  it('lets only those who may refund do so: a program-scoped administrator and Reporting are refused', async () => {
    const { paymentsId } = await donate(30);
    for (const client of [programAdmin, reporting]) {
      const res = await client.post(`${BASE}/payments/${paymentsId}/refund?partnersId=2`, {
        reason: 'x',
        requestKey: key(),
      });
      expect(res.status).toBe(403);
    }
    const byDonorCare = await donorCare.post(`${BASE}/payments/${paymentsId}/refund?partnersId=2`, {
      amount: 500,
      reason: 'Donor care refund',
      requestKey: key(),
    });
    expect(byDonorCare.status).toBe(200);
    expect(
      (await admin.post(`${BASE}/payments/999999/refund?partnersId=2`, { reason: 'x', requestKey: key() }))
        .status,
    ).toBe(404);
  });
});

describe('failed renewals, the delinquent list, reminders and retries', () => {
  it('marks a renewal that fails with the card’s decline, and lists it as delinquent', async () => {
    const { who, subscription } = await sponsor();
    const gatewayId = String(subscription.gateway_subscription_id);
    const summary = await failRenewal(gatewayId);
    expect(summary).toMatchObject({ failed: 1 });
    const [sub] = await rowsWhere<Row>(t.database, 'subscriptions', `id = ${String(subscription.id)}`);
    expect(sub!.status).toBe('past_due');
    const [failed] = await rowsWhere<Row>(
      t.database,
      'payments',
      `subscriptions_id = ${String(subscription.id)} AND status = 'failed'`,
    );
    expect(failed).toMatchObject({
      failure_code: 'insufficient_funds',
      failure_message: 'Your card has insufficient funds.',
    });
    // The card that failed is marked and is no longer the default (the gap of issue 9).
    const [method] = await rowsWhere<Row>(t.database, 'payment_methods', `users_id = ${who.usersId}`);
    expect(method!.last_failed_at).not.toBeNull();
    expect(method!.is_default).toBe(false);

    const list = (await admin.get(`${BASE}/delinquent?partnersId=2`)).json<DelinquentRow[]>();
    const row = list.find((r) => r.subscriptionsId === Number(subscription.id));
    expect(row).toMatchObject({
      status: 'past_due',
      donorEmail: who.email,
      amount: 10500,
      interval: 'month',
      declineCode: 'insufficient_funds',
      declineMessage: 'Your card has insufficient funds.',
      failedAttempts: 1,
      paymentMethod: expect.stringMatching(/^Visa ending 4242/),
      reminderSentAt: null,
    });
    const failedPayments = await admin.get(`${BASE}/payments?partnersId=2&status=failed&pageSize=200`);
    expect(failedPayments.json<GivingPaymentRow[]>().map((p) => p.id)).toContain(Number(failed!.id));
    expect(failedPayments.json<GivingPaymentRow[]>().every((p) => p.status === 'failed')).toBe(true);
    const pastDue = await admin.get(`${BASE}/subscriptions?partnersId=2&status=past_due&pageSize=200`);
    expect(pastDue.json<GivingSubscriptionRow[]>().map((s) => s.id)).toContain(Number(subscription.id));
  });

  it('emails the donor a reminder with the decline and a link to the payment settings, once per failure', async () => {
    const { who, subscription } = await sponsor();
    await failRenewal(String(subscription.gateway_subscription_id), 'expired_card');
    const first = await admin.post(
      `${BASE}/subscriptions/${String(subscription.id)}/remind?partnersId=2`,
      {},
    );
    expect(first.status).toBe(200);
    expect(first.json()).toMatchObject({ queued: true });
    const second = await admin.post(
      `${BASE}/subscriptions/${String(subscription.id)}/remind?partnersId=2`,
      {},
    );
    expect(second.json()).toMatchObject({ queued: false });
    await t.runJob('outbox.dispatch');
    const mail = t.mailTo(who.email).find((m) => m.includes('Please update your card'));
    expect(mail).toBeDefined();
    const body = mail!.replace(/=\r?\n/g, '');
    expect(body).toContain('Subject: Please update your card for Bright Futures Demo');
    expect(body).toContain('Your card has expired.');
    expect(body).toContain('$105.00');
    expect(body).toMatch(/http:\/\/demo\.localhost:\d+\/profile\/paymentsettings/);
    const [row] = (await admin.get(`${BASE}/delinquent?partnersId=2`))
      .json<DelinquentRow[]>()
      .filter((r) => r.subscriptionsId === Number(subscription.id));
    expect(row!.reminderSentAt).not.toBeNull();
    const healthy = await sponsor();
    const refused = await admin.post(
      `${BASE}/subscriptions/${String(healthy.subscription.id)}/remind?partnersId=2`,
      {},
    );
    expect(refused.status).toBe(409);
  });

  it('retries a failed renewal through the gateway: declined again while the card fails, then paid', async () => {
    const { subscription } = await sponsor();
    const gatewayId = String(subscription.gateway_subscription_id);
    await failRenewal(gatewayId, 'card_declined');
    const declined = await admin.post(`${BASE}/subscriptions/${String(subscription.id)}/retry?partnersId=2`, {
      requestKey: key(),
    });
    expect(declined.status).toBe(200);
    expect(declined.json()).toMatchObject({
      outcome: 'failed',
      declineCode: 'card_declined',
      message: 'Your card was declined.',
      status: 'past_due',
    });
    expect(
      await countWhere(
        t.database,
        'payments',
        `subscriptions_id = ${String(subscription.id)} AND status = 'failed'`,
      ),
    ).toBe(2);

    await cardBehaviour(gatewayId, 'succeed');
    const paid = await admin.post(`${BASE}/subscriptions/${String(subscription.id)}/retry?partnersId=2`, {
      requestKey: key(),
    });
    expect(paid.json()).toMatchObject({ outcome: 'paid', status: 'active', declineCode: null });
    const [sub] = await rowsWhere<Row>(t.database, 'subscriptions', `id = ${String(subscription.id)}`);
    expect(sub!.status).toBe('active');
    const succeeded = await rowsWhere<Row>(
      t.database,
      'payments',
      `subscriptions_id = ${String(subscription.id)} AND status = 'succeeded'`,
    );
    expect(succeeded).toHaveLength(2);
    expect(succeeded[1]!.amount).toBe(10500);
    expect(
      await countWhere(
        t.database,
        'email_outbox',
        `dedupe_key = 'receipt:payment:${String(succeeded[1]!.id)}'`,
      ),
    ).toBe(1);
    const list = (await admin.get(`${BASE}/delinquent?partnersId=2`)).json<DelinquentRow[]>();
    expect(list.map((r) => r.subscriptionsId)).not.toContain(Number(subscription.id));
    const nothing = await admin.post(`${BASE}/subscriptions/${String(subscription.id)}/retry?partnersId=2`, {
      requestKey: key(),
    });
    expect(nothing.status).toBe(409);
    expect(nothing.text).toBe('This subscription has no failed payment to retry.');
  });
});

describe('cancelling a subscription', () => {
  it('cancels at the gateway with the reason recorded, ends the sponsorships and tells the donor', async () => {
    const { who, record, subscription } = await sponsor();
    expect(await slotsFilledOf(t.database, record)).toBe(2);
    const res = await admin.post(`${BASE}/subscriptions/${String(subscription.id)}/cancel?partnersId=2`, {
      reason: 'Donor moved abroad',
    });
    expect(res.status).toBe(200);
    expect(res.json<GivingSubscriptionRow>()).toMatchObject({
      status: 'canceled',
      cancelReason: 'Donor moved abroad',
    });
    expect(await slotsFilledOf(t.database, record)).toBe(0);
    const [provider] = await db()
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.id, String(subscription.gateway_subscription_id)));
    expect(provider!.status).toBe('canceled');
    const [audit] = await rowsWhere<Row>(
      t.database,
      'audit_log',
      `action = 'subscription.canceled' AND entity_id = '${String(subscription.id)}'`,
    );
    expect((audit!.details as Row).reason).toBe('Donor moved abroad');
    expect(
      await countWhere(
        t.database,
        'email_outbox',
        `to_address = '${who.email}' AND dedupe_key = 'receipt:subscription-canceled:${String(subscription.id)}'`,
      ),
    ).toBe(1);
    const again = await admin.post(`${BASE}/subscriptions/${String(subscription.id)}/cancel?partnersId=2`, {
      reason: 'again',
    });
    expect(again.status).toBe(409);
  });
});

describe('the lists', () => {
  it('filters payments by kind, status, date range and searches name, email and receipt code', async () => {
    const { paymentsId, code, email } = await donate(12);
    const get = async (query: string) =>
      (await admin.get(`${BASE}/payments?partnersId=2&pageSize=500&${query}`)).json<GivingPaymentRow[]>();
    expect((await get(`q=${encodeURIComponent(email)}`)).map((p) => p.id)).toEqual([paymentsId]);
    expect((await get(`q=${encodeURIComponent(code)}`)).map((p) => p.id)).toEqual([paymentsId]);
    const donations = await get('kind=donation');
    expect(donations.map((p) => p.id)).toContain(paymentsId);
    expect(donations.every((p) => p.kind === 'donation')).toBe(true);
    const sponsorships = await get('kind=sponsorship');
    expect(sponsorships.length).toBeGreaterThan(0);
    expect(sponsorships.every((p) => p.kind === 'sponsorship')).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect((await get(`date=${today}..${today}&q=${encodeURIComponent(email)}`)).map((p) => p.id)).toEqual([
      paymentsId,
    ]);
    expect(await get(`date=2001-01-01..2001-12-31&q=${encodeURIComponent(email)}`)).toEqual([]);
    const bad = await admin.get(`${BASE}/payments?partnersId=2&date=2026-02-30..2026-01-01`);
    expect(bad.status).toBe(400);
    const all = await admin.get(`${BASE}/payments?partnersId=2&pageSize=5`);
    const [{ n }] = (
      (await db().execute(sql`SELECT count(*)::int AS n FROM payments WHERE partners_id = 2`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows as [{ n: number }];
    expect(total(all)).toBe(n);
  });

  it('shows a program-scoped person only the payments and subscriptions of their programs’ records', async () => {
    const inside = await sponsor(DEMO_IDS.programAdminEntity);
    const outside = await sponsor(DEMO_IDS.otherDemoEntity);
    const { paymentsId: general } = await donate(15);
    const payments = (await programAdmin.get(`${BASE}/payments?partnersId=2&pageSize=500`)).json<
      GivingPaymentRow[]
    >();
    const subs = payments.map((p) => p.subscriptionsId);
    expect(subs).toContain(Number(inside.subscription.id));
    expect(subs).not.toContain(Number(outside.subscription.id));
    expect(payments.map((p) => p.id)).not.toContain(general);
    const subscriptions = (await programAdmin.get(`${BASE}/subscriptions?partnersId=2&pageSize=500`)).json<
      GivingSubscriptionRow[]
    >();
    expect(subscriptions.map((s) => s.id)).toContain(Number(inside.subscription.id));
    expect(subscriptions.map((s) => s.id)).not.toContain(Number(outside.subscription.id));
    // Partner-wide staff see both; the program filter narrows them.
    const narrowed = (
      await admin.get(
        `${BASE}/subscriptions?partnersId=2&pageSize=500&entitiesId=${DEMO_IDS.otherDemoEntity}`,
      )
    ).json<GivingSubscriptionRow[]>();
    expect(narrowed.map((s) => s.id)).toContain(Number(outside.subscription.id));
    expect(narrowed.map((s) => s.id)).not.toContain(Number(inside.subscription.id));
    // Counts follow the scope.
    const scopedTotal = total(await programAdmin.get(`${BASE}/payments?partnersId=2&pageSize=1`));
    expect(scopedTotal).toBe(payments.length);
    expect((await t.client().get(`${BASE}/payments?partnersId=2`)).status).toBe(401);
    const [sponsorPerson] = await createPeople(t.database, 1, 'nostaff');
    expect(
      (await clientAs(t.port, sponsorPerson as TestPerson).get(`${BASE}/payments?partnersId=2`)).status,
    ).toBe(403);
  });
});
