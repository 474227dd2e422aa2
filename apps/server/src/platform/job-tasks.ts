import { outboxComposer } from '../modules/receipts/receipts.service.ts';
import { expireHolds, reconcileOrders, runSandboxRenewals } from '../modules/upkeep/upkeep.service.ts';
import type { JobName, JobTask } from './jobs.ts';
import { pruneSignInAttempts } from './login-throttle.ts';
import { dispatchOutbox } from './outbox.ts';

/** What each job does. Every task is idempotent, so a retried or repeated job changes nothing twice. */
export const JOB_TASKS: Record<JobName, JobTask> = {
  'outbox.dispatch': async (ctx) => {
    const summary = await dispatchOutbox({
      db: ctx.database.db,
      mailer: ctx.mailer,
      compose: outboxComposer({ db: ctx.database.db, storage: ctx.storage, config: ctx.config }),
      leaseSeconds: ctx.config.OUTBOX_LEASE_SECONDS,
      retryBaseSeconds: ctx.config.OUTBOX_RETRY_SECONDS,
      onError: (row, error) =>
        ctx.log.error({ err: error, outboxId: row.id, dedupeKey: row.dedupeKey }, 'mail delivery failed'),
    });
    return { ...summary };
  },
  'holds.expire': async (ctx) => expireHolds(ctx),
  'sandbox.renewals': async (ctx) => runSandboxRenewals(ctx),
  'orders.reconcile': async (ctx) => reconcileOrders(ctx),
  'logins.prune': async (ctx) => pruneSignInAttempts(ctx.database.db),
};
