import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentRateEvents } from '../../../db/schema/index.ts';
import { DEMO_IDS } from '../../../seed/demo.ts';
import { countWhere, freshAddress, rowsWhere } from '../../../../test/giving-fixtures.ts';
import { clientAs, createPeople } from '../../../../test/people.ts';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'loopback' } });
});
afterAll(async () => {
  await t?.close();
});

type Row = Record<string, unknown>;
let emailCounter = 0;
const newEmail = () => `giver-${Date.now()}-${++emailCounter}@example.org`;

function donation(overrides: Record<string, unknown> = {}) {
  return {
    partnersId: 2,
    amount: 25.5,
    firstName: 'Grace',
    lastName: 'Hopper',
    email: newEmail(),
    note: 'For the library.',
    token: 'pm_card_visa',
    ...overrides,
  };
}

const donate = (
  body: Record<string, unknown>,
  headers: Record<string, string> = freshAddress(),
  host = 'demo.localhost',
) => t.client(host).post(`/api/payments?partnersId=${String(body.partnersId)}`, body, headers);

describe('POST /api/payments (general donation)', () => {
  it('takes a visitor donation in dollars, charges it in cents and answers the receipt URL as a JSON string', async () => {
    const body = donation();
    const res = await donate(body);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const url = res.json<string>();
    expect(url).toMatch(/^http:\/\/demo\.localhost:\d+\/receipts\/[A-Za-z0-9_-]{16,}$/);
    const [row] = await rowsWhere<Row>(t.database, 'donations', `email = '${String(body.email)}'`);
    expect(row).toMatchObject({
      partners_id: 2,
      users_id: null,
      amount: 2550,
      first_name: 'Grace',
      last_name: 'Hopper',
      note: 'For the library.',
    });
    const [payment] = await rowsWhere<Row>(t.database, 'payments', `donations_id = ${String(row!.id)}`);
    expect(payment).toMatchObject({ amount: 2550, status: 'succeeded', receipt_code: url.split('/').pop() });
    const [order] = await rowsWhere<Row>(t.database, 'orders', `id = ${String(payment!.orders_id)}`);
    expect(order).toMatchObject({ kind: 'donation', status: 'succeeded', base_amount: 2550 });
    const [charge] = await rowsWhere<Row>(
      t.database,
      'sandbox_charges',
      `id = '${String(payment!.gateway_charge_id)}'`,
    );
    expect(charge).toMatchObject({ amount: 2550, status: 'succeeded', account_id: 'acct_sandbox_demo' });
    const [mail] = await rowsWhere<Row>(
      t.database,
      'email_outbox',
      `dedupe_key = 'receipt:payment:${String(payment!.id)}'`,
    );
    expect(mail!.to_address).toBe(body.email);
  });

  it("links a signed-in donor's donation to their person record", async () => {
    const [who] = await createPeople(t.database, 1, 'donor');
    const res = await clientAs(t.port, who!).post(
      '/api/payments?partnersId=2',
      donation({ amount: 10, email: who!.email }),
      freshAddress(),
    );
    expect(res.status).toBe(200);
    const [row] = await rowsWhere<Row>(t.database, 'donations', `users_id = ${who!.usersId}`);
    expect(row!.amount).toBe(1000);
  });

  it('refuses an amount under the minimum of 1, or with more than two decimals, and records nothing', async () => {
    const before = await countWhere(t.database, 'orders', `kind = 'donation'`);
    const under = await donate(donation({ amount: 0.99 }));
    expect(under.status).toBe(400);
    expect(under.text).toBe('Invalid body: amount: amount must be at least 1');
    const fractions = await donate(donation({ amount: 10.005 }));
    expect(fractions.status).toBe(400);
    expect(fractions.text).toBe('Invalid body: amount: amount must have at most 2 decimals');
    expect(await countWhere(t.database, 'orders', `kind = 'donation'`)).toBe(before);
  });

  it('refuses a comment over 500 characters and a missing name', async () => {
    expect((await donate(donation({ note: 'x'.repeat(501) }))).status).toBe(400);
    expect((await donate(donation({ note: 'x'.repeat(500) }))).status).toBe(200);
    expect((await donate(donation({ firstName: '' }))).status).toBe(400);
  });

  it('answers a filled honeypot with the donation failure text and records nothing', async () => {
    const body = donation({ website: 'http://spam.example' });
    const before = await countWhere(t.database, 'orders', 'true');
    const res = await donate(body);
    expect(res.status).toBe(400);
    expect(res.text).toBe('Payment failed. Please check your information and try again.');
    expect(await countWhere(t.database, 'orders', 'true')).toBe(before);
    expect(await countWhere(t.database, 'donations', `email = '${String(body.email)}'`)).toBe(0);
    expect(await countWhere(t.database, 'payment_rate_events', `email = '${String(body.email)}'`)).toBe(0);
    expect((await donate(donation({ website: '' }))).status).toBe(200);
  });

  it('answers 402 with the decline message and records no donation', async () => {
    const body = donation({ token: 'pm_card_chargeDeclined' });
    const res = await donate(body);
    expect(res.status).toBe(402);
    expect(res.text).toBe('Your card was declined.');
    expect(await countWhere(t.database, 'donations', `email = '${String(body.email)}'`)).toBe(0);
    const insufficient = await donate(donation({ token: 'pm_card_chargeDeclinedInsufficientFunds' }));
    expect(insufficient.status).toBe(402);
    expect(insufficient.text).toBe('Your card has insufficient funds.');
  });

  it('answers 400 with the failure text for a payment method the provider does not know', async () => {
    const res = await donate(donation({ token: 'pm_sbx_doesnotexist' }));
    expect(res.status).toBe(400);
    expect(res.text).toBe('Payment failed. Please check your information and try again.');
  });

  it('refuses an unknown initiative and keeps a known one', async () => {
    const unknown = await donate(donation({ initiative: 999999 }));
    expect(unknown.status).toBe(400);
    expect(unknown.text).toBe('Initiative 999999 was not found.');
    const [initiative] = await rowsWhere<Row>(
      t.database,
      'sponsoreds',
      `partners_id = 2 AND sponsored_types_id = 4`,
    );
    const body = donation({ initiative: initiative!.id });
    expect((await donate(body)).status).toBe(200);
    const [row] = await rowsWhere<Row>(t.database, 'donations', `email = '${String(body.email)}'`);
    expect(row!.initiative).toBe(String(initiative!.id));
  });

  it('refuses a body naming another partner than the site', async () => {
    const res = await t
      .client()
      .post('/api/payments?partnersId=2', donation({ partnersId: 3 }), freshAddress());
    expect(res.status).toBe(400);
    expect(res.text).toBe('partnersId does not match this site.');
  });

  it('refuses a partner without general donations', async () => {
    const res = await donate(donation({ partnersId: 1 }), freshAddress(), 'kinship.localhost');
    expect(res.status).toBe(403);
    expect(res.text).toBe('General donations are not enabled for this site.');
  });

  it('answers the same receipt to a donation sent twice with the same Idempotency-Key, charging once', async () => {
    const body = donation();
    const headers = { ...freshAddress(), 'idempotency-key': `donation-${String(body.email)}` };
    const first = await donate(body, headers);
    const second = await donate(body, headers);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.json()).toBe(first.json());
    expect(await countWhere(t.database, 'donations', `email = '${String(body.email)}'`)).toBe(1);
  });
});

