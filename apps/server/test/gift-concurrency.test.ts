import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trialCodes } from '../src/db/schema/index.ts';
import { newCode } from '../src/areas/giving/gifts/codes.ts';
import { DEMO_IDS } from '../src/seed/demo.ts';
import { DEMO_MONTHLY, countWhere, insertRecord, line, rowsWhere, slotsFilledOf } from './giving-fixtures.ts';
import { clientAs, createPeople } from './people.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/**
 * Gift and trial holds against checkout's, on PostgreSQL only (PGlite serialises every request):
 * a record with 4 slots, one held by a delivered gift, so 3 are open. 100 requests at the same
 * instant: the gift's redemption, 33 trial redemptions of codes naming the record, 33 checkouts
 * and 33 new gifts of it. The redemption always succeeds (its slot was held); of the other 99
 * exactly 3 win; the record never holds more than its 4 slots; nothing is a 5xx.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const SKIP_REASON =
  'PostgreSQL only (set DATABASE_URL): PGlite serialises every request on its single connection';
const EACH = 33;
const OPEN = 3;

let t: TestApp;
beforeAll(async () => {
  if (!onPostgres) return;
  t = await startTestApp({ env: { TRUST_PROXY: 'loopback' }, poolSize: 10 });
});
afterAll(async () => {
  await t?.close();
});

const today = () => new Date().toISOString().slice(0, 10);
const address = (i: number) => ({ 'x-forwarded-for': `198.19.${i >> 8}.${i & 255}` });

describe.skipIf(!onPostgres)('100 concurrent redemptions and checkouts for 3 open slots', () => {
  it('never fill more than 3', { timeout: 300_000 }, async () => {
    const record = await insertRecord(t.database, { maxSlots: OPEN + 1 });
    // The gift that holds the fourth slot, delivered.
    const first = await t.client('demo.localhost').post(
      '/api/gifts',
      {
        partnersId: 2,
        sponsoredsId: record,
        months: 3,
        amount: DEMO_MONTHLY.teachers * 3,
        recipientName: 'Held Friend',
        recipientEmail: 'held.friend@example.org',
        deliverOn: today(),
        firstName: 'First',
        lastName: 'Giver',
        email: 'first.giver@example.org',
        token: 'pm_card_visa',
      },
      address(999),
    );
    expect(first.status, first.text).toBe(200);
    const [gift] = await rowsWhere<{ id: number; code: string }>(
      t.database,
      'gift_codes',
      `sponsoreds_id = ${record}`,
    );
    await t.runJob('gifts.deliver', { giftsId: Number(gift!.id) });

    const codes = Array.from({ length: EACH }, () => newCode());
    await t.database.db
      .insert(trialCodes)
      .values(codes.map((code) => ({ partnersId: 2, code, days: 30, sponsoredsId: record })));
    const people = await createPeople(t.database, 1 + EACH * 2, 'race');
    const [recipient, ...rest] = people;
    const trialists = rest.slice(0, EACH);
    const donors = rest.slice(EACH);

    const requests: Promise<{ kind: string; status: number; text: string }>[] = [];
    const fire = (kind: string, send: () => Promise<{ status: number; text: string }>) =>
      requests.push(send().then((r) => ({ kind, status: r.status, text: r.text })));
    fire('redeem', () =>
      clientAs(t.port, recipient!).post(`/api/gifts/redeem/${gift!.code}`, {}, address(0)),
    );
    for (let i = 0; i < EACH; i += 1) {
      fire('trial', () =>
        clientAs(t.port, trialists[i]!).post(`/api/trials/redeem/${codes[i]}`, {}, address(1 + i)),
      );
      fire('checkout', () =>
        clientAs(t.port, donors[i]!).post(
          '/api/payments/checkout/month?partnersId=2',
          {
            partnersId: DEMO_IDS.partners.demo,
            stripePaymentIntent: 'pm_card_visa',
            userSponsoreds: [line(record, 1, { usersId: donors[i]!.usersId })],
            email: donors[i]!.email,
            firstName: donors[i]!.firstName,
            lastName: donors[i]!.lastName,
            baseAmount: DEMO_MONTHLY.teachers,
            additionalAmount: 0,
          },
          address(100 + i),
        ),
      );
      fire('gift', () =>
        t.client('demo.localhost').post(
          '/api/gifts',
          {
            partnersId: 2,
            sponsoredsId: record,
            months: 3,
            amount: DEMO_MONTHLY.teachers * 3,
            recipientName: `Friend ${i}`,
            recipientEmail: `race-friend-${i}@example.org`,
            deliverOn: today(),
            firstName: 'Race',
            lastName: 'Giver',
            email: `race-giver-${i}@example.org`,
            token: 'pm_card_visa',
          },
          address(200 + i),
        ),
      );
    }
    const outcomes = await Promise.all(requests);
    const byKind = outcomes.reduce<Record<string, Record<number, number>>>((acc, o) => {
      acc[o.kind] = { ...acc[o.kind], [o.status]: (acc[o.kind]?.[o.status] ?? 0) + 1 };
      return acc;
    }, {});
    console.log(`[gift-concurrency] statuses by kind ${JSON.stringify(byKind)}`);

    expect(outcomes.filter((o) => o.status >= 500)).toEqual([]);
    expect(outcomes.find((o) => o.kind === 'redeem')!.status).toBe(200);
    const winners = outcomes.filter((o) => o.kind !== 'redeem' && o.status === 200);
    expect(winners).toHaveLength(OPEN);
    for (const loser of outcomes.filter((o) => o.kind !== 'redeem' && o.status !== 200))
      expect(loser.status).toBe(409);

    const filled = await slotsFilledOf(t.database, record);
    const held = await countWhere(
      t.database,
      'slot_holds',
      `sponsoreds_id = ${record} AND released_at IS NULL AND expires_at > now()`,
    );
    expect(filled + held).toBe(OPEN + 1);
    expect(filled).toBeLessThanOrEqual(OPEN + 1);
    const [row] = (
      (await t.database.db.execute(
        sql`select max_slots from sponsoreds where id = ${record}`,
      )) as unknown as {
        rows: { max_slots: number }[];
      }
    ).rows;
    expect(filled).toBeLessThanOrEqual(Number(row!.max_slots));
  });
});

describe.skipIf(onPostgres)('gift concurrency', () => {
  it.skip(SKIP_REASON, () => undefined);
});
