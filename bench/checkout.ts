import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { migrateDatabase, openDatabase, type Database } from '../apps/server/src/db/client.ts';
import { partnerCacheOf } from '../apps/server/src/areas/partners/site/partner-cache.ts';
import { authSettingsOf, createAuth } from '../apps/server/src/platform/auth.ts';
import { loginCreator } from '../apps/server/src/platform/logins.ts';
import type { Mailer } from '../apps/server/src/platform/messaging/mail.ts';
import type { Storage } from '../apps/server/src/platform/storage.ts';
import { seedDemo } from '../apps/server/src/seed/demo.ts';
import { insertRecord, line } from '../apps/server/test/giving-fixtures.ts';
import {
  createPeople,
  signedSessionCookie,
  TEST_AUTH_SECRET,
  type TestPerson,
} from '../apps/server/test/people.ts';
import type { Bench, BenchResult, BenchRow } from './run.ts';

/**
 * Sponsorship checkouts per second on the sandbox gateway, against embedded PGlite and against
 * PostgreSQL (DATABASE_URL, else the local postgres://postgres@127.0.0.1:5432/test when it
 * answers). Each database is freshly migrated and seeded with the demo partners; the whole server
 * (buildApp) listens on a loopback port in this process, and every checkout is real HTTP by a
 * distinct signed-in person on one of a set of records with room for everyone: first one at a
 * time, then CONCURRENCY at once. Each phase stops at its count or its time limit, so the bench
 * ends by itself well within two minutes.
 */

const SEQUENTIAL = 40;
const CONCURRENT = 150;
const CONCURRENCY = 8;
/** Each phase ends at its count or after this long, whichever comes first. */
const PHASE_LIMIT_MS = { sequential: 10_000, concurrent: 15_000 };
const RECORDS = 10;
const DEFAULT_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';

const discardStorage: Storage = {
  put: async () => undefined,
  get: async () => null,
  exists: async () => false,
  delete: async () => undefined,
  list: async () => [],
};
const discardMailer: Mailer = { send: async () => ({ messageId: 'bench' }) };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface Target {
  label: string;
  open(): Promise<Database>;
  drop(): Promise<void>;
}

async function postgresTarget(): Promise<Target | null> {
  const baseUrl = process.env.DATABASE_URL ?? DEFAULT_POSTGRES;
  const admin = new pg.Client({ connectionString: baseUrl, connectionTimeoutMillis: 1500 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `kinship_bench_${process.pid}_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    label: 'PostgreSQL',
    open: () => openDatabase({ databaseUrl: url.toString(), poolSize: 10 }),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

const pgliteTarget: Target = { label: 'PGlite', open: () => openDatabase({}), drop: async () => undefined };

interface Timed {
  ok: boolean;
  ms: number;
  status: number;
}

function checkout(
  agent: http.Agent,
  port: number,
  who: TestPerson,
  record: number,
  index: number,
): Promise<Timed> {
  const body = JSON.stringify({
    partnersId: 2,
    stripePaymentIntent: 'pm_card_visa',
    userSponsoreds: [line(record, 1)],
    email: who.email,
    firstName: who.firstName,
    lastName: who.lastName,
    baseAmount: 5000,
    additionalAmount: 250,
  });
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/payments/checkout/month?partnersId=2',
        agent,
        headers: {
          host: `demo.localhost:${port}`,
          origin: `http://demo.localhost:${port}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          cookie: `kinship.session_token=${signedSessionCookie(who.sessionToken)}`,
          'x-forwarded-for': `10.77.${(index >> 8) & 255}.${index & 255}`,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            ok: res.statusCode === 200,
            ms: performance.now() - started,
            status: res.statusCode ?? 0,
          }),
        );
      },
    );
    req.on('error', () => resolve({ ok: false, ms: performance.now() - started, status: 0 }));
    req.end(body);
  });
}

