import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { BANKS_NOT_ALLOWED } from '../src/areas/giving/payment-methods/payment-methods.service.ts';
import { insertRecord, line } from './giving-fixtures.ts';
import { ChildServer, freePort, prepare, request } from './child-harness.ts';
import { createPeople, signedSessionCookie, type TestPerson } from './people.ts';
import { startStripeDouble } from './stripe-double.ts';

/**
 * Crash safety: the real server runs as a child process (node --import tsx src/main.ts) over its
 * own database and DATA_DIR, takes checkouts and donations over HTTP, and is killed with SIGKILL at
 * random moments, then restarted. Afterwards no provider charge may lack its payment and its
 * sponsorship or donation, no order may stay pending, and every receipt is written exactly once.
 */

const KILLS = 5;
const CONCURRENCY = 4;
const RECORDS = 8;
const PEOPLE = 60;

type Row = Record<string, unknown>;

let cleanup: (() => Promise<void>) | null = null;
let server: ChildServer | null = null;

/** Payment limits off: the load pays far more often than any person would. */
const UNLIMITED = {
  PAYMENT_ATTEMPT_LIMIT: '100000',
  PAYMENT_FAILURE_LIMIT: '100000',
  PAYMENT_FORM_BURST_LIMIT: '100000',
};
afterAll(async () => {
  await server?.stop();
  await cleanup?.();
});

