import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed/demo.ts';
import { TestClient } from '../apps/server/test/http-client.ts';
import type { Bench, BenchResult, BenchRow } from './run.ts';
import { DEFAULT_POSTGRES, migrateAndSeed, startServer, urlOf, type Server } from './support.ts';

/**
 * The public listing while a 10,000-row records import runs (issue 21, decision 053): the server
 * started as `npm run serve` starts it, with its worker (RUN_WORKER=true), on PGlite (a fresh data
 * folder, demo seed) and on PostgreSQL (a fresh `kinship_bench_import` database, demo seed). The
 * demo partner's administrator sends a 10,000-row CSV of new students; from then until the import
 * is completed, CONCURRENCY keep-alive connections ask for the public listing back to back, each
 * request timed from send to last byte. The same is measured for a few seconds before, at rest,
 * and for a few seconds after, at rest with the new rows (what the import costs, apart from the
 * larger table).
 * Target: p95 <= 100 ms during the import, on both databases. BENCH_DB=pglite|postgres runs one.
 */

const CONCURRENCY = 4;
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const REST_SECONDS = 3;
const TARGET_P95_MS = 100;
const HOST = 'demo.localhost';
const password = (email: string) => DEMO_ACCOUNTS.find((a) => a.email === email)!.password;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const value = sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  return Math.round(value * 10) / 10;
}

/** The listing asked back to back from CONCURRENCY connections until `until()` says stop. */
async function listingWhile(port: number, urlPath: string, until: () => boolean) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies: number[] = [];
  let failures = 0;
  const once = () =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now();
      const req = http.get(
        { host: '127.0.0.1', port, path: urlPath, agent, headers: { host: `${HOST}:${port}` } },
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
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (!until()) await once();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: Math.round((latencies.at(-1) ?? 0) * 10) / 10,
    failures,
  };
}

function rosterCsv(programs: string[]): Buffer {
  const lines = ['Code,First Name,Last Name,Gender,Birthday,Program'];
  for (let i = 1; i <= ROWS; i++) {
    const n = String(i).padStart(5, '0');
    lines.push(
      `BENCH-${n},Kid${n},Family${n},${i % 2 ? 'Female' : 'Male'},2015-0${(i % 9) + 1}-1${i % 10},${programs[i % programs.length]}`,
    );
  }
  return Buffer.from(lines.join('\r\n') + '\r\n');
}

async function multipart(client: TestClient, urlPath: string, file: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type: 'text/csv' }), 'roster.csv');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return client.request(
    'POST',
    urlPath,
    undefined,
    { 'content-type': request.headers.get('content-type')! },
    Buffer.from(await request.arrayBuffer()),
  );
}

async function measure(label: string, server: Server): Promise<BenchRow[]> {
  const admin = new TestClient(server.port, HOST);
  await admin.signIn('partner-admin@demo.example.org', password('partner-admin@demo.example.org'));
  const partner = (await admin.get('/api/partners/demo')).json<{
    id: number;
    partnerSponsoredTypes: { id: number; identifier: string }[];
    entities: { id: number; name: string }[];
  }>();
  const students = partner.partnerSponsoredTypes.find((t) => t.identifier === 'students')!.id;
  const listing = `/api/partners/${partner.id}/sponsoreds?partnersId=${partner.id}&status=active&isFullySponsored=No&partnerSponsoredTypesId=${students}&limit=25`;

  const restUntil = performance.now() + REST_SECONDS * 1000;
  const rest = await listingWhile(server.port, listing, () => performance.now() > restUntil);

  const csv = rosterCsv(partner.entities.map((e) => e.name));
  const importPath = `/api/dashboard/records/import?partnersId=${partner.id}&partnerSponsoredTypesId=${students}`;
  const sent = performance.now();
  const started = await multipart(admin, importPath, csv);
  if (started.status !== 202) throw new Error(`import refused: ${started.status} ${started.text}`);
  const { id, jobId } = started.json<{ id: number; jobId: string }>();
  let state = 'queued';
  const progress = new Set<number>();
  const watching = (async () => {
    while (state !== 'completed' && state !== 'failed') {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      state = (await admin.get(`/api/dashboard/records/imports/${id}?partnersId=${partner.id}`)).json<{
        state: string;
      }>().state;
      const report = (await admin.get(`/api/jobs/${jobId}/progress?partnersId=${partner.id}`)).json<{
        done: number;
      }>();
      progress.add(report.done);
    }
  })();
  const during = await listingWhile(server.port, listing, () => state === 'completed' || state === 'failed');
  await watching;
  const importSeconds = (performance.now() - sent) / 1000;
  // The same listing once the import is over: the table now holds the new rows, nothing runs.
  const afterUntil = performance.now() + REST_SECONDS * 1000;
  const after = await listingWhile(server.port, listing, () => performance.now() > afterUntil);
  const row = (phase: string, t: Awaited<ReturnType<typeof listingWhile>>): BenchRow => ({
    database: label,
    phase,
    requests: t.requests,
    'p50 ms': t.p50,
    'p95 ms': t.p95,
    'p99 ms': t.p99,
    'max ms': t.max,
    failures: t.failures,
  });
  return [
    row('at rest', rest),
    {
      ...row(
        `during ${ROWS} rows (${state}, ${importSeconds.toFixed(0)} s, ${progress.size} progress steps)`,
        during,
      ),
      target: during.p95 <= TARGET_P95_MS ? 'met' : 'missed',
    },
    row(`at rest after (${ROWS} more rows)`, after),
  ];
}

async function onPglite(): Promise<BenchRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinship-bench-import-'));
  try {
    // The server inherits the bench's environment: without this it would run on DATABASE_URL.
    const databaseUrl = process.env.DATABASE_URL;
    delete process.env.DATABASE_URL;
    const server = await startServer({ DATA_DIR: dataDir, RUN_WORKER: 'true' }).finally(() => {
      if (databaseUrl !== undefined) process.env.DATABASE_URL = databaseUrl;
    });
    try {
      return await measure('PGlite', server);
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(): Promise<BenchRow[]> {
  const baseUrl = process.env.DATABASE_URL ?? DEFAULT_POSTGRES;
  const database = 'kinship_bench_import';
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${database}`);
  } finally {
    await admin.end();
  }
  const url = urlOf(baseUrl, database);
  await migrateAndSeed(url);
  const server = await startServer({ DATABASE_URL: url, RUN_WORKER: 'true' });
  try {
    return await measure('PostgreSQL', server);
  } finally {
    await server.stop();
  }
}

export const bench: Bench = {
  name: 'import',
  async run(): Promise<BenchResult> {
    const only = process.env.BENCH_DB;
    const rows: BenchRow[] = [];
    if (only !== 'postgres') rows.push(...(await onPglite()));
    if (only !== 'pglite') rows.push(...(await onPostgres()));
    return {
      name: 'import',
      title: `Public listing (25 students, anonymous) while a ${ROWS}-row records import runs: ${CONCURRENCY} connections, target p95 <= ${TARGET_P95_MS} ms`,
      rows,
      notes: [
        `${os.cpus().length} cores, load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')} at the end; the import runs in the server's own worker.`,
      ],
    };
  },
};
