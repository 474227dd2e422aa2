import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { defineJob } from './jobs.ts';
import { pruneSignInAttempts } from './login-throttle.ts';
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

/** maintenance.prune: runs every prune task; one failing does not stop the others (the job is retried). */
export function pruneJob(tasks: readonly PruneTask[] = PRUNE_TASKS) {
  return defineJob({
    name: 'maintenance.prune',
    payload: z.object({}),
    everySeconds: 60 * 60,
    singleton: true,
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
