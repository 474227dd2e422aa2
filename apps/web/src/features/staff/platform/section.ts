import { lazy } from 'react';
import type { DashboardSection } from '../shell/sections';

export const platformSection: DashboardSection = {
  slug: 'platform',
  label: 'Platform console',
  action: 'platform.console',
  holds: 'Every partner of the platform: creation, onboarding state and support access.',
  page: lazy(() => import('./components/platform-section').then((m) => ({ default: m.PlatformSection }))),
};
