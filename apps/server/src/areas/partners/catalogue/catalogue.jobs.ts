import { z } from 'zod';
import { defineJob } from '../../../platform/jobs.ts';

/**
 * The notices of a plan's new monthly price to the sponsors it prices (decision 058): sent by the
 * plan change in its transaction, written in short batches. Safe to repeat (one notice per person
 * and plan, by the outbox key).
 */
export const planChangeNoticesJob = defineJob({
  name: 'catalogue.plan-change-notices',
  payload: z.object({ sponsoredTypePlansId: z.number().int().positive() }),
  retry: { limit: 5, delaySeconds: 30, backoff: true },
  expireInSeconds: 30 * 60,
  handler: async ({ sponsoredTypePlansId }, ctx) =>
    (await import('./plan-notices.ts')).sendPlanChangeNotices(ctx.database.db, sponsoredTypePlansId),
});
