import fs from 'node:fs';
import path from 'node:path';
import { EMBEDDED_PARTNER_ID, mediaPath, partnerPublicSchema, type PartnerPublic } from '@kinship/domain';

/*
 * The page the server sends for every path of the web app: Vite's index.html, branded for the
 * partner and carrying what lets it start at once (the partner itself, hints for the page's chunks
 * and largest image), under a Content-Security-Policy.
 */

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The app shell carries the partner's name and tagline in its title and social-preview tags, so a
 * shared link previews as the partner's site (never a sponsored record's name).
 */
export function brandedShell(
  html: string,
  partner: { name: string; tagline: string | null },
  extraHead: readonly string[] = [],
  lang = 'en-US',
): string {
  const name = escapeHtml(partner.name);
  const description = escapeHtml(partner.tagline ?? partner.name);
  const head = extraHead
    .filter(Boolean)
    .map((tag) => `  ${tag}\n  `)
    .join('');
  return html
    .replace(/<html\b[^>]*>/, `<html lang="${escapeHtml(lang)}">`)
    .replace('</head>', () => `${head}</head>`)
    .replace(/<title>[^<]*<\/title>/, `<title>${name}</title>`)
    .replace(
      /<meta name="description" content="[^"]*" \/>/,
      `<meta name="description" content="${description}" />\n    <meta property="og:site_name" content="${name}" />\n    <meta property="og:title" content="${name}" />\n    <meta property="og:description" content="${description}" />\n    <meta property="og:type" content="website" />`,
    );
}

/**
 * The partner as GET partners/current answers it (the same schema strips the same fields), embedded
 * as inert JSON so the app can start without waiting for that call. `<` is escaped so no value can
 * close the script element.
 */
export function embeddedPartnerScript(partnerView: PartnerPublic): string {
  const json = JSON.stringify(partnerPublicSchema.parse(partnerView)).replace(/</g, '\\u003c');
  return `<script id="${EMBEDDED_PARTNER_ID}" type="application/json">${json}</script>`;
}

/**
 * The app shell's Content-Security-Policy: scripts only from this site (and Stripe.js, for card
 * fields in Stripe mode, with the hosts Stripe's CSP guidance lists), no plugins, no framing by
 * other sites. Styles allow inline because the UI library sets CSS variables in style elements and
 * attributes; partner images may be absolute https addresses. Partner HTML is sanitised before it
 * is shown; this is the second line.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' https://js.stripe.com https://*.js.stripe.com",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self' https://api.stripe.com",
  'frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com',
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** A listing page's path: its chunk and the partner's header image are hinted there. */
const LISTING_PATH = /^\/sponsored\/board\/[^/]+\/?$/;

/** One entry of Vite's build manifest (`build.manifest`), keyed by source path. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The lazily loaded page behind each public path that is worth starting at once: without a hint the
 * browser only asks for a page's chunk after the entry script has run, one round trip later.
 */
export const ROUTE_SOURCES: readonly { pattern: RegExp; source: string }[] = [
  { pattern: LISTING_PATH, source: 'src/features/listing/components/listing-page.tsx' },
  { pattern: /^\/sponsored\/profile\/[^/]+\/?$/, source: 'src/features/profile/components/profile-page.tsx' },
];

/**
 * Reads `dist/.vite/manifest.json` once and answers, for a page path, the `<link>` tags that fetch its
 * lazy chunk (and the chunks and styles it imports) alongside the entry script. Chunks the entry
 * already loads are left out; a missing or unreadable manifest means no hints, never an error.
 */
export function createRoutePreloads(webDist: string): (urlPath: string) => string {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return () => '';
  }
  const entryFiles = new Set<string>();
  const entryCss = new Set<string>();
  const collect = (key: string, into: Set<string>, css: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
    for (const imported of chunk.imports ?? []) collect(imported, into, css);
  };
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry) collect(key, entryFiles, entryCss);
  }
  const tags = new Map<string, string>();
  for (const { source } of ROUTE_SOURCES) {
    const files = new Set<string>();
    const css = new Set<string>();
    collect(source, files, css);
    tags.set(
      source,
      [
        ...[...files]
          .filter((file) => !entryFiles.has(file))
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
        ...[...css]
          .filter((file) => !entryCss.has(file))
          .map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
      ].join('\n    '),
    );
  }
  return (urlPath) => {
    const route = ROUTE_SOURCES.find(({ pattern }) => pattern.test(urlPath));
    return route ? (tags.get(route.source) ?? '') : '';
  };
}

/**
 * The partner's header image is the largest thing painted on the listing and on the hero and
 * introduction landing templates, yet the browser would only find it once the page has rendered.
 * Hinted in the HTML, it loads alongside the scripts, at the address the web app uses.
 */
export function headerImagePreload(
  partner: { headerImage: string | null; landingPageTemplatesId: number },
  urlPath: string,
): string {
  if (!partner.headerImage) return '';
  const shown =
    LISTING_PATH.test(urlPath) ||
    (urlPath === '/' && (partner.landingPageTemplatesId === 2 || partner.landingPageTemplatesId === 3));
  if (!shown) return '';
  return `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(mediaPath(partner.headerImage))}">`;
}

/** The tab icon: the partner's logo when it has one, else Kinship's (so /favicon.ico is never asked for). */
export function siteIcon(partner: { logo: string | null }): string {
  return partner.logo
    ? `<link rel="icon" href="${escapeHtml(mediaPath(partner.logo))}">`
    : '<link rel="icon" type="image/svg+xml" href="/favicon.svg">';
}
