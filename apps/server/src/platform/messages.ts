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
  return (descriptor, values) => format(descriptor, values);
}