describe('crash safety of the money path', () => {
  it(
    'keeps every charge recorded and every receipt sent once across SIGKILLs',
    { timeout: 240_000 },
    async () => {
      const setup = await prepare('crash');
      cleanup = setup.cleanup;
      // People and records of their own, written before the first start.
      const prep = await setup.open();
      const people: TestPerson[] = await createPeople(prep, PEOPLE, 'crash');
      const records: number[] = [];
      for (let i = 0; i < RECORDS; i += 1) records.push(await insertRecord(prep, { maxSlots: PEOPLE }));
      await prep.close();

      server = new ChildServer(await freePort(), { ...setup.env, ...UNLIMITED });
      const tasks: (() => Promise<number>)[] = [];
      let n = 0;
      for (const who of people) {
        for (const record of records.slice(0, 2)) {
          const idx = n++;
          tasks.push(() =>
            request(
              server!.port,
              'POST',
              '/api/payments/checkout/month?partnersId=2',
              {
                partnersId: 2,
                stripePaymentIntent: 'pm_card_visa',
                userSponsoreds: [line(record, 1)],
                email: who.email,
                firstName: who.firstName,
                lastName: who.lastName,
                baseAmount: 5000,
                additionalAmount: 0,
              },
              {
                cookie: `kinship.session_token=${signedSessionCookie(who.sessionToken)}`,
                'x-forwarded-for': `10.9.${idx >> 8}.${idx & 255}`,
              },
            ).then((r) => r.status),
          );
        }
        const idx = n++;
        tasks.push(() =>
          request(
            server!.port,
            'POST',
            '/api/payments?partnersId=2',
            {
              partnersId: 2,
              amount: 10 + (idx % 7),
              firstName: 'Crash',
              lastName: 'Donor',
              email: `crash-donor-${idx}@example.org`,
              token: 'pm_card_visa',
            },
            { 'x-forwarded-for': `10.8.${idx >> 8}.${idx & 255}` },
          ).then((r) => r.status),
        );
      }

      let next = 0;
      let alive = false;
      const statuses = new Map<string, number>();
      const count = (key: string) => statuses.set(key, (statuses.get(key) ?? 0) + 1);
      /** Sends tasks from CONCURRENCY clients while the server lives; a request cut by the kill ends its client. */
      const load = () =>
        Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            while (alive && next < tasks.length) {
              const task = tasks[next++]!;
              try {
                count(String(await task()));
              } catch {
                count('cut');
                return;
              }
            }
          }),
        );

      // Payments made by this run (the demo seed's giving history has its own, older orders).
      const runStartedAt = new Date().toISOString();
      const timings: number[] = [];
      for (let round = 0; round < KILLS; round += 1) {
        const started = Date.now();
        await server.start();
        timings.push(Date.now() - started);
        alive = true;
        const clients = load();
        await new Promise((resolve) => setTimeout(resolve, 800 + Math.floor(Math.random() * 2200)));
        alive = false;
        await server.kill();
        await clients;
      }
      // The last start settles every order the kills interrupted before it takes requests, then
      // its worker sends the receipts they owe.
      await server.start({ RECONCILE_AFTER_SECONDS: '0' });
      await waitForQuietMail(setup.dataDir);
      await server.stop();

      const succeeded = statuses.get('200') ?? 0;
      expect(succeeded, JSON.stringify(Object.fromEntries(statuses))).toBeGreaterThan(5);
      const settledAtStart = server.logs
        .join('')
        .split('\n')
        .filter((l) => l.includes('settled orders interrupted by the last stop'))
        .reduce((sum, l) => sum + Number(/"settled":(\d+)/.exec(l)?.[1] ?? 0), 0);
      console.log(
        `crash safety: answers ${JSON.stringify(Object.fromEntries(statuses))}; orders settled at start-up: ${settledAtStart}; start-up ms: ${timings.join(', ')}`,
      );

      const db = await setup.open();
      try {
        const q = async (text: string) =>
          ((await db.db.execute(sql.raw(text))) as unknown as { rows: Row[] }).rows;
        // No order is left pending.
        expect(await q(`SELECT id, kind FROM orders WHERE status = 'pending'`)).toEqual([]);
        // Every charge the provider kept has its payment.
        const orphans = await q(`
        SELECT c.id, c.amount, c.refunded_amount FROM sandbox_charges c
          LEFT JOIN payments p ON p.gateway_charge_id = c.id AND p.status = 'succeeded'
         WHERE c.status = 'succeeded' AND c.refunded_amount < c.amount AND p.id IS NULL`);
        expect(orphans).toEqual([]);
        // Every payment has what it paid for: a live sponsorship or a donation.
        expect(
          await q(`
          SELECT p.id FROM payments p JOIN orders o ON o.id = p.orders_id
           WHERE p.status = 'succeeded' AND o.kind = 'subscription'
             AND NOT EXISTS (SELECT 1 FROM user_sponsoreds us WHERE us.subscriptions_id = p.subscriptions_id)`),
        ).toEqual([]);
        expect(
          await q(`
          SELECT p.id FROM payments p JOIN orders o ON o.id = p.orders_id
           WHERE p.status = 'succeeded' AND o.kind = 'donation'
             AND NOT EXISTS (SELECT 1 FROM donations d WHERE d.id = p.donations_id)`),
        ).toEqual([]);
        // Filled slots equal the live sponsorships, and nothing is oversold.
        expect(
          await q(`
          SELECT s.id, s.slots_filled, coalesce(sum(us.num_slots), 0)::int AS active FROM sponsoreds s
            LEFT JOIN user_sponsoreds us ON us.sponsoreds_id = s.id AND us.date_ended IS NULL
           WHERE s.id IN (${records.join(',')})
           GROUP BY s.id HAVING s.slots_filled <> coalesce(sum(us.num_slots), 0)`),
        ).toEqual([]);
        const paid = await q(`SELECT count(*)::int AS n FROM payments WHERE status = 'succeeded'`);
        expect(Number(paid[0]!.n)).toBeGreaterThanOrEqual(succeeded);

        // One receipt per payment of the run (made through an order since the run began), queued once and sent once.
        const receipts = await q(`
        SELECT p.id, o.dedupe_key, o.status, o.attempts FROM payments p
          LEFT JOIN email_outbox o ON o.dedupe_key = 'receipt:payment:' || p.id
         WHERE p.status = 'succeeded'
           AND p.orders_id IN (SELECT id FROM orders WHERE created_at >= '${runStartedAt}'::timestamptz)`);
        expect(receipts.filter((r) => r.dedupe_key === null)).toEqual([]);
        const deliveryFailures = server.logs
          .join('')
          .split('\n')
          .filter((l) => l.includes('mail delivery failed'))
          .map((l) => l.slice(0, 400));
        expect(
          receipts.filter((r) => r.status !== 'sent'),
          deliveryFailures.join('\n'),
        ).toEqual([]);
        const files = fs.readdirSync(path.join(setup.dataDir, 'mail')).filter((f) => f.endsWith('.eml'));
        const perKey = new Map<string, number>();
        for (const file of files) {
          const head = fs
            .readFileSync(path.join(setup.dataDir, 'mail', file), 'utf8')
            .split(/\r?\n\r?\n/)[0]!;
          const key = /X-Kinship-Dedupe-Key: (\S+)/.exec(head)?.[1];
          if (key) perKey.set(key, (perKey.get(key) ?? 0) + 1);
        }
        expect([...perKey].filter(([, times]) => times !== 1)).toEqual([]);
        expect([...perKey.keys()].sort()).toEqual(receipts.map((r) => String(r.dedupe_key)).sort());
      } finally {
        await db.close();
      }
    },
  );
});

