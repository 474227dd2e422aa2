import { lazy } from 'react';
import type { DashboardSection } from '../shell/sections';

export const giftsSection: DashboardSection = {
  slug: 'gifts',
  label: 'Gifts and codes',
  action: 'donations.view',
  holds:
    'Gift sponsorships with their delivery and redemption, trial codes (issued one or a batch at a time) and lightning links with their QR codes and the sponsorships each brought.',
  page: lazy(() => import('./components/gifts-section').then((m) => ({ default: m.GiftsSection }))),
};
