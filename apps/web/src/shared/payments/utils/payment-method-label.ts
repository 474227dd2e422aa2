import { PAYMENT_METHOD_DISPLAY_NAMES, type PaymentMethod } from '@kinship/domain';
import { createIntl, defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import { loose } from '../../../i18n/loose-messages';

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  diners: 'Diners Club',
  unionpay: 'UnionPay',
};

/** The spec's display names of the method types (domain PAYMENT_METHOD_DISPLAY_NAMES) in the catalogue. */
export const paymentMethodTypeMessages = defineMessages({
  card: { id: 'payments.methodType.card', defaultMessage: 'Credit Card' },
  us_bank_account: { id: 'payments.methodType.usBankAccount', defaultMessage: 'ACH Debit' },
  acss_debit: { id: 'payments.methodType.acssDebit', defaultMessage: 'ACSS (Canada)' },
});

const messages = loose(
  defineMessages({
    card: { id: 'payments.method.card', defaultMessage: '{brand} •••• {last4}' },
    cardWithExpiry: {
      id: 'payments.method.cardWithExpiry',
      defaultMessage: '{brand} •••• {last4}, exp {month}/{year}',
    },
    bank: { id: 'payments.method.bank', defaultMessage: '{name} •••• {last4}' },
    bankWithName: { id: 'payments.method.bankWithName', defaultMessage: '{name} •••• {last4} ({bank})' },
  }),
);

/** The source locale's texts, for callers outside a page (and the tests of the spec's wording). */
const english = createIntl({ locale: 'en-US', defaultLocale: 'en-US' });

/** A card brand as people name it; an unknown brand is a plain 'Credit Card'. */
export function cardBrandName(brand: string | null | undefined, intl: IntlShape = english): string {
  return (brand && BRAND_NAMES[brand.toLowerCase()]) || intl.formatMessage(paymentMethodTypeMessages.card);
}

/** The display name of a method's type: Credit Card, ACH Debit, ACSS (Canada). */
export function paymentMethodTypeName(
  method: Pick<PaymentMethod, 'type'>,
  intl: IntlShape = english,
): string {
  const message = (paymentMethodTypeMessages as Partial<Record<string, MessageDescriptor>>)[method.type];
  return message ? intl.formatMessage(message) : (PAYMENT_METHOD_DISPLAY_NAMES[method.type] ?? method.type);
}

/**
 * The short description of a saved method: 'Visa •••• 4242, exp 12/2030' for a card,
 * 'ACH Debit •••• 6789 (Chase)' for a bank account; in the language of `intl` (English by default).
 */
export function describePaymentMethod(
  method: Pick<PaymentMethod, 'type' | 'card' | 'usBankAccount' | 'acssDebit'>,
  intl: IntlShape = english,
): string {
  if (method.type === 'card' && method.card) {
    const { brand, last4, expMonth, expYear } = method.card;
    const values = { brand: cardBrandName(brand, intl), last4 };
    return expMonth && expYear
      ? intl.formatMessage(messages.cardWithExpiry, {
          ...values,
          month: String(expMonth).padStart(2, '0'),
          year: String(expYear),
        })
      : intl.formatMessage(messages.card, values);
  }
  const bank = method.type === 'us_bank_account' ? method.usBankAccount : method.acssDebit;
  const name = paymentMethodTypeName(method, intl);
  if (!bank) return name;
  return bank.bankName
    ? intl.formatMessage(messages.bankWithName, { name, last4: bank.last4, bank: bank.bankName })
    : intl.formatMessage(messages.bank, { name, last4: bank.last4 });
}
