import { lazyNamed } from '../../../lib/lazy-with-timeout';
import type { DashboardSection } from '../shell/sections';

const ReportsSection = lazyNamed(() => import('./components/reports-section'), 'ReportsSection');

/** The dashboard's index for those who read reports (issue 13), with its charts. */
export const OverviewPage = lazyNamed(() => import('./components/overview-page'), 'OverviewPage');

export const reportsSection: DashboardSection = {
  slug: 'reports',
  label: 'Reports',
  action: 'reports.view',
  holds: 'Sponsorship, giving and retention reports with charts, by program and period, exportable.',
  page: ReportsSection,
  pages: [{ path: 'reports/:slug', action: 'reports.view', page: ReportsSection }],
};
