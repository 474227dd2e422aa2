import { lazy } from 'react';
import type { DashboardSection } from '../shell/sections';
import { defineMessages } from 'react-intl';

const messages = defineMessages({
  label: { id: 'staff.programs.section.label', defaultMessage: 'Programs' },
  holds: {
    id: 'staff.programs.section.holds',
    defaultMessage: 'Programs (schools and projects): description, place on the map, picture and country.',
  },
});

export const programsSection: DashboardSection = {
  slug: 'programs',
  label: messages.label,
  action: 'programs.manage',
  holds: messages.holds,
  page: lazy(() => import('./components/programs-section').then((m) => ({ default: m.ProgramsSection }))),
};
