import { planChangeNoticesJob } from './areas/partners/catalogue/catalogue.jobs.ts';
import { giftComposer } from './areas/giving/gifts/gift-mail.ts';
import { giftsJobs } from './areas/giving/gifts/gifts.jobs.ts';
import { domainsVerifyJob } from './areas/partners/settings/partner-settings.jobs.ts';
import { compensationJobs } from './areas/giving/compensations/compensations.jobs.ts';
import { givingJobs } from './areas/giving/ledger/giving.jobs.ts';
import { recordsImportJob } from './areas/records/import/records-import.jobs.ts';
import { yearEndStatementsJob } from './areas/insight/reports/reports.jobs.ts';
import { receiptComposer, STATEMENT_KEY_PREFIX } from './areas/giving/receipts/receipts.service.ts';
import { REMINDER_KEY_PREFIX } from './areas/giving/ledger/giving.service.ts';
import { PLAN_CHANGE_KEY_PREFIX } from './areas/partners/catalogue/plan-notices.ts';
import { updatesDistributeJob } from './areas/sponsorships/updates/updates.jobs.ts';
import { upkeepJobs } from './areas/giving/upkeep/upkeep.jobs.ts';
import type { AnyJobDefinition } from './platform/jobs.ts';
import { outboxDispatchJob } from './platform/messaging/outbox.ts';
import { pruneDeliveredJob, pruneJob } from './platform/pruning.ts';
import { eventsDispatchJob } from './platform/events.ts';
import { EVENT_SUBSCRIBERS } from './event-subscribers.ts';

/**
 * Every job of the application, registered with the queue at start-up. Modules own their
 * definitions (`modules/<name>/<name>.jobs.ts`); the outbox gets each message kind's composer here.
 */
export const JOB_DEFINITIONS: readonly AnyJobDefinition[] = [
  outboxDispatchJob((ctx) => ({
    receipt: receiptComposer({ db: ctx.database.db, storage: ctx.storage, config: ctx.config }),
    gift: giftComposer({ db: ctx.database.db, storage: ctx.storage, config: ctx.config }),
  })),
  eventsDispatchJob(EVENT_SUBSCRIBERS),
  ...upkeepJobs,
  ...compensationJobs,
  ...givingJobs,
  pruneJob(),
  // Mail whose key stays after delivery: the guard against a later run mailing again (decision 066).
  pruneDeliveredJob([STATEMENT_KEY_PREFIX, REMINDER_KEY_PREFIX, PLAN_CHANGE_KEY_PREFIX]),
  recordsImportJob,
  yearEndStatementsJob,
  updatesDistributeJob,
  planChangeNoticesJob,
  ...giftsJobs,
  domainsVerifyJob,
];