describe('crash safety of the money-path compensations', () => {
  it(
    'retries a compensation the gateway failed, across a SIGKILL, until the gateway confirms it',
    { timeout: 180_000 },
    async () => {
      const double = await startStripeDouble();
      const setup = await prepare('crash');
      const prep = await setup.open();
      const [who] = await createPeople(prep, 1, 'compensation');
      const record = await insertRecord(prep, { maxSlots: 5 });
      // The partner takes cards only: a bank method given at checkout is detached again.
      await prep.db.execute(sql`UPDATE partners SET allow_banks = false WHERE id = 2`);
      await prep.close();
      const node = new ChildServer(await freePort(), { ...setup.env, ...UNLIMITED });
      const detaches = () =>
        double.requests.filter((r) => r.method === 'POST' && /\/detach$/.test(r.path)).map((r) => r.status);
      try {
        await node.start(double.env());
        // The gateway fails the detach twice: in the request, and once more in the retry job.
        double.failNext({ status: 500, times: 2, path: /\/detach$/, shouldRetry: false });
        const res = await request(
          node.port,
          'POST',
          '/api/payments/checkout/month?partnersId=2',
          {
            partnersId: 2,
            stripePaymentIntent: 'pm_usBankAccount',
            userSponsoreds: [line(record, 1)],
            email: who!.email,
            firstName: who!.firstName,
            lastName: who!.lastName,
            baseAmount: 5000,
            additionalAmount: 0,
          },
          {
            cookie: `kinship.session_token=${signedSessionCookie(who!.sessionToken)}`,
            'x-forwarded-for': '10.7.0.1',
          },
        );
        expect([res.status, res.text]).toEqual([400, BANKS_NOT_ALLOWED]);
        expect(detaches()[0]).toBe(500);
        // The process dies with the compensation owed; the next one finishes it.
        await node.kill();
        await node.start(double.env());
        const deadline = Date.now() + 90_000;
        while (!detaches().includes(200) && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 250));
        expect(detaches()).toEqual([500, 500, 200]);
        await node.stop();

        const db = await setup.open();
        try {
          const rows = (
            (await db.db.execute(
              sql`SELECT action, status, attempts, resolved_at, gateway_object_id FROM payment_compensations`,
            )) as unknown as { rows: Row[] }
          ).rows;
          expect(rows).toHaveLength(1);
          expect(rows[0]).toMatchObject({ action: 'detach_payment_method', status: 'done', attempts: 2 });
          expect(rows[0]!.resolved_at).not.toBeNull();
          expect(double.object(String(rows[0]!.gateway_object_id))?.customer ?? null).toBeNull();
        } finally {
          await db.close();
        }
      } finally {
        await node.stop();
        await double.close();
        await setup.cleanup();
      }
    },
  );
});

/** Waits until the mail folder has stopped growing for five seconds (the worker has drained the outbox). */
async function waitForQuietMail(dataDir: string): Promise<void> {
  const dir = path.join(dataDir, 'mail');
  const countFiles = () => (fs.existsSync(dir) ? fs.readdirSync(dir).length : 0);
  let last = -1;
  let stableSince = Date.now();
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const now = countFiles();
    if (now !== last) {
      last = now;
      stableSince = Date.now();
    } else if (Date.now() - stableSince > 5000) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
