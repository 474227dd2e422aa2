import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';
import { databaseUrlFor } from './global-setup.ts';
import { TEST_AUTH_SECRET } from './people.ts';

/**
 * Events across a crash (decision 063): the real server runs as a child process over its own
 * database and is killed with SIGKILL after a payment's transaction committed its payment.succeeded
 * event but before the receipt was delivered. After a restart the receipt reaches the SMTP server
 * exactly once.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const MAIN = path.join(ROOT, 'apps/server/src/main.ts');
const baseUrl = process.env.DATABASE_URL;
const onPostgres = Boolean(baseUrl && inject('postgresTemplate'));

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

function request(port: number, method: string, pathname: string, body?: unknown) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: pathname,
        headers: {
          host: `demo.localhost:${port}`,
          origin: `http://demo.localhost:${port}`,
          'x-forwarded-for': '10.7.0.1',
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }
            : {}),
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
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/**
 * A loopback SMTP server that records each accepted message's dedupe key. A message whose key
 * `hold` names is received but never answered (the sender waits for the server's reply).
 */
async function startSmtp(hold: (key: string) => boolean = () => false) {
  const accepted: string[] = [];
  const held: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        const key = /X-Kinship-Dedupe-Key: (\S+)/.exec(data)?.[1] ?? '';
        if (hold(key)) {
          held.push(key);
          return;
        }
        accepted.push(key);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    accepted,
    held,
    url: `smtp://127.0.0.1:${(server.server.address() as net.AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

class Server {
  private child: ChildProcess | null = null;
  readonly logs: string[] = [];
  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  async start(): Promise<void> {
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
        // A claim of a killed process is taken over after 3 s; a failed attempt retried after 1 s.
        OUTBOX_LEASE_SECONDS: '3',
        OUTBOX_RETRY_SECONDS: '1',
        ...this.env,
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

  private async exited(child: ChildProcess) {
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

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

describe.skipIf(!onPostgres)('events across a crash (PostgreSQL: the test holds the outbox)', () => {
  it(
    'a receipt whose event committed before the process died is queued and sent exactly once after the restart',
    { timeout: 180_000 },
    async () => {
      const name = `kinship_events_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
      await admin.end();
      const url = databaseUrlFor(baseUrl!, name);
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinship-events-'));
      fs.cpSync(inject('mediaDir'), path.join(dataDir, 'media'), { recursive: true });
      const smtp = await startSmtp();
      const server = new Server(await freePort(), {
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        SMTP_URL: smtp.url,
      });
      const db = new pg.Client({ connectionString: url });
      const holder = new pg.Client({ connectionString: url });
      cleanups.push(async () => {
        await server.stop();
        await db.end().catch(() => undefined);
        await holder.end().catch(() => undefined);
        await smtp.close();
        const dropper = new pg.Client({ connectionString: baseUrl });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
        fs.rmSync(dataDir, { recursive: true, force: true });
      });
      await db.connect();
      await holder.connect();
      await server.start();

      // Nobody may write to the outbox: the payment and its event commit, the receipt's subscriber waits.
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE email_outbox IN EXCLUSIVE MODE');
      const email = `events-crash-${Date.now()}@example.org`;
      const answer = request(server.port, 'POST', '/api/payments?partnersId=2', {
        partnersId: 2,
        amount: 25,
        firstName: 'Crash',
        lastName: 'Donor',
        email,
        token: 'pm_card_visa',
      }).catch((error: Error) => ({ status: 0, text: error.message }));

      const event = await until('the payment.succeeded event', async () => {
        const { rows } = await db.query<{ id: number; payload: { paymentsId: number } }>(
          `SELECT e.id, e.payload FROM domain_events e JOIN payments p ON p.id = (e.payload->>'paymentsId')::int
            JOIN donations d ON d.id = p.donations_id
           WHERE e.name = 'payment.succeeded' AND d.email = $1 AND e.lease_until IS NOT NULL`,
          [email],
        );
        return rows[0];
      });
      // The subscriber's transaction is waiting for the outbox.
      await until('the receipt subscriber to wait on the outbox', async () => {
        const { rows } = await db.query(
          `SELECT 1 FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'
              AND query ILIKE 'insert into "email_outbox"%'`,
        );
        return rows.length > 0;
      });

      await server.kill();
      expect((await answer).status).toBe(0);
      await holder.query('ROLLBACK');

      const key = `receipt:payment:${event.payload.paymentsId}`;
      // Dead between the write and the delivery: the event stands, its subscriber never ran.
      const before = await db.query(
        `SELECT (SELECT status FROM domain_events WHERE id = $1) AS status,
                (SELECT count(*)::int FROM domain_event_deliveries WHERE events_id = $1) AS marks,
                (SELECT count(*)::int FROM email_outbox WHERE dedupe_key = $2) AS queued`,
        [event.id, key],
      );
      expect(before.rows[0]).toEqual({ status: 'pending', marks: 0, queued: 0 });
      expect(smtp.accepted).not.toContain(key);

      await server.start();
      await until('the receipt at the SMTP server', async () => smtp.accepted.includes(key));
      // Later dispatch runs (events every 5 s, the outbox every 10 s) must not send it again.
      await new Promise((resolve) => setTimeout(resolve, 12_000));
      await server.stop();

      expect(smtp.accepted.filter((k) => k === key)).toEqual([key]);
      const after = await db.query(
        `SELECT (SELECT status FROM domain_events WHERE id = $1) AS status,
                (SELECT array_agg(subscriber ORDER BY subscriber) FROM domain_event_deliveries WHERE events_id = $1) AS marks,
                (SELECT array_agg(status) FROM email_outbox WHERE dedupe_key = $2) AS outbox`,
        [event.id, key],
      );
      expect(after.rows[0]).toEqual({ status: 'done', marks: ['giving.receipt'], outbox: ['sent'] });
    },
  );
});

