import fs from 'node:fs';
import path from 'node:path';

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
const ROUTE_SOURCES: readonly { pattern: RegExp; source: string }[] = [
  { pattern: /^\/sponsored\/board\/[^/]+\/?$/, source: 'src/features/listing/components/listing-page.tsx' },
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
  const collect = (key: string, into: Set<string>, css: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
    for (const imported of chunk.imports ?? []) collect(imported, into, css);
  };
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry) collect(key, entryFiles, new Set());
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
        ...[...css].map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
      ].join('\n    '),
    );
  }
  return (urlPath) => {
    const route = ROUTE_SOURCES.find(({ pattern }) => pattern.test(urlPath));
    return route ? (tags.get(route.source) ?? '') : '';
  };
}

const escapeAttribute = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * The partner's header image is the largest thing painted on the listing and on the hero and
 * introduction landing templates, yet the browser would only find it once the page has rendered.
 * Hinted in the HTML, it loads alongside the scripts. The address is built as the web app builds it.
 */
export function headerImagePreload(
  partner: { headerImage: string | null; landingPageTemplatesId: number },
  urlPath: string,
): string {
  const imagePath = partner.headerImage;
  if (!imagePath) return '';
  const shown =
    /^\/sponsored\/board\/[^/]+\/?$/.test(urlPath) ||
    (urlPath === '/' && (partner.landingPageTemplatesId === 2 || partner.landingPageTemplatesId === 3));
  if (!shown) return '';
  return `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(mediaHref(imagePath))}">`;
}

const mediaHref = (imagePath: string) =>
  /^(https?:)?\/\//.test(imagePath) || imagePath.startsWith('/') ? imagePath : `/media/${imagePath}`;

/** The tab icon: the partner's logo when it has one, else Kinship's (so /favicon.ico is never asked for). */
export function siteIcon(partner: { logo: string | null }): string {
  return partner.logo
    ? `<link rel="icon" href="${escapeAttribute(mediaHref(partner.logo))}">`
    : '<link rel="icon" type="image/svg+xml" href="/favicon.svg">';
}
