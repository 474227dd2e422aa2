import type { z } from 'zod';
import en from 'zod/v4/locales/en.js';
import frCA from 'zod/v4/locales/fr-CA.js';
import type { Locale } from './locale.ts';

type ErrorMap = (issue: never) => unknown;
// Made on first use, not at import: the web app imports the domain, and its first load must not keep them.
let maps: { english: ErrorMap; byLocale: Partial<Record<Locale, ErrorMap>> } | null = null;
const zodMaps = () =>
  (maps ??= {
    english: en().localeError as ErrorMap,
    byLocale: { 'fr-CA': frCA().localeError as ErrorMap },
  });

const textOf = (said: unknown): string | undefined =>
  typeof said === 'string' ? said : (said as { message?: string } | undefined)?.message;

/**
 * zod's own message for an issue in `locale`, or null when the issue's message is a schema's own
 * words (not what zod's English map says of it) or the locale has no zod translation. The issue
 * needs its input (parse with `reportInput: true`) for zod's English to be told apart exactly.
 * The server's validation answers and the staff forms both use it.
 */
export function zodMessageIn(locale: Locale, issue: z.core.$ZodIssue): string | null {
  if (!locale.startsWith('fr-')) return null;
  const { english, byLocale } = zodMaps();
  const translate = byLocale[locale];
  // The maps only read the issue's fields; the raw issue type they take has the input and schema too.
  if (!translate || textOf(english(issue as never)) !== issue.message) return null;
  return textOf(translate(issue as never)) ?? null;
}
