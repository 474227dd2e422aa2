import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { deleteDoneEvents } from './events.ts';
import { deleteInBatches } from './give-way.ts';
import { defineJob } from './jobs.ts';
import { pruneSignInAttempts } from './login-throttle.ts';
import { deleteSentMessages } from './messaging/outbox.ts';
import { prunePaymentRateEvents } from './payment-limits.ts';

/** A table that grows without bound unless old rows are dropped: answers how many rows it dropped. */
export interface PruneTask {
  /** The summary key (usually the table). */
  name: string;
  prune(db: Db): Promise<number>;
}

/**
 * Everything the maintenance.prune job prunes, hourly. Adding a table is one line here.
 */
export const PRUNE_TASKS: readonly PruneTask[] = [
  { name: 'payment_rate_events', prune: prunePaymentRateEvents },
  // Expired sign-in attempts and alerts, those of unknown emails included (decision 015).
  {
    name: 'login_attempts',
    prune: async (db) => {
      const { attempts, alerts } = await pruneSignInAttempts(db);
      return attempts + alerts;
    },
  },
];

/** Days a delivered mail and a dispatched event are kept (decision 066). */
export const DELIVERED_RETENTION_DAYS = 30;
/** Rows one pruning statement deletes at most; the job gives way between statements (decision 053). */
export const DELIVERED_PRUNE_BATCH = 500;

/**
 * What the daily maintenance.prune-delivered job prunes: work done more than the retention ago.
 * `lastingOutboxKeys` are the key prefixes of mail kept after delivery, named by the areas (in
 * `src/job-definitions.ts`): each key is the only guard that a later run of its sender, which may
 * come months later, does not mail the same person again.
 */
export const deliveredPruneTasks = (lastingOutboxKeys: readonly string[]): readonly PruneTask[] => [
  {
    name: 'domain_events',
    prune: (db) =>
      deleteInBatches(
        (limit) => deleteDoneEvents(db, DELIVERED_RETENTION_DAYS, limit),
        DELIVERED_PRUNE_BATCH,
      ),
  },
  {
    name: 'email_outbox',
    prune: (db) =>
      deleteInBatches(
        (limit) => deleteSentMessages(db, DELIVERED_RETENTION_DAYS, lastingOutboxKeys, limit),
        DELIVERED_PRUNE_BATCH,
      ),
  },
];

/** A pruning job: runs every task; one failing does not stop the others (the job is retried). */
function pruningJob(
  name: string,
  everySeconds: number,
  tasks: readonly PruneTask[],
  expireInSeconds?: number,
) {
  return defineJob({
    name,
    payload: z.object({}),
    everySeconds,
    singleton: true,
    ...(expireInSeconds ? { expireInSeconds } : {}),
    handler: async (_payload, ctx) => {
      const summary: Record<string, number> = {};
      let firstError: unknown = null;
      for (const task of tasks) {
        try {
          summary[task.name] = await task.prune(ctx.database.db);
        } catch (error) {
          firstError ??= error;
          ctx.log.error({ err: error, task: task.name }, 'prune task failed');
        }
      }
      if (firstError) throw firstError;
      return summary;
    },
  });
}

/** maintenance.prune: the hourly pruning of throttle counters. */
export function pruneJob(tasks: readonly PruneTask[] = PRUNE_TASKS) {
  return pruningJob('maintenance.prune', 60 * 60, tasks);
}

/**
 * maintenance.prune-delivered: the daily pruning of dispatched events and delivered mail. Its first
 * run over a long history deletes in many short statements, so it may take a while.
 */
export function pruneDeliveredJob(lastingOutboxKeys: readonly string[]) {
  return pruningJob(
    'maintenance.prune-delivered',
    24 * 60 * 60,
    deliveredPruneTasks(lastingOutboxKeys),
    60 * 60,
  );
}
