import { MESSAGES } from '@kinship/domain';
import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** The spec's phone rule: empty, or a valid number (US by default); else the 'Invalid Phone Number: ...' text. */
export function phoneProblem(phone: string): string | null {
  const value = phone.trim();
  if (!value) return null;
  const parsed = parsePhoneNumberFromString(value, 'US');
  return parsed?.isValid() ? null : MESSAGES.invalidPhone(value);
}
