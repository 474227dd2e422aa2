import { Feature } from '@kinship/domain';
import { lazy } from 'react';
import { defineMessages } from 'react-intl';
import { lazyNamed } from '../../../lib/lazy-with-timeout';
import type { DashboardSection } from '../shell/sections';

const messages = defineMessages({
  label: { id: 'staff.letters.section.label', defaultMessage: 'Letters' },
  holds: {
    id: 'staff.letters.section.holds',
    defaultMessage:
      'Letters between sponsors and the people they sponsor, checked for safety and read by a person before anyone else sees them; printing, replies on paper and the letter guidelines.',
  },
});

export const lettersSection: DashboardSection = {
  slug: 'letters',
  label: messages.label,
  action: 'letters.moderate',
  // Feature 4 (Messages): without it the section, its screens and the API are gone (issue 24).
  feature: Feature.Messages,
  holds: messages.holds,
  page: lazy(() => import('./components/letters-section').then((m) => ({ default: m.LettersSection }))),
  pages: [
    // A letter: its text with the pre-screen's flags, pictures, history and decisions.
    {
      path: 'letters/:id',
      action: 'letters.moderate',
      page: lazyNamed(() => import('./components/letter-page'), 'LetterPage'),
    },
  ],
};
