import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is, Table } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema/index.ts';
import { TABLE_OWNERS } from '../../src/db/schema/owners.ts';
import {
  importCycles,
  importGraph,
  readSources,
  tableWrites,
  writerOf,
  type SourceFile,
} from './source-graph.ts';

/*
 * The lines of docs/ARCHITECTURE.md ("Areas and doors") that ESLint cannot see: nothing imports in
 * a circle, and only a table's owner writes it. Each check is first shown to fail on a probe.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const server = readSources(root, 'apps/server/src');

const tables = new Map<string, string>(
  Object.entries(schema)
    .filter(([, value]) => is(value, Table))
    .map(([name, value]) => [name, getTableName(value as Table)]),
);

function foreignWrites(sources: readonly SourceFile[]) {
  return sources.flatMap((source) => {
    const writer = writerOf(source.file);
    if (!writer) return [];
    return tableWrites(source, tables)
      .filter((w) => TABLE_OWNERS[w.table as keyof typeof TABLE_OWNERS] !== writer)
      .map(
        (w) =>
          `${w.file}: ${w.verb} ${w.table} (owned by ${TABLE_OWNERS[w.table as keyof typeof TABLE_OWNERS]})`,
      );
  });
}

describe('import cycles', () => {
  it('finds a cycle through a re-export, and not through a type-only or lazy import', () => {
    const probe: SourceFile[] = [
      { file: 'src/a/x.ts', text: "import { y } from './y.ts';\nexport const x = y;" },
      { file: 'src/a/y.ts', text: "export { z as y } from '../b/z.ts';" },
      { file: 'src/b/z.ts', text: "import {\n  x,\n} from '../a/x.ts';\nexport const z = () => x;" },
      { file: 'src/c/p.ts', text: "import type { q } from './q.ts';\nexport const p = 1;" },
      { file: 'src/c/q.ts', text: "import { p } from './p.ts';\nexport const q = () => import('./r.ts');" },
      { file: 'src/c/r.ts', text: "import { q } from './q.ts';\nexport const r = q;" },
    ];
    expect(importCycles(importGraph(probe))).toEqual([['src/a/x.ts', 'src/a/y.ts', 'src/b/z.ts']]);
  });

  it('has none in the server', () => {
    expect(importCycles(importGraph(server))).toEqual([]);
  });
});

describe('table writers', () => {
  it('gives every table an owner', () => {
    expect([...tables.keys()].filter((name) => !(name in TABLE_OWNERS))).toEqual([]);
    expect(Object.keys(TABLE_OWNERS).filter((name) => !tables.has(name))).toEqual([]);
  });

  it("finds a write of another area's table, in Drizzle and in SQL text", () => {
    const probe: SourceFile[] = [
      {
        file: 'apps/server/src/areas/giving/checkout/x.ts',
        text: 'await tx.update(sponsoreds).set({ slotsFilled: 1 });\nawait tx.insert(orders).values(row);',
      },
      {
        file: 'apps/server/src/areas/people/users/y.ts',
        text: 'await db.execute(sql`delete from payments where id = 1`);',
      },
      {
        file: 'apps/server/src/platform/z.ts',
        text: 'await db.execute(sql`update users set name = 1`); // update users later',
      },
      { file: 'apps/server/src/areas/records/r.ts', text: 'await tx.delete(sponsoredImages).where(x);' },
    ];
    expect(foreignWrites(probe)).toEqual([
      'apps/server/src/areas/giving/checkout/x.ts: update sponsoreds (owned by records)',
      'apps/server/src/areas/people/users/y.ts: delete payments (owned by giving)',
      'apps/server/src/platform/z.ts: update users (owned by people)',
    ]);
  });

  it('are the owners only', () => {
    expect(foreignWrites(server)).toEqual([]);
  });
});
