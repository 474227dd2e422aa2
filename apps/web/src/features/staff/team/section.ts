import { lazy } from 'react';
import type { DashboardSection } from '../shell/sections';

export const teamSection: DashboardSection = {
  slug: 'team',
  label: 'Team',
  action: 'team.manage',
  holds: 'Staff of the partner: invitations, roles and the programs each person works on.',
  page: lazy(() => import('./components/team-section').then((m) => ({ default: m.TeamSection }))),
};
