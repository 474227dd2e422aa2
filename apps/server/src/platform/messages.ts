// The server's side of the message catalogue (decision 070): one `@formatjs/intl` per locale with
// that locale's messages from lang/, for error texts, mail and PDFs. The English texts are the
// code's `defaultMessage`s, so en-US needs no catalogue at all.

import {
  createIntl,
  createIntlCache,
  IntlErrorCode,
  type IntlShape,
  type MessageDescriptor,
} from '@formatjs/intl';
import { SOURCE_LOCALE, type Locale } from '@kinship/domain';
import enCA from '../../../../lang/en-CA.json' with { type: 'json' };
import frCA from '../../../../lang/fr-CA.json' with { type: 'json' };

/**
 * Each locale's own messages: en-US none (the defaults are the source texts), en-CA only what
 * Canadian English says differently (the rest falls back to the defaults), fr-CA all of them.
 */
const CATALOGUES: Record<Locale, Record<string, string>> = {
  'en-US': {},
  'en-CA': enCA as Record<string, string>,
  'fr-CA': frCA as Record<string, string>,
};

const cache = createIntlCache();
const intls = new Map<Locale, IntlShape<string>>();

/** The intl of a locale, made once per process. */
export function intlFor(locale: Locale): IntlShape<string> {
  let intl = intls.get(locale);
  if (!intl) {
    intl = createIntl(
      {
        locale,
        defaultLocale: SOURCE_LOCALE,
        messages: CATALOGUES[locale],
        // en-CA falls back to the English defaults on purpose; fr-CA is complete (the catalogue
        // check in npm test holds it). Any other problem is a bug the tests must see.
        onError: (error) => {
          if (error.code !== IntlErrorCode.MISSING_TRANSLATION) throw error;
        },
      },
      cache,
    );
    intls.set(locale, intl);
  }
  return intl;
}

/** A message's text in one locale, its placeholders filled with plain values. */
export type Say = (descriptor: MessageDescriptor, values?: Record<string, string | number>) => string;

/**
 * `formatMessage` of a locale for plain-text messages (mail, PDFs, error bodies). Its descriptors
 * come from `defineMessages` in many files and their values vary, so it takes any descriptor; the
 * catalogue check holds each translation's placeholders equal to its English's.
 */
export function sayIn(locale: Locale): Say {
  const format = intlFor(locale).formatMessage as (
    descriptor: MessageDescriptor,
    values?: Record<string, string | number>,
  ) => string;
  if (!locale.startsWith('fr-')) return (descriptor, values) => format(descriptor, values);
  return (descriptor, values) => elide(format(descriptor, values), values);
}

const VOWEL_START = /^[aeiouàâæéèêëîïôœùûü]/i;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * French elision where a value meets the words before it: a translator writes "le parrainage de
 * {name}", and a name that begins with a vowel reads "d’Amina", not "de Amina" (likewise "que" →
 * "qu’"). Only the junctions with a value are touched; the translation's own words are as written.
 * Names with an initial h are left alone (h aspiré or not cannot be told from the letters).
 */
export function elide(text: string, values?: Record<string, string | number>): string {
  let result = text;
  for (const value of Object.values(values ?? {})) {
    if (typeof value !== 'string' || !VOWEL_START.test(value)) continue;
    const name = escapeRegExp(value);
    result = result.replace(
      new RegExp(`(^|[\\s(«“])([Dd]e|[Qq]ue) ${name}`, 'g'),
      (_m, before: string, word: string) => `${before}${word.slice(0, -1)}’${value}`,
    );
  }
  return result;
}
