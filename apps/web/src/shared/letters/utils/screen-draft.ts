import { screenLetter, type CountryCode, type LetterFlag } from '@kinship/domain';

/**
 * The pre-screen on the letter being written, with the partner's word list and the country its
 * national phone numbers are read in. A country the phone library does not know is left out
 * rather than failing the page.
 */
export function screenDraft(body: string, words: readonly string[], country: string | null): LetterFlag[] {
  if (country) {
    try {
      return screenLetter(body, { words, defaultCountry: country.toUpperCase() as CountryCode });
    } catch {
      // fall through: screened without a default country
    }
  }
  return screenLetter(body, { words });
}
