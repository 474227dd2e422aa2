import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { migrateDatabase, openDatabase, type Database } from '../apps/server/src/db/client.ts';
import { partnerCacheOf } from '../apps/server/src/modules/partners/partner-cache.ts';
import { authSettingsOf, createAuth } from '../apps/server/src/platform/auth.ts';
import { loginCreator } from '../apps/server/src/platform/logins.ts';
import type { Mailer } from '../apps/server/src/platform/mail.ts';
import type { Storage } from '../apps/server/src/platform/storage.ts';
import { seedDemo } from '../apps/server/src/seed/demo.ts';
import {
  findListingPage,
  type ListingFilters,
} from '../apps/server/src/modules/sponsoreds/sponsoreds.repository.ts';
import {
  birthdayYearsAgo,
  LISTING_COUNT_TTL_MS,
} from '../apps/server/src/modules/sponsoreds/sponsoreds.service.ts';
import type { Bench, BenchResult, BenchRow } from './run.ts';

/**
 * The public reads under load (issue 10). Builds its own data set on PostgreSQL in the database
 * `kinship_bench` (50 partners, 100,000 records with attributes and picture rows, 20,000 sponsors,
 * 200,000 payments; reused while its version matches, BENCH_REBUILD=1 rebuilds), starts the server
 * as a child process (as `npm run serve` does, worker off), and runs autocannon at 16 connections
 * against the listing (first page, a deep page, each filter), a profile, its pictures and the
 * partner. In the same run it measures two floors: a bare Fastify route answering the listing's
 * bytes, and the listing's own SQL replayed through `pg` (a named statement, as the app prepares it) at the same concurrency. Statements per
 * request are counted by PostgreSQL (transactions committed in the bench database during the run,
 * each of the app's statements being its own transaction), not assumed. Then the same server on
 * PGlite with the demo seed: start-up time, memory at rest and the same calls.
 * BENCH_SECONDS sets the length of each run (default 10).
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const CONNECTIONS = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BENCH_DATABASE = 'kinship_bench';
const DEFAULT_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';
const TOTAL_RECORDS = 100_000;
const BIG_PARTNER_RECORDS = 22_144;
const NEW_PARTNERS = 46;
const SPONSORS = 20_000;
const PAYMENTS = 200_000;
const DATA_VERSION = `api-v1-${fs.readdirSync(path.join(root, 'apps/server/drizzle')).filter((f) => f.endsWith('.sql')).length}`;

const discardStorage: Storage = {
  put: async () => undefined,
  get: async () => null,
  exists: async () => false,
  delete: async () => undefined,
  list: async () => [],
};
const discardMailer: Mailer = { send: async () => ({ messageId: 'bench' }) };

function urlOf(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Builds the data set unless the bench database already holds this version of it. */
async function ensureDataSet(baseUrl: string): Promise<{ url: string; note: string }> {
  const url = urlOf(baseUrl, BENCH_DATABASE);
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [BENCH_DATABASE]))
      .rowCount;
    if (exists && process.env.BENCH_REBUILD !== '1') {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const version = await client
        .query<{ value: string }>(`select value from bench_meta where key = 'version'`)
        .then((r) => r.rows[0]?.value)
        .catch(() => undefined);
      await client.end();
      if (version === DATA_VERSION)
        return { url, note: `data set reused (${BENCH_DATABASE}, ${DATA_VERSION})` };
    }
    await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${BENCH_DATABASE}`);
  } finally {
    await admin.end();
  }
  const started = performance.now();
  const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
  try {
    await migrateDatabase(database);
    const config = loadConfig({
      AUTH_SECRET: 'kinship-bench-secret-that-is-long-enough-01',
      LOG_LEVEL: 'silent',
    });
    const auth = createAuth({
      db: database.db,
      partners: partnerCacheOf(database.db),
      mailer: discardMailer,
      rateLimit: false,
      ...authSettingsOf(config),
    });
    await seedDemo(database.db, { storage: discardStorage, createLogin: loginCreator(auth, database.db) });
  } finally {
    await database.close();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // One statement at a time, with fresh statistics, so each join is planned on the real sizes.
    for (const statement of buildSql()
      .split(/;\s*\n/)
      .map((q) => q.trim())
      .filter(Boolean)) {
      await client.query(statement);
      if (/^(insert|update|create temp)/i.test(statement)) await client.query('ANALYZE');
    }
    await client.query('VACUUM ANALYZE');
    await client.query(`create table bench_meta (key text primary key, value text not null)`);
    await client.query(`insert into bench_meta values ('version', $1)`, [DATA_VERSION]);
  } finally {
    await client.end();
  }
  return {
    url,
    note: `data set built in ${((performance.now() - started) / 1000).toFixed(0)} s (${BENCH_DATABASE})`,
  };
}

/**
 * The data set on top of the demo seed: 46 more partners (50 in all), the largest ("bench1")
 * with 22,144 students whose type shows birthdays and ages (one in ten masked by its own flag),
 * the others sharing the rest of 100,000 records as masked students like the demo's; three
 * facts and two pictures per record; 20,000 sponsors each sponsoring one open record; 200,000
 * payments.
 */
function buildSql(): string {
  return `
  create temp table bench_partners as
    with p as (
      insert into partners (subdomain, name, countries_id, currency, stripe_user_id)
      select 'bench' || g, 'Bench partner ' || g, 10, 'usd', 'acct_bench' || g from generate_series(1, ${NEW_PARTNERS}) g
      returning id, subdomain
    ) select id, subdomain, (subdomain = 'bench1') as big from p;
  insert into entities (partners_id, name, city, countries_id, description)
    select p.id, 'Program ' || k, 'City ' || k, 10, 'A bench program' from bench_partners p, generate_series(1, 3) k;
  insert into partner_sponsored_types (partners_id, sponsored_types_id, identifier, custom_label_singular,
      custom_label_plural, mask_profiles, show_birthday, show_age, show_last_name, grid_layout)
    select id, 1, 'students', 'Student', 'Students', not big, big, true, big, 'deck' from bench_partners;
  insert into sponsored_type_plans (partner_sponsored_types_id, monthly_amount, current)
    select t.id, 3900, true from partner_sponsored_types t join bench_partners p on p.id = t.partners_id;
  insert into sponsored_type_plan_intervals (sponsored_type_plans_id, payment_intervals_id)
    select pl.id, i from sponsored_type_plans pl
      join partner_sponsored_types t on t.id = pl.partner_sponsored_types_id
      join bench_partners p on p.id = t.partners_id, generate_series(1, 2) i;
  create temp table bench_plan as
    select p.id as partners_id, p.big, t.id as type_id,
      (select array_agg(e.id order by e.id) from entities e where e.partners_id = p.id) as entity_ids,
      case when p.big then ${BIG_PARTNER_RECORDS}
        else ((${TOTAL_RECORDS} - ${BIG_PARTNER_RECORDS} - (select count(*) from sponsoreds)) / ${NEW_PARTNERS - 1})::int end as n
    from bench_partners p join partner_sponsored_types t on t.partners_id = p.id;
  insert into sponsoreds (id, partners_id, partner_sponsored_types_id, sponsored_types_id, entities_id, code,
      first_name, last_name, gender, birthday, grades_id, bio, homeroom, max_slots, slots_filled, status, active,
      masked, profile_image_path)
    select x.id, x.partners_id, x.type_id, 1, x.entity_ids[1 + x.g % 3], 'B-' || x.g, 'First' || (x.g % 500),
      'Last' || (x.g % 700), case when x.g % 2 = 0 then 'Female' else 'Male' end,
      current_date - (4 * 365 + (x.g * 7919) % (16 * 365)), 4 + x.g % 12,
      'A student who likes reading and football. Record ' || x.g, 'Room ' || (x.g % 12),
      1, 0, case when x.g % 20 = 0 then 'reserved' when x.g % 20 = 1 then 'inactive' else 'active' end,
      x.g % 20 <> 1, case when x.big then x.g % 10 = 0 else true end,
      'sponsoreds/' || x.id || '/profile.webp'
    from (
      select nextval('sponsoreds_id_seq') as id, b.*, g from bench_plan b, generate_series(1, b.n) g
    ) x;
  insert into sponsored_attributes (sponsoreds_id, description, value, sort_order)
    select s.id, d.description, d.value || ' ' || (s.id % 17), d.k from sponsoreds s,
      (values (1, 'Favourite subject', 'Maths'), (2, 'Wants to be', 'A nurse'), (3, 'Likes', 'Football')) d(k, description, value)
    where s.code like 'B-%';
  insert into sponsored_images (sponsoreds_id, image_path, description, sort_order)
    select s.id, 'sponsoreds/' || s.id || '/gallery-' || k || '.webp', 'Picture ' || k, k from sponsoreds s, generate_series(1, 2) k
    where s.code like 'B-%';
  insert into users (first_name, last_name, email)
    select 'Sponsor', 'Number ' || g, 'sponsor' || g || '@bench.example.org' from generate_series(1, ${SPONSORS}) g;
  create temp table bench_sponsorships as
    with u as (select id, row_number() over (order by id) as n from users where email like '%@bench.example.org'),
      s as (select id, partners_id, row_number() over (order by id % 97, id) as n from sponsoreds
            where code like 'B-%' and status = 'active' and slots_filled < max_slots)
    select u.id as users_id, s.id as sponsoreds_id, s.partners_id from u join s on s.n = u.n;
  insert into user_sponsoreds (partners_id, users_id, sponsoreds_id, num_slots, amount, interval)
    select partners_id, users_id, sponsoreds_id, 1, 3900, 'month' from bench_sponsorships;
  update sponsoreds set slots_filled = 1 where id in (select sponsoreds_id from bench_sponsorships);
  insert into payments (partners_id, amount, currency, status, receipt_code, created_at)
    select b.partners_id, 3900, 'usd', 'succeeded', 'BENCH-' || g, now() - (g % 365) * interval '1 day'
    from generate_series(1, ${PAYMENTS}) g
    join (select partners_id, row_number() over (order by users_id) - 1 as k from bench_sponsorships) b
      on b.k = g % ${SPONSORS};
  `;
}

interface Server {
  child: ChildProcess;
  port: number;
  startupMs: number;
  rssMb(): number;
  stop(): Promise<void>;
}

function rssMbOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The server as `npm run serve` starts it, in its own process, until it answers. */
async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RUN_WORKER: 'false',
      WEB_DIST: '/nonexistent',
      AUTH_SECRET: 'kinship-bench-secret-that-is-long-enough-01',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    const ok = await get(port, '/api/partners/demo').then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const startupMs = performance.now() - started;
  return {
    child,
    port,
    startupMs,
    rssMb: () => rssMbOf(child.pid!),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function get(
  port: number,
  urlPath: string,
): Promise<{ status: number; body: Buffer; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: urlPath, headers: { host: `localhost:${port}` } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }),
        );
      },
    );
    req.on('error', reject);
  });
}

interface Load {
  /** For the SQL floor: the statement and its EXPLAIN (ANALYZE, BUFFERS). */
  plan?: string;
  sql?: string;
  rps: number;
  p50: number;
  p975: number;
  p99: number;
  non2xx: number;
  errors: number;
  requests: number;
}

async function load(port: number, urlPath: string, host: string, seconds = SECONDS): Promise<Load> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${urlPath}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { host },
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p975: result.latency.p97_5,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    requests: result.requests.total,
  };
}

/**
 * Statements per request, counted: the same app built in this process over the bench database,
 * every query the pool receives during a burst of requests (after one warming request) divided by
 * the requests.
 */
async function statementCounter(url: string) {
  const database = await openDatabase({ databaseUrl: url, poolSize: 4 });
  const config = loadConfig({
    AUTH_SECRET: 'kinship-bench-secret-that-is-long-enough-01',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
  });
  const app = await buildApp({
    database,
    config,
    storage: discardStorage,
    mailer: discardMailer,
    logger: false,
  });
  const pool = database.pool! as unknown as { query: (...args: unknown[]) => Promise<unknown> };
  const original = pool.query.bind(pool);
  let count = 0;
  pool.query = (...args: unknown[]) => {
    count += 1;
    return original(...args);
  };
  return {
    async per(urlPath: string, burst = 50): Promise<number> {
      await app.inject({ method: 'GET', url: urlPath, headers: { host: 'localhost' } });
      count = 0;
      for (let i = 0; i < burst; i += 1)
        await app.inject({ method: 'GET', url: urlPath, headers: { host: 'localhost' } });
      return count / burst;
    },
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

interface Variant {
  label: string;
  path: string;
  /** For listing variants: the repository call whose SQL is the floor. */
  listing?: { filters: ListingFilters; offset: number };
}

/** The listing's own statement, captured from the repository, replayed through pg at 16 connections. */
async function sqlFloor(
  url: string,
  partnersId: number,
  listing: NonNullable<Variant['listing']>,
): Promise<Load> {
  const captured: { text: string; values: unknown[] }[] = [];
  const database: Database = await openDatabase({ databaseUrl: url, poolSize: 1 });
  const pool = database.pool!;
  const original = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = (...args: unknown[]) => {
    const config = args[0] as { text: string; values?: unknown[] } | string;
    captured.push(
      typeof config === 'string'
        ? { text: config, values: (args[1] as unknown[]) ?? [] }
        : { text: config.text, values: config.values ?? (args[1] as unknown[]) ?? [] },
    );
    return original(...args);
  };
  try {
    // With the count (a request after the total expired), then the page alone (the steady state).
    const { total } = await findListingPage(database.db, partnersId, listing.filters, listing.offset, 25);
    await findListingPage(database.db, partnersId, listing.filters, listing.offset, 25, total);
  } finally {
    await database.close();
  }
  const replay = new pg.Pool({ connectionString: url, max: CONNECTIONS });
  const explain = async (s: { text: string; values: unknown[] }) =>
    (
      await replay.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF, TIMING OFF) ${s.text}`,
        s.values,
      )
    ).rows
      .map((r) => r['QUERY PLAN'])
      .join('\n');
  const withCount = captured[0]!;
  const statement = captured[1]!;
  const plan = `-- page and count (every ${LISTING_COUNT_TTL_MS / 1000} s per filter combination):\n${await explain(withCount)}\n\n-- page alone (the steady state, replayed as the floor):\n${await explain(statement)}`;
  const latencies: number[] = [];
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        // Named, as the app prepares it: PostgreSQL keeps the plan per connection.
        await replay.query({ name: 'listing_floor', text: statement.text, values: statement.values });
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await replay.end();
  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)]! * 10) / 10;
  return {
    rps: Math.round(latencies.length / elapsed),
    p50: at(0.5),
    p975: at(0.975),
    p99: at(0.99),
    non2xx: 0,
    errors: 0,
    requests: latencies.length,
    plan,
    sql: statement.text,
  };
}

