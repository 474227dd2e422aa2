import type { JobContext, JobSummary } from '../../../platform/jobs.ts';
import { isSandbox } from '../../../platform/payments/index.ts';
import { resumeStaleOrders } from '../checkout/checkout.service.ts';
import {
  applySubscriptionStatus,
  recordSandboxRenewal,
  recordSubscriptionPayment,
  recordSubscriptionPaymentFailure,
  type SubscriptionStatus,
} from '../subscriptions/subscriptions.service.ts';
import { findUnrecordedSandboxRenewals, releaseExpiredHolds } from './upkeep.repository.ts';

/**
 * The worker's upkeep of the giving records. Each task is idempotent and safe to run from several
 * processes at once: a task that dies half-way is simply run again.
 */

/** holds.expire: releases expired holds (they already stopped counting at expiry). */
export async function expireHolds(ctx: Pick<JobContext, 'database' | 'now'>): Promise<JobSummary> {
  return { released: await releaseExpiredHolds(ctx.database.db, ctx.now) };
}

/**
 * sandbox.renewals (sandbox gateway only): first records renewal charges a dead worker left
 * unrecorded, then charges every subscription whose period has ended and records each outcome
 * (payment and receipt, or failure, then the subscription's status).
 */
export async function runSandboxRenewals(ctx: JobContext): Promise<JobSummary> {
  const gateway = ctx.gateway;
  if (!gateway || !isSandbox(gateway)) return { renewed: 0, failed: 0, recovered: 0 };
  const db = ctx.database.db;
  let recovered = 0;
  const touched = new Set<string>();
  for (const charge of await findUnrecordedSandboxRenewals(db)) {
    if (charge.succeeded) {
      await recordSubscriptionPayment(db, {
        gatewaySubscriptionId: charge.subscriptionId,
        chargeId: charge.chargeId,
        amount: charge.amount,
        created: charge.created,
      });
    } else {
      await recordSubscriptionPaymentFailure(db, {
        gatewaySubscriptionId: charge.subscriptionId,
        chargeId: charge.chargeId,
        message: charge.message ?? 'The renewal payment failed.',
        declineCode: charge.declineCode,
      });
    }
    touched.add(charge.subscriptionId);
    recovered += 1;
  }
  for (const subscriptionId of touched) {
    const provider = await gateway.retrieveSubscription(subscriptionId);
    if (provider) {
      await applySubscriptionStatus(db, {
        gatewaySubscriptionId: subscriptionId,
        status: provider.status as SubscriptionStatus,
        currentPeriodEnd: provider.currentPeriodEnd,
      });
    }
  }
  let renewed = 0;
  let failed = 0;
  for (const renewal of await gateway.renewDueSubscriptions(ctx.now)) {
    await recordSandboxRenewal(db, renewal);
    if (renewal.outcome === 'paid') renewed += 1;
    else failed += 1;
  }
  return { renewed, failed, recovered };
}

/**
 * orders.reconcile: settles orders left pending by a request that died between holding slots and
 * recording the outcome (a killed process, an unreachable provider), once they are older than
 * RECONCILE_AFTER_SECONDS. The checkout and donation services replay the order's own gateway call
 * under its idempotency key: a charge or subscription that exists is found and recorded with its
 * sponsorship or donation, payment and receipt; an order that never reached the gateway is failed
 * and its slots are released.
 */
export async function reconcileOrders(
  ctx: JobContext,
  options: { olderThanSeconds?: number } = {},
): Promise<JobSummary> {
  if (!ctx.gateway) return { settled: 0 };
  const settled = await resumeStaleOrders(
    { db: ctx.database.db, gateway: ctx.gateway, config: ctx.config, jobs: ctx.jobs },
    { olderThanSeconds: options.olderThanSeconds ?? ctx.config.RECONCILE_AFTER_SECONDS },
  );
  return { settled };
}
