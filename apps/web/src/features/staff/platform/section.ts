import { lazy } from 'react';
import type { DashboardSection } from '../shell/sections';
import { defineMessages } from 'react-intl';

const messages = defineMessages({
  label: { id: 'staff.platform.section.label', defaultMessage: 'Platform console' },
  holds: {
    id: 'staff.platform.section.holds',
    defaultMessage: 'Every partner of the platform: creation, onboarding state and support access.',
  },
});

export const platformSection: DashboardSection = {
  slug: 'platform',
  label: messages.label,
  action: 'platform.console',
  holds: messages.holds,
  page: lazy(() => import('./components/platform-section').then((m) => ({ default: m.PlatformSection }))),
};
