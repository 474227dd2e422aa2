// What a receipt says a payment was for, and its notices, in the recipient's language (decision
// 070). en-US keeps the domain's own functions (the spec's wording); every other locale reads the
// catalogue, whose English defaults a test holds equal to those functions.

import { defineMessages } from '@formatjs/intl';
import {
  Country,
  donationDescription,
  paymentNotice,
  sponsorshipDescription,
  type Locale,
  type NoticePartner,
} from '@kinship/domain';
import { intlFor, sayIn } from '../../../platform/messages.ts';

export const receiptWordMessages = defineMessages({
  giftOfSponsorship: { id: 'mail.receipt.giftOfSponsorship', defaultMessage: 'Gift of a sponsorship' },
  sponsorship: {
    id: 'mail.receipt.sponsorship',
    defaultMessage:
      '{interval, select, year {Annual sponsorship} month {Monthly sponsorship} other {Sponsorship}}',
  },
  sponsorshipOf: {
    id: 'mail.receipt.sponsorshipOf',
    defaultMessage:
      '{interval, select, year {Annual sponsorship} month {Monthly sponsorship} other {Sponsorship}} of {names}',
  },
  slots: {
    id: 'mail.receipt.slots',
    defaultMessage: '{name} ({count, plural, one {# slot} other {# slots}})',
  },
  donationTo: { id: 'mail.receipt.donationTo', defaultMessage: 'Donation to {title}' },
  generalDonation: { id: 'mail.receipt.generalDonation', defaultMessage: 'General donation' },
  processingNotice: {
    id: 'mail.receipt.processingNotice',
    defaultMessage:
      'Online payments are processed securely by our card payment provider, and an email receipt is sent for every payment.',
  },
  taxNoticeUnitedStates: {
    id: 'mail.receipt.taxNoticeUnitedStates',
    defaultMessage:
      '{name} is a 501(c)3 organization (EIN {ein}). Your contribution is tax deductible to the extent allowed by law.',
  },
  taxNoticeCanada: {
    id: 'mail.receipt.taxNoticeCanada',
    defaultMessage:
      '{name} is a registered Canadian charity (business number {ein}). Your contribution is tax deductible to the extent allowed by law.',
  },
  taxNoticeOther: {
    id: 'mail.receipt.taxNoticeOther',
    defaultMessage: 'Contributions to {name} are tax deductible to the extent allowed by law.',
  },
});

const m = receiptWordMessages;
type Interval = 'month' | 'year' | null;

/** 'Monthly sponsorship of Ana (2 slots)' in `locale`. */
export function sponsorshipDescriptionIn(
  locale: Locale,
  interval: Interval,
  lines: { name: string; numSlots: number }[],
): string {
  if (locale === 'en-US') return sponsorshipDescription(interval, lines);
  const say = sayIn(locale);
  const period = interval ?? 'none';
  if (lines.length === 0) return say(m.sponsorship, { interval: period });
  const names = lines.map((l) =>
    l.numSlots > 1 ? say(m.slots, { name: l.name, count: l.numSlots }) : l.name,
  );
  return say(m.sponsorshipOf, {
    interval: period,
    names: intlFor(locale).formatList(names, { type: 'conjunction' }),
  });
}

/** 'Donation to Clean water' or 'General donation' in `locale`. */
export function donationDescriptionIn(locale: Locale, initiativeTitle: string | null | undefined): string {
  if (locale === 'en-US') return donationDescription(initiativeTitle);
  const say = sayIn(locale);
  return initiativeTitle ? say(m.donationTo, { title: initiativeTitle }) : say(m.generalDonation);
}

export function giftDescriptionIn(locale: Locale): string {
  return sayIn(locale)(m.giftOfSponsorship);
}

/** The payment notice's paragraphs (processing, then tax when the partner has a number) in `locale`. */
export function paymentNoticeIn(locale: Locale, partner: NoticePartner): string[] {
  if (locale === 'en-US') return paymentNotice(partner);
  const say = sayIn(locale);
  const ein = partner.ein?.trim();
  const processing = say(m.processingNotice);
  if (!ein) return [processing];
  const values = { name: partner.name, ein };
  const tax =
    partner.countriesId === Country.UnitedStates
      ? say(m.taxNoticeUnitedStates, values)
      : partner.countriesId === Country.Canada
        ? say(m.taxNoticeCanada, values)
        : say(m.taxNoticeOther, { name: partner.name });
  return [processing, tax];
}
