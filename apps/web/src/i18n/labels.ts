import type { LABELS } from '@kinship/domain';
import { useMemo } from 'react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';

/**
 * The spec's button, menu and tab labels (domain LABELS) as catalogue messages. Their English is
 * the spec's wording exactly; a test holds each default equal to LABELS.
 */
export const labelMessages = defineMessages({
  login: { id: 'label.login', defaultMessage: 'Login' },
  signUp: { id: 'label.signUp', defaultMessage: 'Sign up!' },
  myProfile: { id: 'label.myProfile', defaultMessage: 'My Profile' },
  administration: { id: 'label.administration', defaultMessage: 'Administration' },
  logout: { id: 'label.logout', defaultMessage: 'Logout' },
  about: { id: 'label.about', defaultMessage: 'About' },
  sponsor: { id: 'label.sponsor', defaultMessage: 'Sponsor' },
  giftSponsorship: { id: 'label.giftSponsorship', defaultMessage: 'Gift a Sponsorship' },
  redeemGift: { id: 'label.redeemGift', defaultMessage: 'Redeem Gift' },
  redeemTrial: { id: 'label.redeemTrial', defaultMessage: 'Redeem Trial' },
  generalGiving: { id: 'label.generalGiving', defaultMessage: 'General Giving' },
  contact: { id: 'label.contact', defaultMessage: 'Contact' },
  privacy: { id: 'label.privacy', defaultMessage: 'Privacy' },
  donate: { id: 'label.donate', defaultMessage: 'Donate' },
  gift: { id: 'label.gift', defaultMessage: 'Gift' },
  checkout: { id: 'label.checkout', defaultMessage: 'Checkout' },
  tabProfile: { id: 'label.tabProfile', defaultMessage: 'Profile' },
  tabProgram: { id: 'label.tabProgram', defaultMessage: 'Program' },
  tabCountry: { id: 'label.tabCountry', defaultMessage: 'Country' },
  tabSponsorUpdates: { id: 'label.tabSponsorUpdates', defaultMessage: 'Sponsor Updates' },
  newCard: { id: 'label.newCard', defaultMessage: 'New Card' },
  existingMethod: { id: 'label.existingMethod', defaultMessage: 'Existing Method' },
  monthly: { id: 'label.monthly', defaultMessage: 'Monthly' },
  annual: { id: 'label.annual', defaultMessage: 'Annual' },
  payNow: { id: 'label.payNow', defaultMessage: 'Pay Now' },
  cancel: { id: 'label.cancel', defaultMessage: 'Cancel' },
  goBack: { id: 'label.goBack', defaultMessage: 'Go Back' },
  howItWorks: { id: 'label.howItWorks', defaultMessage: 'How it works' },
}) satisfies Record<keyof typeof LABELS, MessageDescriptor>;

export type Labels = Record<keyof typeof LABELS, string>;

/** The spec's labels in the page's language. */
export function useLabels(): Labels {
  const intl = useIntl();
  return useMemo(
    () =>
      Object.fromEntries(
        Object.entries(labelMessages).map(([key, message]) => [key, intl.formatMessage(message)]),
      ) as Labels,
    [intl],
  );
}
