import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';
import { databaseUrlFor } from './global-setup.ts';
import { TEST_AUTH_SECRET } from './people.ts';

/**
 * What the tests that kill the real server share (crash-safety.test.ts, events-crash.test.ts): the
 * server as a child process (`node --import tsx src/main.ts`) over a database and DATA_DIR of its
 * own, copied from the run's seeded template, plain HTTP to it, and waiting for a condition.
 * (test/child-server.ts is another thing: a second app process over a shared PostgreSQL database.)
 */

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const MAIN = path.join(ROOT, 'apps/server/src/main.ts');

/** Whether this run has PostgreSQL (DATABASE_URL and its migrated template). */
export const onPostgres = Boolean(process.env.DATABASE_URL && inject('postgresTemplate'));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** One request to the child on the demo partner's host and origin; cut after 15 s. */
export function request(
  port: number,
  method: string,
  pathname: string,
  body?: unknown,
  headers: Record<string, string> = {},
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

export interface Setup {
  /** DATA_DIR, and DATABASE_URL on PostgreSQL. */
  env: Record<string, string>;
  dataDir: string;
  /** The copy's URL on PostgreSQL; null on PGlite (the database lives in DATA_DIR/db). */
  databaseUrl: string | null;
  /** Opens the server's database from the test (PGlite: only while no server runs). */
  open(): Promise<Database>;
  cleanup(): Promise<void>;
}

/** A DATA_DIR and a database copied from the run's seeded template, so SEED_DEMO finds it seeded. */
export async function prepare(prefix: string): Promise<Setup> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `kinship-${prefix}-`));
  fs.cpSync(inject('mediaDir'), path.join(dataDir, 'media'), { recursive: true });
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl && inject('postgresTemplate')) {
    const name = `kinship_${prefix}_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
    await admin.end();
    const url = databaseUrlFor(baseUrl, name);
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: url },
      dataDir,
      databaseUrl: url,
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
  const dbDir = path.join(dataDir, 'db');
  const seeded = await openDatabase({
    dataDir: dbDir,
    loadDataDir: new Blob([fs.readFileSync(inject('pgliteTemplate'))], { type: 'application/x-gzip' }),
  });
  await seeded.close();
  return {
    env: { DATA_DIR: dataDir },
    dataDir,
    databaseUrl: null,
    open: () => openDatabase({ dataDir: dbDir }),
    cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** The real server as a child process: started (ready once it answers), killed (SIGKILL) or stopped. */
export class ChildServer {
  private child: ChildProcess | null = null;
  readonly logs: string[] = [];
  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  async start(extraEnv: Record<string, string> = {}): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? os.tmpdir(),
        PORT: String(this.port),
        HOST: '127.0.0.1',
        SEED_DEMO: 'true',
        AUTH_SECRET: TEST_AUTH_SECRET,
        LOG_LEVEL: 'info',
        WEB_DIST: '/nonexistent',
        TRUST_PROXY: 'loopback',
        // A message or event whose worker was killed mid-delivery is taken over after 3 s (60 s by default).
        OUTBOX_LEASE_SECONDS: '3',
        // A delivery that failed (the first receipt's PDF can outlast the 1.5 s a 3 s lease allows on a
        // loaded machine) is retried after 1 s, inside a test's final quiet period, instead of 30 s.
        OUTBOX_RETRY_SECONDS: '1',
        ...this.env,
        ...extraEnv,
      },
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
        if ((await request(this.port, 'GET', '/api/partners/demo')).status === 200) return;
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
    const child = this.child;
    if (!child) return;
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

/** Polls `probe` every 100 ms until it answers something truthy (answered), or fails after `ms`. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  ms = 60_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
