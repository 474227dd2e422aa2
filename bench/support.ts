import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

/**
 * What the PostgreSQL benches share: the data set built on top of the demo seed (api.ts and
 * records.ts), the server started as its own process, a plain GET and the statement counter.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '..');
export const DEFAULT_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';
/** The AUTH_SECRET the bench server runs with (session cookies are signed with it). */
export const BENCH_AUTH_SECRET = 'kinship-bench-secret-that-is-long-enough-01';
const NEW_PARTNERS = 46;
const MIGRATIONS = fs
  .readdirSync(path.join(root, 'apps/server/drizzle'))
  .filter((f) => f.endsWith('.sql')).length;

/**
 * One data set: the demo seed plus 46 partners sharing `totalRecords` records, the largest
 * ("bench1") holding 22.144% of them; sponsors are a fifth of the records, payments twice them.
 */
export interface DataSet {
  database: string;
  totalRecords: number;
}

/** The public reads' data set (api.ts), also the records bench's 100,000. */
export const API_DATA_SET: DataSet = { database: 'kinship_bench', totalRecords: 100_000 };

export const bigPartnerRecords = (set: DataSet) => Math.round((set.totalRecords * 22_144) / 100_000);

const versionOf = (set: DataSet) =>
  set.totalRecords === 100_000 ? `api-v1-${MIGRATIONS}` : `api-v1-${MIGRATIONS}-${set.totalRecords}`;

export const discardStorage: Storage = {
  put: async () => undefined,
  get: async () => null,
  exists: async () => false,
  delete: async () => undefined,
  list: async () => [],
};
export const discardMailer: Mailer = { send: async () => ({ messageId: 'bench' }) };

export function urlOf(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * A bench's own PostgreSQL database: reused when it holds this data set's `version` (its
 * `bench_meta` row) unless BENCH_REBUILD=1, else dropped and created empty for the bench to build.
 */
export async function benchDatabase(
  baseUrl: string,
  database: string,
  version: string,
): Promise<{ url: string; reused: boolean }> {
  const url = urlOf(baseUrl, database);
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [database])).rowCount;
    if (exists && process.env.BENCH_REBUILD !== '1') {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const stored = await client
        .query<{ value: string }>(`select value from bench_meta where key = 'version'`)
        .then((r) => r.rows[0]?.value)
        .catch(() => undefined);
      await client.end();
      if (stored === version) return { url, reused: true };
    }
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${database}`);
  } finally {
    await admin.end();
  }
  return { url, reused: false };
}

/** Migrates an empty database and writes the demo seed into it (the benches' starting point). */
export async function migrateAndSeed(url: string): Promise<void> {
  const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
  try {
    await migrateAndSeedDatabase(database);
  } finally {
    await database.close();
  }
}

/** The same on an open database (PostgreSQL or PGlite), left open. */
export async function migrateAndSeedDatabase(database: Database): Promise<void> {
  await migrateDatabase(database);
  const config = loadConfig({
    AUTH_SECRET: BENCH_AUTH_SECRET,
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
}

/** Builds the data set unless the bench database already holds this version of it. */
export async function ensureDataSet(
  baseUrl: string,
  set: DataSet = API_DATA_SET,
): Promise<{ url: string; note: string }> {
  const BENCH_DATABASE = set.database;
  const DATA_VERSION = versionOf(set);
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
  await migrateAndSeed(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // One statement at a time, with fresh statistics, so each join is planned on the real sizes.
    for (const statement of buildSql(set)
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
 * The data set on top of the demo seed (figures at 100,000 records; the others scale with
 * `totalRecords`): 46 more partners (50 in all), the largest ("bench1")
 * with 22,144 students whose type shows birthdays and ages (one in ten masked by its own flag),
 * the others sharing the rest of 100,000 records as masked students like the demo's; three
 * facts and two pictures per record; 20,000 sponsors each sponsoring one open record; 200,000
 * payments.
 */
function buildSql(set: DataSet): string {
  const TOTAL_RECORDS = set.totalRecords;
  const BIG_PARTNER_RECORDS = bigPartnerRecords(set);
  const SPONSORS = Math.round(set.totalRecords / 5);
  const PAYMENTS = set.totalRecords * 2;
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

export interface Server {
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

export async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The server as `npm run serve` starts it, in its own process, until it answers. */
export async function startServer(env: Record<string, string>): Promise<Server> {
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
      AUTH_SECRET: BENCH_AUTH_SECRET,
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

export function get(
  port: number,
  urlPath: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Buffer; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: urlPath, headers: { host: `localhost:${port}`, ...headers } },
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

/**
 * Statements per request, counted: the same app built in this process over the bench database,
 * every query the pool receives during a burst of requests (after one warming request) divided by
 * the requests.
 */
export async function statementCounter(url: string, headers: Record<string, string> = {}) {
  const database = await openDatabase({ databaseUrl: url, poolSize: 4 });
  const config = loadConfig({
    AUTH_SECRET: BENCH_AUTH_SECRET,
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
      await app.inject({ method: 'GET', url: urlPath, headers: { host: 'localhost', ...headers } });
      count = 0;
      for (let i = 0; i < burst; i += 1)
        await app.inject({ method: 'GET', url: urlPath, headers: { host: 'localhost', ...headers } });
      return count / burst;
    },
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
