import { lazy } from 'react';
import type { DashboardSection } from '../shell/sections';
import { defineMessages } from 'react-intl';

const messages = defineMessages({
  label: { id: 'staff.gifts.section.label', defaultMessage: 'Gifts and codes' },
  holds: {
    id: 'staff.gifts.section.holds',
    defaultMessage:
      'Gift sponsorships with their delivery and redemption, trial codes (issued one or a batch at a time) and lightning links with their QR codes and the sponsorships each brought.',
  },
});

export const giftsSection: DashboardSection = {
  slug: 'gifts',
  label: messages.label,
  action: 'donations.view',
  holds: messages.holds,
  page: lazy(() => import('./components/gifts-section').then((m) => ({ default: m.GiftsSection }))),
};
