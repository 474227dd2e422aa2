import { z } from 'zod';
import { defineJob } from '../../../platform/jobs.ts';

/** A bulk import of records, tracked for the wizard's progress bar (GET jobs/{id}/progress). */
export const recordsImportJob = defineJob({
  name: 'records.import',
  payload: z.object({ importsId: z.number().int().positive() }),
  // A second run of a half-done import is safe (matched by code, unchanged rows untouched).
  retry: { limit: 1, delaySeconds: 10 },
  expireInSeconds: 30 * 60,
  handler: async ({ importsId }, ctx) =>
    (await import('./records-import.staff.ts')).runImportJob(importsId, ctx),
});
