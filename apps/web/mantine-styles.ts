import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Which of @mantine/core's per-component stylesheets the app needs, in the order the full
 * `@mantine/core/styles.css` has them (so the cascade is the same). Loading only these instead of
 * the whole file keeps the render-blocking stylesheet of every page about half as big.
 *
 * "Needed" is computed, not listed by hand: every name the app's sources (and @mantine/notifications)
 * import from @mantine/core is resolved to its module in the package, the package's own imports are
 * followed from there, and each component folder reached that has a stylesheet is kept. The global
 * sheets come first. `src/mantine-styles.ts` holds the result; a test fails when it is out of date.
 */
export function requiredMantineStyles(webRoot: string, part: StylesPart = 'site'): string[] {
  // Each package's root is found from a stylesheet it exports (its package.json is not exported).
  const resolve = createRequire(path.join(webRoot, 'package.json')).resolve;
  const core = path.dirname(resolve('@mantine/core/styles.css'));
  const esm = path.join(core, 'esm');
  const exportFiles = exportedModules(path.join(esm, 'index.mjs'));

  const names = new Set<string>();
  const sources = sourceFiles(path.join(webRoot, 'src'))
    .filter((file) => isStaffSource(webRoot, file) === (part === 'staff'))
    .map((file) => fs.readFileSync(file, 'utf8'));
  for (const text of sources) {
    for (const name of namedImportsFrom(text, '@mantine/core')) names.add(name);
  }
  // The Mantine-ecosystem packages the app renders use core components of their own.
  const packages = [
    ...(part === 'site' ? ['@mantine/notifications'] : []),
    ...ECOSYSTEM_PACKAGES.filter((pkg) => sources.some((text) => importsModule(text, pkg))),
  ];
  for (const pkg of packages) {
    const dir = path.dirname(resolve(`${pkg}/styles.css`));
    const code = fs.existsSync(path.join(dir, 'esm')) ? path.join(dir, 'esm') : dir;
    for (const file of sourceFiles(code, /\.mjs$/)) {
      for (const name of namedImportsFrom(fs.readFileSync(file, 'utf8'), '@mantine/core')) names.add(name);
    }
  }

  const seen = new Set<string>();
  const folders = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !fs.existsSync(file)) return;
    seen.add(file);
    // Components, and the shared pieces under utils/ that carry a sheet (InlineInput: the label beside a Checkbox or Switch).
    for (const base of ['components', 'utils']) {
      const relative = path.relative(path.join(esm, base), file);
      if (!relative.startsWith('..')) folders.add(relative.split(path.sep)[0]!);
    }
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(/from\s+"(\.{1,2}\/[^"]+\.mjs)"/g))
      visit(path.resolve(path.dirname(file), match[1]!));
  };
  for (const name of names) {
    const file = exportFiles.get(name);
    if (file) visit(path.join(esm, file));
  }

  const full = fs.readFileSync(path.join(core, 'styles.css'), 'utf8');
  const positionOf = (sheet: string) => {
    const text = fs.readFileSync(path.join(core, 'styles', sheet), 'utf8').trim();
    const at = full.indexOf(text.slice(0, 400));
    if (at < 0) throw new Error(`${sheet} is not found in @mantine/core/styles.css`);
    return at;
  };
  const components = [...folders]
    .map((folder) => `${folder}.css`)
    .filter((sheet) => fs.existsSync(path.join(core, 'styles', sheet)))
    .sort((a, b) => positionOf(a) - positionOf(b));
  if (part === 'staff') {
    const site = new Set(requiredMantineStyles(webRoot, 'site'));
    return components.filter((sheet) => !site.has(sheet));
  }
  return ['baseline.css', 'default-css-variables.css', 'global.css', ...components];
}

/**
 * `site`: every page's render-blocking stylesheet (src/mantine-styles.ts, loaded by main.tsx);
 * `staff`: what the dashboard's lazy chunk adds (src/components/staff/mantine-styles.ts), so the
 * staff screens' tables, app shell and uploads cost the public site nothing.
 */
export type StylesPart = 'site' | 'staff';

const STAFF_SOURCES = ['src/app/routes/dashboard.tsx', 'src/features/staff/', 'src/components/staff/'];

function isStaffSource(webRoot: string, file: string): boolean {
  const relative = path.relative(webRoot, file).split(path.sep).join('/');
  return STAFF_SOURCES.some((prefix) => relative === prefix || relative.startsWith(prefix));
}

/** Where each part's module is written. */
export const STYLES_MODULE: Record<StylesPart, string> = {
  site: 'src/mantine-styles.ts',
  staff: 'src/components/staff/mantine-styles.ts',
};

/** Packages whose core components count when the app imports them (each ships a styles.css). */
const ECOSYSTEM_PACKAGES = ['@mantine/dates', '@mantine/dropzone', '@mantine/charts', 'mantine-datatable'];

function importsModule(source: string, module: string): boolean {
  return new RegExp(`from\\s*["']${module.replace('/', '\\/')}["']`).test(source);
}

/** The contents `src/mantine-styles.ts` must have. */
export function mantineStylesModule(sheets: readonly string[], part: StylesPart = 'site'): string {
  return [
    part === 'site'
      ? '// Generated from the components the app uses (apps/web/mantine-styles.ts); a test keeps it current.'
      : '// Generated from the components only the staff screens use (apps/web/mantine-styles.ts); a test keeps it current.',
    '// Regenerate with: npm run mantine-styles -w apps/web',
    ...sheets.map((sheet) => `import '@mantine/core/styles/${sheet}';`),
    '',
  ].join('\n');
}

function exportedModules(indexFile: string): Map<string, string> {
  const map = new Map<string, string>();
  const text = fs.readFileSync(indexFile, 'utf8');
  for (const match of text.matchAll(/import\s*\{([^}]+)\}\s*from\s*"(\.\/[^"]+)"/g)) {
    for (const part of match[1]!.split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (name) map.set(name, match[2]!);
    }
  }
  return map;
}

function namedImportsFrom(source: string, module: string): string[] {
  const names: string[] = [];
  const pattern = new RegExp(
    `import\\s*(?:type\\s*)?\\{([^}]+)\\}\\s*from\\s*["']${module.replace('/', '\\/')}["']`,
    'g',
  );
  for (const match of source.matchAll(pattern)) {
    for (const part of match[1]!.split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]
        ?.trim();
      if (name) names.push(name);
    }
  }
  return names;
}

function sourceFiles(dir: string, pattern = /\.tsx?$/): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full, pattern);
    return pattern.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

// `node --import tsx mantine-styles.ts` writes src/mantine-styles.ts.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const webRoot = import.meta.dirname;
  for (const part of ['site', 'staff'] as const) {
    fs.writeFileSync(
      path.join(webRoot, STYLES_MODULE[part]),
      mantineStylesModule(requiredMantineStyles(webRoot, part), part),
    );
  }
}
