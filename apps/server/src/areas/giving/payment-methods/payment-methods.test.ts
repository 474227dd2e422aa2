import { invalidatePartnerCache } from '../../partners/site/partner-cache.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freshAddress,
  insertRecord,
  line,
  rowsWhere,
  slotsFilledOf,
} from '../../../../test/giving-fixtures.ts';
import type { TestClient } from '../../../../test/http-client.ts';
import { clientAs, createPeople, type TestPerson } from '../../../../test/people.ts';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'loopback' } });
});
afterAll(async () => {
  await t?.close();
});

type Row = Record<string, unknown>;
interface Method {
  id: string;
  type: string;
  isDefault: boolean;
  card: { brand: string; last4: string; expMonth: number; expYear: number } | null;
  acssDebit: { last4: string } | null;
}

const year = new Date().getUTCFullYear() + 2;

/** Saves a card the way the payment settings page does: a setup intent, the sandbox card field, then confirm. */
async function saveCard(client: TestClient, number: string, host = 'demo.localhost'): Promise<string> {
  const partnersId = host.startsWith('maple') ? 3 : 2;
  const intent = await client.get(`/api/payments/setupintent?partnersId=${partnersId}`);
  expect(intent.status).toBe(200);
  const { id, clientSecret } = intent.json<{ id: string; clientSecret: string }>();
  expect(id).toMatch(/^seti_sbx_/);
  expect(clientSecret.startsWith(`${id}_secret_`)).toBe(true);
  const token = await t.client(host).post(`/api/sandbox/paymentmethods?partnersId=${partnersId}`, {
    number,
    expMonth: 11,
    expYear: year,
    cvc: '314',
  });
  expect(token.status).toBe(200);
  const pm = token.json<{ id: string }>().id;
  const confirmed = await t
    .client(host)
    .post(`/api/sandbox/setupintents/${id}/confirm?partnersId=${partnersId}`, {
      clientSecret,
      paymentMethod: pm,
    });
  expect(confirmed.status).toBe(200);
  expect(confirmed.json()).toEqual({ id, status: 'succeeded', paymentMethod: pm });
  return pm;
}

async function methodsOf(who: TestPerson, host = 'demo.localhost'): Promise<Method[]> {
  const partnersId = host.startsWith('maple') ? 3 : 2;
  const res = await clientAs(t.port, who, host).get(
    `/api/payments/${who.usersId}/paymentmethods?partnersId=${partnersId}`,
  );
  expect(res.status).toBe(200);
  return res.json<Method[]>();
}

describe('saved payment methods', () => {
  it('answers 401 to a visitor', async () => {
    expect((await t.client().get('/api/payments/setupintent?partnersId=2')).status).toBe(401);
    expect((await t.client().get('/api/payments/1/paymentmethods?partnersId=2')).status).toBe(401);
  });

  it('saves a card through a setup intent and lists it as the default, by reference only', async () => {
    const [who] = await createPeople(t.database, 1, 'methods');
    const client = clientAs(t.port, who!);
    expect(await methodsOf(who!)).toEqual([]);
    const pm = await saveCard(client, '4242 4242 4242 4242');
    expect(await methodsOf(who!)).toEqual([
      {
        id: pm,
        type: 'card',
        card: { brand: 'visa', last4: '4242', expMonth: 11, expYear: year },
        usBankAccount: null,
        acssDebit: null,
        isDefault: true,
        lastPaymentFailed: false,
      },
    ]);
    const stored = JSON.stringify([
      ...(await rowsWhere(t.database, 'payment_methods', `users_id = ${who!.usersId}`)),
      ...(await rowsWhere(t.database, 'sandbox_payment_methods', `id = '${pm}'`)),
    ]);
    expect(stored).toContain('4242');
    expect(stored).not.toContain('4242424242424242');
  });

  it('makes another card the default, at the provider too', async () => {
    const [who] = await createPeople(t.database, 1, 'default');
    const client = clientAs(t.port, who!);
    const visa = await saveCard(client, '4242424242424242');
    const mastercard = await saveCard(client, '5555555555554444');
    expect((await methodsOf(who!)).map((m) => [m.id, m.isDefault, m.card?.brand])).toEqual([
      [visa, true, 'visa'],
      [mastercard, false, 'mastercard'],
    ]);
    const res = await client.request(
      'PUT',
      `/api/payments/updatedefaultpaymentmethod/${mastercard}?partnersId=2`,
      undefined,
      { 'content-type': 'application/json' },
    );
    expect(res.status).toBe(200);
    expect(res.json<Method[]>().map((m) => [m.id, m.isDefault])).toEqual([
      [visa, false],
      [mastercard, true],
    ]);
    const [customer] = await rowsWhere<Row>(t.database, 'gateway_customers', `users_id = ${who!.usersId}`);
    const [atProvider] = await rowsWhere<Row>(
      t.database,
      'sandbox_customers',
      `id = '${String(customer!.gateway_customer_id)}'`,
    );
    expect(atProvider!.default_payment_method_id).toBe(mastercard);
  });

  it("keeps a person out of another person's methods", async () => {
    const [owner, other] = await createPeople(t.database, 2, 'owner');
    const pm = await saveCard(clientAs(t.port, owner!), '4242424242424242');
    const intruder = clientAs(t.port, other!);
    const list = await intruder.get(`/api/payments/${owner!.usersId}/paymentmethods?partnersId=2`);
    expect(list.status).toBe(403);
    expect(list.text).toBe('You can only see your own payment methods.');
    const removed = await intruder.request('DELETE', `/api/payments/paymentmethod/${pm}?partnersId=2`);
    expect(removed.status).toBe(404);
    expect(removed.text).toBe('Payment method not found.');
    const madeDefault = await intruder.request(
      'PUT',
      `/api/payments/updatedefaultpaymentmethod/${pm}?partnersId=2`,
    );
    expect(madeDefault.status).toBe(404);
    expect(await methodsOf(owner!)).toHaveLength(1);
  });

  it('removes a method, the next one becoming the default', async () => {
    const [who] = await createPeople(t.database, 1, 'remove');
    const client = clientAs(t.port, who!);
    const visa = await saveCard(client, '4242424242424242');
    const mastercard = await saveCard(client, '5555555555554444');
    const res = await client.request(
      'DELETE',
      `/api/payments/paymentmethod/${visa}?partnersId=2`,
      undefined,
      { 'content-type': 'application/json' },
    );
    expect(res.status).toBe(204);
    expect((await methodsOf(who!)).map((m) => [m.id, m.isDefault])).toEqual([[mastercard, true]]);
    const [detached] = await rowsWhere<Row>(t.database, 'sandbox_payment_methods', `id = '${visa}'`);
    expect(detached!.detached_at).not.toBeNull();
  });

  it('refuses to remove the method paying an active sponsorship', async () => {
    const [who] = await createPeople(t.database, 1, 'inuse');
    const client = clientAs(t.port, who!);
    const record = await insertRecord(t.database, { maxSlots: 5 });
    const pm = await saveCard(client, '4242424242424242');
    const paid = await client.post(
      '/api/payments/checkout/month?partnersId=2',
      {
        partnersId: 2,
        stripePaymentIntent: pm,
        userSponsoreds: [line(record, 1)],
        email: who!.email,
        firstName: 'A',
        lastName: 'B',
        baseAmount: 5000,
        additionalAmount: 0,
      },
      freshAddress(),
    );
    expect(paid.status).toBe(200);
    const res = await client.request('DELETE', `/api/payments/paymentmethod/${pm}?partnersId=2`);
    expect(res.status).toBe(409);
    expect(res.text).toBe(
      'This payment method pays for an active sponsorship. Choose another payment method for it first.',
    );
  });
});

