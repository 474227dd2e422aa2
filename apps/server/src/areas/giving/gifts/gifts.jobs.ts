import { GIFT_INVITE_DAYS_BEFORE } from '@kinship/domain';
import { z } from 'zod';
import { defineJob } from '../../../platform/jobs.ts';

/** gifts.deliver: at the delivery date, the recipient's mail with the link and the gift card. */
export const giftDeliverJob = defineJob({
  name: 'gifts.deliver',
  payload: z.object({ giftsId: z.number().int().positive() }),
  retry: { limit: 5, delaySeconds: 60, backoff: true },
  handler: async ({ giftsId }, ctx) => {
    const { deliverGift } = await import('./gifts.service.ts');
    const delivered = await ctx.database.db.transaction(async (tx) => deliverGift(tx, giftsId));
    return { delivered: delivered ? 1 : 0 };
  },
});

/** The gifts module's jobs: delivery, the periodic sweep of gifts and trials, and gift order recovery. */
export const giftsJobs = [
  giftDeliverJob,
  defineJob({
    name: 'gifts.sweep',
    payload: z.object({}),
    everySeconds: 300,
    handler: async (_payload, ctx) => {
      const { sweepGifts } = await import('./gifts.service.ts');
      const { sweepTrials } = await import('./trials.service.ts');
      return {
        ...(await sweepGifts(ctx.database.db, ctx.config, GIFT_INVITE_DAYS_BEFORE)),
        ...(await sweepTrials(ctx.database.db, ctx.config)),
      };
    },
  }),
  defineJob({
    name: 'gifts.reconcile',
    payload: z.object({}),
    everySeconds: 60,
    handler: async (_payload, ctx) => {
      if (!ctx.gateway) return { settled: 0 };
      const { resumeStaleGiftOrders } = await import('./gifts.service.ts');
      const settled = await resumeStaleGiftOrders(
        { db: ctx.database.db, gateway: ctx.gateway, config: ctx.config, jobs: ctx.jobs },
        { olderThanSeconds: ctx.config.RECONCILE_AFTER_SECONDS },
      );
      return { settled };
    },
  }),
] as const;
