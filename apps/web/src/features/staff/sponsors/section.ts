import { lazy } from 'react';
import { lazyNamed } from '../../../lib/lazy-with-timeout';
import type { DashboardSection } from '../shell/sections';

export const sponsorsSection: DashboardSection = {
  slug: 'sponsors',
  label: 'Sponsors',
  action: 'sponsors.view',
  holds: 'Sponsors and their sponsorships: contact details, history, changes and endings.',
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
