import fs from 'node:fs';
import path from 'node:path';

/** A source file of the tree: its path from the repository root and its text. */
export interface SourceFile {
  file: string;
  text: string;
}

/**
 * Every TypeScript file under `dir` (a path from `root`) but tests and the test rows an area keeps
 * beside its code (`<area>.access.ts`, `<area>.audit.ts`).
 */
export function readSources(root: string, dir: string): SourceFile[] {
  const out: SourceFile[] = [];
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const child = `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else if (entry.name.endsWith('.ts') && !/\.(?:test|access|audit|d)\.ts$/.test(entry.name))
        out.push({ file: child, text: fs.readFileSync(path.join(root, child), 'utf8') });
    }
  };
  walk(dir);
  return out;
}

const IMPORT =
  /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/**
 * The files each file loads at run time: relative imports and re-exports, without `import type`
 * and `export type` (erased by the compiler) and without `import()` (loaded lazily, on first use).
 */
export function importGraph(sources: readonly SourceFile[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const { file, text } of sources) {
    const targets: string[] = [];
    for (const m of text.matchAll(IMPORT)) {
      if (m[4] || m[2] || !m[3]) continue;
      targets.push(path.posix.normalize(path.posix.join(path.posix.dirname(file), m[3])));
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The import cycles of a graph, each as the files of one strongly connected component (Tarjan). */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);
  return cycles;
}

export interface TableWrite {
  file: string;
  table: string;
  verb: 'insert' | 'update' | 'delete';
}

/**
 * The writes a file makes, found by the table's name: Drizzle's `.insert(t)`, `.update(t)`,
 * `.delete(t)` with a table's export name, and SQL text `insert into t`, `update t set`,
 * `delete from t` with its SQL name.
 */
export function tableWrites(
  source: SourceFile,
  tables: ReadonlyMap<string, string>, // export name -> SQL name
): TableWrite[] {
  const writes: TableWrite[] = [];
  for (const m of source.text.matchAll(/\.(insert|update|delete)\(\s*([A-Za-z_$][\w$]*)\s*\)/g)) {
    if (tables.has(m[2]!)) writes.push({ file: source.file, table: m[2]!, verb: m[1] as TableWrite['verb'] });
  }
  const bySqlName = new Map([...tables].map(([name, sqlName]) => [sqlName, name]));
  for (const m of source.text.matchAll(
    /\b(insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?(\s+set\b)?/gi,
  )) {
    const verb = m[1]!.toLowerCase().split(/\s+/)[0] as TableWrite['verb'];
    if (verb === 'update' && !m[3]) continue;
    const name = bySqlName.get(m[2]!.toLowerCase());
    if (name) writes.push({ file: source.file, table: name, verb });
  }
  return writes;
}

/** The owner a file writes as: `areas/<area>/...` is that area, `platform/...` the platform. */
export function writerOf(file: string): string | null {
  const area = /\/src\/areas\/([^/]+)\//.exec(file);
  if (area) return area[1]!;
  return /\/src\/platform\//.test(file) ? 'platform' : null;
}
