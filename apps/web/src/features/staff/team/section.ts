import { lazy } from 'react';
import type { DashboardSection } from '../shell/sections';
import { defineMessages } from 'react-intl';

const messages = defineMessages({
  label: { id: 'staff.team.section.label', defaultMessage: 'Team' },
  holds: {
    id: 'staff.team.section.holds',
    defaultMessage: 'Staff of the partner: invitations, roles and the programs each person works on.',
  },
});

export const teamSection: DashboardSection = {
  slug: 'team',
  label: messages.label,
  action: 'team.manage',
  holds: messages.holds,
  page: lazy(() => import('./components/team-section').then((m) => ({ default: m.TeamSection }))),
};