/** A bare Fastify route answering the given bytes, in its own process like the app. */
async function bareFloor(body: Buffer): Promise<Load> {
  const file = path.join(os.tmpdir(), `kinship-bench-body-${process.pid}.json`);
  fs.writeFileSync(file, body);
  const port = await freePort();
  const script = `
    import fs from 'node:fs';
    import Fastify from 'fastify';
    const body = fs.readFileSync(${JSON.stringify(file)});
    const app = Fastify();
    app.get('/bare', (request, reply) => reply.type('application/json; charset=utf-8').send(body));
    await app.listen({ port: ${port}, host: '127.0.0.1' });
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: path.join(root, 'apps/server'),
    stdio: 'ignore',
  });
  try {
    const deadline = Date.now() + 120_000;
    while (
      !(await get(port, '/bare').then(
        (r) => r.status === 200,
        () => false,
      ))
    ) {
      if (Date.now() > deadline) throw new Error('the bare Fastify floor did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return await load(port, '/bare', `localhost:${port}`);
  } finally {
    child.kill('SIGTERM');
    fs.rmSync(file, { force: true });
  }
}

const row = (label: string, l: Load, extra: BenchRow = {}): BenchRow => ({
  call: label,
  'req/s': l.rps,
  'p50 ms': l.p50,
  'p97.5 ms': l.p975,
  'p99 ms': l.p99,
  ...extra,
  ...(l.non2xx || l.errors ? { 'non-2xx/errors': `${l.non2xx}/${l.errors}` } : {}),
});

async function benchPostgres(baseUrl: string): Promise<{ rows: BenchRow[]; notes: string[]; json: unknown }> {
  const notes: string[] = [];
  const { url, note } = await ensureDataSet(baseUrl);
  notes.push(note);
  const meta = new pg.Client({ connectionString: url });
  await meta.connect();
  const big = (
    await meta.query<{ id: number; type_id: number; entity_id: number; n: string }>(
      `select p.id, t.id as type_id, (select min(e.id) from entities e where e.partners_id = p.id) as entity_id,
       (select count(*) from sponsoreds s where s.partners_id = p.id and s.status = 'active' and s.active and s.slots_filled < s.max_slots)::text as n
     from partners p join partner_sponsored_types t on t.partners_id = p.id where p.subdomain = 'bench1'`,
    )
  ).rows[0]!;
  const profileId = (
    await meta.query<{ id: number }>(
      `select id from sponsoreds where partners_id = $1 and status = 'active' and not masked order by id offset 5000 limit 1`,
      [big.id],
    )
  ).rows[0]!.id;
  const open = Number(big.n);
  const deepOffset = Math.floor((open * 0.58) / 25) * 25;
  const base = `/api/partners/${big.id}/sponsoreds?partnersId=${big.id}&status=active&isFullySponsored=No&partnerSponsoredTypesId=${big.type_id}&limit=25`;
  const types = [big.type_id];
  const fixed = { partnerSponsoredTypesIds: types, status: 'active', isFullySponsored: 'No' as const };
  const month = { month: 3, birthdayTypeIds: types };
  const age = { bornOnOrBefore: birthdayYearsAgo(6), bornAfter: birthdayYearsAgo(11), ageTypeIds: types };
  const variants: Variant[] = [
    { label: 'listing, first page', path: `${base}&offset=0`, listing: { filters: fixed, offset: 0 } },
    {
      label: `listing, page 58% deep (offset ${deepOffset})`,
      path: `${base}&offset=${deepOffset}`,
      listing: { filters: fixed, offset: deepOffset },
    },
    {
      label: 'listing, gender',
      path: `${base}&gender=Female`,
      listing: { filters: { ...fixed, gender: 'Female' }, offset: 0 },
    },
    {
      label: 'listing, birth month',
      path: `${base}&birthMonth=3`,
      listing: { filters: { ...fixed, birthMonth: month }, offset: 0 },
    },
    {
      label: 'listing, age band 6-10',
      path: `${base}&ageBand=6-10`,
      listing: { filters: { ...fixed, age }, offset: 0 },
    },
    {
      label: 'listing, grade',
      path: `${base}&gradesId=7`,
      listing: { filters: { ...fixed, gradesId: 7 }, offset: 0 },
    },
    {
      label: 'listing, program',
      path: `${base}&entitiesId=${big.entity_id}`,
      listing: { filters: { ...fixed, entitiesId: big.entity_id }, offset: 0 },
    },
    {
      label: 'listing, gender + birth month',
      path: `${base}&gender=Female&birthMonth=3`,
      listing: { filters: { ...fixed, gender: 'Female', birthMonth: month }, offset: 0 },
    },
    {
      label: 'listing, all filters, deep',
      path: `${base}&gender=Female&birthMonth=3&ageBand=6-10&entitiesId=${big.entity_id}&offset=50`,
      listing: {
        filters: { ...fixed, gender: 'Female', birthMonth: month, age, entitiesId: big.entity_id },
        offset: 50,
      },
    },
    { label: 'profile', path: `/api/sponsoreds/${profileId}?partnersId=${big.id}` },
    { label: 'images (visitor)', path: `/api/sponsoreds/${profileId}/images?partnersId=${big.id}` },
    { label: 'partner', path: `/api/partners/bench1` },
  ];

  const counter = await statementCounter(url);
  const server = await startServer({ DATABASE_URL: url, SEED_DEMO: 'false', DATABASE_POOL_SIZE: '16' });
  const rows: BenchRow[] = [];
  const json: Record<string, unknown> = { startupMs: Math.round(server.startupMs) };
  try {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const restMb = server.rssMb();
    json.restMb = restMb;
    notes.push(
      `PostgreSQL server process: started in ${(server.startupMs / 1000).toFixed(1)} s, ${restMb.toFixed(0)} MB at rest (target < 250 MB).`,
    );
    const host = `localhost:${server.port}`;
    const firstPage = await get(server.port, variants[0]!.path);
    const bare = await bareFloor(firstPage.body);
    rows.push(row(`floor: bare Fastify, same ${firstPage.body.length} bytes`, bare));
    let peakMb = restMb;
    const results: Record<string, unknown>[] = [];
    for (const variant of variants) {
      const warm = await get(server.port, variant.path);
      if (warm.status !== 200)
        throw new Error(`${variant.path} answered ${warm.status}: ${warm.body.toString()}`);
      const statements = await counter.per(variant.path);
      const app = await load(server.port, variant.path, host);
      peakMb = Math.max(peakMb, server.rssMb());
      const floor = variant.listing ? await sqlFloor(url, big.id, variant.listing) : null;
      const extra: BenchRow = {
        statements: Math.round(statements * 100) / 100,
        'x bare': Math.round((app.rps / bare.rps) * 100) / 100,
        ...(floor
          ? {
              'SQL floor req/s': floor.rps,
              'SQL p99': floor.p99,
              'x SQL': Math.round((app.rps / floor.rps) * 100) / 100,
            }
          : {}),
      };
      rows.push(row(variant.label, app, extra));
      results.push({ ...variant, app, floor, statements, total: warm.headers['x-total-count'] });
    }
    json.variants = results;
    json.bare = bare;
    json.peakMb = peakMb;
    notes.push(
      `PostgreSQL server process peak RSS under load: ${peakMb.toFixed(0)} MB. Largest partner: ${open} open records of ${BIG_PARTNER_RECORDS}.`,
    );
  } finally {
    await server.stop();
    await counter.close();
    await meta.end();
  }
  return { rows, notes, json };
}

async function benchPglite(): Promise<{ rows: BenchRow[]; notes: string[]; json: unknown }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinship-bench-pglite-'));
  const notes: string[] = [];
  const rows: BenchRow[] = [];
  try {
    // The first start migrates and seeds; the second is the start-up a restart sees.
    const first = await startServer({ DATA_DIR: dataDir });
    await first.stop();
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const restMb = server.rssMb();
      notes.push(
        `PGlite (demo seed): first start (migrate + seed) ${(first.startupMs / 1000).toFixed(1)} s, restart ${(server.startupMs / 1000).toFixed(1)} s, ${restMb.toFixed(0)} MB at rest (the database lives in this process).`,
      );
      const host = `localhost:${server.port}`;
      const listing = (await get(server.port, '/api/partners/demo')).body;
      const partner = JSON.parse(listing.toString()) as {
        id: number;
        partnerSponsoredTypes: { id: number; identifier: string }[];
      };
      const students = partner.partnerSponsoredTypes.find((t) => t.identifier === 'students')!.id;
      const base = `/api/partners/${partner.id}/sponsoreds?partnersId=${partner.id}&status=active&isFullySponsored=No&partnerSponsoredTypesId=${students}&limit=25`;
      const page = JSON.parse((await get(server.port, base).then((r) => r.body)).toString()) as {
        id: number;
      }[];
      for (const [label, urlPath] of [
        ['PGlite listing, first page', base],
        ['PGlite listing, gender + age band', `${base}&gender=Female&ageBand=6-10`],
        ['PGlite profile', `/api/sponsoreds/${page[0]!.id}?partnersId=${partner.id}`],
        ['PGlite partner', '/api/partners/demo'],
      ] as const) {
        rows.push(row(label, await load(server.port, urlPath, host, Math.max(3, Math.round(SECONDS / 2)))));
      }
      return { rows, notes, json: { firstStartMs: first.startupMs, restartMs: server.startupMs, restMb } };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export const bench: Bench = {
  name: 'api',
  async run(): Promise<BenchResult> {
    const baseUrl = process.env.DATABASE_URL ?? DEFAULT_POSTGRES;
    const rows: BenchRow[] = [];
    const notes: string[] = [
      `${CONNECTIONS} connections, ${SECONDS} s per call, ${os.cpus().length} cores (${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} load when started: the machine may be shared, so timings are noisy).`,
    ];
    const details: Record<string, unknown> = {};
    const only = process.env.BENCH_ONLY;
    if (only !== 'pglite')
      try {
        const postgres = await benchPostgres(baseUrl);
        rows.push(...postgres.rows);
        notes.push(...postgres.notes);
        details.postgres = postgres.json;
      } catch (error) {
        notes.push(`PostgreSQL: skipped or failed (${(error as Error).message}).`);
      }
    if (only !== 'postgres') {
      const pglite = await benchPglite();
      rows.push(...pglite.rows);
      notes.push(...pglite.notes);
      details.pglite = pglite.json;
    }
    notes.push(
      'Targets (issue 10): listing first page p99 <= 25 ms, any page within 1.5x of it, every filter p99 <= 40 ms; SQL floor >= 5x 329/s; app >= 80% of its SQL floor; a one-statement call >= 25% of the bare floor; listing <= 2, profile <= 3, partner <= 3 statements; < 250 MB at rest.',
    );
    return {
      name: 'api',
      title: 'Public reads at 100,000 records (PostgreSQL) and on the demo seed (PGlite)',
      rows,
      notes,
      details,
    } as BenchResult;
  },
};
