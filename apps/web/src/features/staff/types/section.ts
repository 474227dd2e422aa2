import { lazy } from 'react';
import type { DashboardSection } from '../shell/sections';
import { defineMessages } from 'react-intl';

const messages = defineMessages({
  label: { id: 'staff.types.section.label', defaultMessage: 'Types and plans' },
  holds: {
    id: 'staff.types.section.holds',
    defaultMessage: 'Sponsored types, their labels, masking and display rules, plans and prices.',
  },
});

export const typesSection: DashboardSection = {
  slug: 'types',
  label: messages.label,
  action: 'types.manage',
  holds: messages.holds,
  page: lazy(() => import('./components/types-section').then((m) => ({ default: m.TypesSection }))),
};
