import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Config } from '../config.ts';
import type { Database, Db, Tx } from '../db/client.ts';
import type { AccessScope } from './access.ts';
import { jobProgress } from '../db/schema/index.ts';
import { createMailer, type Mailer } from './messaging/mail.ts';
import type { PaymentGateway } from './payments/gateway.ts';
import type { Storage } from './storage.ts';

/**
 * The job queue: pg-boss 10 in the application's own database (PostgreSQL, or PGlite through
 * pg-boss's `db` adapter), so jobs survive a crash and several server processes share them.
 *
 * Modules own their jobs: each writes typed definitions with `defineJob` (a name, a zod payload, a
 * handler, retries and backoff, singleton or not, optionally a period) and the application passes
 * the list to `createJobQueue` at start-up (see `src/job-definitions.ts`). A job is sent now, at a
 * time (`startAfter`), or in the caller's transaction (`tx`), so it exists exactly when the business
 * row does. A long job reports progress (`ctx.progress`) into `job_progress`, which the web app reads
 * through `GET /api/jobs/{id}/progress`. Every handler must be idempotent: a job that dies half-way is
 * run again.
 */

/** pg-boss's default archive interval: the longest throttle (singleton period) it accepts. */
export const MAX_SINGLETON_SECONDS = 12 * 60 * 60;

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

export interface ProgressUpdate {
  done: number;
  total?: number | null;
  message?: string | null;
}

/** The resolved dependencies a handler receives. */
export interface JobContext {
  database: Database;
  config: Config;
  storage: Storage;
  gateway: PaymentGateway | null;
  mailer: Mailer;
  log: JobLogger;
  now: Date;
  /** To send follow-up jobs. */
  jobs: JobSender;
  /** The pg-boss job id (null when run directly by `runOnce`). */
  jobId: string | null;
  /** How many times this job ran before (0 on the first attempt). */
  retryCount: number;
  /** Records how far a tracked job has got (a no-op for untracked jobs). */
  progress(update: ProgressUpdate): Promise<void>;
}

/** A handler answers counts of what it did (logged, and read by tests). */
export type JobSummary = Record<string, number>;

export interface RetryPolicy {
  /** Attempts after the first. */
  limit: number;
  /** Seconds before the first retry. */
  delaySeconds: number;
  /** Doubles the delay after each failure. */
  backoff: boolean;
}

export interface JobDefinition<P = unknown, N extends string = string> {
  readonly name: N;
  readonly payload: z.ZodType<P>;
  /** Method syntax on purpose: a list of definitions of different payloads stays assignable. */
  handler(payload: P, ctx: JobContext): Promise<JobSummary | void>;
  readonly retry: RetryPolicy;
  /** Seconds a running job may take before pg-boss expires it (and retries it, if retries remain). */
  readonly expireInSeconds: number;
  /** At most one job of this name runs at a time across every process. */
  readonly singleton: boolean;
  /** Periodic jobs: sent once per period across every process by the worker's ticker. */
  readonly everySeconds?: number | undefined;
  /** Also run once, directly, when a worker starts (work owed from before a restart goes at once). */
  readonly runAtWorkerStart: boolean;
}

export type AnyJobDefinition = JobDefinition<never> | JobDefinition<unknown> | JobDefinition<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const DEFAULT_RETRY: RetryPolicy = { limit: 3, delaySeconds: 5, backoff: false };

/** A typed job definition; the defaults are three retries 5 s apart and a two-minute expiry. */
export function defineJob<S extends z.ZodType, N extends string>(definition: {
  name: N;
  payload: S;
  handler: (payload: z.output<S>, ctx: JobContext) => Promise<JobSummary | void>;
  retry?: Partial<RetryPolicy>;
  expireInSeconds?: number;
  singleton?: boolean;
  everySeconds?: number;
  runAtWorkerStart?: boolean;
}): JobDefinition<z.output<S>, N> {
  return {
    name: definition.name,
    payload: definition.payload as z.ZodType<z.output<S>>,
    handler: definition.handler,
    retry: { ...DEFAULT_RETRY, ...definition.retry },
    expireInSeconds: definition.expireInSeconds ?? 120,
    singleton: definition.singleton ?? false,
    everySeconds: definition.everySeconds,
    runAtWorkerStart: definition.runAtWorkerStart ?? false,
  };
}

export interface SendOptions {
  /** Sends in this transaction: the job exists only if the transaction commits. */
  tx?: Tx | undefined;
  /** Runs no earlier than this (a scheduled job). */
  startAfter?: Date | undefined;
  /** With `singletonSeconds`: at most one job per key and time slot. */
  singletonKey?: string | undefined;
  singletonSeconds?: number | undefined;
  /**
   * Tracks the job's progress for the partner's staff who could have started it: the starter's
   * access scope (its action and programs) is kept with it, and GET jobs/{id}/progress answers only
   * those whose own scope covers it (decision 052).
   */
  track?: { scope: AccessScope; usersId?: number | null | undefined } | undefined;
}

