// Partner content per locale (issue 23, decision 072): a partner writes its taglines, descriptions,
// type labels, program descriptions and record bios in each language it offers. The base columns
// hold the default locale's text; `translations` holds the other offered locales' texts.

import { z } from 'zod';
import { isLocale, LOCALES, type Locale } from './locale.ts';

/** `{ "fr-CA": { "tagline": "…" } }`: the texts of the offered locales other than the default. */
export type Translations = Partial<Record<Locale, Record<string, string>>>;

/** What a staff answer carries and a staff write may send (validated by `checkTranslations`). */
export const translationsSchema = z.record(z.string(), z.record(z.string(), z.string().nullable()));
export type TranslationsInput = z.infer<typeof translationsSchema>;

/** The translatable fields of each kind of content, with the base field's length limit. */
export const TRANSLATABLE_FIELDS = {
  partner: { tagline: 200, description: 20_000 },
  type: { customLabelSingular: 60, customLabelPlural: 60, description: 2000 },
  program: { description: 20_000 },
  country: { description: 20_000 },
  record: { bio: 20_000 },
  letters: { guidelines: 5_000 },
} as const satisfies Record<string, Record<string, number>>;

const hasText = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.trim() !== '';

/**
 * A field in a locale: its translation when it has text, else the base (default locale's) text.
 * An empty or blank translation counts as missing, so a visitor never gets an empty field where
 * the default locale has text.
 */
export function translatedText<T extends string | null | undefined>(
  base: T,
  translations: Translations | null | undefined,
  locale: Locale | null | undefined,
  field: string,
): T | string {
  if (!locale || !translations) return base;
  const text = translations[locale]?.[field];
  return hasText(text) ? text : base;
}

/** A row with its translatable `fields` read in `locale` (the row itself when nothing changes). */
export function translatedRow<Row extends object>(
  row: Row,
  translations: Translations | null | undefined,
  locale: Locale | null | undefined,
  fields: readonly (keyof Row & string)[],
): Row {
  if (!locale || !translations?.[locale]) return row;
  const next = { ...row };
  for (const field of fields) {
    const base = row[field] as string | null | undefined;
    (next as Record<string, unknown>)[field] = translatedText(base, translations, locale, field);
  }
  return next;
}

export const TRANSLATION_LOCALE_NOT_OFFERED = (locale: string) =>
  `${locale} is not a language this partner offers besides its default; translate into an offered language.`;
export const TRANSLATION_FIELD_UNKNOWN = (field: string) => `${field} cannot be translated here.`;

export interface CheckedTranslations {
  /** Trimmed, blank entries dropped, locales in LOCALES order. */
  translations: Translations;
  /** Field errors by path (`translations.fr-CA.tagline`); empty when valid. */
  errors: Record<string, string>;
}

/**
 * A staff write's translations: only the partner's offered locales other than its default, only
 * the kind's translatable fields, each within the base field's length limit. Blank texts are
 * dropped (the base text shows instead). `clean` runs on each kept text (HTML sanitising).
 */
export function checkTranslations(
  input: TranslationsInput,
  partner: { defaultLocale: Locale; locales: readonly Locale[] },
  limits: Readonly<Record<string, number>>,
  clean: (field: string, text: string) => string | null = (_field, text) => text,
): CheckedTranslations {
  const errors: Record<string, string> = {};
  const kept: Translations = {};
  for (const [locale, fields] of Object.entries(input)) {
    if (!isLocale(locale) || locale === partner.defaultLocale || !partner.locales.includes(locale)) {
      errors[`translations.${locale}`] = TRANSLATION_LOCALE_NOT_OFFERED(locale);
      continue;
    }
    for (const [field, value] of Object.entries(fields)) {
      if (!Object.hasOwn(limits, field)) {
        errors[`translations.${locale}.${field}`] = TRANSLATION_FIELD_UNKNOWN(field);
        continue;
      }
      const limit = limits[field]!;
      const text = value?.trim() ?? '';
      if (text.length > limit) {
        errors[`translations.${locale}.${field}`] = `At most ${limit} characters.`;
        continue;
      }
      const cleaned = text === '' ? null : clean(field, text);
      if (hasText(cleaned)) (kept[locale] ??= {})[field] = cleaned;
    }
  }
  const ordered: Translations = {};
  for (const locale of LOCALES) if (kept[locale]) ordered[locale] = kept[locale];
  return { translations: ordered, errors };
}

/** Stored translations as a staff answer shows them (unknown locales left out). */
export function storedTranslations(value: unknown): Translations {
  if (!value || typeof value !== 'object') return {};
  const out: Translations = {};
  for (const [locale, fields] of Object.entries(value as Record<string, unknown>)) {
    if (!isLocale(locale) || !fields || typeof fields !== 'object') continue;
    const texts = Object.entries(fields as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    );
    if (texts.length > 0) out[locale] = Object.fromEntries(texts);
  }
  return out;
}

/**
 * Whether a write's translations say what is stored (blank and missing texts alike): a client
 * that sends back what it read, while changing the partner's languages, changes no translation.
 */
export function sameTranslations(input: TranslationsInput, stored: unknown): boolean {
  const flat = (value: Record<string, Record<string, string | null> | undefined>) =>
    Object.entries(value)
      .flatMap(([locale, fields]) =>
        Object.entries(fields ?? {})
          .filter(([, text]) => hasText(text))
          .map(([field, text]) => `${locale}\u0000${field}\u0000${text!.trim()}`),
      )
      .sort()
      .join('\u0001');
  return flat(input) === flat(storedTranslations(stored));
}
