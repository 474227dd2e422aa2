import { z } from 'zod';
import { defineJob } from '../../../platform/jobs.ts';

/** Looks for the TXT record of every own domain waiting for verification (decision 050). */
export const domainsVerifyJob = defineJob({
  name: 'domains.verify',
  payload: z.object({}),
  everySeconds: 300,
  singleton: true,
  expireInSeconds: 600,
  handler: async (_payload, ctx) => {
    const { verifyWaitingDomains } = await import('./domain-verification.ts');
    return verifyWaitingDomains(ctx.database.db, ctx.config.DNS_SERVERS, ctx.now);
  },
});
