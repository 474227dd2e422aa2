import { lazyNamed } from '../../../lib/lazy-with-timeout';
import type { DashboardSection } from '../shell/sections';
import { defineMessages } from 'react-intl';

const ReportsSection = lazyNamed(() => import('./components/reports-section'), 'ReportsSection');

/** The dashboard's index for those who read reports (issue 13), with its charts. */
export const OverviewPage = lazyNamed(() => import('./components/overview-page'), 'OverviewPage');

const messages = defineMessages({
  label: { id: 'staff.reports.section.label', defaultMessage: 'Reports' },
  holds: {
    id: 'staff.reports.section.holds',
    defaultMessage:
      'Sponsorship, giving and retention reports with charts, by program and period, exportable.',
  },
});

export const reportsSection: DashboardSection = {
  slug: 'reports',
  label: messages.label,
  action: 'reports.view',
  holds: messages.holds,
  page: ReportsSection,
  pages: [{ path: 'reports/:slug', action: 'reports.view', page: ReportsSection }],
};
