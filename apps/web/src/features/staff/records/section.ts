import { lazy } from 'react';
import { lazyNamed } from '../../../lib/lazy-with-timeout';
import type { DashboardSection } from '../shell/sections';
import { defineMessages } from 'react-intl';

const messages = defineMessages({
  label: { id: 'staff.records.section.label', defaultMessage: 'Records' },
  holds: {
    id: 'staff.records.section.holds',
    defaultMessage:
      'Every sponsored record of your programs, masked ones in full: search, filters by type, status and program, bulk status changes and CSV export.',
  },
});

export const recordsSection: DashboardSection = {
  slug: 'records',
  label: messages.label,
  action: 'records.view',
  holds: messages.holds,
  page: lazy(() => import('./components/records-section').then((m) => ({ default: m.RecordsSection }))),
  pages: [
    // The import wizard (`/dashboard/records/import?type=`), linked from the Records table.
    {
      path: 'records/import',
      action: 'records.manage',
      page: lazyNamed(() => import('./components/import-wizard'), 'ImportWizard'),
    },
  ],
};
