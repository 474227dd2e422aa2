// Email format (spec 5): word characters, an @ sign, a domain, then an ending
// of 2 to 3 letters. The local part also allows '.', '+' and '-'; the domain
// allows hyphens and dotted labels.

export const EMAIL_PATTERN = /^[\w.+-]+@[\w-]+(\.[\w-]+)*\.[A-Za-z]{2,3}$/;

export function isValidEmail(s: string | null | undefined): boolean {
  return typeof s === 'string' && EMAIL_PATTERN.test(s);
}

/** Accepts an empty value (null, undefined, or blank) or a valid email. */
export function isEmptyOrValidEmail(s: string | null | undefined): boolean {
  if (s === null || s === undefined || s.trim() === '') return true;
  return isValidEmail(s);
}
