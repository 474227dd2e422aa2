import { z } from 'zod';
import { defineJob } from '../../../platform/jobs.ts';
import { findStalledCompensations } from './compensations.repository.ts';

/*
 * Job definitions are light: a handler loads its service on first run (`import()`), so services can
 * send these jobs without an import cycle.
 */

/** Retries one recorded compensation with pg-boss backoff from 5 s, doubling, 12 times (about 11 hours; the sweep goes on after). */
export const compensateJob = defineJob({
  name: 'payments.compensate',
  payload: z.object({ compensationId: z.number().int().positive() }),
  retry: { limit: 12, delaySeconds: 5, backoff: true },
  handler: async ({ compensationId }, ctx) => {
    const { retryCompensation } = await import('./compensations.service.ts');
    const outcome = await retryCompensation({ db: ctx.database.db, gateway: ctx.gateway }, compensationId);
    return { compensated: outcome === 'done' ? 1 : 0 };
  },
});

/** The net under the retries: a compensation still pending after its job gave up is sent again. */
export const compensationSweepJob = defineJob({
  name: 'payments.compensations.sweep',
  payload: z.object({}),
  everySeconds: 10 * 60,
  handler: async (_payload, ctx) => {
    const stalled = await findStalledCompensations(ctx.database.db, 30 * 60);
    for (const { id } of stalled) {
      await ctx.jobs.send(
        compensateJob,
        { compensationId: id },
        { singletonKey: `compensation:${id}`, singletonSeconds: 30 * 60 },
      );
    }
    return { resent: stalled.length };
  },
});

export const compensationJobs = [compensateJob, compensationSweepJob] as const;
