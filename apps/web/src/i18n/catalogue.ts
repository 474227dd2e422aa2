import type { MessageFormatElement } from 'react-intl';
import type { Locale } from '@kinship/domain';

/**
 * What a screen needs of a locale's catalogue: `site` the pages a visitor lands on (layout, landing,
 * listing, profile, static pages), `public` every public screen (site and the rest: cart, checkout,
 * account, gifts, ...), `staff` the dashboard (ids starting `staff.`). See catalogue-parts.ts.
 */
export type CataloguePart = 'site' | 'public' | 'staff';
export type Messages = Record<string, MessageFormatElement[]>;

type Loader = () => Promise<{ default: Messages }>;

/**
 * Each locale's parts as separate chunks, fetched only when that locale is shown (decision 070).
 * The source locale (en-US) has none: its texts are the messages' defaults, compiled into the code.
 */
const both =
  (first: Loader, second: Loader): Loader =>
  async () => {
    const [a, b] = await Promise.all([first(), second()]);
    return { default: { ...a.default, ...b.default } };
  };

const enCASite: Loader = () => import('virtual:kinship-messages/en-CA/site');
const frCASite: Loader = () => import('virtual:kinship-messages/fr-CA/site');

const LOADERS: Partial<Record<Locale, Record<CataloguePart, Loader>>> = {
  'en-CA': {
    site: enCASite,
    public: both(enCASite, () => import('virtual:kinship-messages/en-CA/rest')),
    staff: () => import('virtual:kinship-messages/en-CA/staff'),
  },
  'fr-CA': {
    site: frCASite,
    public: both(frCASite, () => import('virtual:kinship-messages/fr-CA/rest')),
    staff: () => import('virtual:kinship-messages/fr-CA/staff'),
  },
};

const loaded = new Map<string, Messages>();

/**
 * Every message of `locale` loaded so far (the parts a page asked for, and any loaded before:
 * more messages than a page shows do no harm).
 */
export function loadedMessages(locale: Locale): Messages {
  const maps = [...loaded].filter(([key]) => key.startsWith(`${locale}/`)).map(([, messages]) => messages);
  return Object.assign({}, ...maps) as Messages;
}

/** Whether a locale has a catalogue of its own (the source locale's texts are the compiled-in defaults). */
export function hasCatalogue(locale: Locale): boolean {
  return LOADERS[locale] !== undefined;
}

/** The public part holds the site part: once it is there, so is the site's. */
const holds = (locale: Locale, part: CataloguePart) =>
  loaded.has(`${locale}/${part}`) || (part === 'site' && loaded.has(`${locale}/public`));

export function isPartLoaded(locale: Locale, part: CataloguePart): boolean {
  return !LOADERS[locale] || holds(locale, part);
}

/** Fetches a locale's part once; later calls answer from memory. */
export async function loadPart(locale: Locale, part: CataloguePart): Promise<void> {
  const loader = LOADERS[locale]?.[part];
  if (!loader || holds(locale, part)) return;
  const module = await loader();
  loaded.set(`${locale}/${part}`, module.default);
}