export interface JobSender {
  /** Validates the payload and sends the job; answers its id, or null when a singleton slot was taken. */
  send<P>(job: JobDefinition<P>, payload: P, options?: SendOptions): Promise<string | null>;
}

export interface JobQueue extends JobSender {
  readonly definitions: readonly AnyJobDefinition[];
  /** Installs pg-boss's tables (first use) and creates a queue per definition. */
  ready(): Promise<void>;
  /** Runs one job now, in this process, and answers its summary: what tests and start-up use. */
  runOnce(name: string, payload?: unknown): Promise<JobSummary>;
  /** Starts handling jobs in this process, and the ticker of the periodic ones. */
  startWorker(options?: WorkerOptions): Promise<Worker>;
  stop(): Promise<void>;
}

export interface Worker {
  readonly boss: PgBoss;
  /** Sends a periodic job now (at most one per period across every process). */
  enqueue(name: string): Promise<void>;
  runJobOnce(name: string, payload?: unknown): Promise<JobSummary>;
  stop(): Promise<void>;
}

export interface WorkerOptions {
  /** Seconds between a worker's polls of each queue (PGlite serves requests between them). */
  pollingIntervalSeconds?: number;
  /** Seconds between the ticker's enqueue rounds. */
  tickSeconds?: number;
}

const silentLog: JobLogger = { info: () => undefined, error: () => undefined };

export function mailerFor(config: Config): Mailer {
  return createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    mailDir: path.join(config.DATA_DIR, 'mail'),
  });
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

