import { lazy } from 'react';
import { lazyNamed } from '../../../lib/lazy-with-timeout';
import type { DashboardSection } from '../shell/sections';
import { defineMessages } from 'react-intl';

const messages = defineMessages({
  label: { id: 'staff.pictures.section.label', defaultMessage: 'Pictures' },
  holds: {
    id: 'staff.pictures.section.holds',
    defaultMessage:
      'Profile pictures and galleries: upload many at once, describe, order, choose the profile picture and remove; metadata is stripped on upload.',
  },
});

export const picturesSection: DashboardSection = {
  slug: 'pictures',
  label: messages.label,
  action: 'pictures.manage',
  holds: messages.holds,
  page: lazy(() => import('./components/pictures-section').then((m) => ({ default: m.PicturesSection }))),
  pages: [
    // A record's pictures, linked from the record editor.
    {
      path: 'records/:id/pictures',
      action: 'pictures.manage',
      page: lazyNamed(() => import('./components/record-pictures-route'), 'RecordPicturesRoute'),
    },
  ],
};
