import { LOCALE_COOKIE, chooseLocale, partnerLocales, type Locale } from '@kinship/domain';
import type { FastifyRequest } from 'fastify';
import type { PartnerRow } from '../db/types.ts';
import type { RequestViewer } from './viewer.ts';

/** One cookie's value from a Cookie header, or null. */
export function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}

/**
 * The locale a request is answered in (decision 070): the visitor's choice (the language switch's
 * cookie), the signed-in person's saved preference, `Accept-Language`, then the partner's default;
 * always one the partner offers.
 */
export function localeOfRequest(
  request: Pick<FastifyRequest, 'headers'>,
  partner: Pick<PartnerRow, 'defaultLocale' | 'locales'>,
  viewer: Pick<RequestViewer, 'user'> | null,
): Locale {
  const { defaultLocale, locales } = partnerLocales(partner.defaultLocale, partner.locales);
  return chooseLocale({
    chosen: cookieValue(request.headers.cookie, LOCALE_COOKIE),
    saved: viewer?.user?.locale,
    acceptLanguage: request.headers['accept-language'],
    offered: locales,
    fallback: defaultLocale,
  });
}

/** The locale mail to a person is written in: their saved preference, else the partner's default. */
export function localeOfRecipient(
  partner: Pick<PartnerRow, 'defaultLocale' | 'locales'>,
  savedLocale: string | null | undefined,
): Locale {
  const { defaultLocale, locales } = partnerLocales(partner.defaultLocale, partner.locales);
  return chooseLocale({ saved: savedLocale, offered: locales, fallback: defaultLocale });
}