describe('card-testing protection on the donation form', () => {
  it('answers 429 with Retry-After after 10 attempts from one address in 10 minutes', async () => {
    const address = { 'x-forwarded-for': '203.0.113.5' };
    for (let i = 0; i < 10; i++) expect((await donate(donation({ amount: 1 }), address)).status).toBe(200);
    const res = await donate(donation({ amount: 1 }), address);
    expect(res.status).toBe(429);
    expect(res.text).toBe('Too many payment attempts. Please try again in 10 minutes.');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(500);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(600);
  });

  it('answers 429 after 5 failures under one email from any address', async () => {
    const email = newEmail();
    for (let i = 0; i < 5; i++) {
      expect((await donate(donation({ email, token: 'pm_card_chargeDeclined' }))).status).toBe(402);
    }
    const res = await donate(donation({ email }));
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3000);
  });

  it("turns on a partner form's strict mode after a burst of failures: visitors must sign in, limits halve", async () => {
    const maple = DEMO_IDS.partners.maple;
    // 19 failures on Maple's donation form in the last minutes (from many addresses), then one more.
    await t.database.db.insert(paymentRateEvents).values(
      Array.from({ length: 19 }, (_, i) => ({
        partnersId: maple,
        form: 'donation',
        outcome: 'failure',
        clientAddress: `198.51.100.${i}`,
        email: `bot${i}@example.org`,
        createdAt: sql`now() - interval '2 minutes'`,
      })),
    );
    const maple402 = await donate(
      donation({ partnersId: maple, token: 'pm_card_chargeDeclined' }),
      freshAddress(),
      'maple.localhost',
    );
    expect(maple402.status).toBe(402);
    const visitor = await donate(donation({ partnersId: maple }), freshAddress(), 'maple.localhost');
    expect(visitor.status).toBe(401);
    expect(visitor.text).toBe(
      'Many payments failed on this form recently, so donations here need an account for a while. Please sign in to donate.',
    );
    // The demo partner's form is not affected.
    expect((await donate(donation())).status).toBe(200);
    // A signed-in donor may give, with halved limits: 5 attempts per address.
    const [who] = await createPeople(t.database, 1, 'strict');
    const address = freshAddress();
    for (let i = 0; i < 5; i++) {
      const ok = await clientAs(t.port, who!, 'maple.localhost').post(
        '/api/payments?partnersId=3',
        donation({ partnersId: maple, amount: 1 }),
        address,
      );
      expect(ok.status).toBe(200);
    }
    const sixth = await clientAs(t.port, who!, 'maple.localhost').post(
      '/api/payments?partnersId=3',
      donation({ partnersId: maple, amount: 1 }),
      address,
    );
    expect(sixth.status).toBe(429);
    const [guard] = await rowsWhere<Row>(t.database, 'payment_form_guards', `partners_id = ${maple}`);
    const minutes = (new Date(String(guard!.strict_until)).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(55);
    expect(minutes).toBeLessThanOrEqual(60);
  });
});
