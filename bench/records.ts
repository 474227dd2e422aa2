import http from 'node:http';
import os from 'node:os';
import { Role } from '@kinship/domain';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { partnerUserRoles, partnerUsers } from '../apps/server/src/db/schema/index.ts';
import { createPeople, signedSessionCookie } from '../apps/server/test/people.ts';
import type { Bench, BenchResult, BenchRow } from './run.ts';
import {
  API_DATA_SET,
  BENCH_AUTH_SECRET,
  bigPartnerRecords,
  DEFAULT_POSTGRES,
  ensureDataSet,
  get,
  startServer,
  statementCounter,
  type DataSet,
} from './support.ts';

/**
 * The staff Records table (issue 12): `GET /api/dashboard/records?type=...` as the largest
 * partner's administrator, on the api bench's data set at 10,000 records (database
 * `kinship_bench_10k`, built the same way at a tenth of the size) and at 100,000 (`kinship_bench`,
 * shared with `npm run bench -- api`). The largest partner ("bench1") holds 22.144% of the records
 * in its one student type: 2,214 at 10,000 and 22,144 at 100,000.
 *
 * Each call runs for BENCH_SECONDS (default 5) from CONCURRENCY (4) keep-alive connections, each
 * request timed in this process from send to the last byte over loopback (so p95 is the server's
 * time plus a loopback round trip). Statements per request are counted as bench/api.ts does: the
 * same app built in this process over the same database, every query its pool receives over a
 * burst of requests. BENCH_RECORDS=10000 (or 100000) runs one size.
 */

const CONCURRENCY = 4;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const TARGET_P95_MS = 50;
const SETS: DataSet[] = [{ database: 'kinship_bench_10k', totalRecords: 10_000 }, API_DATA_SET].filter(
  (set) => !process.env.BENCH_RECORDS || Number(process.env.BENCH_RECORDS) === set.totalRecords,
);

interface Timing {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  failures: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const value = sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  return Math.round(value * 10) / 10;
}

/** CONCURRENCY keep-alive connections asking for `urlPath` back to back for SECONDS. */
async function timed(port: number, urlPath: string, headers: Record<string, string>): Promise<Timing> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies: number[] = [];
  let failures = 0;
  const once = () =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now();
      const req = http.get(
        { host: '127.0.0.1', port, path: urlPath, agent, headers: { host: `localhost:${port}`, ...headers } },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode === 200) latencies.push(performance.now() - started);
            else failures += 1;
            resolve();
          });
        },
      );
      req.on('error', reject);
    });
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) await once();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: Math.round(latencies.length / elapsed),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    failures,
  };
}

interface BigPartner {
  id: number;
  typeId: number;
  entityId: number;
  records: number;
}

/** The largest partner, its student type and first program. */
async function bigPartner(url: string): Promise<BigPartner> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const row = (
      await client.query<{ id: number; type_id: number; entity_id: number; records: string }>(
        `select p.id, t.id as type_id, (select min(e.id) from entities e where e.partners_id = p.id) as entity_id,
           (select count(*) from sponsoreds s where s.partner_sponsored_types_id = t.id)::text as records
         from partners p join partner_sponsored_types t on t.partners_id = p.id where p.subdomain = 'bench1'`,
      )
    ).rows[0]!;
    return { id: row.id, typeId: row.type_id, entityId: row.entity_id, records: Number(row.records) };
  } finally {
    await client.end();
  }
}

/**
 * A signed-in administrator of the partner (role Administrator, every program), made straight in
 * the database as the server tests make people; returns the session cookie the server accepts.
 */
async function administratorCookie(url: string, partnersId: number): Promise<string> {
  const database = await openDatabase({ databaseUrl: url, poolSize: 1 });
  try {
    const [person] = await createPeople(database, 1, 'records-bench-admin');
    const [partnerUser] = await database.db
      .insert(partnerUsers)
      .values({ partnersId, usersId: person!.usersId })
      .returning({ id: partnerUsers.id });
    await database.db
      .insert(partnerUserRoles)
      .values({ partnerUsersId: partnerUser!.id, rolesId: Role.Administrator });
    return `kinship.session_token=${signedSessionCookie(person!.sessionToken, BENCH_AUTH_SECRET)}`;
  } finally {
    await database.close();
  }
}

interface Call {
  label: string;
  query: string;
}

