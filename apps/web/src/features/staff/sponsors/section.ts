import { lazy } from 'react';
import { lazyNamed } from '../../../lib/lazy-with-timeout';
import type { DashboardSection } from '../shell/sections';
import { defineMessages } from 'react-intl';

const messages = defineMessages({
  label: { id: 'staff.sponsors.section.label', defaultMessage: 'Sponsors' },
  holds: {
    id: 'staff.sponsors.section.holds',
    defaultMessage: 'Sponsors and their sponsorships: contact details, history, changes and endings.',
  },
});

export const sponsorsSection: DashboardSection = {
  slug: 'sponsors',
  label: messages.label,
  action: 'sponsors.view',
  holds: messages.holds,
  page: lazy(() => import('./components/sponsors-section').then((m) => ({ default: m.SponsorsSection }))),
  pages: [
    // A person's page with their sponsorships.
    {
      path: 'sponsors/:id',
      action: 'sponsors.view',
      page: lazyNamed(() => import('./components/sponsor-page'), 'SponsorPage'),
    },
  ],
};
