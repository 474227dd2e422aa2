// Languages (issue 23, decision 070): the locales Kinship ships, how a request's locale is chosen,
// and money, dates and percents through Intl in that locale and the partner's currency.

import { z } from 'zod';
import { isCalendarDate } from './format.ts';

/** Every locale with a complete catalogue. `en-US` is the source: its texts are the spec's. */
export const LOCALES = ['en-US', 'en-CA', 'fr-CA'] as const;
export type Locale = (typeof LOCALES)[number];
export const localeSchema = z.enum(LOCALES);

/** The locale of the source texts, and of a request nothing else decides. */
export const SOURCE_LOCALE: Locale = 'en-US';

/** The cookie a visitor's language switch sets; it outranks everything else. */
export const LOCALE_COOKIE = 'kinship_locale';

/** Each locale named in its own language, as the language switch shows it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  'en-US': 'English',
  'en-CA': 'English',
  'fr-CA': 'Français',
};

/**
 * Where a locale's missing messages come from. English locales fall back to the source texts
 * (`en-CA` holds only what Canadian English says differently); French is complete on its own.
 */
export function localeChain(locale: Locale): Locale[] {
  return locale === 'en-CA' ? ['en-CA', 'en-US'] : [locale];
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The default locale of a partner in a country: Canadian English in Canada (countriesId 8). */
export function countryDefaultLocale(countriesId: number | null | undefined): Locale {
  return countriesId === 8 ? 'en-CA' : 'en-US';
}

/** `Accept-Language` as its tags, most wanted first (q=0 dropped; malformed parts ignored). */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$|^\*$/.test(entry.tag) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * The offered locale a language tag asks for: the exact locale (`fr-CA`), else one of the same
 * language (`fr`, `fr-FR` -> `fr-CA`; `en-GB` -> the partner's English), preferring the default.
 */
export function matchLocale(tag: string, offered: readonly Locale[], fallback: Locale): Locale | null {
  const wanted = tag.toLowerCase();
  const exact = offered.find((locale) => locale.toLowerCase() === wanted);
  if (exact) return exact;
  const language = wanted.split('-')[0];
  const sameLanguage = offered.filter((locale) => locale.toLowerCase().split('-')[0] === language);
  if (sameLanguage.length === 0) return null;
  return sameLanguage.includes(fallback) ? fallback : sameLanguage[0]!;
}

export interface LocaleChoice {
  /** The visitor's own choice (the language switch's cookie). */
  chosen?: string | null | undefined;
  /** The signed-in person's saved preference. */
  saved?: string | null | undefined;
  acceptLanguage?: string | null | undefined;
  /** What the partner offers, and its default (one of them). */
  offered: readonly Locale[];
  fallback: Locale;
}

/**
 * The locale a page or a message is shown in: the visitor's choice, then the signed-in person's
 * saved preference, then `Accept-Language`, then the partner's default; only ever one the partner
 * offers.
 */
export function chooseLocale(choice: LocaleChoice): Locale {
  const offered = choice.offered.length > 0 ? choice.offered : [choice.fallback];
  const fallback = offered.includes(choice.fallback) ? choice.fallback : offered[0]!;
  for (const candidate of [choice.chosen, choice.saved]) {
    if (candidate) {
      const match = matchLocale(candidate, offered, fallback);
      if (match) return match;
    }
  }
  for (const tag of parseAcceptLanguage(choice.acceptLanguage)) {
    if (tag === '*') return fallback;
    const match = matchLocale(tag, offered, fallback);
    if (match) return match;
  }
  return fallback;
}

/** The partner's languages as stored, made safe: known locales only, the default always offered. */
export function partnerLocales(
  defaultLocale: string | null | undefined,
  locales: readonly string[] | null | undefined,
): { defaultLocale: Locale; locales: Locale[] } {
  const fallback = isLocale(defaultLocale) ? defaultLocale : SOURCE_LOCALE;
  const offered = LOCALES.filter((locale) => locale === fallback || (locales ?? []).includes(locale));
  return { defaultLocale: fallback, locales: offered };
}

// ---------------------------------------------------------------- formats

/** Rounds to hundredths half up, ignoring binary noise, as the en-US formats do (1.005 -> 1.01). */
function roundHundredths(value: number): number {
  const hundredths = Math.round(Number((Math.abs(value) * 100).toPrecision(15)));
  return (value < 0 ? -hundredths : hundredths) / 100;
}

function finite(value: number, what: string): number {
  if (!Number.isFinite(value)) throw new RangeError(`Cannot format ${what}: ${value}`);
  return value;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * An amount in the partner's currency, in the locale's way: en-US `$1,234.56`, en-CA `$1,234.56`,
 * fr-CA `1 234,56 $`. A currency foreign to the locale's country is named (`US$` in Canada).
 */
export function formatMoneyIn(locale: Locale, currency: string, amount: number): string {
  const value = roundHundredths(finite(amount, 'currency'));
  return numberFormat(locale, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value === 0 ? 0 : value);
}

/** Integer cents in the partner's currency. */
export function formatCentsIn(locale: Locale, currency: string, cents: number): string {
  return formatMoneyIn(locale, currency, finite(cents, 'currency') / 100);
}

/** A percent (5 means 5 %) with 2 decimals: en-US `5.00%`, fr-CA `5,00 %`. */
export function formatPercentIn(locale: Locale, percent: number): string {
  const value = roundHundredths(finite(percent, 'percent'));
  return numberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format((value === 0 ? 0 : value) / 100);
}

const PLAIN_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date in the locale's numeric form: en-US `11/27/2026`, fr-CA and en-CA `2026-11-27`. A plain
 * `YYYY-MM-DD` is a calendar date shown as written; a Date or timestamp is shown in UTC.
 */
export function formatDateIn(locale: Locale, d: Date | string): string {
  const plain = typeof d === 'string' ? PLAIN_DATE.exec(d) : null;
  if (plain && !isCalendarDate(Number(plain[1]), Number(plain[2]), Number(plain[3]))) {
    throw new RangeError(`Invalid date: ${String(d)}`);
  }
  const date = plain
    ? new Date(Date.UTC(Number(plain[1]), Number(plain[2]) - 1, Number(plain[3])))
    : typeof d === 'string'
      ? new Date(d)
      : d;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(d)}`);
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      timeZone: 'UTC',
    });
    dateFormats.set(locale, format);
  }
  return format.format(date);
}
