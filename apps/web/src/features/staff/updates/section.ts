import { lazy } from 'react';
import type { DashboardSection } from '../shell/sections';
import { defineMessages } from 'react-intl';

const messages = defineMessages({
  label: { id: 'staff.updates.section.label', defaultMessage: 'Updates' },
  holds: {
    id: 'staff.updates.section.holds',
    defaultMessage: 'Updates to sponsors about a record, with pictures, sent by email when published.',
  },
});

export const updatesSection: DashboardSection = {
  slug: 'updates',
  label: messages.label,
  action: 'updates.manage',
  holds: messages.holds,
  page: lazy(() => import('./components/updates-section').then((m) => ({ default: m.UpdatesSection }))),
};
