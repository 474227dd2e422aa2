import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Runs every benchmark script in this folder (each `*.ts` file exporting `bench`), prints each
 * one's table and writes its JSON to bench/results/ (git-ignored).
 * `npm run bench` runs them all; `npm run bench -- checkout` runs the named ones.
 */

export type BenchRow = Record<string, string | number>;

export interface BenchResult {
  name: string;
  title: string;
  rows: BenchRow[];
  notes?: string[];
}

export interface Bench {
  name: string;
  run(): Promise<BenchResult>;
}

const here = path.dirname(fileURLToPath(import.meta.url));

export function formatTable(rows: BenchRow[]): string {
  if (rows.length === 0) return '(no rows)';
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const cell = (v: string | number | undefined) => (v === undefined ? '' : String(v));
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => cell(r[c]).length)));
  const numeric = columns.map((c) => rows.every((r) => r[c] === undefined || typeof r[c] === 'number'));
  const line = (values: string[]) =>
    `| ${values.map((v, i) => (numeric[i] ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join(' | ')} |`;
  return [
    line(columns),
    `|${widths.map((w, i) => (numeric[i] ? `${'-'.repeat(w + 1)}:` : `${'-'.repeat(w + 2)}`)).join('|')}|`,
    ...rows.map((r) => line(columns.map((c) => cell(r[c])))),
  ].join('\n');
}

async function main() {
  const only = process.argv.slice(2);
  const files = fs
    .readdirSync(here)
    .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.endsWith('.d.ts') && !f.endsWith('.test.ts'))
    .sort();
  const resultsDir = path.join(here, 'results');
  fs.mkdirSync(resultsDir, { recursive: true });
  let failed = false;
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(here, file)).href)) as { bench?: Bench };
    if (!mod.bench) continue;
    if (only.length > 0 && !only.includes(mod.bench.name)) continue;
    const started = Date.now();
    console.log(`\n== ${mod.bench.name}`);
    try {
      const result = await mod.bench.run();
      console.log(`${result.title}\n`);
      console.log(formatTable(result.rows));
      for (const note of result.notes ?? []) console.log(`\n${note}`);
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const out = path.join(resultsDir, `${result.name}-${stamp}.json`);
      fs.writeFileSync(
        out,
        JSON.stringify(
          { ...result, finishedAt: new Date().toISOString(), seconds: (Date.now() - started) / 1000 },
          null,
          2,
        ),
      );
      console.log(
        `\n(${((Date.now() - started) / 1000).toFixed(1)} s; written to ${path.relative(process.cwd(), out)})`,
      );
    } catch (error) {
      failed = true;
      console.error(`${mod.bench.name} failed:`, error);
    }
  }
  process.exit(failed ? 1 : 0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  void main();
}
