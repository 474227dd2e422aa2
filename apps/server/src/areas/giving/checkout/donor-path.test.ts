import { MESSAGES } from '@kinship/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { countWhere, freshAddress, insertRecord, line, rowsWhere } from '../../../../test/giving-fixtures.ts';
import type { TestClient } from '../../../../test/http-client.ts';
import { clientAs, createPeople, type TestPerson } from '../../../../test/people.ts';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';

// The server side of the donor's path (issue 9): a declined card is never kept nor made the default,
// a record the person already sponsors is refused before any card is touched, and records are named
// the same way everywhere (persons by name, classes and initiatives by title).

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'loopback' } });
});
afterAll(async () => {
  await t?.close();
});

interface Method {
  id: string;
  card: { last4: string } | null;
  isDefault: boolean;
  lastPaymentFailed?: boolean;
}

async function person(): Promise<TestPerson> {
  return (await createPeople(t.database, 1, 'donor-path'))[0]!;
}

function checkout(who: TestPerson, lines: ReturnType<typeof line>[], baseAmount: number, pm: string) {
  return clientAs(t.port, who).post(
    '/api/payments/checkout/month?partnersId=2',
    {
      partnersId: 2,
      stripePaymentIntent: pm,
      userSponsoreds: lines,
      email: who.email,
      firstName: who.firstName,
      lastName: who.lastName,
      baseAmount,
      additionalAmount: 0,
    },
    freshAddress(),
  );
}

async function methodsOf(who: TestPerson): Promise<Method[]> {
  const res = await clientAs(t.port, who).get(`/api/payments/${who.usersId}/paymentmethods?partnersId=2`);
  expect(res.status).toBe(200);
  return res.json<Method[]>();
}

/** A card tokenised by the sandbox card field, as the browser sends it. */
async function tokenise(number: string): Promise<string> {
  const res = await t.client().post('/api/sandbox/paymentmethods?partnersId=2', {
    number,
    expMonth: 11,
    expYear: new Date().getUTCFullYear() + 2,
    cvc: '314',
  });
  expect(res.status).toBe(200);
  return res.json<{ id: string }>().id;
}

/** Saves a card the way payment settings do (setup intent, card field, confirm). */
async function saveCard(client: TestClient, number: string): Promise<string> {
  const intent = await client.get('/api/payments/setupintent?partnersId=2');
  const { id, clientSecret } = intent.json<{ id: string; clientSecret: string }>();
  const pm = await tokenise(number);
  const confirmed = await t
    .client()
    .post(`/api/sandbox/setupintents/${id}/confirm?partnersId=2`, { clientSecret, paymentMethod: pm });
  expect(confirmed.status).toBe(200);
  return pm;
}

describe('a declined card', () => {
  it('entered at checkout is detached and forgotten, and the card that then pays becomes the default', async () => {
    const who = await person();
    const record = await insertRecord(t.database, { maxSlots: 3 });
    const declined = await tokenise('4000 0000 0000 0002');
    const first = await checkout(who, [line(record, 1)], 5000, declined);
    expect(first.status).toBe(402);
    expect(first.text).toBe('Your card was declined.');
    // Listing asks the gateway: a card still attached there would come back here.
    expect(await methodsOf(who)).toEqual([]);
    expect(await countWhere(t.database, 'payment_methods', `users_id = ${who.usersId}`)).toBe(0);

    const good = await tokenise('4242 4242 4242 4242');
    expect((await checkout(who, [line(record, 1)], 5000, good)).status).toBe(200);
    const methods = await methodsOf(who);
    expect(methods.map((m) => [m.id, m.card?.last4, m.isDefault, m.lastPaymentFailed])).toEqual([
      [good, '4242', true, false],
    ]);
  });

  it('already saved is kept, marked as failed, and loses the default to a card that has not failed', async () => {
    const who = await person();
    const client = clientAs(t.port, who);
    const failing = await saveCard(client, '4000 0000 0000 0002');
    expect((await methodsOf(who)).map((m) => [m.id, m.isDefault, m.lastPaymentFailed])).toEqual([
      [failing, true, false],
    ]);
    const record = await insertRecord(t.database, { maxSlots: 3 });
    expect((await checkout(who, [line(record, 1)], 5000, failing)).status).toBe(402);
    expect((await methodsOf(who)).map((m) => [m.id, m.isDefault, m.lastPaymentFailed])).toEqual([
      [failing, false, true],
    ]);

    const other = await saveCard(client, '5555 5555 5555 4444');
    const methods = await methodsOf(who);
    expect(methods.find((m) => m.id === other)).toMatchObject({ isDefault: true, lastPaymentFailed: false });
    expect(methods.find((m) => m.id === failing)).toMatchObject({
      isDefault: false,
      lastPaymentFailed: true,
    });
  });

  it('saved in payment settings and not yet listed is kept too, and a card that pays replaces it as the default', async () => {
    const who = await person();
    const client = clientAs(t.port, who);
    const failing = await saveCard(client, '4000 0000 0000 0002');
    const record = await insertRecord(t.database, { maxSlots: 3 });
    expect((await checkout(who, [line(record, 1)], 5000, failing)).status).toBe(402);
    const good = await tokenise('4242 4242 4242 4242');
    expect((await checkout(who, [line(record, 1)], 5000, good)).status).toBe(200);
    const methods = await methodsOf(who);
    expect(methods.map((m) => [m.id, m.isDefault, m.lastPaymentFailed])).toEqual([
      [failing, false, true],
      [good, true, false],
    ]);
  });
});

