import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { IntlShape } from 'react-intl';
import { accountMessages } from '../messages';

/** The spec's phone rule: empty, or a valid number (US by default); else the 'Invalid Phone Number: ...' text. */
export function phoneProblem(phone: string, intl: IntlShape): string | null {
  const value = phone.trim();
  if (!value) return null;
  const parsed = parsePhoneNumberFromString(value, 'US');
  return parsed?.isValid() ? null : intl.formatMessage(accountMessages.invalidPhone, { message: value });
}
