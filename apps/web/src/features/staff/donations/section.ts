import { lazy } from 'react';
import type { DashboardSection } from '../shell/sections';
import { defineMessages } from 'react-intl';

const messages = defineMessages({
  label: { id: 'staff.donations.section.label', defaultMessage: 'Donations' },
  holds: {
    id: 'staff.donations.section.holds',
    defaultMessage:
      'Payments, subscriptions and general donations with their receipts; refunds for those allowed.',
  },
});

export const donationsSection: DashboardSection = {
  slug: 'donations',
  label: messages.label,
  action: 'donations.view',
  holds: messages.holds,
  page: lazy(() => import('./components/donations-section').then((m) => ({ default: m.DonationsSection }))),
};
