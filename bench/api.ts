import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/server/src/db/client.ts';
import {
  findListingPage,
  type ListingFilters,
} from '../apps/server/src/areas/records/sponsoreds/sponsoreds.repository.ts';
import {
  birthdayYearsAgo,
  LISTING_COUNT_TTL_MS,
} from '../apps/server/src/areas/records/sponsoreds/sponsoreds.service.ts';
import type { Bench, BenchResult, BenchRow } from './run.ts';
import {
  API_DATA_SET,
  bigPartnerRecords,
  DEFAULT_POSTGRES,
  ensureDataSet,
  freePort,
  get,
  root,
  startServer,
  statementCounter,
} from './support.ts';

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

const CONNECTIONS = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BIG_PARTNER_RECORDS = bigPartnerRecords(API_DATA_SET);

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
