import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CART_ISSUE_MESSAGE } from '@kinship/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../src/seed/demo.ts';
import { activeSponsorshipsOf, countWhere, insertRecord, line, slotsFilledOf } from './giving-fixtures.ts';
import { clientAs, createPeople, TEST_AUTH_SECRET, type TestPerson } from './people.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/**
 * Slots under concurrency, on PostgreSQL only: PGlite is one connection, so its requests are
 * serialised and there is no race to lose. 200 signed-in donors check out the same record with 5
 * open slots at the same instant, first on one server, then split over two server processes on
 * the same database. Exactly 5 win; every other answer is the 409 cart issue; nothing is a 5xx.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const SKIP_REASON =
  'PostgreSQL only (set DATABASE_URL): PGlite serialises every request on its single connection';
const DONORS = 200;
const OPEN_SLOTS = 5;

let t: TestApp;
let child: ChildProcess | null = null;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await startTestApp({ env: { TRUST_PROXY: 'loopback' }, poolSize: 10 });
});
afterAll(async () => {
  child?.kill('SIGTERM');
  await t?.close();
});

interface Outcome {
  status: number;
  text: string;
  ms: number;
}

async function fireAll(
  people: TestPerson[],
  record: number,
  portOf: (i: number) => number,
): Promise<{ outcomes: Outcome[]; wallMs: number }> {
  const started = performance.now();
  const outcomes = await Promise.all(
    people.map(async (who, i) => {
      const t0 = performance.now();
      const res = await clientAs(portOf(i), who).post(
        '/api/payments/checkout/month?partnersId=2',
        {
          partnersId: DEMO_IDS.partners.demo,
          stripePaymentIntent: 'pm_card_visa',
          userSponsoreds: [line(record, 1, { usersId: who.usersId })],
          email: who.email,
          firstName: who.firstName,
          lastName: who.lastName,
          baseAmount: 5000,
          additionalAmount: 250,
        },
        // 200 different donors come from 200 different addresses.
        { 'x-forwarded-for': `198.18.${i >> 8}.${i & 255}` },
      );
      return { status: res.status, text: res.text, ms: performance.now() - t0 };
    }),
  );
  return { outcomes, wallMs: performance.now() - started };
}

function report(label: string, outcomes: Outcome[], wallMs: number) {
  const sorted = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!.toFixed(0);
  const byStatus = outcomes.reduce<Record<number, number>>(
    (acc, o) => ({ ...acc, [o.status]: (acc[o.status] ?? 0) + 1 }),
    {},
  );
  console.log(
    `[checkout-concurrency] ${label}: ${outcomes.length} requests in ${wallMs.toFixed(0)} ms ` +
      `(${((outcomes.length / wallMs) * 1000).toFixed(0)} req/s); latency p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms, max ${pct(1)} ms; ` +
      `statuses ${JSON.stringify(byStatus)}`,
  );
}

async function expectExactlyFiveWon(record: number, outcomes: Outcome[], filledBefore: number) {
  expect(outcomes.filter((o) => o.status >= 500)).toEqual([]);
  expect(outcomes.filter((o) => o.status === 200)).toHaveLength(OPEN_SLOTS);
  const losers = outcomes.filter((o) => o.status !== 200);
  expect(losers).toHaveLength(DONORS - OPEN_SLOTS);
  for (const loser of losers) {
    expect(loser.status).toBe(409);
    expect(loser.text).toBe(CART_ISSUE_MESSAGE);
  }
  expect(await slotsFilledOf(t.database, record)).toBe(filledBefore + OPEN_SLOTS);
  expect(await activeSponsorshipsOf(t.database, record)).toHaveLength(OPEN_SLOTS);
  const orders = `orders_id IN (SELECT orders_id FROM slot_holds WHERE sponsoreds_id = ${record})`;
  expect(await countWhere(t.database, 'payments', `status = 'succeeded' AND ${orders}`)).toBe(OPEN_SLOTS);
  expect(
    await countWhere(
      t.database,
      'sandbox_charges',
      `status = 'succeeded' AND subscription_id IN (SELECT gateway_subscription_id FROM subscriptions WHERE ${orders})`,
    ),
  ).toBe(OPEN_SLOTS);
  expect(
    await countWhere(t.database, 'slot_holds', `sponsoreds_id = ${record} AND released_at IS NULL`),
  ).toBe(0);
  expect(
    await countWhere(
      t.database,
      'orders',
      `id IN (SELECT orders_id FROM slot_holds WHERE sponsoreds_id = ${record}) AND status <> 'succeeded'`,
    ),
  ).toBe(0);
}

async function startChildServer(databaseUrl: string): Promise<number> {
  const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  child = spawn(process.execPath, ['--import', 'tsx', 'test/child-server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: TEST_AUTH_SECRET,
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      TRUST_PROXY: 'loopback',
      SEED_DEMO: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`The second server did not start: ${output}`)), 60_000);
    child!.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /LISTENING (\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child!.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child!.on('exit', (code) => reject(new Error(`The second server exited (${code}): ${output}`)));
  });
}

describe('200 concurrent checkouts of a record with 5 open slots', () => {
  it.skipIf(!onPostgres)(
    `end with exactly 5 sponsorships and 195 cart issues on one server [${SKIP_REASON}]`,
    async () => {
      const record = await insertRecord(t.database, { maxSlots: 8, slotsFilled: 3 });
      const people = await createPeople(t.database, DONORS, 'race');
      const { outcomes, wallMs } = await fireAll(people, record, () => t.port);
      report('one server process', outcomes, wallMs);
      await expectExactlyFiveWon(record, outcomes, 3);
      // The full record leaves the listing of records with a free slot.
      const listing = await t
        .client()
        .get(
          `/api/partners/2/sponsoreds?partnersId=2&partnerSponsoredTypesId=${DEMO_IDS.types.demo.teachers}&status=active&isFullySponsored=No&limit=100&offset=0`,
        );
      expect(listing.status).toBe(200);
      expect(listing.json<{ id: number }[]>().map((r) => r.id)).not.toContain(record);
    },
  );

  it.skipIf(!onPostgres)(
    `end the same when the requests are split over two server processes [${SKIP_REASON}]`,
    async () => {
      const databaseUrl = (t.database.pool as unknown as { options: { connectionString: string } }).options
        .connectionString;
      const started = performance.now();
      const secondPort = await startChildServer(databaseUrl);
      console.log(
        `[checkout-concurrency] second server process up in ${(performance.now() - started).toFixed(0)} ms on port ${secondPort}`,
      );
      const record = await insertRecord(t.database, { maxSlots: OPEN_SLOTS });
      const people = await createPeople(t.database, DONORS, 'race2');
      const { outcomes, wallMs } = await fireAll(people, record, (i) => (i % 2 === 0 ? t.port : secondPort));
      report('two server processes', outcomes, wallMs);
      await expectExactlyFiveWon(record, outcomes, 0);
    },
  );
});
