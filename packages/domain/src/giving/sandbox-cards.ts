// The sandbox payment gateway's card rules (the embedded default when no Stripe keys are set).
// They follow Stripe's test cards so the same numbers work in both modes.

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'jcb' | 'unknown';

/** What a charge does: succeed, or decline with one of the gateway's decline codes. */
export type CardBehaviour =
  'succeed' | 'card_declined' | 'insufficient_funds' | 'expired_card' | 'incorrect_cvc' | 'processing_error';

/** The provider's message for each decline, as Stripe words it. */
export const DECLINE_MESSAGES: Record<Exclude<CardBehaviour, 'succeed'>, string> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  processing_error: 'An error occurred while processing your card. Try again in a little bit.',
};

/** Stripe's test card numbers with a special behaviour; any other valid number succeeds. */
export const SANDBOX_TEST_CARDS: readonly { number: string; behaviour: CardBehaviour; label: string }[] = [
  { number: '4242424242424242', behaviour: 'succeed', label: 'Visa, succeeds' },
  { number: '5555555555554444', behaviour: 'succeed', label: 'Mastercard, succeeds' },
  { number: '4000000000000002', behaviour: 'card_declined', label: 'Declined' },
  { number: '4000000000009995', behaviour: 'insufficient_funds', label: 'Insufficient funds' },
  { number: '4000000000000069', behaviour: 'expired_card', label: 'Expired card' },
  { number: '4000000000000127', behaviour: 'incorrect_cvc', label: 'Incorrect security code' },
  { number: '4000000000000119', behaviour: 'processing_error', label: 'Processing error' },
];

/** Stripe's test payment-method ids, accepted by the sandbox API as they are by Stripe's. */
export const SANDBOX_TEST_PAYMENT_METHODS: Readonly<
  Record<
    string,
    {
      type: 'card' | 'us_bank_account' | 'acss_debit';
      brand: CardBrand | null;
      last4: string;
      behaviour: CardBehaviour;
    }
  >
> = {
  pm_card_visa: { type: 'card', brand: 'visa', last4: '4242', behaviour: 'succeed' },
  pm_card_mastercard: { type: 'card', brand: 'mastercard', last4: '4444', behaviour: 'succeed' },
  pm_card_amex: { type: 'card', brand: 'amex', last4: '8431', behaviour: 'succeed' },
  pm_card_chargeDeclined: { type: 'card', brand: 'visa', last4: '0002', behaviour: 'card_declined' },
  pm_card_chargeDeclinedInsufficientFunds: {
    type: 'card',
    brand: 'visa',
    last4: '9995',
    behaviour: 'insufficient_funds',
  },
  pm_card_chargeDeclinedExpiredCard: {
    type: 'card',
    brand: 'visa',
    last4: '0069',
    behaviour: 'expired_card',
  },
  // Added for the shared gateway contract suite (Stripe engineer): Stripe's 4000 0000 0000 0341,
  // which attaches to a customer and then fails every charge (a subscription on a failing card).
  pm_card_chargeCustomerFail: { type: 'card', brand: 'visa', last4: '0341', behaviour: 'card_declined' },
  pm_usBankAccount: { type: 'us_bank_account', brand: null, last4: '6789', behaviour: 'succeed' },
  pm_acssDebit: { type: 'acss_debit', brand: null, last4: '6789', behaviour: 'succeed' },
};

export const CARD_MESSAGES = {
  invalidNumber: 'Your card number is incorrect.',
  invalidExpiry: "Your card's expiration date is invalid.",
  expired: 'Your card has expired.',
  invalidCvc: "Your card's security code is invalid.",
} as const;

/** The digits of a card number as typed (spaces and dashes allowed), or null if anything else is in it. */
export function cardDigits(number: string): string | null {
  const digits = number.replace(/[\s-]/g, '');
  return /^\d+$/.test(digits) ? digits : null;
}

/** The Luhn checksum every card number carries. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrandOf(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  if (two === 34 || two === 37) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (four >= 3528 && four <= 3589) return 'jcb';
  return 'unknown';
}

export function cardBehaviourOf(digits: string): CardBehaviour {
  return SANDBOX_TEST_CARDS.find((c) => c.number === digits)?.behaviour ?? 'succeed';
}

export type CardCheck =
  | {
      ok: true;
      digits: string;
      brand: CardBrand;
      last4: string;
      expMonth: number;
      expYear: number;
      behaviour: CardBehaviour;
    }
  | { ok: false; message: string };

/**
 * Checks a card as the sandbox card field sends it: a Luhn-valid number of 12 to 19 digits, an
 * expiry month 1-12 with a 2- or 4-digit year not in the past, and a 3-digit security code
 * (4 for American Express).
 */
export function checkCard(
  input: { number: string; expMonth: number; expYear: number; cvc: string },
  now: Date = new Date(),
): CardCheck {
  const digits = cardDigits(input.number);
  if (!digits || digits.length < 12 || digits.length > 19 || !isLuhnValid(digits)) {
    return { ok: false, message: CARD_MESSAGES.invalidNumber };
  }
  const brand = cardBrandOf(digits);
  const expMonth = input.expMonth;
  const expYear = input.expYear < 100 ? 2000 + input.expYear : input.expYear;
  if (
    !Number.isInteger(expMonth) ||
    expMonth < 1 ||
    expMonth > 12 ||
    !Number.isInteger(expYear) ||
    expYear > 2100
  ) {
    return { ok: false, message: CARD_MESSAGES.invalidExpiry };
  }
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  if (expYear < year || (expYear === year && expMonth < month))
    return { ok: false, message: CARD_MESSAGES.expired };
  const cvcLength = brand === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc.trim()))
    return { ok: false, message: CARD_MESSAGES.invalidCvc };
  return {
    ok: true,
    digits,
    brand,
    last4: digits.slice(-4),
    expMonth,
    expYear,
    behaviour: cardBehaviourOf(digits),
  };
}
