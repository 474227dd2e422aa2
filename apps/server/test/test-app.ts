import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { authSettingsOf, createAuth } from '../src/platform/auth.ts';
import type { JobSummary, Worker, WorkerOptions } from '../src/platform/jobs.ts';
import type { SignInDelay } from '../src/platform/login-throttle.ts';
import { createMailer } from '../src/platform/messaging/mail.ts';
import type { PaymentGateway } from '../src/platform/payments/gateway.ts';
import { localStorage, type Storage } from '../src/platform/storage.ts';
import { TestClient } from './http-client.ts';
import { TEST_AUTH_SECRET } from './people.ts';
import { openTestDatabase } from './test-database.ts';
import { partnerCacheOf } from '../src/areas/partners/site/partner-cache.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  port: number;
  /** Where this app's mail is written as .eml files. */
  mailDir: string;
  client(host?: string): TestClient;
  /** The .eml files written to an address so far, oldest first, as text. */
  mailTo(address: string): string[];
  /** Runs a background job once, now, and answers its summary (the worker is not started unless asked). */
  runJob(name: string, payload?: unknown): Promise<JobSummary>;
  /** The pg-boss worker, when started with `worker`. */
  worker: Worker | null;
  close(): Promise<void>;
}

export interface TestAppOptions {
  rateLimit?: boolean;
  /** The sign-in slow-down of an account under attack (default: the production schedule). */
  signInDelay?: SignInDelay;
  env?: Record<string, string>;
  /** The payment gateway to use (built over this app's database); default: from the config (the sandbox). */
  gateway?: (database: Database) => PaymentGateway;
  /** Serve an existing database (e.g. a second server over the first one's PostgreSQL database); it is left open on close. */
  database?: Database;
  /** PostgreSQL pool size of the app's own database copy. */
  poolSize?: number;
  /** Start the pg-boss worker too (off by default: tests run jobs with runJob). */
  worker?: boolean | WorkerOptions;
  /** Where pictures are stored; default: the seeded pictures' shared folder. */
  storage?: Storage;
}

/** The whole server on a random loopback port, over its own copy of the seeded database. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const ownsDatabase = options.database === undefined;
  const database =
    options.database ?? (await openTestDatabase(options.poolSize ? { poolSize: options.poolSize } : {}));
  const config = loadConfig({
    AUTH_SECRET: TEST_AUTH_SECRET,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    ...options.env,
  });
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kinship-mail-'));
  const mailer = createMailer({ from: config.MAIL_FROM, mailDir });
  const auth = createAuth({
    db: database.db,
    partners: partnerCacheOf(database.db),
    mailer,
    rateLimit: options.rateLimit ?? false,
    ...authSettingsOf(config),
    ...(options.signInDelay ? { signInDelay: options.signInDelay } : {}),
  });
  const app = await buildApp({
    database,
    config,
    storage: options.storage ?? localStorage(inject('mediaDir')),
    auth,
    mailer,
    ...(options.gateway ? { gateway: options.gateway(database) } : {}),
    logger: process.env.KINSHIP_TEST_LOG === '1',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const worker = options.worker
    ? await app.deps.jobs.startWorker(
        options.worker === true ? { pollingIntervalSeconds: 0.5, tickSeconds: 1 } : options.worker,
      )
    : null;
  return {
    app,
    database,
    port,
    mailDir,
    client: (host = 'demo.localhost') => new TestClient(port, host),
    mailTo: (address) =>
      fs
        .readdirSync(mailDir)
        .filter(
          (name) => name.endsWith('.eml') && name.includes(`-${address.replace(/[^A-Za-z0-9@._-]/g, '_')}-`),
        )
        .sort()
        .map((name) => fs.readFileSync(path.join(mailDir, name), 'utf8')),
    runJob: (name, payload) => app.deps.jobs.runOnce(name, payload),
    worker,
    close: async () => {
      await worker?.stop();
      await app.close();
      if (ownsDatabase) await database.close();
      fs.rmSync(mailDir, { recursive: true, force: true });
    },
  };
}
