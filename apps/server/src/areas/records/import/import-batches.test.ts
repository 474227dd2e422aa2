import { and, asc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SponsoredType } from '@kinship/domain';
import type { Database } from '../../../db/client.ts';
import { entities } from '../../../db/schema/partners.ts';
import { customColumnValues, partnerSponsoredTypes, sponsoreds } from '../../../db/schema/sponsoreds.ts';
import { openTestDatabase } from '../../../../test/test-database.ts';
import { applyImport, type ApplyImportRequest } from './records-import.service.ts';

/*
 * How an import batch is written (issue 21, decision 053): set-based, with no savepoint per row;
 * when the database refuses part of a batch, the batch is written again row by row, so the refused
 * row alone is reported and its neighbours land. Batches grow from a small first one to the
 * batch size, at most doubling.
 */

const PARTNER = 2;
const HEADERS = ['Code', 'First Name', 'Last Name', 'Program', 'Favourite Colour'];

let database: Database;
let studentTypeId: number;
let program: string;

beforeAll(async () => {
  database = await openTestDatabase();
  const [type] = await database.db
    .select({ id: partnerSponsoredTypes.id })
    .from(partnerSponsoredTypes)
    .where(
      and(
        eq(partnerSponsoredTypes.partnersId, PARTNER),
        eq(partnerSponsoredTypes.sponsoredTypesId, SponsoredType.Student),
      ),
    );
  studentTypeId = type!.id;
  await database.db
    .update(partnerSponsoredTypes)
    .set({ customColumns: ['Favourite Colour'] })
    .where(eq(partnerSponsoredTypes.id, studentTypeId));
  const [first] = await database.db
    .select({ name: entities.name })
    .from(entities)
    .where(eq(entities.partnersId, PARTNER))
    .orderBy(asc(entities.id))
    .limit(1);
  program = first!.name;
});

afterAll(async () => {
  await database.close();
});

function csv(rows: string[][]): Buffer {
  return Buffer.from([HEADERS, ...rows].map((r) => r.join(',')).join('\r\n') + '\r\n');
}

function rowsOf(prefix: string, length: number, change: (i: number, row: string[]) => void = () => {}) {
  return Array.from({ length }, (_, i) => {
    const n = String(i + 1).padStart(3, '0');
    const row = [`${prefix}${n}`, `Kid${n}`, `Family${n}`, program, i % 2 === 0 ? 'blue' : ''];
    change(i, row);
    return row;
  });
}

function request(bytes: Buffer, extra: Partial<ApplyImportRequest> = {}): ApplyImportRequest {
  return {
    db: database.db,
    partnersId: PARTNER,
    partnerSponsoredTypesId: studentTypeId,
    file: { name: 'batch.csv', bytes },
    today: '2026-11-27',
    ...extra,
  };
}

async function recordsWithPrefix(prefix: string) {
  return database.db
    .select({ id: sponsoreds.id, code: sponsoreds.code, lastName: sponsoreds.lastName })
    .from(sponsoreds)
    .where(and(eq(sponsoreds.partnersId, PARTNER), like(sponsoreds.code, `${prefix}%`)))
    .orderBy(asc(sponsoreds.code));
}

describe('an import batch', () => {
  it('a row the database refuses is reported by row; the rest of its batch lands, new and changed', async () => {
    // A rule of the database that the row checks do not know: first names may not be "Refused".
    await database.db.execute(
      sql`ALTER TABLE sponsoreds ADD CONSTRAINT test_refused_name CHECK (first_name IS DISTINCT FROM 'Refused')`,
    );
    try {
      const first = rowsOf('REF-', 60, (i, row) => {
        if (i === 29) row[1] = 'Refused';
      });
      const batches: number[] = [];
      const created = await applyImport({
        ...request(csv(first)),
        batchSize: 100,
        batchBudgetMs: Number.POSITIVE_INFINITY,
        onBatch: (n) => void batches.push(n),
      });
      // One transaction of 60 rows: the set-based write was refused, the row-by-row one kept 59.
      expect(batches).toEqual([60]);
      expect(created.counts).toEqual({ rows: 60, created: 59, updated: 0, unchanged: 0, failed: 1 });
      expect(created.errors).toEqual([
        {
          row: 31,
          column: 'Code',
          value: 'REF-030',
          reason: 'The record could not be saved: a value is out of the allowed range.',
        },
      ]);
      const landed = await recordsWithPrefix('REF-');
      expect(landed.map((r) => r.code)).not.toContain('REF-030');
      expect(landed).toHaveLength(59);
      // Custom values landed with their records.
      const colours = await database.db
        .select({ value: customColumnValues.value })
        .from(customColumnValues)
        .where(
          and(
            eq(customColumnValues.column, 'Favourite Colour'),
            eq(customColumnValues.sponsoredsId, landed.find((r) => r.code === 'REF-001')!.id),
          ),
        );
      expect(colours).toEqual([{ value: 'blue' }]);

      // Again, with one change the database takes and one it refuses on existing records.
      const second = rowsOf('REF-', 60, (i, row) => {
        if (i === 29) row[1] = 'Refused';
        if (i === 9) row[2] = 'Changed';
        if (i === 19) row[1] = 'Refused';
      });
      const again = await applyImport({
        ...request(csv(second)),
        batchSize: 100,
        batchBudgetMs: Number.POSITIVE_INFINITY,
      });
      expect(again.counts).toEqual({ rows: 60, created: 0, updated: 1, unchanged: 57, failed: 2 });
      expect(again.errors.map((e) => [e.row, e.value])).toEqual([
        [21, 'REF-020'],
        [31, 'REF-030'],
      ]);
      const after = await recordsWithPrefix('REF-');
      expect(after.find((r) => r.code === 'REF-010')!.lastName).toBe('Changed');
      expect(after).toHaveLength(59);
    } finally {
      await database.db.execute(sql`ALTER TABLE sponsoreds DROP CONSTRAINT test_refused_name`);
    }
  });

  it('batches grow from a small first one, at most doubling, up to the batch size', async () => {
    const batches: number[] = [];
    const result = await applyImport({
      ...request(csv(rowsOf('GROW-', 300))),
      batchSize: 100,
      // A budget no batch reaches: the size follows the probe and the doubling alone.
      batchBudgetMs: 1_000_000,
      onBatch: (n) => void batches.push(n),
    });
    expect(result.counts).toMatchObject({ rows: 300, created: 300, failed: 0 });
    expect(batches).toEqual([25, 50, 100, 100, 25]);
  });
});
