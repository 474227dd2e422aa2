/*
 * Which chunk of a locale's catalogue a message travels in (decision 070; split by issue 23's 10 KB
 * budget for a page's first load). `site` holds what the pages a visitor lands on show (the layout,
 * landing, listing, profile, the static pages and the pieces they share); `rest` the other public
 * screens (cart, checkout, account, gifts, ...), fetched with those screens; `staff` the dashboard.
 * The server's own messages (mail, PDFs, error texts) never reach the browser.
 */

/** First id segments of the messages the landing, listing and profile pages (and the layout) show. */
export const SITE_PREFIXES: readonly string[] = [
  'about',
  'aboutPartner',
  'contact',
  'demo',
  'footer',
  'grade',
  'help',
  'label',
  'landing',
  'lazyBoundary',
  'listing',
  'loading',
  'map',
  'nav',
  'notFound',
  'notice',
  'privacy',
  'privateDemo',
  'profile',
  'redirect',
];

/**
 * Messages of other screens' families that every page shows: the avatar menu and the new-user
 * modal of the navigation (account.*), and the profile page's Letters tab (letters.tab). A test renders the first-load pages with the site part alone
 * and fails on any message missing from it.
 */
export const SITE_IDS: readonly string[] = [
  'account.logoutFailed',
  'account.menuFor',
  'account.newUser.close',
  'account.newUser.intro',
  'account.newUser.save',
  'account.newUser.title',
  'account.yourAccount',
  // the Letters tab of a sponsor's profile page (its panel comes with the public part)
  'letters.tab',
];

export type CatalogueChunk = 'site' | 'rest' | 'staff' | 'server';

export function chunkOf(id: string): CatalogueChunk {
  if (/^(mail|pdf|error)\./.test(id)) return 'server';
  if (id.startsWith('staff.')) return 'staff';
  return SITE_PREFIXES.includes(id.split('.')[0]!) || SITE_IDS.includes(id) ? 'site' : 'rest';
}