describe('a record the person already sponsors', () => {
  it('is known to the cart (isSponsor) and refused by checkout before any card is attached', async () => {
    const who = await person();
    const record = await insertRecord(t.database, { maxSlots: 3 });
    expect((await checkout(who, [line(record, 1)], 5000, 'pm_card_visa')).status).toBe(200);
    const detail = await clientAs(t.port, who).get(`/api/sponsoreds/${record}?partnersId=2`);
    expect(detail.json<{ isSponsor: boolean }>().isSponsor).toBe(true);
    const visitor = await t.client().get(`/api/sponsoreds/${record}?partnersId=2`);
    expect(visitor.json<{ isSponsor: boolean }>().isSponsor).toBe(false);

    const ordersBefore = await countWhere(t.database, 'orders', `users_id = ${who.usersId}`);
    const fresh = await tokenise('5555 5555 5555 4444');
    const again = await checkout(who, [line(record, 1)], 5000, fresh);
    expect(again.status).toBe(409);
    expect(again.text).toBe(MESSAGES.alreadySponsor('Testa'));
    expect(await countWhere(t.database, 'orders', `users_id = ${who.usersId}`)).toBe(ordersBefore);
    expect(await countWhere(t.database, 'payment_methods', `gateway_payment_method_id = '${fresh}'`)).toBe(0);
  });
});

describe('record names', () => {
  it('name a teacher by name (not "Math Teacher") and a class by its title (not its stored first name)', async () => {
    const who = await person();
    const teacher = await insertRecord(t.database, { maxSlots: 3 });
    const room = await insertRecord(t.database, { type: 'classes', maxSlots: 3 });
    await t.database.db.execute(
      sql`update sponsoreds set first_name = 'Room', title = 'Class 4B' where id = ${room}`,
    );
    const res = await checkout(
      who,
      [line(teacher, 1), line(room, 1, { type: 'classes' })],
      5000 + 2500,
      'pm_card_visa',
    );
    expect(res.status).toBe(200);
    const code = res.json<{ invoice: string }>().invoice.split('/').pop()!;

    const receipt = await t.client().get(`/api/receipts/${code}?partnersId=2`);
    expect(receipt.json<{ description: string }>().description).toBe(
      'Monthly sponsorship of Testa and Class 4B',
    );

    const [subscription] = await rowsWhere<{ id: number }>(
      t.database,
      'subscriptions',
      `users_id = ${who.usersId}`,
    );
    const detail = await clientAs(t.port, who).get(
      `/api/payments/subscriptiondetail/${subscription!.id}?partnersId=2`,
    );
    expect(detail.json<{ lines: { name: string }[] }>().lines.map((l) => l.name)).toEqual([
      'Testa',
      'Class 4B',
    ]);

    const mine = await clientAs(t.port, who).get(`/api/users/${who.usersId}/sponsoreds?partnersId=2`);
    const types = mine
      .json<{ sponsoredsId: number; sponsoreds: { sponsoredTypesId: number; title: string | null } }[]>()
      .map((l) => [l.sponsoredsId, l.sponsoreds.sponsoredTypesId, l.sponsoreds.title]);
    expect(types).toEqual(
      expect.arrayContaining([
        [teacher, 2, 'Math Teacher'],
        [room, 5, 'Class 4B'],
      ]),
    );
  });
});
