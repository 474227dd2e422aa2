import { lazy } from 'react';
import type { DashboardSection } from '../shell/sections';

export const typesSection: DashboardSection = {
  slug: 'types',
  label: 'Types and plans',
  action: 'types.manage',
  holds: 'Sponsored types, their labels, masking and display rules, plans and prices.',
  page: lazy(() => import('./components/types-section').then((m) => ({ default: m.TypesSection }))),
};
