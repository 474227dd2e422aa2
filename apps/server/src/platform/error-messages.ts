// The API's refusals in the request's language (issue 23, decision 070). A refusal is thrown with
// its English text (the spec's wording) wherever it happens; the error handler looks the text up
// here and, when the request's locale is not en-US, answers the catalogue's translation with the
// same status and `x-error-code`. Each default below is the thrown text word for word (a test holds
// them equal to the constants they come from), with its variable parts as placeholders.

import { defineMessages, type MessageDescriptor } from '@formatjs/intl';
import { formatCentsIn, type Locale } from '@kinship/domain';
import { sayIn } from './messages.ts';

export const refusalMessages = defineMessages({
  cartInvalid: {
    id: 'error.cartInvalid',
    defaultMessage:
      'There are issues with your cart. Invalid cart item. Please remove this item from your cart and attempt to re-add. This may happen when another donor has sponsored this item in the time since it was added to your cart',
  },
  alreadySponsorCart: {
    id: 'error.alreadySponsorCart',
    defaultMessage: 'You already sponsor {name}. You can manage it from your profile.',
  },
  alreadySponsoring: { id: 'error.alreadySponsoring', defaultMessage: 'You already sponsor {name}.' },
  giftNoRecord: {
    id: 'error.giftNoRecord',
    defaultMessage: 'Nobody of this type is waiting for a sponsor right now.',
  },
  giftRecordClosed: {
    id: 'error.giftRecordClosed',
    defaultMessage:
      'This person is no longer open for sponsorship, so they cannot be given as a gift. Please choose someone else.',
  },
  giftRecordFull: {
    id: 'error.giftRecordFull',
    defaultMessage:
      'Every sponsorship of this person is taken, so they cannot be given as a gift right now. Please choose someone else.',
  },
  giftRecordTaken: {
    id: 'error.giftRecordTaken',
    defaultMessage:
      'The last sponsorship of this person was taken while you paid, so your payment has been refunded in full. Please choose someone else.',
  },
  checkoutDuplicateLines: {
    id: 'error.checkoutDuplicateLines',
    defaultMessage: 'Each sponsored record may appear only once in a checkout.',
  },
  checkoutMaxLines: {
    id: 'error.checkoutMaxLines',
    defaultMessage: 'A checkout can hold at most {max} records.',
  },
  checkoutProviderUnreachable: {
    id: 'error.checkoutProviderUnreachable',
    defaultMessage:
      'We could not reach the payment provider and nothing was charged. Please try again in a few minutes.',
  },
  checkoutProviderUnavailable: {
    id: 'error.checkoutProviderUnavailable',
    defaultMessage:
      'We could not reach the payment provider. Your payment is being checked; please look at your sponsorships in a few minutes before trying again.',
  },
  paymentDeclined: { id: 'error.paymentDeclined', defaultMessage: 'The payment could not be completed.' },
  partnerMismatch: { id: 'error.partnerMismatch', defaultMessage: 'partnersId does not match this site.' },
  donationsOff: {
    id: 'error.donationsOff',
    defaultMessage: 'General donations are not enabled for this site.',
  },
  donationFailed: {
    id: 'error.donationFailed',
    defaultMessage: 'Payment failed. Please check your information and try again.',
  },
  donationAmount: {
    id: 'error.donationAmount',
    defaultMessage: 'amount must be at least {min} with at most 2 decimals.',
  },
  donationInitiativeNotFound: {
    id: 'error.donationInitiativeNotFound',
    defaultMessage: 'Initiative {id} was not found.',
  },
  donationProviderUnavailable: {
    id: 'error.donationProviderUnavailable',
    defaultMessage:
      'We could not reach the payment provider. Your donation is being checked; please look for its receipt email before trying again.',
  },
  loginRequired: { id: 'error.loginRequired', defaultMessage: 'You must be logged in to do this.' },
  forbidden: { id: 'error.forbidden', defaultMessage: 'You do not have permission to do this.' },
  notFound: { id: 'error.notFound', defaultMessage: 'Not found.' },
  receiptNotFound: { id: 'error.receiptNotFound', defaultMessage: 'Receipt not found.' },
  giftNotFound: { id: 'error.giftNotFound', defaultMessage: 'This gift was not found.' },
  letterNotSponsor: {
    id: 'error.letterNotSponsor',
    defaultMessage: 'You can write only to someone you sponsor.',
  },
  letterEnded: {
    id: 'error.letterEnded',
    defaultMessage: 'Your sponsorship has ended: you can read your letters but not write new ones.',
  },
  letterNotFound: { id: 'error.letterNotFound', defaultMessage: 'This letter was not found.' },
  letterNotDraft: {
    id: 'error.letterNotDraft',
    defaultMessage: 'This letter has been sent: it can no longer be changed.',
  },
  letterPictures: { id: 'error.letterPictures', defaultMessage: 'A letter can have at most 3 pictures.' },
  letterOthers: { id: 'error.letterOthers', defaultMessage: 'You can only see your own letters.' },
  letterFlagsOpen: {
    id: 'error.letterFlagsOpen',
    defaultMessage: 'Remove or accept each flag before approving this letter.',
  },
  letterDecided: {
    id: 'error.letterDecided',
    defaultMessage: 'This letter has already been decided: it can no longer be changed.',
  },
  letterProgram: {
    id: 'error.letterProgram',
    defaultMessage: 'You can moderate only the letters of your programs.',
  },
  privateDemo: {
    id: 'error.privateDemo',
    defaultMessage: 'This is a private demo. Please contact the provider for access.',
  },
});

