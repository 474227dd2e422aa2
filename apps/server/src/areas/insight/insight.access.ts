import { DEMO_IDS } from '../../seed/demo.ts';
import { q, type AreaAccess } from '../../../test/access-rows.ts';

/*
 * The insight area's rows of the access matrix (apps/server/test/access-matrix.test.ts): job progress, the
 * dashboard's partners, the audit log, the Overview and the Reports.
 * What a row says and how it runs: apps/server/test/access-rows.ts. A new route of this area adds its rows
 * here: `rows` (every viewer, every target), and either `masked` (its answer can carry a sponsored record)
 * or `carriesNoSponsoredRecord` (why it never does).
 */

export const insightAccess: AreaAccess = {
  rows: [
    // ------------------------------------------------------------------ tracked jobs
    {
      route: 'GET /api/jobs/:id/progress',
      case: 'an import started in the program administrator’s program',
      call: (o) => ({ path: `/api/jobs/${o.jobId}/progress?${q(o)}` }),
      // Those who could have started the job read it (its action, in its programs); other staff get 404.
      staff: { action: 'records.manage', at: () => DEMO_IDS.programAdminEntity, granted: 200, denied: 404 },
      expect: {
        A: '401 403 403 200 200 403 200',
        B: '401 403 403 403 403 200 200',
        BonA: '401 403 403 404 404 403 404',
      },
    },
    {
      route: 'GET /api/jobs/:id/progress',
      case: 'an import started in another program: a program-scoped viewer of another program gets 404',
      call: (_o, all) => ({ path: `/api/jobs/${all.otherProgramJobId}/progress?partnersId=2` }),
      staff: {
        action: 'records.manage',
        at: (all) => all.outsideProgram.entitiesId,
        granted: 200,
        denied: 404,
      },
      expect: { A: '401 403 403 200 404 403 200' },
    },
    {
      route: 'GET /api/jobs/:id/progress',
      case: 'a year-end run (donations.manage, partner-wide): staff without the action get 404',
      call: (_o, all) => ({ path: `/api/jobs/${all.yearEndJobId}/progress?partnersId=2` }),
      staff: { action: 'donations.manage', granted: 200, denied: 404 },
      expect: { A: '401 403 403 200 404 403 200' },
    },
    // ------------------------------------------------------------------ the dashboard
    {
      route: 'GET /api/dashboard/partners',
      call: (o) => ({ path: `/api/dashboard/partners?${q(o)}` }),
      // The viewer's own memberships (possibly none); the axis tests check what it says.
      staff: 200,
      expect: { A: '401 200 200 200 200 200 200', B: '401 200 200 200 200 200 200' },
    },
    // ------------------------------------------------------------------ issue 14: the audit log
    {
      route: 'GET /api/dashboard/audit',
      call: (o) => ({ path: `/api/dashboard/audit?${q(o)}` }),
      staff: { action: 'audit.view', granted: 200, denied: 403 },
      expect: { A: '401 403 403 200 403 403 200', B: '401 403 403 403 403 200 200' },
    },
    {
      route: 'GET /api/dashboard/audit/export',
      call: (o) => ({ path: `/api/dashboard/audit/export?${q(o)}&entityType=sponsored` }),
      staff: { action: 'audit.view', granted: 200, denied: 403 },
      expect: { A: '401 403 403 200 403 403 200', B: '401 403 403 403 403 200 200' },
    },
    // ---- issue 13 items 1 and 5: the Overview and the Reports (reports.view; donations only partner-wide)
    {
      route: 'GET /api/dashboard/overview',
      call: (o) => ({ path: `/api/dashboard/overview?${q(o)}` }),
      staff: { action: 'reports.view', granted: 200, denied: 403 },
      expect: {
        A: '401 403 403 200 200 403 200',
        B: '401 403 403 403 403 200 200',
      },
    },
    {
      route: 'GET /api/dashboard/reports/:slug',
      call: (o) => ({ path: `/api/dashboard/reports/giving-by-program?${q(o)}` }),
      staff: { action: 'reports.view', granted: 200, denied: 403 },
      expect: {
        A: '401 403 403 200 200 403 200',
        B: '401 403 403 403 403 200 200',
      },
    },
    {
      route: 'GET /api/dashboard/reports/:slug',
      case: "filtered to a program outside the program administrator's",
      call: (o, all) => ({
        path: `/api/dashboard/reports/giving-by-month?${q(o)}&entitiesId=${o === all.A ? all.outsideProgram.entitiesId : o.entityId}`,
      }),
      staff: {
        action: 'reports.view',
        at: (all) => all.outsideProgram.entitiesId,
        granted: 200,
        denied: 403,
      },
      expect: {
        A: '401 403 403 200 403 403 200',
        B: '401 403 403 403 403 200 200',
      },
    },
    {
      route: 'GET /api/dashboard/reports/:slug/export',
      call: (o) => ({ path: `/api/dashboard/reports/year-end-totals/export?${q(o)}&format=csv` }),
      staff: { action: 'reports.view', granted: 200, denied: 403 },
      expect: {
        A: '401 403 403 200 200 403 200',
        B: '401 403 403 403 403 200 200',
      },
    },
    {
      route: 'GET /api/dashboard/reports/year-end-run',
      call: (o) => ({ path: `/api/dashboard/reports/year-end-run?${q(o)}` }),
      staff: { action: 'reports.view', granted: 200, denied: 403 },
      expect: {
        A: '401 403 403 200 200 403 200',
        B: '401 403 403 403 403 200 200',
      },
    },
    {
      route: 'POST /api/dashboard/reports/year-end-run',
      // It mails every donor of the year: donations.manage, partner-wide (decision 052); Reporting previews only.
      call: (o) => ({ path: `/api/dashboard/reports/year-end-run?${q(o)}`, body: { year: 2001 } }),
      staff: { action: 'donations.manage', granted: 202, denied: 403 },
      expect: {
        A: '401 403 403 202 403 403 202',
        B: '401 403 403 403 403 202 202',
      },
    },
  ],
  masked: [],
  carriesNoSponsoredRecord: {
    'GET /api/dashboard/partners': 'the partners the viewer staffs and the actions there',
    'GET /api/jobs/:id/progress': "a job's counts and message",
    'GET /api/dashboard/audit': 'audit rows, to Administrators only (who see every record in full)',
    'GET /api/dashboard/audit/export': 'audit rows, to Administrators only (who see every record in full)',
    // Issue 13: figures and reports hold counts, money and type, program and donor names, never a record.
    'GET /api/dashboard/overview': 'counts and money; types by label',
    'GET /api/dashboard/reports/:slug': 'money and counts by month, type, program, fund or donor',
    'GET /api/dashboard/reports/:slug/export': 'the same report as a file',
    'GET /api/dashboard/reports/year-end-run': 'the run’s progress',
    'POST /api/dashboard/reports/year-end-run': 'the run’s progress',
  },
};
