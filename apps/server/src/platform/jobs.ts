import path from 'node:path';
import PgBoss from 'pg-boss';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { JOB_TASKS } from './job-tasks.ts';
import { createMailer, type Mailer } from './mail.ts';
import type { PaymentGateway } from './payments/gateway.ts';
import type { Storage } from './storage.ts';

/**
 * The background worker: a pg-boss 10 queue in the application's own database (PostgreSQL, or
 * PGlite through pg-boss's `db` adapter), so jobs survive a crash and several server processes can
 * share them. Every job is idempotent: a job that dies half-way is simply run again.
 */

export const JOB_NAMES = [
  'outbox.dispatch',
  'holds.expire',
  'sandbox.renewals',
  'orders.reconcile',
  'logins.prune',
] as const;
export type JobName = (typeof JOB_NAMES)[number];

export interface JobLogger {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** What the jobs need: the application's dependencies (AppDeps fits) plus an optional mailer. */
export interface WorkerDeps {
  database: Database;
  config: Config;
  storage: Storage;
  gateway?: PaymentGateway | null | undefined;
  mailer?: Mailer | undefined;
  log?: JobLogger | undefined;
}

/** The resolved dependencies a task receives. */
export interface JobContext {
  database: Database;
  config: Config;
  storage: Storage;
  gateway: PaymentGateway | null;
  mailer: Mailer;
  log: JobLogger;
  now: Date;
}

/** A task returns counts of what it did (logged, and read by tests). */
export type JobSummary = Record<string, number>;
export type JobTask = (ctx: JobContext) => Promise<JobSummary>;

/** How often each job is due, in seconds; the ticker enqueues at most one job per period. */
export const JOB_PERIOD_SECONDS: Record<JobName, number> = {
  'outbox.dispatch': 10,
  'holds.expire': 60,
  'sandbox.renewals': 60,
  'orders.reconcile': 60,
  'logins.prune': 3600,
};

const silentLog: JobLogger = { info: () => undefined, error: () => undefined };

export function mailerFor(config: Config): Mailer {
  return createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    mailDir: path.join(config.DATA_DIR, 'mail'),
  });
}

function contextOf(deps: WorkerDeps): JobContext {
  return {
    database: deps.database,
    config: deps.config,
    storage: deps.storage,
    gateway: deps.gateway ?? null,
    mailer: deps.mailer ?? mailerFor(deps.config),
    log: deps.log ?? silentLog,
    now: new Date(),
  };
}

/** Runs one job now, in this process, and answers its summary: what tests and start-up use. */
export async function runJobOnce(deps: WorkerDeps, name: JobName): Promise<JobSummary> {
  return JOB_TASKS[name](contextOf(deps));
}

/**
 * pg-boss's `db` adapter. PGlite is one connection, so pg-boss's multi-statement commands (its
 * `BEGIN; ...; COMMIT;` maintenance blocks) run inside PGlite's own transaction, which holds the
 * connection only for that block and rolls back if a statement fails (a failed block must never
 * leave the one connection inside an aborted transaction). On PostgreSQL the app's pool is shared
 * and a failed block is rolled back before its client goes back to the pool.
 */
export function bossDbAdapter(database: Database): PgBoss.Db {
  if (database.pglite) {
    const pglite = database.pglite;
    return {
      async executeSql(text, values) {
        if (values && values.length > 0) {
          const result = await pglite.query(text, values as unknown[]);
          return { rows: result.rows as unknown[] };
        }
        const results = await pglite.transaction((tx) => tx.exec(text));
        return { rows: (results.at(-1)?.rows ?? []) as unknown[] };
      },
    };
  }
  const pool = database.pool!;
  return {
    async executeSql(text, values) {
      const client = await pool.connect();
      try {
        return await client.query(text, values);
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
  };
}

export interface Worker {
  readonly boss: PgBoss;
  /** Enqueues a job now (at most one per period across every process). */
  enqueue(name: JobName): Promise<void>;
  runJobOnce(name: JobName): Promise<JobSummary>;
  stop(): Promise<void>;
}

export interface WorkerOptions {
  /** Seconds between a worker's polls of each queue (PGlite serves requests between them). */
  pollingIntervalSeconds?: number;
  /** Seconds between the ticker's enqueue rounds. */
  tickSeconds?: number;
}

/**
 * Starts the worker in this process: installs pg-boss's tables on first use, registers a handler
 * per job, and starts a ticker that enqueues each job once per period. The singleton key and slot
 * make that once per period across all processes sharing the database, whichever ticks first.
 */
export async function startWorker(deps: WorkerDeps, options: WorkerOptions = {}): Promise<Worker> {
  const log = deps.log ?? silentLog;
  const boss = new PgBoss({
    db: bossDbAdapter(deps.database),
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: 60,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  const resolved = { ...deps, mailer: deps.mailer ?? mailerFor(deps.config), log };
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;

  for (const name of JOB_NAMES) {
    // A job that dies with its process is expired after two minutes and retried.
    await boss.createQueue(name, {
      name,
      policy: 'standard',
      expireInSeconds: 120,
      retryLimit: 3,
      retryDelay: 5,
    });
    await boss.work(name, { pollingIntervalSeconds, batchSize: 1 }, async () => {
      const started = Date.now();
      const summary = await runJobOnce(resolved, name);
      if (Object.values(summary).some((n) => n > 0)) {
        log.info({ job: name, ms: Date.now() - started, ...summary }, `job ${name} done`);
      }
      return summary;
    });
  }

  const enqueue = async (name: JobName) => {
    const period = JOB_PERIOD_SECONDS[name];
    await boss.send(name, {}, { singletonKey: name, singletonSeconds: period, expireInSeconds: 120 });
  };
  let ticking = false;
  const tick = async () => {
    if (ticking) return;
    ticking = true;
    try {
      for (const name of JOB_NAMES) await enqueue(name);
    } catch (error) {
      log.error({ err: error }, 'could not enqueue jobs');
    } finally {
      ticking = false;
    }
  };

  await tick();
  // Mail owed from before a restart goes now, not at the next period (the killed process's job
  // may still hold this period's slot until it expires).
  const startupDispatch = runJobOnce(resolved, 'outbox.dispatch').catch((error) =>
    log.error({ err: error }, 'start-up outbox.dispatch failed'),
  );
  const timer = setInterval(() => void tick(), (options.tickSeconds ?? 5) * 1000);
  timer.unref();

  return {
    boss,
    enqueue,
    runJobOnce: (name) => runJobOnce(resolved, name),
    async stop() {
      clearInterval(timer);
      await startupDispatch;
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
    },
  };
}
