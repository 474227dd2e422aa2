import { lazy } from 'react';
import type { DashboardSection } from '../shell/sections';

export const programsSection: DashboardSection = {
  slug: 'programs',
  label: 'Programs',
  action: 'programs.manage',
  holds: 'Programs (schools and projects): description, place on the map, picture and country.',
  page: lazy(() => import('./components/programs-section').then((m) => ({ default: m.ProgramsSection }))),
};
