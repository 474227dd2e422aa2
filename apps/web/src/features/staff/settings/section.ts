import { lazy } from 'react';
import type { DashboardSection } from '../shell/sections';

export const settingsSection: DashboardSection = {
  slug: 'settings',
  label: 'Settings',
  action: 'settings.manage',
  holds: 'Branding, domains, features, the payments account and the texts of the site.',
  page: lazy(() => import('./components/settings-section').then((m) => ({ default: m.SettingsSection }))),
};
