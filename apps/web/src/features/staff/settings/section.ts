import { lazy } from 'react';
import { defineMessages } from 'react-intl';
import type { DashboardSection } from '../shell/sections';

const messages = defineMessages({
  label: { id: 'staff.settings.section.label', defaultMessage: 'Settings' },
  holds: {
    id: 'staff.settings.section.holds',
    defaultMessage: 'Branding, domains, features, the payments account and the texts of the site.',
  },
});

export const settingsSection: DashboardSection = {
  slug: 'settings',
  label: messages.label,
  action: 'settings.manage',
  holds: messages.holds,
  page: lazy(() => import('./components/settings-section').then((m) => ({ default: m.SettingsSection }))),
};