async function phase(
  label: string,
  mode: string,
  concurrency: number,
  jobs: (() => Promise<Timed>)[],
): Promise<{ row: BenchRow; statuses: Record<string, number> }> {
  const results: Timed[] = [];
  let next = 0;
  const started = performance.now();
  const deadline = started + (mode === 'sequential' ? PHASE_LIMIT_MS.sequential : PHASE_LIMIT_MS.concurrent);
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < jobs.length && performance.now() < deadline) results.push(await jobs[next++]!());
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const ok = results.filter((r) => r.ok);
  const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const r of results) statuses[String(r.status)] = (statuses[String(r.status)] ?? 0) + 1;
  return {
    row: {
      database: label,
      mode,
      requests: results.length,
      concurrency,
      'checkouts/s': Number((ok.length / seconds).toFixed(1)),
      'p50 ms': Number(percentile(latencies, 50).toFixed(1)),
      'p95 ms': Number(percentile(latencies, 95).toFixed(1)),
      errors: results.length - ok.length,
    },
    statuses,
  };
}

async function benchTarget(target: Target): Promise<{ rows: BenchRow[]; notes: string[] }> {
  const setupStarted = performance.now();
  const database = await target.open();
  const config = loadConfig({
    AUTH_SECRET: TEST_AUTH_SECRET,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    TRUST_PROXY: 'loopback',
    PAYMENT_ATTEMPT_LIMIT: '1000000',
    PAYMENT_FAILURE_LIMIT: '1000000',
    PAYMENT_FORM_BURST_LIMIT: '1000000',
  });
  const auth = createAuth({
    db: database.db,
    partners: partnerCacheOf(database.db),
    mailer: discardMailer,
    rateLimit: false,
    ...authSettingsOf(config),
  });
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  try {
    await migrateDatabase(database);
    await seedDemo(database.db, { storage: discardStorage, createLogin: loginCreator(auth, database.db) });
    const people = await createPeople(database, SEQUENTIAL + CONCURRENT, 'bench');
    const records: number[] = [];
    for (let i = 0; i < RECORDS; i += 1)
      records.push(await insertRecord(database, { maxSlots: people.length }));
    app = await buildApp({
      database,
      config,
      storage: discardStorage,
      auth,
      mailer: discardMailer,
      logger: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const setupSeconds = (performance.now() - setupStarted) / 1000;
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const jobFor = (i: number) => () => checkout(agent, port, people[i]!, records[i % RECORDS]!, i);

    // One warm-up checkout (JIT, prepared plans), not counted.
    await checkout(agent, port, people[0]!, records[0]!, 0);
    const sequential = await phase(
      target.label,
      'sequential',
      1,
      Array.from({ length: SEQUENTIAL - 1 }, (_, k) => jobFor(k + 1)),
    );
    const concurrent = await phase(
      target.label,
      'concurrent',
      CONCURRENCY,
      Array.from({ length: CONCURRENT }, (_, k) => jobFor(SEQUENTIAL + k)),
    );
    agent.destroy();
    const notes = [
      `${target.label}: setup (migrate, seed, people) ${setupSeconds.toFixed(1)} s; answers sequential ${JSON.stringify(sequential.statuses)}, concurrent ${JSON.stringify(concurrent.statuses)}`,
    ];
    return { rows: [sequential.row, concurrent.row], notes };
  } finally {
    await app?.close();
    await database.close();
    await target.drop();
  }
}

export const bench: Bench = {
  name: 'checkout',
  async run(): Promise<BenchResult> {
    const rows: BenchRow[] = [];
    const notes: string[] = [];
    const targets: Target[] = [pgliteTarget];
    const postgres = await postgresTarget();
    if (postgres) targets.push(postgres);
    else notes.push('PostgreSQL: skipped (set DATABASE_URL or start the local server on 127.0.0.1:5432).');
    for (const target of targets) {
      const result = await benchTarget(target);
      rows.push(...result.rows);
      notes.push(...result.notes);
    }
    return {
      name: 'checkout',
      title: `Sponsorship checkouts on the sandbox gateway (monthly, 1 slot, one person per checkout; ${CONCURRENCY} clients in the concurrent phase)`,
      rows,
      notes,
    };
  },
};