function callsOf(big: BigPartner): Call[] {
  const deepPage = Math.max(1, Math.floor((big.records * 0.58) / 25));
  const lastPage = Math.max(1, Math.ceil(big.records / 25));
  return [
    { label: 'first page (code asc)', query: '' },
    { label: `deep page (page ${deepPage}, 58%)`, query: `&page=${deepPage}` },
    { label: `last page (page ${lastPage})`, query: `&page=${lastPage}` },
    { label: 'sort code desc', query: '&sort=code&order=desc' },
    { label: 'sort first name', query: '&sort=firstName' },
    { label: 'sort last name, deep', query: `&sort=lastName&page=${deepPage}` },
    { label: 'sort birthday (age)', query: '&sort=birthday&order=desc' },
    { label: 'sort sponsors desc', query: '&sort=sponsors&order=desc' },
    { label: 'sort monthly amount', query: '&sort=monthlyAmount' },
    { label: 'sort program', query: '&sort=program' },
    { label: 'sort slots filled desc', query: '&sort=slotsFilled&order=desc' },
    { label: 'pictures: has none', query: '&hasPictures=false' },
    { label: 'pictures: has some, deep', query: `&hasPictures=true&page=${deepPage}` },
    { label: 'search name "first42"', query: '&q=first42' },
    { label: 'search code "B-1234"', query: '&q=B-1234' },
    { label: 'search, no match', query: '&q=nobody-has-this' },
    {
      label: 'filters: active, female, waiting, program, grade',
      query: `&status=active&gender=Female&sponsored=false&entitiesId=${big.entityId}&gradesId=10`,
    },
    {
      label: 'filters + pictures + search, sort sponsors',
      query: `&status=active&gender=Female&hasPictures=true&q=first4&sort=sponsors&order=desc`,
    },
  ];
}

async function benchSet(
  baseUrl: string,
  set: DataSet,
): Promise<{ rows: BenchRow[]; notes: string[]; json: unknown }> {
  const notes: string[] = [];
  const { url, note } = await ensureDataSet(baseUrl, set);
  notes.push(`${set.totalRecords.toLocaleString('en-US')} records: ${note}`);
  const big = await bigPartner(url);
  const cookie = await administratorCookie(url, big.id);
  const headers = { cookie };
  const base = `/api/dashboard/records?partnersId=${big.id}&type=${big.typeId}`;
  const counter = await statementCounter(url, headers);
  const server = await startServer({ DATABASE_URL: url, SEED_DEMO: 'false', DATABASE_POOL_SIZE: '8' });
  const rows: BenchRow[] = [];
  const results: Record<string, unknown>[] = [];
  const size = set.totalRecords.toLocaleString('en-US');
  try {
    for (const call of callsOf(big)) {
      const path = `${base}${call.query}`;
      const warm = await get(server.port, path, headers);
      if (warm.status !== 200) throw new Error(`${path} answered ${warm.status}: ${warm.body.toString()}`);
      const statements = await counter.per(path, 20);
      const timing = await timed(server.port, path, headers);
      const total = Number(warm.headers['x-total-count']);
      rows.push({
        records: size,
        call: call.label,
        matches: total,
        'p50 ms': timing.p50,
        'p95 ms': timing.p95,
        'p99 ms': timing.p99,
        'req/s': timing.rps,
        statements: Math.round(statements * 100) / 100,
        target: timing.p95 < TARGET_P95_MS ? 'met' : `MISSED (p95 >= ${TARGET_P95_MS})`,
        ...(timing.failures ? { failures: timing.failures } : {}),
      });
      results.push({ ...call, path, total, statements, ...timing });
    }
  } finally {
    await server.stop();
    await counter.close();
  }
  notes.push(
    `${size} records: the largest partner's student table holds ${big.records.toLocaleString('en-US')} (expected ${bigPartnerRecords(set).toLocaleString('en-US')}).`,
  );
  return { rows, notes, json: { ...set, partner: big, calls: results } };
}

export const bench: Bench = {
  name: 'records',
  async run(): Promise<BenchResult> {
    const baseUrl = process.env.DATABASE_URL ?? DEFAULT_POSTGRES;
    const rows: BenchRow[] = [];
    const notes: string[] = [
      `${CONCURRENCY} keep-alive connections, ${SECONDS} s per call, each request timed send to last byte; ${os.cpus().length} cores (${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} load when started: the machine may be shared, so timings are noisy).`,
    ];
    const details: Record<string, unknown> = {};
    for (const set of SETS) {
      const result = await benchSet(baseUrl, set);
      rows.push(...result.rows);
      notes.push(...result.notes);
      details[set.totalRecords] = result.json;
    }
    notes.push(
      `Target (issue 12): p95 under ${TARGET_P95_MS} ms at 100,000 records. Page size 25 (the default).`,
    );
    return {
      name: 'records',
      title:
        "Staff Records table (GET /api/dashboard/records) as the largest partner's administrator (PostgreSQL)",
      rows,
      notes,
      details,
    } as BenchResult;
  },
};
