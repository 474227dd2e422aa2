import { BOOST_NOT_ALLOWED_MESSAGE, CART_ISSUE_MESSAGE } from '@kinship/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slotHolds, sponsoreds, userSponsoreds } from '../../../db/schema/index.ts';
import { DEMO_IDS } from '../../../seed/demo.ts';
import {
  freshAddress,
  insertRecord,
  line,
  rowsWhere,
  slotsFilledOf,
  countWhere,
} from '../../../../test/giving-fixtures.ts';
import { clientAs, createPeople, type TestPerson } from '../../../../test/people.ts';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'loopback' } });
});
afterAll(async () => {
  await t?.close();
});

const RECEIPT_URL = /^http:\/\/demo\.localhost:\d+\/receipts\/[A-Za-z0-9_-]{16,}$/;

async function person(): Promise<TestPerson> {
  return (await createPeople(t.database, 1, 'checkout'))[0]!;
}

function checkoutAs(
  who: TestPerson | null,
  interval: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const client = who ? clientAs(t.port, who) : t.client();
  return client.post(`/api/payments/checkout/${interval}?partnersId=2`, body, {
    ...freshAddress(),
    ...headers,
  });
}

function body(
  who: TestPerson,
  lines: readonly Record<string, unknown>[],
  baseAmount: number,
  additionalAmount: number,
  pm = 'pm_card_visa',
) {
  return {
    partnersId: 2,
    stripePaymentIntent: pm,
    userSponsoreds: lines,
    email: who.email,
    firstName: who.firstName,
    lastName: who.lastName,
    baseAmount,
    additionalAmount,
  };
}

type Row = Record<string, unknown>;

