import { LOCALE_COOKIE, chooseLocale, isLocale, type Locale } from '@kinship/domain';

interface Offer {
  defaultLocale: Locale;
  locales: readonly Locale[];
}

function cookieLocale(): string | null {
  const match = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]+)`).exec(document.cookie);
  return match ? decodeURIComponent(match[1]!) : null;
}

/**
 * The locale the page starts in: the one the server chose for this request (it set `<html lang>`
 * from the visitor's choice, saved preference, Accept-Language and the partner's default), else the
 * same choice made here from the cookie and the browser's languages.
 */
export function initialLocale(offer: Offer): Locale {
  const served = document.documentElement.lang;
  if (isLocale(served) && offer.locales.includes(served)) return served;
  return chooseLocale({
    chosen: cookieLocale(),
    acceptLanguage: navigator.languages.join(','),
    offered: offer.locales,
    fallback: offer.defaultLocale,
  });
}

/** Remembers the visitor's choice for a year, for every page of this site and its API calls. */
export function rememberLocale(locale: Locale): void {
  document.cookie = `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; path=/; max-age=31536000; samesite=lax`;
}
