import { YEAR_END_RUN_JOB } from '@kinship/domain';
import { z } from 'zod';
import { defineJob } from '../../../platform/jobs.ts';

/**
 * The year-end receipts run: every donor of the year gets their statement through the outbox,
 * once each (the outbox's dedupe key), tracked for the Reports page's progress bar.
 */
export const yearEndStatementsJob = defineJob({
  name: YEAR_END_RUN_JOB,
  payload: z.object({
    partnersId: z.number().int().positive(),
    year: z.number().int().min(2000).max(9999),
  }),
  retry: { limit: 2, delaySeconds: 30 },
  expireInSeconds: 60 * 60,
  handler: async (payload, ctx) => (await import('./reports.service.ts')).runYearEndStatements(payload, ctx),
});
