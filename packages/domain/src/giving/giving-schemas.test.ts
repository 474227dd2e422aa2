import { describe, expect, it } from 'vitest';
import {
  checkoutHelperRequestSchema,
  sandboxCardRequestSchema,
  savedPaymentMethodSchema,
  updateSubscriptionPaymentRequestSchema,
} from './giving-schemas.ts';

const line = {
  usersId: '12',
  sponsoredsId: 501,
  numSlots: 1,
  amount: 3900,
  isManualSponsorshipConversion: false,
  partnerSponsoredTypesId: 1,
};

describe('giving schemas', () => {
  it('flag the default saved method', () => {
    const method = {
      id: 'pm_1',
      type: 'card',
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
      usBankAccount: null,
      acssDebit: null,
      isDefault: true,
    };
    expect(savedPaymentMethodSchema.parse(method)).toEqual(method);
    expect(savedPaymentMethodSchema.safeParse({ ...method, isDefault: undefined }).success).toBe(false);
  });

  it('take the interval in the checkout helper body, names optional', () => {
    const body = {
      partnersId: 2,
      stripePaymentIntent: 'pm_card_visa',
      userSponsoreds: [line],
      baseAmount: 3900,
      additionalAmount: 117,
    };
    expect(checkoutHelperRequestSchema.safeParse({ ...body, paymentInterval: 'year' }).success).toBe(true);
    expect(checkoutHelperRequestSchema.safeParse(body).success).toBe(false);
    expect(checkoutHelperRequestSchema.safeParse({ ...body, paymentInterval: 'week' }).success).toBe(false);
  });

  it('require the order and the method to change a subscription payment', () => {
    expect(
      updateSubscriptionPaymentRequestSchema.safeParse({ ordersId: 4, paymentMethodId: 'pm_1' }).success,
    ).toBe(true);
    expect(updateSubscriptionPaymentRequestSchema.safeParse({ ordersId: 4 }).success).toBe(false);
  });

  it('take a card number, expiry and security code from the sandbox card field', () => {
    expect(
      sandboxCardRequestSchema.safeParse({
        number: '4242 4242 4242 4242',
        expMonth: 12,
        expYear: 2030,
        cvc: '123',
      }).success,
    ).toBe(true);
    expect(
      sandboxCardRequestSchema.safeParse({ number: '4242', expMonth: '12', expYear: 2030, cvc: '123' })
        .success,
    ).toBe(false);
  });
});
