import { sql } from 'drizzle-orm';
import type { AreaAudit } from '../../../test/audit-rows.ts';
import { freshAddress } from '../../../test/giving-fixtures.ts';

/*
 * The insight area's scenarios of the audit trail (apps/server/test/audit-trail.test.ts): the year-end
 * receipts run. Each write route of the area has a scenario here, keyed by the route as registered, or a
 * reason in `notAudited`; what a scenario says and how it runs: apps/server/test/audit-rows.ts.
 */

export const insightAudit: AreaAudit = {
  scenarios: {
    // ---- issue 13 item 5: the year-end receipts run
    'POST /api/dashboard/reports/year-end-run': async ({ rows, partnerAdmin }) => {
      const { client, usersId } = await partnerAdmin();
      const year = 2000 + Math.floor(Math.random() * 20);
      return {
        call: () => client.post('/api/dashboard/reports/year-end-run?partnersId=2', { year }, freshAddress()),
        written: async () =>
          (
            await rows(
              sql`SELECT 1 FROM job_progress WHERE name = 'reports.year_end_statements' AND partners_id = 2 AND users_id = ${usersId}`,
            )
          ).length >= 1,
        action: 'year_end_run.started',
        entityType: 'year_end_run',
        usersId,
      };
    },
  },
  notAudited: {},
};
