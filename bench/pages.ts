import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Bench, BenchResult, BenchRow } from './run.ts';

/**
 * The public pages of the demo partner on the production build (issue 3, "Accessibility and
 * speed"): the landing page, the students listing and a masked student's profile. For each, the
 * JavaScript its first load fetched and Lighthouse's performance and accessibility scores with
 * Lighthouse's default mobile emulation (Moto G Power screen, simulated slow 4G, 4x CPU slowdown)
 * in Debian's Chromium.
 *
 * The web app is built, then the real server is started as a child process (embedded PGlite in a
 * temporary DATA_DIR, demo seed) on a port in 3500-3599. "JS gzip" sums, over the scripts Chromium
 * loaded for the page (Lighthouse's network records, cold cache), the size of each one's .gz file
 * as served to a gzip-only client; "JS sent" is what Chromium itself was sent (it accepts brotli).
 * Set BENCH_SKIP_BUILD=1 to reuse apps/web/dist, BENCH_LIGHTHOUSE_RUNS=n for the median of n runs.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = path.join(root, 'apps/web/dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const TARGETS = { jsGzipKb: 150, performance: 90, accessibility: 95 };
/** The whole bench gives up after this long, so it always ends by itself. */
const DEADLINE_MS = 280_000;
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1));

/** Stops whatever a run started (server, Chromium), even when the deadline cut it short. */
const cleanups = new Set<() => Promise<void>>();

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

