import { Country } from '@kinship/domain';
import { defineMessages, useIntl } from 'react-intl';
import { usePartner } from '../partner/partner-context';
import { loose } from '../../i18n/loose-messages';

// The same messages as the footer's notice (spec 1; domain tax-notice.ts holds the same English for receipts).
const messages = loose(
  defineMessages({
    processing: {
      id: 'notice.processing',
      defaultMessage:
        'Online payments are processed securely by our card payment provider, and an email receipt is sent for every payment.',
    },
    taxUnitedStates: {
      id: 'notice.taxUnitedStates',
      defaultMessage:
        '{name} is a 501(c)3 organization (EIN {ein}). Your contribution is tax deductible to the extent allowed by law.',
    },
    taxCanada: {
      id: 'notice.taxCanada',
      defaultMessage:
        '{name} is a registered Canadian charity (business number {ein}). Your contribution is tax deductible to the extent allowed by law.',
    },
    taxElsewhere: {
      id: 'notice.taxElsewhere',
      defaultMessage: 'Contributions to {name} are tax deductible to the extent allowed by law.',
    },
  }),
);

/** The partner's payment and tax notice (domain paymentNotice) in the page's language, paragraph by paragraph. */
export function usePaymentNotice(): string[] {
  const intl = useIntl();
  const { name, ein, countriesId } = usePartner();
  const processing = intl.formatMessage(messages.processing);
  const number = ein?.trim();
  if (!number) return [processing];
  const tax =
    countriesId === Country.UnitedStates
      ? intl.formatMessage(messages.taxUnitedStates, { name, ein: number })
      : countriesId === Country.Canada
        ? intl.formatMessage(messages.taxCanada, { name, ein: number })
        : intl.formatMessage(messages.taxElsewhere, { name });
  return [processing, tax];
}
