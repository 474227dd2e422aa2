import { lazy } from 'react';
import { lazyNamed } from '../../../lib/lazy-with-timeout';
import type { DashboardSection } from '../shell/sections';

export const picturesSection: DashboardSection = {
  slug: 'pictures',
  label: 'Pictures',
  action: 'pictures.manage',
  holds:
    'Profile pictures and galleries: upload many at once, describe, order, choose the profile picture and remove; metadata is stripped on upload.',
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
