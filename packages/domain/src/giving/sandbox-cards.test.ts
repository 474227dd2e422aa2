import { describe, expect, it } from 'vitest';
import {
  CARD_MESSAGES,
  cardBrandOf,
  cardDigits,
  checkCard,
  DECLINE_MESSAGES,
  isLuhnValid,
  SANDBOX_TEST_PAYMENT_METHODS,
} from './sandbox-cards.ts';

const now = new Date('2026-05-15T12:00:00Z');
const card = (number: string, extra: Partial<{ expMonth: number; expYear: number; cvc: string }> = {}) =>
  checkCard({ number, expMonth: 12, expYear: 2030, cvc: '123', ...extra }, now);

describe('sandbox cards', () => {
  it('know Stripe test cards and their behaviour', () => {
    expect(card('4242 4242 4242 4242')).toMatchObject({
      ok: true,
      brand: 'visa',
      last4: '4242',
      behaviour: 'succeed',
    });
    expect(card('5555 5555 5555 4444')).toMatchObject({
      ok: true,
      brand: 'mastercard',
      behaviour: 'succeed',
    });
    expect(card('4000 0000 0000 0002')).toMatchObject({ ok: true, behaviour: 'card_declined' });
    expect(card('4000-0000-0000-9995')).toMatchObject({ ok: true, behaviour: 'insufficient_funds' });
    expect(DECLINE_MESSAGES.card_declined).toBe('Your card was declined.');
    expect(DECLINE_MESSAGES.insufficient_funds).toBe('Your card has insufficient funds.');
  });

  it('let any other Luhn-valid number succeed', () => {
    expect(card('4012 8888 8888 1881')).toMatchObject({ ok: true, brand: 'visa', behaviour: 'succeed' });
    expect(card('3782 822463 10005', { cvc: '1234' })).toMatchObject({ ok: true, brand: 'amex' });
  });

  it('refuse a number failing the checksum, or letters', () => {
    expect(card('4242 4242 4242 4241')).toEqual({ ok: false, message: CARD_MESSAGES.invalidNumber });
    expect(card('4242 abcd 4242 4242')).toEqual({ ok: false, message: 'Your card number is incorrect.' });
    expect(card('4242')).toEqual({ ok: false, message: CARD_MESSAGES.invalidNumber });
  });

  it('refuse a past or impossible expiry and a malformed security code', () => {
    expect(card('4242424242424242', { expMonth: 4, expYear: 2026 })).toEqual({
      ok: false,
      message: 'Your card has expired.',
    });
    expect(card('4242424242424242', { expMonth: 5, expYear: 26 })).toMatchObject({ ok: true, expYear: 2026 });
    expect(card('4242424242424242', { expMonth: 13 })).toEqual({
      ok: false,
      message: CARD_MESSAGES.invalidExpiry,
    });
    expect(card('4242424242424242', { cvc: '12' })).toEqual({ ok: false, message: CARD_MESSAGES.invalidCvc });
    expect(card('3782 822463 10005', { cvc: '123' })).toEqual({
      ok: false,
      message: CARD_MESSAGES.invalidCvc,
    });
  });

  it('compute Luhn and brands', () => {
    expect(isLuhnValid('79927398713')).toBe(true);
    expect(isLuhnValid('79927398710')).toBe(false);
    expect(cardDigits('4242 4242')).toBe('42424242');
    expect(cardDigits('4242x')).toBeNull();
    expect(cardBrandOf('2223003122003222')).toBe('mastercard');
    expect(cardBrandOf('6011111111111117')).toBe('discover');
    expect(cardBrandOf('3566002020360505')).toBe('jcb');
    expect(cardBrandOf('9999999999999995')).toBe('unknown');
  });

  it("accept Stripe's test payment-method ids", () => {
    expect(SANDBOX_TEST_PAYMENT_METHODS.pm_card_visa).toMatchObject({
      brand: 'visa',
      last4: '4242',
      behaviour: 'succeed',
    });
    expect(SANDBOX_TEST_PAYMENT_METHODS.pm_card_chargeDeclined?.behaviour).toBe('card_declined');
    expect(SANDBOX_TEST_PAYMENT_METHODS.pm_card_chargeDeclinedInsufficientFunds?.behaviour).toBe(
      'insufficient_funds',
    );
  });
});