describe('bank payment methods', () => {
  it('are refused where the partner does not allow banks, freeing the held slot', async () => {
    const [who] = await createPeople(t.database, 1, 'bank');
    const record = await insertRecord(t.database, { maxSlots: 1 });
    const res = await clientAs(t.port, who!).post(
      '/api/payments/checkout/month?partnersId=2',
      {
        partnersId: 2,
        stripePaymentIntent: 'pm_usBankAccount',
        userSponsoreds: [line(record, 1)],
        email: who!.email,
        firstName: 'A',
        lastName: 'B',
        baseAmount: 5000,
        additionalAmount: 0,
      },
      freshAddress(),
    );
    expect(res.status).toBe(400);
    expect(res.text).toBe('Bank payments are not accepted here. Please use a card.');
    expect(await slotsFilledOf(t.database, record)).toBe(0);
    expect(
      await rowsWhere(t.database, 'slot_holds', `sponsoreds_id = ${record} AND released_at IS NULL`),
    ).toEqual([]);
    expect(await methodsOf(who!)).toEqual([]);
  });

  it('are taken and listed where the partner allows banks', async () => {
    await t.database.db.execute(`UPDATE partners SET allow_banks = true WHERE id = 3` as never);
    await invalidatePartnerCache(t.database.db, 3);
    try {
      const [who] = await createPeople(t.database, 1, 'maplebank');
      const record = await insertRecord(t.database, { partner: 'maple', type: 'classes', maxSlots: 5 });
      const res = await clientAs(t.port, who!, 'maple.localhost').post(
        '/api/payments/checkout/month?partnersId=3',
        {
          partnersId: 3,
          stripePaymentIntent: 'pm_acssDebit',
          userSponsoreds: [line(record, 1, { partner: 'maple', type: 'classes' })],
          email: who!.email,
          firstName: 'A',
          lastName: 'B',
          baseAmount: 2500,
          additionalAmount: 0,
        },
        freshAddress(),
      );
      expect(res.status).toBe(200);
      const methods = await methodsOf(who!, 'maple.localhost');
      expect(methods).toEqual([
        expect.objectContaining({
          type: 'acss_debit',
          card: null,
          acssDebit: expect.objectContaining({ last4: '6789' }),
          isDefault: true,
        }),
      ]);
      await t.database.db.execute(`UPDATE partners SET allow_banks = false WHERE id = 3` as never);
      await invalidatePartnerCache(t.database.db, 3);
      expect(await methodsOf(who!, 'maple.localhost')).toEqual([]);
    } finally {
      await t.database.db.execute(`UPDATE partners SET allow_banks = false WHERE id = 3` as never);
      await invalidatePartnerCache(t.database.db, 3);
    }
  });
});
