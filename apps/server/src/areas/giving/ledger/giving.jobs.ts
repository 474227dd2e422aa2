import { z } from 'zod';
import { defineJob } from '../../../platform/jobs.ts';

/**
 * Finishes a staff refund whose gateway call did not complete (the provider could not be reached,
 * or the request died after the amount was reserved): asks the gateway again under the refund's own
 * key, so it refunds at most once, and records the answer. Sent in the reservation's transaction
 * two minutes ahead; it finds a settled refund settled and does nothing. Throws while the provider
 * stays unreachable, so pg-boss retries with backoff.
 */
export const settleRefundJob = defineJob({
  name: 'donations.refund.settle',
  payload: z.object({ refundId: z.number().int().positive() }),
  retry: { limit: 12, delaySeconds: 30, backoff: true },
  handler: async ({ refundId }, ctx) => {
    if (!ctx.gateway) throw new Error('No payment gateway is configured in this process.');
    const { settleRefund } = await import('./giving.service.ts');
    const outcome = await settleRefund(
      { db: ctx.database.db, gateway: ctx.gateway, config: ctx.config },
      refundId,
    );
    if (outcome.state === 'pending') throw new Error(`Refund ${refundId} is still waiting for the provider.`);
    return { settled: outcome.state === 'succeeded' ? 1 : 0, released: outcome.state === 'failed' ? 1 : 0 };
  },
});

export const givingJobs = [settleRefundJob] as const;
