import { planChangeNoticesJob } from './modules/catalogue/catalogue.jobs.ts';
import { giftComposer } from './modules/gifts/gift-mail.ts';
import { giftsJobs } from './modules/gifts/gifts.jobs.ts';
import { domainsVerifyJob } from './modules/partner-settings/partner-settings.jobs.ts';
import { compensationJobs } from './modules/compensations/compensations.jobs.ts';
import { givingJobs } from './modules/giving/giving.jobs.ts';
import { recordsImportJob } from './modules/records-import/records-import.jobs.ts';
import { yearEndStatementsJob } from './modules/reports/reports.jobs.ts';
import { receiptComposer } from './modules/receipts/receipts.service.ts';
import { updatesDistributeJob } from './modules/updates/updates.jobs.ts';
import { upkeepJobs } from './modules/upkeep/upkeep.jobs.ts';
import type { AnyJobDefinition } from './platform/jobs.ts';
import { outboxDispatchJob } from './platform/outbox.ts';
import { pruneJob } from './platform/pruning.ts';

/**
 * Every job of the application, registered with the queue at start-up. Modules own their
 * definitions (`modules/<name>/<name>.jobs.ts`); the outbox gets each message kind's composer here.
 */
export const JOB_DEFINITIONS: readonly AnyJobDefinition[] = [
  outboxDispatchJob((ctx) => ({
    receipt: receiptComposer({ db: ctx.database.db, storage: ctx.storage, config: ctx.config }),
    gift: giftComposer({ db: ctx.database.db, storage: ctx.storage, config: ctx.config }),
  })),
  ...upkeepJobs,
  ...compensationJobs,
  ...givingJobs,
  pruneJob(),
  recordsImportJob,
  yearEndStatementsJob,
  updatesDistributeJob,
  planChangeNoticesJob,
  ...giftsJobs,
  domainsVerifyJob,
];
