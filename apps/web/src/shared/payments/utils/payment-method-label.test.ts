import { describe, expect, it } from 'vitest';
import { cardBrandName, describePaymentMethod, paymentMethodTypeName } from './payment-method-label';

const card = (brand: string, last4 = '4242', expMonth = 12, expYear = 2030) => ({
  type: 'card' as const,
  card: { brand, last4, expMonth, expYear },
  usBankAccount: null,
  acssDebit: null,
});

describe('payment method labels', () => {
  it('describes a card by brand, last four digits and expiry', () => {
    expect(describePaymentMethod(card('visa'))).toBe('Visa •••• 4242, exp 12/2030');
    expect(describePaymentMethod(card('mastercard', '4444', 3, 2031))).toBe(
      'Mastercard •••• 4444, exp 03/2031',
    );
    expect(describePaymentMethod(card('amex', '8431'))).toBe('American Express •••• 8431, exp 12/2030');
    expect(describePaymentMethod(card('discover', '1117'))).toBe('Discover •••• 1117, exp 12/2030');
    expect(describePaymentMethod(card('jcb', '0505'))).toBe('JCB •••• 0505, exp 12/2030');
  });

  it('names an unknown brand by the card display name', () => {
    expect(cardBrandName('unknown')).toBe('Credit Card');
    expect(describePaymentMethod(card('unknown', '0000'))).toBe('Credit Card •••• 0000, exp 12/2030');
  });

  it('uses the spec display names for bank methods', () => {
    expect(
      describePaymentMethod({
        type: 'us_bank_account',
        card: null,
        usBankAccount: {
          bankName: 'STRIPE TEST BANK',
          last4: '6789',
          routingNumber: null,
          accountType: null,
        },
        acssDebit: null,
      }),
    ).toBe('ACH Debit •••• 6789 (STRIPE TEST BANK)');
    expect(
      describePaymentMethod({
        type: 'acss_debit',
        card: null,
        usBankAccount: null,
        acssDebit: { bankName: null, last4: '6789' },
      }),
    ).toBe('ACSS (Canada) •••• 6789');
    expect(paymentMethodTypeName({ type: 'card' })).toBe('Credit Card');
    expect(paymentMethodTypeName({ type: 'us_bank_account' })).toBe('ACH Debit');
    expect(paymentMethodTypeName({ type: 'acss_debit' })).toBe('ACSS (Canada)');
  });
});
