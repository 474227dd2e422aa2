import { lazy } from 'react';
import type { DashboardSection } from '../shell/sections';

export const donationsSection: DashboardSection = {
  slug: 'donations',
  label: 'Donations',
  action: 'donations.view',
  holds: 'Payments, subscriptions and general donations with their receipts; refunds for those allowed.',
  page: lazy(() => import('./components/donations-section').then((m) => ({ default: m.DonationsSection }))),
};
