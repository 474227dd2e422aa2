import {
  checkTranslations,
  partnerLocales,
  sameTranslations,
  type Translations,
  type TranslationsInput,
} from '@kinship/domain';
import type { PartnerRow } from '../db/types.ts';
import { fieldErrors } from './errors.ts';

/**
 * A staff write's translations (decision 072), checked against the partner's offered locales and
 * the kind's translatable fields: undefined when the caller left them out (the stored ones stay),
 * else what to store; the stored ones sent back unchanged are kept as they are. Anything else is a 400 naming each refused locale or field, before any write.
 */
export function translationsToStore(
  partner: Pick<PartnerRow, 'defaultLocale' | 'locales'>,
  input: TranslationsInput | undefined,
  limits: Readonly<Record<string, number>>,
  clean?: (field: string, text: string) => string | null,
  /** Where the translations sit in the body (`settings.` for a new type). */
  prefix = '',
  /** What is stored now: sent back unchanged, they are kept as they are (as if left out). */
  stored?: unknown,
): Translations | undefined {
  if (input === undefined) return undefined;
  if (stored !== undefined && sameTranslations(input, stored)) return undefined;
  const { translations, errors } = checkTranslations(
    input,
    partnerLocales(partner.defaultLocale, partner.locales),
    limits,
    clean,
  );
  if (Object.keys(errors).length > 0)
    throw fieldErrors(
      Object.fromEntries(Object.entries(errors).map(([path, message]) => [prefix + path, message])),
    );
  return translations;
}
