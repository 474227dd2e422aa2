import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffType } from '@kinship/domain';
import { userSponsoreds } from '../../../db/schema/index.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../../../seed/demo.ts';
import { countWhere, insertRecord, rowsWhere } from '../../../../test/giving-fixtures.ts';
import type { TestClient } from '../../../../test/http-client.ts';
import { createPeople } from '../../../../test/people.ts';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';
import { sendPlanChangeNotices } from './plan-notices.ts';

/*
 * Plan re-pricing (issue 21, decision 058): the request records the new plan and queues the
 * notices job in its transaction, without writing to any sponsor; the job writes to the sponsors
 * the plan prices in short batches through the outbox, one notice per person however many
 * sponsorships they have, and a second run writes to nobody again.
 */

let t: TestApp;
let admin: TestClient;
const password = (email: string) => DEMO_ACCOUNTS.find((a) => a.email === email)!.password;

beforeAll(async () => {
  t = await startTestApp();
  admin = t.client();
  await admin.signIn('partner-admin@demo.example.org', password('partner-admin@demo.example.org'));
});
afterAll(async () => {
  await t?.close();
});

/** Everyone with an active sponsorship of a staff record priced by the type's plan, by SQL of its own. */
async function planPricedPeople(): Promise<number[]> {
  const rows = await rowsWhere<{ users_id: number }>(
    t.database,
    `(SELECT DISTINCT us.users_id FROM user_sponsoreds us JOIN sponsoreds s ON s.id = us.sponsoreds_id
      WHERE us.partners_id = 2 AND us.date_ended IS NULL AND s.monthly_amount IS NULL
        AND s.partner_sponsored_types_id = ${DEMO_IDS.types.demo.staff}) AS priced`,
    'true',
  );
  return rows.map((r) => Number(r.users_id)).sort((a, b) => a - b);
}

describe('a new monthly price of a type', () => {
  it('is recorded by the request, which queues the notices; the job writes to each sponsor once, in batches', async () => {
    const people = await createPeople(t.database, 12, 'repriced');
    const planPriced = await insertRecord(t.database, { type: 'staff', maxSlots: 50 });
    const secondRecord = await insertRecord(t.database, { type: 'staff', maxSlots: 50 });
    const ownAmount = await insertRecord(t.database, { type: 'staff', maxSlots: 5, monthlyAmount: 7000 });
    const [twice, ended, ownPriced, ...rest] = people;
    await t.database.db.insert(userSponsoreds).values([
      // Ten people with one plan-priced sponsorship each, one with two.
      ...[twice!, ...rest].map((p) => ({ partnersId: 2, usersId: p.usersId, sponsoredsId: planPriced })),
      { partnersId: 2, usersId: twice!.usersId, sponsoredsId: secondRecord },
      // Not written to: an ended sponsorship, and a record with a price of its own.
      { partnersId: 2, usersId: ended!.usersId, sponsoredsId: planPriced, dateEnded: new Date() },
      { partnersId: 2, usersId: ownPriced!.usersId, sponsoredsId: ownAmount },
    ]);
    const expected = await planPricedPeople();
    expect(expected).toEqual(expect.arrayContaining([twice!, ...rest].map((p) => p.usersId)));
    expect(expected).not.toContain(ended!.usersId);
    expect(expected).not.toContain(ownPriced!.usersId);

    const res = await admin.request(
      'PUT',
      `/api/dashboard/types/${DEMO_IDS.types.demo.staff}/plan?partnersId=2`,
      { monthlyAmount: 4800, paymentIntervalsIds: [1] },
    );
    expect(res.status, res.text).toBe(200);
    const planId = res.json<{ type: StaffType }>().type.currentPlan!.id;
    // The request wrote to nobody: it queued the job, in its own transaction.
    expect(await countWhere(t.database, 'email_outbox', `dedupe_key LIKE 'plan-changed:${planId}:%'`)).toBe(
      0,
    );
    const queued = await rowsWhere<{ data: { sponsoredTypePlansId: number } }>(
      t.database,
      'pgboss.job',
      `name = 'catalogue.plan-change-notices'`,
    );
    expect(queued.map((j) => j.data)).toEqual([{ sponsoredTypePlansId: planId }]);

    // The job's work, three people a transaction.
    const batches: number[] = [];
    const run = await sendPlanChangeNotices(t.database.db, planId, {
      batchSize: 3,
      onBatch: (n) => void batches.push(n),
    });
    expect(run).toEqual({ sponsors: expected.length, notices: expected.length });
    expect(batches.length).toBe(Math.ceil(expected.length / 3));
    expect(Math.max(...batches)).toBeLessThanOrEqual(3);
    const told = await rowsWhere<{ dedupe_key: string; to_address: string; kind: string; body_text: string }>(
      t.database,
      'email_outbox',
      `dedupe_key LIKE 'plan-changed:${planId}:%'`,
    );
    expect(told.map((m) => Number(m.dedupe_key.split(':')[2])).sort((a, b) => a - b)).toEqual(expected);
    const toTwice = told.filter((m) => m.to_address === twice!.email);
    expect(toTwice).toHaveLength(1);
    expect(toTwice[0]!.kind).toBe('update_notice');
    expect(toTwice[0]!.body_text).toContain('$48.00');
    expect(told.some((m) => m.to_address === ended!.email || m.to_address === ownPriced!.email)).toBe(false);

    // The queued job runs too (or a retry after a crash): nobody is written to twice.
    expect(await t.runJob('catalogue.plan-change-notices', { sponsoredTypePlansId: planId })).toEqual({
      sponsors: expected.length,
      notices: 0,
    });
    expect(await countWhere(t.database, 'email_outbox', `dedupe_key LIKE 'plan-changed:${planId}:%'`)).toBe(
      expected.length,
    );
  });

  it('a plan change that keeps the monthly price queues no notices', async () => {
    const before = await countWhere(t.database, 'pgboss.job', `name = 'catalogue.plan-change-notices'`);
    const res = await admin.request(
      'PUT',
      `/api/dashboard/types/${DEMO_IDS.types.demo.staff}/plan?partnersId=2`,
      { monthlyAmount: 4800, paymentIntervalsIds: [1, 2] },
    );
    expect(res.status, res.text).toBe(200);
    expect(await countWhere(t.database, 'pgboss.job', `name = 'catalogue.plan-change-notices'`)).toBe(before);
  });
});