/** A DATA_DIR and a database copied from the run's seeded template (PGlite inside DATA_DIR, or a PostgreSQL copy). */
async function prepare(): Promise<{
  env: Record<string, string>;
  open(): Promise<Database>;
  cleanup(): Promise<void>;
}> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinship-events-'));
  fs.cpSync(inject('mediaDir'), path.join(dataDir, 'media'), { recursive: true });
  if (onPostgres) {
    const name = `kinship_events_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
    await admin.end();
    const url = databaseUrlFor(baseUrl!, name);
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: url },
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
    open: () => openDatabase({ dataDir: dbDir }),
    cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

describe('events across a crash (both databases: the SMTP server holds the receipt)', () => {
  it(
    'a receipt whose delivery was cut by the kill reaches the SMTP server exactly once after the restart',
    { timeout: 180_000 },
    async () => {
      const setup = await prepare();
      const email = `events-smtp-${Date.now()}@example.org`;
      let holding = true;
      const smtp = await startSmtp((key) => holding && key.startsWith('receipt:payment:'));
      const server = new Server(await freePort(), { ...setup.env, SMTP_URL: smtp.url });
      cleanups.push(async () => {
        await server.stop();
        await smtp.close();
        await setup.cleanup();
      });
      await server.start();
      const answer = await request(server.port, 'POST', '/api/payments?partnersId=2', {
        partnersId: 2,
        amount: 30,
        firstName: 'Smtp',
        lastName: 'Donor',
        email,
        token: 'pm_card_visa',
      });
      expect(answer.status, answer.text).toBe(200);
      // The worker is delivering the receipt: the server has it and has not answered.
      const [key] = await until('the receipt in delivery', async () => smtp.held.length > 0 && smtp.held);
      await server.kill();
      holding = false;
      expect(smtp.accepted).not.toContain(key);

      await server.start();
      await until('the receipt at the SMTP server', async () => smtp.accepted.includes(key!));
      // Later dispatch runs (events every 5 s, the outbox every 10 s) must not send it again.
      await new Promise((resolve) => setTimeout(resolve, 12_000));
      await server.stop();
      expect(smtp.accepted.filter((k) => k === key)).toEqual([key]);

      const database = await setup.open();
      try {
        const paymentsId = Number(key!.split(':')[2]);
        const { rows } = (await database.db.execute(sql`
          SELECT e.status, (SELECT count(*)::int FROM domain_event_deliveries d WHERE d.events_id = e.id) AS marks,
                 o.status AS outbox, o.attempts > 1 AS retried, dn.email
            FROM domain_events e
            JOIN payments p ON p.id = ${paymentsId}
            JOIN donations dn ON dn.id = p.donations_id
            JOIN email_outbox o ON o.dedupe_key = ${key!}
           WHERE e.dedupe_key = ${`payment.succeeded:${paymentsId}`}`)) as unknown as { rows: unknown[] };
        expect(rows).toEqual([{ status: 'done', marks: 1, outbox: 'sent', retried: true, email }]);
      } finally {
        await database.close();
      }
    },
  );
});