describe('POST /api/payments/checkout/{interval}', () => {
  it('sponsors two slots monthly with a 5% boost at the recomputed amounts', async () => {
    const who = await person();
    const record = await insertRecord(t.database, { maxSlots: 5 });
    const res = await checkoutAs(who, 'month', body(who, [line(record, 2)], 10000, 500));
    expect(res.status).toBe(200);
    const { invoice } = res.json<{ invoice: string }>();
    expect(invoice).toMatch(RECEIPT_URL);
    const code = invoice.split('/').pop()!;

    expect(await slotsFilledOf(t.database, record)).toBe(2);
    const [order] = await rowsWhere<Row>(t.database, 'orders', `users_id = ${who.usersId}`);
    expect(order).toMatchObject({
      kind: 'subscription',
      status: 'succeeded',
      interval: 'month',
      base_amount: 10000,
      additional_amount: 500,
      receipt_code: code,
    });
    const [subscription] = await rowsWhere<Row>(t.database, 'subscriptions', `users_id = ${who.usersId}`);
    expect(subscription).toMatchObject({
      status: 'active',
      interval: 'month',
      base_amount: 10000,
      additional_amount: 500,
      orders_id: order!.id,
    });
    expect(String(subscription!.gateway_subscription_id)).toMatch(/^sub_sbx_/);
    const [sponsorship] = await rowsWhere<Row>(t.database, 'user_sponsoreds', `users_id = ${who.usersId}`);
    expect(sponsorship).toMatchObject({
      sponsoreds_id: record,
      num_slots: 2,
      amount: 10000,
      interval: 'month',
      subscriptions_id: subscription!.id,
      date_ended: null,
      is_manual: false,
    });
    const [payment] = await rowsWhere<Row>(t.database, 'payments', `orders_id = ${order!.id}`);
    expect(payment).toMatchObject({
      amount: 10500,
      status: 'succeeded',
      receipt_code: code,
      subscriptions_id: subscription!.id,
    });
    // The provider charged exactly the recomputed total once.
    const charges = await rowsWhere<Row>(
      t.database,
      'sandbox_charges',
      `subscription_id = '${String(subscription!.gateway_subscription_id)}'`,
    );
    expect(charges.map((c) => [c.amount, c.status])).toEqual([[10500, 'succeeded']]);
    expect(payment!.gateway_charge_id).toBe(charges[0]!.id);
    // The receipt email is in the outbox, written with the payment.
    expect(
      await countWhere(t.database, 'email_outbox', `dedupe_key = 'receipt:payment:${String(payment!.id)}'`),
    ).toBe(1);
    // The hold became the sponsorship.
    const holds = await t.database.db
      .select()
      .from(slotHolds)
      .where(eq(slotHolds.ordersId, order!.id as number));
    expect(holds).toHaveLength(1);
    expect(holds[0]!.releasedAt).not.toBeNull();

    const me = await clientAs(t.port, who).get('/api/users/getByToken?partnersId=2');
    expect(me.status).toBe(200);
    const sponsorships = me.json<{
      userSponsoreds: { sponsoredsId: number; numSlots: number; interval: string; dateEnded: null }[];
    }>().userSponsoreds;
    expect(sponsorships).toEqual([
      expect.objectContaining({ sponsoredsId: record, numSlots: 2, interval: 'month', dateEnded: null }),
    ]);
  });

  it('sponsors annually at 12 times the monthly plan, the period ending a year on', async () => {
    const who = await person();
    const record = await insertRecord(t.database, { type: 'classes', maxSlots: 10, slotsFilled: 4 });
    const res = await checkoutAs(who, 'year', body(who, [line(record, 1, { type: 'classes' })], 30000, 0));
    expect(res.status).toBe(200);
    const [subscription] = await rowsWhere<Row>(t.database, 'subscriptions', `users_id = ${who.usersId}`);
    expect(subscription).toMatchObject({ interval: 'year', base_amount: 30000, additional_amount: 0 });
    const days = (new Date(String(subscription!.current_period_end)).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(367);
    expect(await slotsFilledOf(t.database, record)).toBe(5);
    const [sponsorship] = await rowsWhere<Row>(t.database, 'user_sponsoreds', `users_id = ${who.usersId}`);
    expect(sponsorship).toMatchObject({ amount: 30000, interval: 'year', num_slots: 1 });
  });

  it('answers 402 with the decline, releasing the hold and recording no sponsorship or payment', async () => {
    const who = await person();
    const record = await insertRecord(t.database, { maxSlots: 1 });
    const res = await checkoutAs(
      who,
      'month',
      body(who, [line(record, 1)], 5000, 250, 'pm_card_chargeDeclined'),
    );
    expect(res.status).toBe(402);
    expect(res.text).toBe('Your card was declined.');
    expect(await slotsFilledOf(t.database, record)).toBe(0);
    expect(await countWhere(t.database, 'user_sponsoreds', `sponsoreds_id = ${record}`)).toBe(0);
    const [order] = await rowsWhere<Row>(t.database, 'orders', `users_id = ${who.usersId}`);
    expect(order).toMatchObject({ status: 'failed', failure_message: 'Your card was declined.' });
    expect(await countWhere(t.database, 'payments', `orders_id = ${String(order!.id)}`)).toBe(0);
    expect(await countWhere(t.database, 'subscriptions', `users_id = ${who.usersId}`)).toBe(0);
    expect(
      await countWhere(t.database, 'slot_holds', `orders_id = ${String(order!.id)} AND released_at IS NULL`),
    ).toBe(0);
    // The slot is free again: another donor can take it.
    const next = await person();
    expect((await checkoutAs(next, 'month', body(next, [line(record, 1)], 5000, 250))).status).toBe(200);
  });

  it('answers 402 with insufficient funds for a card tokenised by the sandbox card field', async () => {
    const who = await person();
    const record = await insertRecord(t.database, { maxSlots: 2 });
    const token = await t.client().post('/api/sandbox/paymentmethods?partnersId=2', {
      number: '4000 0000 0000 9995',
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 2,
      cvc: '123',
    });
    expect(token.status).toBe(200);
    const { id } = token.json<{ id: string }>();
    const res = await checkoutAs(who, 'month', body(who, [line(record, 1)], 5000, 0, id));
    expect(res.status).toBe(402);
    expect(res.text).toBe('Your card has insufficient funds.');
    expect(await slotsFilledOf(t.database, record)).toBe(0);
  });

  it('names the cart issue, a changed price and a declined card in x-error-code (decision 065)', async () => {
    const who = await person();
    const full = await insertRecord(t.database, { maxSlots: 3, slotsFilled: 2 });
    const cart = await checkoutAs(who, 'month', body(who, [line(full, 2)], 10000, 500));
    expect([cart.status, cart.headers['x-error-code'], cart.text]).toEqual([
      409,
      'slots_full',
      CART_ISSUE_MESSAGE,
    ]);
    // A record no longer open answers the same status and text with its own code (decision 067).
    const closed = await insertRecord(t.database, { maxSlots: 3 });
    await t.database.db.update(sponsoreds).set({ status: 'inactive' }).where(eq(sponsoreds.id, closed));
    const gone = await checkoutAs(who, 'month', body(who, [line(closed, 1)], 5000, 250));
    expect([gone.status, gone.headers['x-error-code'], gone.text]).toEqual([
      409,
      'record_closed',
      CART_ISSUE_MESSAGE,
    ]);
    const open = await insertRecord(t.database, { maxSlots: 5 });
    const price = await checkoutAs(who, 'month', body(who, [line(open, 2)], 9000, 450));
    expect([price.status, price.headers['x-error-code']]).toEqual([409, 'price_changed']);
    const token = await t.client().post('/api/sandbox/paymentmethods?partnersId=2', {
      number: '4000 0000 0000 9995',
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 2,
      cvc: '123',
    });
    const { id } = token.json<{ id: string }>();
    const declined = await checkoutAs(who, 'month', body(who, [line(open, 1)], 5000, 0, id));
    expect([declined.status, declined.headers['x-error-code'], declined.text]).toEqual([
      402,
      'payment_declined',
      'Your card has insufficient funds.',
    ]);
  });

  it('answers 409 with the cart-issue message when fewer slots remain than asked for', async () => {
    const who = await person();
    const record = await insertRecord(t.database, { maxSlots: 3, slotsFilled: 2 });
    const res = await checkoutAs(who, 'month', body(who, [line(record, 2)], 10000, 500));
    expect(res.status).toBe(409);
    expect(res.text).toBe(CART_ISSUE_MESSAGE);
    expect(res.text).toBe(
      'There are issues with your cart. Invalid cart item. Please remove this item from your cart and attempt to re-add. This may happen when another donor has sponsored this item in the time since it was added to your cart',
    );
    expect(await countWhere(t.database, 'orders', `users_id = ${who.usersId}`)).toBe(0);
    expect(await countWhere(t.database, 'slot_holds', `sponsoreds_id = ${record}`)).toBe(0);
  });

  it("counts another donor's unexpired hold as taken, and an expired one as free", async () => {
    const other = await person();
    const record = await insertRecord(t.database, { maxSlots: 1 });
    const [hold] = await t.database.db
      .insert(slotHolds)
      .values({
        partnersId: 2,
        sponsoredsId: record,
        usersId: other.usersId,
        numSlots: 1,
        expiresAt: sql`now() + interval '10 minutes'`,
      })
      .returning();
    const who = await person();
    const res = await checkoutAs(who, 'month', body(who, [line(record, 1)], 5000, 0));
    expect(res.status).toBe(409);
    expect(res.text).toBe(CART_ISSUE_MESSAGE);
    expect(res.headers['x-error-code']).toBe('slots_full');
    await t.database.db
      .update(slotHolds)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(slotHolds.id, hold!.id));
    expect((await checkoutAs(who, 'month', body(who, [line(record, 1)], 5000, 0))).status).toBe(200);
  });

  it('takes a line’s usersId exactly as GET users/getByToken answers it, or as the same id in digits', async () => {
    const who = await person();
    const me = await clientAs(t.port, who).get('/api/users/getByToken?partnersId=2');
    expect(me.status).toBe(200);
    const { id } = me.json<{ id: unknown }>();
    expect(typeof id).toBe('number');
    for (const usersId of [id, String(id)]) {
      const record = await insertRecord(t.database, { maxSlots: 5 });
      const lineAsGiven = { ...line(record, 1), usersId };
      const res = await checkoutAs(who, 'month', body(who, [lineAsGiven], 5000, 0));
      expect(res.status, `usersId ${JSON.stringify(usersId)}: ${res.text}`).toBe(200);
    }
  });

  it('refuses a line’s usersId in any other form with a 400 naming the field', async () => {
    const who = await person();
    const record = await insertRecord(t.database, { maxSlots: 5 });
    for (const usersId of [
      `${who.usersId}abc`,
      ` ${who.usersId}`,
      `0${who.usersId}`,
      -who.usersId,
      1.5,
      true,
      null,
    ]) {
      const res = await checkoutAs(who, 'month', body(who, [{ ...line(record, 1), usersId }], 5000, 0));
      expect(res.status, `usersId ${JSON.stringify(usersId)}`).toBe(400);
      expect(res.text).toContain('usersId');
    }
    expect(await countWhere(t.database, 'orders', `users_id = ${who.usersId}`)).toBe(0);
  });

  it('answers 409 telling the donor the price changed when the base amount is not the plan price', async () => {
    const who = await person();
    const record = await insertRecord(t.database, { maxSlots: 5 });
    const res = await checkoutAs(who, 'month', body(who, [line(record, 2)], 9000, 450));
    expect(res.status).toBe(409);
    expect(res.text).toBe(
      'The price of your sponsorship has changed to $100.00. Please review your cart and try again.',
    );
    expect(await countWhere(t.database, 'orders', `users_id = ${who.usersId}`)).toBe(0);
  });

  it('refuses a boost other than 0, 3, 5 or 10 percent', async () => {
    const who = await person();
    const record = await insertRecord(t.database, { maxSlots: 5 });
    const res = await checkoutAs(who, 'month', body(who, [line(record, 1)], 5000, 400));
    expect(res.status).toBe(400);
    expect(res.text).toBe(BOOST_NOT_ALLOWED_MESSAGE);
  });

  it('answers 401 to a visitor', async () => {
    const who = await person();
    const record = await insertRecord(t.database, { maxSlots: 5 });
    const res = await checkoutAs(null, 'month', body(who, [line(record, 1)], 5000, 0));
    expect(res.status).toBe(401);
    expect(res.text).toBe('Please register or sign in to check out.');
  });

  it('refuses an interval other than month or year, and a body naming another partner', async () => {
    const who = await person();
    const record = await insertRecord(t.database, { maxSlots: 5 });
    expect((await checkoutAs(who, 'week', body(who, [line(record, 1)], 5000, 0))).status).toBe(400);
    const wrong = await checkoutAs(who, 'month', { ...body(who, [line(record, 1)], 5000, 0), partnersId: 3 });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toBe('partnersId does not match this site.');
  });

  it('answers 400 when the partner is not configured to take payments', async () => {
    const [who] = await createPeople(t.database, 1, 'platform');
    const res = await clientAs(t.port, who!, 'kinship.localhost').post(
      '/api/payments/checkout/month?partnersId=1',
      { ...body(who!, [line(DEMO_IDS.maskedNotSponsored, 1, { type: 'students' })], 3900, 0), partnersId: 1 },
      freshAddress(),
    );
    expect(res.status).toBe(400);
    expect(res.text).toBe('Partner is not configured to take payments.');
  });

  it('makes one sponsorship and one charge of a checkout sent twice with the same Idempotency-Key', async () => {
    const who = await person();
    const record = await insertRecord(t.database, { maxSlots: 5 });
    const key = `checkout-${who.usersId}-1`;
    const request = body(who, [line(record, 1)], 5000, 250);
    const first = await checkoutAs(who, 'month', request, { 'idempotency-key': key });
    const second = await checkoutAs(who, 'month', request, { 'idempotency-key': key });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.json()).toEqual(first.json());
    // Sent at the same moment, the same key still answers one invoice (even for the record's last slot).
    const other = await insertRecord(t.database, { maxSlots: 1 });
    const request2 = body(who, [line(other, 1)], 5000, 250);
    const [a, b] = await Promise.all([
      checkoutAs(who, 'month', request2, { 'idempotency-key': `${key}-both` }),
      checkoutAs(who, 'month', request2, { 'idempotency-key': `${key}-both` }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    expect(a.json()).not.toEqual(first.json());

    expect(await countWhere(t.database, 'orders', `users_id = ${who.usersId}`)).toBe(2);
    expect(await countWhere(t.database, 'subscriptions', `users_id = ${who.usersId}`)).toBe(2);
    const subs = await rowsWhere<Row>(t.database, 'subscriptions', `users_id = ${who.usersId}`);
    const gatewayIds = subs.map((s) => `'${String(s.gateway_subscription_id)}'`).join(',');
    expect(await countWhere(t.database, 'sandbox_charges', `subscription_id IN (${gatewayIds})`)).toBe(2);
  });

  it('keeps one sponsorship for the same key even after the first answer', async () => {
    const who = await person();
    const record = await insertRecord(t.database, { maxSlots: 5 });
    const key = `checkout-${who.usersId}-once`;
    const request = body(who, [line(record, 2)], 10000, 0);
    for (let i = 0; i < 3; i++)
      expect((await checkoutAs(who, 'month', request, { 'idempotency-key': key })).status).toBe(200);
    expect(await slotsFilledOf(t.database, record)).toBe(2);
    expect(
      await t.database.db.select().from(userSponsoreds).where(eq(userSponsoreds.sponsoredsId, record)),
    ).toHaveLength(1);
  });

  it('replays a declined checkout as the same decline, and refuses the key for another person', async () => {
    const who = await person();
    const record = await insertRecord(t.database, { maxSlots: 5 });
    const key = `checkout-${who.usersId}-declined`;
    const request = body(who, [line(record, 1)], 5000, 0, 'pm_card_chargeDeclined');
    expect((await checkoutAs(who, 'month', request, { 'idempotency-key': key })).status).toBe(402);
    const again = await checkoutAs(who, 'month', request, { 'idempotency-key': key });
    expect(again.status).toBe(402);
    expect(again.text).toBe('Your card was declined.');
    const other = await person();
    const stolen = await checkoutAs(other, 'month', body(other, [line(record, 1)], 5000, 0), {
      'idempotency-key': key,
    });
    expect(stolen.status).toBe(409);
    expect(stolen.text).toBe('This Idempotency-Key was already used for a different request.');
  });

  it('refuses a second sponsorship of a record the person already sponsors', async () => {
    const who = await person();
    const record = await insertRecord(t.database, { maxSlots: 5 });
    expect((await checkoutAs(who, 'month', body(who, [line(record, 1)], 5000, 0))).status).toBe(200);
    const again = await checkoutAs(who, 'month', body(who, [line(record, 1)], 5000, 0));
    expect(again.status).toBe(409);
    expect(again.text).toBe('You already sponsor Testa. You can manage it from your profile.');
  });

  it('converts a manual sponsorship to paid without taking another slot', async () => {
    const who = await person();
    const record = await insertRecord(t.database, { maxSlots: 1, slotsFilled: 1 });
    await t.database.db
      .insert(userSponsoreds)
      .values({ partnersId: 2, usersId: who.usersId, sponsoredsId: record, numSlots: 1, isManual: true });
    const res = await checkoutAs(who, 'month', body(who, [line(record, 1, { conversion: true })], 5000, 150));
    expect(res.status).toBe(200);
    expect(await slotsFilledOf(t.database, record)).toBe(1);
    const rows = await rowsWhere<Row>(t.database, 'user_sponsoreds', `sponsoreds_id = ${record}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ is_manual: false, amount: 5000, interval: 'month', date_ended: null });
    expect(rows[0]!.subscriptions_id).not.toBeNull();
    const notManual = await checkoutAs(
      who,
      'month',
      body(who, [line(record, 1, { conversion: true })], 5000, 0),
    );
    expect(notManual.status).toBe(400);
    expect(notManual.text).toBe('There is no manual sponsorship of this record to convert.');
  });

  it('saves the new card for later, and a saved card pays the next checkout', async () => {
    const who = await person();
    const first = await insertRecord(t.database, { maxSlots: 5 });
    expect((await checkoutAs(who, 'month', body(who, [line(first, 1)], 5000, 0))).status).toBe(200);
    const methods = await clientAs(t.port, who).get(
      `/api/payments/${who.usersId}/paymentmethods?partnersId=2`,
    );
    expect(methods.status).toBe(200);
    const saved =
      methods.json<{ id: string; isDefault: boolean; card: { brand: string; last4: string } }[]>();
    expect(saved).toEqual([
      expect.objectContaining({
        type: 'card',
        isDefault: true,
        card: expect.objectContaining({ brand: 'visa', last4: '4242' }),
      }),
    ]);
    const second = await insertRecord(t.database, { type: 'classes', maxSlots: 10 });
    const res = await checkoutAs(
      who,
      'year',
      body(who, [line(second, 1, { type: 'classes' })], 30000, 3000, saved[0]!.id),
    );
    expect(res.status).toBe(200);
    const again = await clientAs(t.port, who).get(`/api/payments/${who.usersId}/paymentmethods?partnersId=2`);
    expect(again.json()).toHaveLength(1);
  });

  it("refuses another person's saved card", async () => {
    const owner = await person();
    const record = await insertRecord(t.database, { maxSlots: 5 });
    expect((await checkoutAs(owner, 'month', body(owner, [line(record, 1)], 5000, 0))).status).toBe(200);
    const [method] = await rowsWhere<Row>(t.database, 'payment_methods', `users_id = ${owner.usersId}`);
    const thief = await person();
    const res = await checkoutAs(
      thief,
      'month',
      body(thief, [line(record, 1)], 5000, 0, String(method!.gateway_payment_method_id)),
    );
    expect(res.status).toBe(400);
    expect(res.text).toBe('This payment method cannot be used.');
    expect(await slotsFilledOf(t.database, record)).toBe(1);
  });

  it('sponsors several records in one subscription', async () => {
    const who = await person();
    const teacher = await insertRecord(t.database, { maxSlots: 5 });
    const klass = await insertRecord(t.database, { type: 'classes', maxSlots: 10 });
    const res = await checkoutAs(
      who,
      'month',
      body(who, [line(teacher, 2), line(klass, 1, { type: 'classes' })], 12500, 1250),
    );
    expect(res.status).toBe(200);
    const rows = await rowsWhere<Row>(t.database, 'user_sponsoreds', `users_id = ${who.usersId}`);
    expect(rows.map((r) => [r.sponsoreds_id, r.num_slots, r.amount])).toEqual([
      [teacher, 2, 10000],
      [klass, 1, 2500],
    ]);
    const [payment] = await rowsWhere<Row>(
      t.database,
      'payments',
      `subscriptions_id = ${String(rows[0]!.subscriptions_id)}`,
    );
    expect(payment!.amount).toBe(13750);
  });
});

describe('POST /api/payments/checkout (the checkout helper)', () => {
  it('takes the interval in the body', async () => {
    const who = await person();
    const record = await insertRecord(t.database, { maxSlots: 5 });
    const res = await clientAs(t.port, who).post(
      '/api/payments/checkout?partnersId=2',
      {
        partnersId: 2,
        stripePaymentIntent: 'pm_card_mastercard',
        userSponsoreds: [line(record, 1)],
        baseAmount: 60000,
        additionalAmount: 1800,
        paymentInterval: 'year',
      },
      freshAddress(),
    );
    expect(res.status).toBe(200);
    expect(res.json<{ invoice: string }>().invoice).toMatch(RECEIPT_URL);
    const [subscription] = await rowsWhere<Row>(t.database, 'subscriptions', `users_id = ${who.usersId}`);
    expect(subscription).toMatchObject({ interval: 'year', base_amount: 60000, additional_amount: 1800 });
  });
});

describe('card-testing protection at checkout', () => {
  const post = (who: TestPerson, record: number, pm: string, address: string) =>
    clientAs(t.port, who).post(
      '/api/payments/checkout/month?partnersId=2',
      body(who, [line(record, 1, { type: 'classes' })], 2500, 0, pm),
      { 'x-forwarded-for': address },
    );

  it('answers 429 with Retry-After once an address made 10 payment attempts in 10 minutes', async () => {
    const record = await insertRecord(t.database, { type: 'classes', maxSlots: 20 });
    const people = await createPeople(t.database, 11, 'attempts');
    for (const who of people.slice(0, 10))
      expect((await post(who, record, 'pm_card_visa', '192.0.2.10')).status).toBe(200);
    const res = await post(people[10]!, record, 'pm_card_visa', '192.0.2.10');
    expect(res.status).toBe(429);
    expect(res.text).toBe('Too many payment attempts. Please try again in 10 minutes.');
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // Nothing was held or charged for the refused request; another address is not affected.
    expect(await slotsFilledOf(t.database, record)).toBe(10);
    expect((await post(people[10]!, record, 'pm_card_visa', '192.0.2.11')).status).toBe(200);
  });

  it('answers 429 after 5 failed payments from an address within the hour', async () => {
    const record = await insertRecord(t.database, { type: 'classes', maxSlots: 10 });
    const people = await createPeople(t.database, 6, 'failures');
    for (const who of people.slice(0, 5))
      expect((await post(who, record, 'pm_card_chargeDeclined', '192.0.2.20')).status).toBe(402);
    const res = await post(people[5]!, record, 'pm_card_visa', '192.0.2.20');
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3000);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(3600);
  });

  it('answers 429 after 5 failed payments under one email, whatever the address', async () => {
    const record = await insertRecord(t.database, { type: 'classes', maxSlots: 10 });
    const who = await person();
    for (let i = 0; i < 5; i++)
      expect((await post(who, record, 'pm_card_chargeDeclined', `192.0.2.${30 + i}`)).status).toBe(402);
    const res = await post(who, record, 'pm_card_visa', '192.0.2.40');
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
  });
});