function buildWeb(): void {
  if (process.env.BENCH_SKIP_BUILD === '1' && fs.existsSync(path.join(webDist, 'index.html'))) return;
  const started = Date.now();
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`web build failed:\n${result.stdout}\n${result.stderr}`);
  console.log(`built apps/web in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

interface Server {
  origin: (partner: string) => string;
  api: string;
  stop(): Promise<void>;
}

async function startServer(): Promise<Server> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinship-bench-'));
  const port = 3500 + Math.floor(Math.random() * 100);
  const logFile = path.join(dataDir, 'server.log');
  const log = fs.openSync(logFile, 'a');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      RUN_WORKER: 'false',
    },
    stdio: ['ignore', log, log],
  });
  const stop = async () => {
    cleanups.delete(stop);
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  cleanups.add(stop);
  const api = `http://127.0.0.1:${port}/api`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      const output = fs.readFileSync(logFile, 'utf8');
      await stop();
      throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    }
    try {
      if ((await fetch(`${api}/partners/demo`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('server did not start within 90 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { origin: (partner) => `http://${partner}.localhost:${port}`, api, stop };
}

/** A masked student of the demo partner (partner 2), as the listing lists them. */
async function maskedStudentId(api: string): Promise<number> {
  const res = await fetch(`${api}/partners/2/sponsoreds?partnersId=2&offset=0&limit=25`);
  const items = (await res.json()) as { id: number; masked: boolean; sponsoredTypesId: number }[];
  const student = items.find((item) => item.masked && item.sponsoredTypesId === 1);
  if (!student) throw new Error('the demo seed has no masked student');
  return student.id;
}

/**
 * The size of what a gzip-only client receives for a built asset: the .gz the build wrote beside
 * it, or the file itself when gzip would not make it smaller (the build then writes no .gz).
 */
function gzipSizeOf(url: string): number {
  const file = path.join(webDist, new URL(url).pathname);
  if (fs.existsSync(`${file}.gz`)) return fs.statSync(`${file}.gz`).size;
  const size = fs.statSync(file).size;
  if (size > 1024)
    throw new Error(`no ${path.relative(root, file)}.gz: was the web app built with the precompress plugin?`);
  return size;
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

interface PageMeasure {
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** Lines Lighthouse's errors-in-console audit found (a 401 of a visitor's page counted here). */
  consoleErrors: string[];
  scripts: string[];
  jsSent: number;
  jsGzip: number;
  metrics: Record<string, number>;
  failedAudits: string[];
}

async function measurePage(url: string, port: number, language?: string): Promise<PageMeasure> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    ...(language ? { extraHeaders: { 'Accept-Language': language } } : {}),
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ??
    []) as NetworkItem[];
  const scripts = items.filter(
    (item) => item.resourceType === 'Script' && new URL(item.url).pathname.startsWith('/assets/'),
  );
  const numeric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
  const failedAudits = Object.values(lhr.audits)
    .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative')
    .filter(
      (audit) =>
        lhr.categories.accessibility!.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0) ||
        lhr.categories.performance!.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0),
    )
    .map((audit) => `${audit.id} (${audit.displayValue ?? audit.score})`);
  const consoleItems =
    (
      lhr.audits['errors-in-console']?.details as
        { items?: { description?: string; url?: string }[] } | undefined
    )?.items ?? [];
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    bestPractices: Math.round((lhr.categories['best-practices']?.score ?? 0) * 100),
    consoleErrors: consoleItems.map((item) => `${item.description ?? ''} ${item.url ?? ''}`.trim()),
    scripts: scripts.map((s) => new URL(s.url).pathname),
    jsSent: scripts.reduce((sum, s) => sum + (s.transferSize ?? 0), 0),
    jsGzip: scripts.reduce((sum, s) => sum + gzipSizeOf(s.url), 0),
    metrics: {
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN) * 1000) / 1000,
      siMs: numeric('speed-index'),
    },
    failedAudits,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function runPages(): Promise<BenchResult> {
  buildWeb();
  const server = await startServer();
  try {
    const profileId = await maskedStudentId(server.api);
    const pages: { page: string; path: string; partner?: string; language?: string }[] = [
      { page: 'landing', path: '/' },
      { page: 'listing', path: '/sponsored/board/students' },
      { page: 'profile', path: `/sponsored/profile/${profileId}` },
      // A locale's cost (issue 23): the Canadian partner's pages in French load its catalogue chunk.
      { page: 'landing fr-CA', path: '/', partner: 'maple', language: 'fr-CA' },
      { page: 'listing fr-CA', path: '/sponsored/board/students', partner: 'maple', language: 'fr-CA' },
    ];
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: CHROME_FLAGS,
      logLevel: 'silent',
    });
    const killChrome = async () => {
      cleanups.delete(killChrome);
      chrome.kill();
    };
    cleanups.add(killChrome);
    const rows: BenchRow[] = [];
    const details: Record<string, PageMeasure[]> = {};
    for (const { page, path: pathname, partner = 'demo', language } of pages) {
      const url = server.origin(partner) + pathname;
      const runs: PageMeasure[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measurePage(url, chrome.port, language));
      details[page] = runs;
      const jsGzip = median(runs.map((r) => r.jsGzip));
      const performance = median(runs.map((r) => r.performance));
      const accessibility = median(runs.map((r) => r.accessibility));
      const metrics = runs.find((r) => r.performance === performance)!.metrics;
      rows.push({
        page,
        path: pathname,
        'JS files': runs[0]!.scripts.length,
        'JS gzip KB': kb(jsGzip),
        'JS sent KB': kb(median(runs.map((r) => r.jsSent))),
        performance,
        accessibility,
        'best practices': median(runs.map((r) => r.bestPractices)),
        'console errors': runs[0]!.consoleErrors.length,
        'FCP ms': metrics.fcpMs!,
        'LCP ms': metrics.lcpMs!,
        'TBT ms': metrics.tbtMs!,
        CLS: metrics.cls!,
        verdict:
          kb(jsGzip) <= TARGETS.jsGzipKb &&
          performance >= TARGETS.performance &&
          accessibility >= TARGETS.accessibility
            ? 'meets targets'
            : 'SHORT OF TARGET',
      });
    }
    const notes = [
      `Targets: JS gzip <= ${TARGETS.jsGzipKb} KB, performance >= ${TARGETS.performance}, accessibility >= ${TARGETS.accessibility}.`,
      `Lighthouse ${RUNS === 1 ? 'single run' : `median of ${RUNS} runs`} per page, mobile emulation, simulated throttling, ${os.cpus().length} CPU cores.`,
      ...Object.entries(details).flatMap(([page, runs]) =>
        runs[0]!.consoleErrors.length > 0
          ? [`${page}: console errors: ${runs[0]!.consoleErrors.join(' | ')}`]
          : [],
      ),
      ...Object.entries(details).flatMap(([page, runs]) =>
        runs[0]!.failedAudits.length > 0
          ? [`${page}: audits below 0.9: ${runs[0]!.failedAudits.join(', ')}`]
          : [],
      ),
    ];
    const result: BenchResult & { details: typeof details } = {
      name: 'pages',
      title: 'Public pages of the demo partner: first-load JavaScript and Lighthouse (mobile)',
      rows,
      notes,
      details,
    };
    return result;
  } finally {
    await Promise.all([...cleanups].map((cleanup) => cleanup()));
  }
}

export const bench: Bench = {
  name: 'pages',
  async run() {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`pages bench gave up after ${DEADLINE_MS / 1000} s`)),
        DEADLINE_MS,
      );
    });
    try {
      return await Promise.race([runPages(), deadline]);
    } finally {
      clearTimeout(timer);
      await Promise.all([...cleanups].map((cleanup) => cleanup()));
    }
  },
};
