import { LOCALE_NAMES, partnerLocales, type Locale } from '@kinship/domain';
import type { IntlShape } from 'react-intl';

/** A partner's languages as the editors need them: the default first, then the others offered. */
export interface ContentLocales {
  defaultLocale: Locale;
  /** Every offered locale, the default first. */
  locales: Locale[];
}

export function contentLocalesOf(partner: {
  defaultLocale?: string | null;
  locales?: readonly string[] | null;
}): ContentLocales {
  const { defaultLocale, locales } = partnerLocales(partner.defaultLocale, partner.locales);
  return { defaultLocale, locales: [defaultLocale, ...locales.filter((l) => l !== defaultLocale)] };
}

type Stored = Partial<Record<string, Record<string, string | null> | undefined>> | null | undefined;

/**
 * Form values of stored translations (decision 072): each offered locale but the default, with
 * each translatable field as text ('' where there is none).
 */
export function translationFormValues(
  stored: Stored,
  languages: ContentLocales,
  fields: readonly string[],
): Record<string, Record<string, string>> {
  return Object.fromEntries(
    languages.locales
      .filter((locale) => locale !== languages.defaultLocale)
      .map((locale) => [
        locale,
        Object.fromEntries(fields.map((field) => [field, stored?.[locale]?.[field] ?? ''])),
      ]),
  );
}

/**
 * The translations a form sends: only the locales offered besides the default (a language just
 * removed or made the default in the same form is left out), blank texts as empty (the server
 * drops them and visitors read the default's text).
 */
export function translationsToSend(
  values: Stored,
  languages: ContentLocales,
): Record<string, Record<string, string>> | undefined {
  // One language: nothing to send, so texts kept for a language offered again later stay stored.
  if (languages.locales.length <= 1) return undefined;
  const out: Record<string, Record<string, string>> = {};
  for (const locale of languages.locales) {
    if (locale === languages.defaultLocale) continue;
    const fields = values?.[locale];
    if (!fields) continue;
    out[locale] = Object.fromEntries(
      Object.entries(fields).map(([field, text]) => [field, (text ?? '').trim()]),
    );
  }
  return out;
}

interface TranslatingForm {
  getValues(): unknown;
  setFieldValue(path: never, value: never): void;
  errors: Record<string, unknown>;
}

/** The form's translations at `at` (a dotted path: `translations`, `settings.translations`). */
const translationsOf = (form: TranslatingForm, at: string): NonNullable<Stored> =>
  (at
    .split('.')
    .reduce<unknown>(
      (value, key) => (value as Record<string, unknown> | undefined)?.[key],
      form.getValues(),
    ) as Stored) ?? {};

/** Writes one translated field into a form's translations (any locale, even one added just now). */
export function setTranslation(
  form: TranslatingForm,
  locale: Locale,
  field: string,
  text: string,
  at = 'translations',
): void {
  const current = translationsOf(form, at);
  form.setFieldValue(at as never, { ...current, [locale]: { ...current[locale], [field]: text } } as never);
}

/** Value, change and error of a translated text input (`<at>.<locale>.<field>`). */
export function translationInputProps(
  form: TranslatingForm,
  locale: Locale,
  field: string,
  at = 'translations',
) {
  return {
    value: translationsOf(form, at)[locale]?.[field] ?? '',
    error: form.errors[`${at}.${locale}.${field}`] as string | undefined,
    onChange: (event: { currentTarget: { value: string } }) =>
      setTranslation(form, locale, field, event.currentTarget.value, at),
  };
}

/** The hint under a translated field: what visitors read while it is empty. */
export function fallbackHint(intl: IntlShape, languages: ContentLocales): string {
  return intl.formatMessage(
    {
      id: 'staff.translations.fallbackHint',
      defaultMessage: 'Left empty, visitors see the {defaultLanguage} text instead.',
    },
    { defaultLanguage: LOCALE_NAMES[languages.defaultLocale] },
  );
}
