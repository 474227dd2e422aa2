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
