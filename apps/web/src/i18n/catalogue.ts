import type { MessageFormatElement } from 'react-intl';
import type { Locale } from '@kinship/domain';

/** The public site's messages, and the dashboard's (ids starting `staff.`), loaded apart. */
export type CataloguePart = 'public' | 'staff';
export type Messages = Record<string, MessageFormatElement[]>;

type Loader = () => Promise<{ default: Messages }>;

/**
 * Each locale's parts as separate chunks, fetched only when that locale is shown (decision 070).
 * The source locale (en-US) has none: its texts are the messages' defaults, compiled into the code.
 */
const LOADERS: Partial<Record<Locale, Record<CataloguePart, Loader>>> = {
  'en-CA': {
    public: () => import('virtual:kinship-messages/en-CA/public'),
    staff: () => import('virtual:kinship-messages/en-CA/staff'),
  },
  'fr-CA': {
    public: () => import('virtual:kinship-messages/fr-CA/public'),
    staff: () => import('virtual:kinship-messages/fr-CA/staff'),
  },
};

const loaded = new Map<string, Messages>();

export function loadedMessages(locale: Locale, parts: readonly CataloguePart[]): Messages {
  return Object.assign({}, ...parts.map((part) => loaded.get(`${locale}/${part}`) ?? {})) as Messages;
}

/** Whether a locale has a catalogue of its own (the source locale's texts are the compiled-in defaults). */
export function hasCatalogue(locale: Locale): boolean {
  return LOADERS[locale] !== undefined;
}

export function isPartLoaded(locale: Locale, part: CataloguePart): boolean {
  return !LOADERS[locale] || loaded.has(`${locale}/${part}`);
}

/** Fetches a locale's part once; later calls answer from memory. */
export async function loadPart(locale: Locale, part: CataloguePart): Promise<void> {
  const loader = LOADERS[locale]?.[part];
  if (!loader || loaded.has(`${locale}/${part}`)) return;
  const module = await loader();
  loaded.set(`${locale}/${part}`, module.default);
}