const pricedMessages = defineMessages({
  priceChanged: {
    id: 'error.priceChanged',
    defaultMessage:
      'The price of your sponsorship has changed to {amount}. Please review your cart and try again.',
  },
});

/**
 * The price-changed refusal (domain `priceChangedMessage`) in another locale, its amount in that
 * locale's form of the partner's currency (`35,00 $` in fr-CA): for `HttpError.sayingIn`.
 */
export const priceChangedIn =
  (currency: string, cents: number) =>
  (locale: Locale): string =>
    sayIn(locale)(pricedMessages.priceChanged, { amount: formatCentsIn(locale, currency, cents) });

/**
 * The sign-in and sign-up refusals of the auth library (its JSON answers' `code`), in the words
 * Kinship shows; their `message` is replaced for a request in another language.
 */
export const authRefusalMessages = defineMessages({
  INVALID_EMAIL_OR_PASSWORD: {
    id: 'error.auth.invalidCredentials',
    defaultMessage: 'Invalid email or password',
  },
  USER_ALREADY_EXISTS: {
    id: 'error.auth.emailTaken',
    defaultMessage: 'User already exists. Use another email.',
  },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: {
    id: 'error.auth.emailTakenUseAnother',
    defaultMessage: 'User already exists. Use another email.',
  },
  PASSWORD_TOO_SHORT: { id: 'error.auth.passwordTooShort', defaultMessage: 'Password too short' },
  PASSWORD_TOO_LONG: { id: 'error.auth.passwordTooLong', defaultMessage: 'Password too long' },
  INVALID_EMAIL: { id: 'error.auth.invalidEmail', defaultMessage: 'Invalid email' },
  EMAIL_NOT_VERIFIED: { id: 'error.auth.emailNotVerified', defaultMessage: 'Email not verified' },
  PASSWORD_TOO_COMMON: {
    id: 'error.auth.passwordTooCommon',
    defaultMessage:
      'This password is one of the most common passwords, so it is easy to guess. Please choose another.',
  },
  ACCOUNT_THROTTLED: {
    id: 'error.auth.accountThrottled',
    defaultMessage:
      'Too many sign-in attempts for this account. Please wait and try again, or reset your password.',
  },
});

interface Pattern {
  descriptor: MessageDescriptor;
  names: string[];
  match: RegExp;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A default's shape as a pattern: its text literally, each `{name}` any non-empty run. */
function patternOf(descriptor: MessageDescriptor): Pattern {
  const source = String(descriptor.defaultMessage);
  const names: string[] = [];
  const parts = source.split(/\{(\w+)\}/);
  const regex = parts
    .map((part, i) => {
      if (i % 2 === 0) return escapeRegExp(part);
      names.push(part);
      return '(.+?)';
    })
    .join('');
  return { descriptor, names, match: new RegExp(`^${regex}$`, 's') };
}

const EXACT = new Map<string, Pattern>();
const WITH_VALUES: Pattern[] = [];
for (const descriptor of Object.values(refusalMessages)) {
  const pattern = patternOf(descriptor);
  if (pattern.names.length === 0) EXACT.set(String(descriptor.defaultMessage), pattern);
  else WITH_VALUES.push(pattern);
}
// The most specific first: 'You already sponsor {name}. You can manage it…' before 'You already sponsor {name}.'.
const literalLength = (p: Pattern) => String(p.descriptor.defaultMessage).replace(/\{\w+\}/g, '').length;
WITH_VALUES.sort((a, b) => literalLength(b) - literalLength(a));

/** The catalogue's message a refusal's English text is, with its values; null when none. */
export function refusalOf(
  text: string,
): { descriptor: MessageDescriptor; values: Record<string, string> } | null {
  const exact = EXACT.get(text);
  if (exact) return { descriptor: exact.descriptor, values: {} };
  for (const pattern of WITH_VALUES) {
    const found = pattern.match.exec(text);
    if (found) {
      return {
        descriptor: pattern.descriptor,
        values: Object.fromEntries(pattern.names.map((name, i) => [name, found[i + 1]!])),
      };
    }
  }
  return null;
}

/** A refusal's text in `locale`: en-US answers the thrown text itself, byte for byte. */
export function translateRefusal(locale: Locale, text: string): string {
  if (locale === 'en-US') return text;
  const refusal = refusalOf(text);
  return refusal ? sayIn(locale)(refusal.descriptor, refusal.values) : text;
}

/**
 * An auth library error answer (JSON with `code` and `message`) in `locale`: the message of a
 * known code translated, everything else as it was.
 */
export function translateAuthBody(locale: Locale, body: string): string {
  if (locale === 'en-US') return body;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body;
  }
  if (!parsed || typeof parsed !== 'object') return body;
  const answer = parsed as { code?: unknown; message?: unknown };
  if (typeof answer.code !== 'string' || !Object.hasOwn(authRefusalMessages, answer.code)) {
    return typeof answer.message === 'string' && refusalOf(answer.message)
      ? JSON.stringify({ ...answer, message: translateRefusal(locale, answer.message) })
      : body;
  }
  const descriptor = authRefusalMessages[answer.code as keyof typeof authRefusalMessages];
  return JSON.stringify({ ...answer, message: sayIn(locale)(descriptor) });
}