/** pg-boss's statements ($1, $2, ...) run through a drizzle transaction, so a job is sent in it. */
export function transactionAdapter(tx: Tx | Db): PgBoss.Db {
  return {
    async executeSql(text, values = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = [];
      parts.forEach((part, i) => {
        chunks.push(i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`);
      });
      const result = await tx.execute(sql.join(chunks, sql.raw('')));
      return { rows: (result as unknown as { rows: unknown[] }).rows };
    },
  };
}

function queueOf(definition: AnyJobDefinition): PgBoss.Queue {
  return {
    name: definition.name,
    policy: definition.singleton ? 'singleton' : 'standard',
    expireInSeconds: definition.expireInSeconds,
    retryLimit: definition.retry.limit,
    retryDelay: definition.retry.delaySeconds,
    retryBackoff: definition.retry.backoff,
  };
}

/**
 * A failure by the rules (a refused file: not a zip, too big, an entry outside the folder): running
 * the job again cannot change it, so the job fails at once, without retries, and its message is the
 * failure the staff read in its progress.
 */
export class JobRefusal extends Error {}

/** Leaves a running pg-boss job no retry, so the failure being thrown is its last. */
async function noRetriesLeft(db: Db, name: string, jobId: string) {
  await db.execute(
    sql`UPDATE pgboss.job SET retry_limit = retry_count WHERE name = ${name} AND id = ${jobId}`,
  );
}

async function setProgress(db: Db, jobId: string, values: Partial<typeof jobProgress.$inferInsert>) {
  await db
    .update(jobProgress)
    .set({ ...values, updatedAt: sql`now()` })
    .where(sql`${jobProgress.id} = ${jobId}`);
}

/** The queue over the application's database, for the given job definitions. */
export function createJobQueue(deps: WorkerDeps, definitions: readonly AnyJobDefinition[]): JobQueue {
  const byName = new Map(definitions.map((d) => [d.name, d]));
  if (byName.size !== definitions.length) throw new Error('Two job definitions share a name.');
  const log = deps.log ?? silentLog;
  const db = deps.database.db;
  const sender = new PgBoss({ db: bossDbAdapter(deps.database), schedule: false, supervise: false });
  sender.on('error', (error) => log.error({ err: error }, 'job queue error'));
  let readyPromise: Promise<void> | null = null;
  const workers = new Set<Worker>();
  let mailer: Mailer | undefined = deps.mailer;

  const definitionOf = (name: string) => {
    const definition = byName.get(name);
    if (!definition) throw new Error(`No job is defined with the name ${name}.`);
    return definition;
  };

  const ready = () => {
    readyPromise ??= (async () => {
      await sender.start();
      for (const definition of definitions) {
        if (!(await sender.getQueue(definition.name)))
          await sender.createQueue(definition.name, queueOf(definition));
      }
    })();
    return readyPromise;
  };

  const send: JobSender['send'] = async (job, payload, options = {}) => {
    const definition = definitionOf(job.name);
    const data = definition.payload.parse(payload) as object;
    await ready();
    const id = await sender.send(definition.name, data ?? {}, {
      ...(options.tx ? { db: transactionAdapter(options.tx) } : {}),
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(options.singletonSeconds ? { singletonSeconds: options.singletonSeconds } : {}),
      expireInSeconds: definition.expireInSeconds,
      retryLimit: definition.retry.limit,
      retryDelay: definition.retry.delaySeconds,
      retryBackoff: definition.retry.backoff,
    });
    if (id && options.track) {
      await (options.tx ?? db).insert(jobProgress).values({
        id,
        name: definition.name,
        partnersId: options.track.scope.partnersId,
        usersId: options.track.usersId ?? null,
        action: options.track.scope.action,
        programScope: options.track.scope.entityIds === 'all' ? null : [...options.track.scope.entityIds],
        state: 'queued',
      });
    }
    return id;
  };

  const contextOf = (jobId: string | null, retryCount: number): JobContext => {
    mailer ??= mailerFor(deps.config);
    return {
      database: deps.database,
      config: deps.config,
      storage: deps.storage,
      gateway: deps.gateway ?? null,
      mailer,
      log,
      now: new Date(),
      jobs: { send },
      jobId,
      retryCount,
      progress: async (update) => {
        if (!jobId) return;
        await setProgress(db, jobId, {
          done: update.done,
          ...(update.total !== undefined ? { total: update.total } : {}),
          ...(update.message !== undefined ? { message: update.message } : {}),
        });
      },
    };
  };

  const run = async (
    definition: AnyJobDefinition,
    payload: unknown,
    jobId: string | null,
    retryCount: number,
  ): Promise<JobSummary> => {
    const parsed = definition.payload.parse(payload ?? {}) as never;
    return (await definition.handler(parsed, contextOf(jobId, retryCount))) ?? {};
  };

  const startWorker = async (options: WorkerOptions = {}): Promise<Worker> => {
    await ready();
    const boss = new PgBoss({
      db: bossDbAdapter(deps.database),
      schedule: false,
      supervise: true,
      maintenanceIntervalSeconds: 60,
    });
    boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
    await boss.start();
    const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;

    for (const definition of definitions) {
      await boss.work(
        definition.name,
        { pollingIntervalSeconds, batchSize: 1, includeMetadata: true },
        async ([job]) => {
          if (!job) return {};
          const started = Date.now();
          await setProgress(db, job.id, { state: 'running' });
          try {
            const summary = await run(definition, job.data, job.id, job.retryCount);
            await setProgress(db, job.id, { state: 'completed' });
            if (Object.values(summary).some((n) => n > 0)) {
              log.info(
                { job: definition.name, ms: Date.now() - started, ...summary },
                `job ${definition.name} done`,
              );
            }
            return summary;
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            const final = error instanceof JobRefusal;
            // A refusal is final: pg-boss fails the job without a retry when none is left.
            if (final) await noRetriesLeft(db, definition.name, job.id).catch(() => undefined);
            await setProgress(db, job.id, {
              state: !final && job.retryCount < job.retryLimit ? 'retrying' : 'failed',
              message: message.slice(0, 500),
            }).catch(() => undefined);
            log.error({ err: error, job: definition.name, jobId: job.id }, `job ${definition.name} failed`);
            throw error;
          }
        },
      );
    }

    const periodic = definitions.filter((d) => d.everySeconds);
    const enqueue = async (name: string) => {
      const definition = definitionOf(name);
      await boss.send(
        name,
        {},
        {
          singletonKey: name,
          // pg-boss refuses a throttle longer than its archive interval (12 h): a daily job is
          // offered every 12 h instead, which its own work (pruning) does not mind.
          singletonSeconds: Math.min(definition.everySeconds ?? 60, MAX_SINGLETON_SECONDS),
          expireInSeconds: definition.expireInSeconds,
        },
      );
    };
    let ticking = false;
    const tick = async () => {
      if (ticking) return;
      ticking = true;
      try {
        // One job the queue refuses must not keep the ones after it from running.
        for (const definition of periodic) {
          await enqueue(definition.name).catch((error: unknown) =>
            log.error({ err: error, job: definition.name }, `could not enqueue ${definition.name}`),
          );
        }
      } finally {
        ticking = false;
      }
    };

    await tick();
    // Work owed from before a restart (mail) goes now, not at the next period (the killed
    // process's job may still hold this period's slot until it expires).
    const startupRuns = Promise.all(
      definitions
        .filter((d) => d.runAtWorkerStart)
        .map((d) =>
          run(d, {}, null, 0).catch((error) => log.error({ err: error }, `start-up ${d.name} failed`)),
        ),
    );
    const timer = setInterval(() => void tick(), (options.tickSeconds ?? 5) * 1000);
    timer.unref();

    const worker: Worker = {
      boss,
      enqueue,
      runJobOnce: (name, payload) => run(definitionOf(name), payload, null, 0),
      async stop() {
        if (!workers.delete(worker)) return;
        clearInterval(timer);
        await startupRuns;
        await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
      },
    };
    workers.add(worker);
    return worker;
  };

  return {
    definitions,
    ready,
    send,
    runOnce: (name, payload) => run(definitionOf(name), payload, null, 0),
    startWorker,
    async stop() {
      for (const worker of [...workers]) await worker.stop();
      if (readyPromise) {
        await readyPromise.catch(() => undefined);
        await sender.stop({ graceful: false, wait: true, close: false, timeout: 5_000 });
      }
    },
  };
}
