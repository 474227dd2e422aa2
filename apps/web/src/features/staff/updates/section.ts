import { lazy } from 'react';
import type { DashboardSection } from '../shell/sections';

export const updatesSection: DashboardSection = {
  slug: 'updates',
  label: 'Updates',
  action: 'updates.manage',
  holds: 'Updates to sponsors about a record, with pictures, sent by email when published.',
  page: lazy(() => import('./components/updates-section').then((m) => ({ default: m.UpdatesSection }))),
};
