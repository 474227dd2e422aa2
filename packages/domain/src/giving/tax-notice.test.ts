import { describe, it, expect } from 'vitest';
import { PAYMENT_PROCESSING_NOTICE, paymentNotice, taxDeductibleNotice } from './tax-notice.ts';

const processing =
  'Online payments are processed securely by our card payment provider, and an email receipt is sent for every payment.';

describe('paymentNotice', () => {
  it('always says payments are processed by the card provider and a receipt is emailed', () => {
    expect(PAYMENT_PROCESSING_NOTICE).toBe(processing);
    expect(paymentNotice({ name: 'Hope School' })).toEqual([processing]);
  });

  it('names a 501(c)3 organization with its EIN in the United States', () => {
    expect(paymentNotice({ name: 'Hope School', ein: '12-3456789', countriesId: 10 })).toEqual([
      processing,
      'Hope School is a 501(c)3 organization (EIN 12-3456789). Your contribution is tax deductible to the extent allowed by law.',
    ]);
  });

  it('names a registered Canadian charity with its business number in Canada', () => {
    expect(paymentNotice({ name: 'Maple Kids', ein: '123456789RR0001', countriesId: 8 })).toEqual([
      processing,
      'Maple Kids is a registered Canadian charity (business number 123456789RR0001). Your contribution is tax deductible to the extent allowed by law.',
    ]);
  });

  it('says contributions are tax deductible in other countries with an ein', () => {
    expect(paymentNotice({ name: 'Escuela', ein: 'X1', countriesId: 3 })).toEqual([
      processing,
      'Contributions to Escuela are tax deductible to the extent allowed by law.',
    ]);
  });
});

describe('taxDeductibleNotice', () => {
  it('is null without an ein, even in the United States', () => {
    expect(taxDeductibleNotice({ name: 'Hope School', countriesId: 10 })).toBeNull();
    expect(taxDeductibleNotice({ name: 'Hope School', ein: null, countriesId: 10 })).toBeNull();
    expect(taxDeductibleNotice({ name: 'Hope School', ein: '  ', countriesId: 10 })).toBeNull();
  });

  it('trims the ein', () => {
    expect(taxDeductibleNotice({ name: 'Hope', ein: ' 12-3 ', countriesId: 10 })).toBe(
      'Hope is a 501(c)3 organization (EIN 12-3). Your contribution is tax deductible to the extent allowed by law.',
    );
  });
});
