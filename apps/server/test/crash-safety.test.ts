import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';
import { databaseUrlFor } from './global-setup.ts';
import { BANKS_NOT_ALLOWED } from '../src/areas/giving/payment-methods/payment-methods.service.ts';
import { insertRecord, line } from './giving-fixtures.ts';
import { createPeople, signedSessionCookie, TEST_AUTH_SECRET, type TestPerson } from './people.ts';
import { startStripeDouble } from './stripe-double.ts';

/**
 * Crash safety: the real server runs as a child process (node --import tsx src/main.ts) over its
 * own database and DATA_DIR, takes checkouts and donations over HTTP, and is killed with SIGKILL at
 * random moments, then restarted. Afterwards no provider charge may lack its payment and its
 * sponsorship or donation, no order may stay pending, and every receipt is written exactly once.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const MAIN = path.join(ROOT, 'apps/server/src/main.ts');
const KILLS = 5;
const CONCURRENCY = 4;
const RECORDS = 8;
const PEOPLE = 60;

type Row = Record<string, unknown>;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function request(
  port: number,
  method: string,
  pathname: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ status: number; text: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: pathname,
        timeout: 15_000,
        headers: {
          host: `demo.localhost:${port}`,
          origin: `http://demo.localhost:${port}`,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }
            : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

interface Setup {
  env: Record<string, string>;
  dataDir: string;
  /** Opens the server's database from the test (PGlite: only while no server runs). */
  open(): Promise<Database>;
  cleanup(): Promise<void>;
}

/** A DATA_DIR and a database copied from the run's seeded template, so SEED_DEMO finds it seeded. */
async function prepare(): Promise<Setup> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinship-crash-'));
  fs.cpSync(inject('mediaDir'), path.join(dataDir, 'media'), { recursive: true });
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl && inject('postgresTemplate')) {
    const name = `kinship_crash_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
    await admin.end();
    const url = databaseUrlFor(baseUrl, name);
    return {
      env: { DATABASE_URL: url },
      dataDir,
      open: () => openDatabase({ databaseUrl: url, poolSize: 2 }),
      cleanup: async () => {
        const dropper = new pg.Client({ connectionString: baseUrl });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const dump = fs.readFileSync(inject('pgliteTemplate'));
  const dbDir = path.join(dataDir, 'db');
  const seeded = await openDatabase({
    dataDir: dbDir,
    loadDataDir: new Blob([dump], { type: 'application/x-gzip' }),
  });
  await seeded.close();
  return {
    env: {},
    dataDir,
    open: () => openDatabase({ dataDir: dbDir }),
    cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

class Server {
  private child: ChildProcess | null = null;
  readonly logs: string[] = [];
  constructor(
    private readonly setup: Setup,
    readonly port: number,
  ) {}

  async start(extraEnv: Record<string, string> = {}): Promise<void> {
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      DATA_DIR: this.setup.dataDir,
      PORT: String(this.port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'true',
      AUTH_SECRET: TEST_AUTH_SECRET,
      LOG_LEVEL: 'info',
      WEB_DIST: '/nonexistent',
      TRUST_PROXY: 'loopback',
      PAYMENT_ATTEMPT_LIMIT: '100000',
      PAYMENT_FAILURE_LIMIT: '100000',
      PAYMENT_FORM_BURST_LIMIT: '100000',
      // A message whose worker was killed mid-delivery is taken over after 3 s (60 s by default).
      OUTBOX_LEASE_SECONDS: '3',
      // A delivery that failed (the first receipt's PDF can outlast the 1.5 s a 3 s lease allows on a
      // loaded machine) is retried after 1 s, inside the final quiet period, instead of 30 s.
      OUTBOX_RETRY_SECONDS: '1',
      ...this.setup.env,
      ...extraEnv,
    };
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const collect = (chunk: Buffer) => this.logs.push(chunk.toString('utf8'));
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`The server exited with ${child.exitCode}:\n${this.logs.join('').slice(-3000)}`);
      try {
        const res = await request(this.port, 'GET', '/api/partners/demo', undefined, {});
        if (res.status === 200) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline)
        throw new Error(`The server did not start:\n${this.logs.join('').slice(-3000)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  private async exited(child: ChildProcess): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    await new Promise((resolve) => child.once('exit', resolve));
  }

  async kill(): Promise<void> {
    const child = this.child!;
    child.kill('SIGKILL');
    await this.exited(child);
    this.child = null;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await this.exited(child);
    clearTimeout(timer);
    this.child = null;
  }
}

let cleanup: (() => Promise<void>) | null = null;
let server: Server | null = null;
afterAll(async () => {
  await server?.stop();
  await cleanup?.();
});

describe('crash safety of the money path', () => {
  it(
    'keeps every charge recorded and every receipt sent once across SIGKILLs',
    { timeout: 240_000 },
    async () => {
      const setup = await prepare();
      cleanup = setup.cleanup;
      // People and records of their own, written before the first start.
      const prep = await setup.open();
      const people: TestPerson[] = await createPeople(prep, PEOPLE, 'crash');
      const records: number[] = [];
      for (let i = 0; i < RECORDS; i += 1) records.push(await insertRecord(prep, { maxSlots: PEOPLE }));
      await prep.close();

      server = new Server(setup, await freePort());
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
      const setup = await prepare();
      const prep = await setup.open();
      const [who] = await createPeople(prep, 1, 'compensation');
      const record = await insertRecord(prep, { maxSlots: 5 });
      // The partner takes cards only: a bank method given at checkout is detached again.
      await prep.db.execute(sql`UPDATE partners SET allow_banks = false WHERE id = 2`);
      await prep.close();
      const node = new Server(setup, await freePort());
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
