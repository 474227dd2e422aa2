import { and, count, eq, like, max } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import yazl from 'yazl';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SponsoredType } from '@kinship/domain';
import type { Database } from '../../../db/client.ts';
import { entities } from '../../../db/schema/partners.ts';
import { auditLog } from '../../../db/schema/ops.ts';
import { recordImports } from '../../../db/schema/records-import.ts';
import { customColumnValues, partnerSponsoredTypes, sponsoreds } from '../../../db/schema/sponsoreds.ts';
import { HttpError } from '../../../platform/errors.ts';
import type { JobContext } from '../../../platform/jobs.ts';
import { openTestDatabase } from '../../../../test/test-database.ts';
import { importPicturesZip, type ZipPicture } from './pictures-import.ts';
import {
  applyImport,
  dryRunImport,
  type ImportCheckpoint,
  type ImportRequest,
} from './records-import.service.ts';
import { runImportJob } from './records-import.staff.ts';

const PARTNER = 2;
const HEADERS = [
  'Student ID',
  'First Name',
  'Surname',
  'Sex',
  'DOB',
  'Grade',
  'Homeroom',
  'Program',
  'Favourite Colour',
];
/** Data rows (0-based) that are bad, and the spreadsheet row each is on (header = row 1). */
const BAD = { 100: 102, 250: 252, 400: 402 } as const;

let database: Database;
let studentTypeId: number;
let programs: { id: number; name: string }[];

function importRows(length = 500): (string | Date)[][] {
  return Array.from({ length }, (_, i) => {
    const n = String(i + 1).padStart(4, '0');
    const row: (string | Date)[] = [
      `IMP-${n}`,
      `Child${n}`,
      `Family${n}`,
      i % 2 === 0 ? 'F' : 'Male',
      `2014-0${(i % 9) + 1}-1${i % 10}`,
      String((i % 12) + 1),
      `Room ${i % 7}`,
      programs[i % programs.length]!.name,
      i % 3 === 0 ? 'green' : '',
    ];
    if (i === 100) row[4] = '2014-02-30';
    if (i === 250) row[5] = '13th';
    if (i === 400) row[1] = '';
    return row;
  });
}

function csvOf(rows: (string | Date)[][]): Buffer {
  const quote = (cell: string | Date) => {
    const text = cell instanceof Date ? cell.toISOString().slice(0, 10) : cell;
    return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return Buffer.from([HEADERS, ...rows].map((r) => r.map(quote).join(',')).join('\r\n') + '\r\n');
}

async function xlsxOf(rows: (string | Date)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Students');
  sheet.addRow(HEADERS);
  // Good birthdays as real date cells, grades as numbers: what a spreadsheet saves.
  for (const row of rows) {
    const typed = row.map((cell, index) => {
      if (index === 4 && typeof cell === 'string' && cell !== '2014-02-30')
        return new Date(`${cell}T00:00:00Z`);
      if (index === 5 && typeof cell === 'string' && /^\d+$/.test(cell)) return Number(cell);
      return cell === '' ? null : cell;
    });
    sheet.addRow(typed);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function request(file: { name: string; bytes: Buffer }, extra: Partial<ImportRequest> = {}): ImportRequest {
  return {
    db: database.db,
    partnersId: PARTNER,
    partnerSponsoredTypesId: studentTypeId,
    file,
    today: '2026-11-23',
    ...extra,
  };
}

const EXPECTED_ERRORS = [
  {
    row: BAD[100],
    column: 'DOB',
    value: '2014-02-30',
    reason: 'Birthday is not a date (use YYYY-MM-DD or MM/DD/YYYY).',
  },
  {
    row: BAD[250],
    column: 'Grade',
    value: '13th',
    reason: 'Grade "13th" is not a grade (for example 3rd Grade, 3, K or Preschool).',
  },
  { row: BAD[400], column: 'First Name', value: '', reason: 'First Name is required.' },
];

async function importedCount(): Promise<number> {
  const [row] = await database.db
    .select({ n: count() })
    .from(sponsoreds)
    .where(and(eq(sponsoreds.partnersId, PARTNER), like(sponsoreds.code, 'IMP-%')));
  return row!.n;
}

async function lastUpdate(): Promise<string | null> {
  const [row] = await database.db
    .select({ at: max(sponsoreds.updatedAt) })
    .from(sponsoreds)
    .where(and(eq(sponsoreds.partnersId, PARTNER), like(sponsoreds.code, 'IMP-%')));
  return row?.at ? new Date(row.at).toISOString() : null;
}

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
  programs = await database.db
    .select({ id: entities.id, name: entities.name })
    .from(entities)
    .where(eq(entities.partnersId, PARTNER));
});

afterAll(async () => {
  await database.close();
});

describe('importing records from a file', () => {
  it('a dry run of a 500-row CSV with 3 bad rows reports the 3 by row, column and reason, and writes nothing', async () => {
    const result = await dryRunImport(request({ name: 'students.csv', bytes: csvOf(importRows()) }));
    expect(result.errors).toEqual(EXPECTED_ERRORS);
    expect(result.counts).toEqual({ rows: 500, created: 497, updated: 0, unchanged: 0, failed: 3 });
    expect(result.mapping).toEqual([
      'code',
      'firstName',
      'lastName',
      'gender',
      'birthday',
      'grade',
      'homeroom',
      'program',
      'custom:Favourite Colour',
    ]);
    expect(await importedCount()).toBe(0);
  });

  it('the import lands the 497 good rows, and the same file again changes nothing', async () => {
    const file = { name: 'students.csv', bytes: csvOf(importRows()) };
    const progress: number[] = [];
    const first = await applyImport({ ...request(file), onProgress: (done) => void progress.push(done) });
    expect(first.errors).toEqual(EXPECTED_ERRORS);
    expect(first.counts).toEqual({ rows: 500, created: 497, updated: 0, unchanged: 0, failed: 3 });
    // A report before the first row, then at least every second (progressEveryMs), then the end.
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(497);
    expect(await importedCount()).toBe(497);

    const [ana] = await database.db.select().from(sponsoreds).where(eq(sponsoreds.code, 'IMP-0004'));
    expect(ana).toMatchObject({
      partnersId: PARTNER,
      partnerSponsoredTypesId: studentTypeId,
      sponsoredTypesId: SponsoredType.Student,
      firstName: 'Child0004',
      lastName: 'Family0004',
      gender: 'Male',
      birthday: '2014-04-13',
      gradesId: 7,
      homeroom: 'Room 3',
      entitiesId: programs[3 % programs.length]!.id,
      status: 'active',
      active: true,
    });
    const colours = await database.db
      .select({ value: customColumnValues.value })
      .from(customColumnValues)
      .where(eq(customColumnValues.sponsoredsId, ana!.id));
    expect(colours).toEqual([{ value: 'green' }]);

    const before = await lastUpdate();
    const again = await applyImport(request(file));
    expect(again.counts).toEqual({ rows: 500, created: 0, updated: 0, unchanged: 497, failed: 3 });
    expect(await importedCount()).toBe(497);
    expect(await lastUpdate()).toBe(before);
  });

  it('an .xlsx with the same content reads the same: the same 3 errors and nothing to change', async () => {
    const bytes = await xlsxOf(importRows());
    const result = await applyImport(request({ name: 'students.xlsx', bytes }));
    expect(result.errors).toEqual(EXPECTED_ERRORS);
    expect(result.counts).toEqual({ rows: 500, created: 0, updated: 0, unchanged: 497, failed: 3 });
  });

  it('a changed row updates its record by code, and a fixed row is created', async () => {
    const rows = importRows();
    rows[4]![6] = 'Room 42';
    rows[9]![8] = ''; // clears IMP-0010's colour
    rows[400]![1] = 'Fixed';
    const result = await applyImport(request({ name: 'students.csv', bytes: csvOf(rows) }));
    expect(result.counts).toEqual({ rows: 500, created: 1, updated: 2, unchanged: 495, failed: 2 });
    const [five] = await database.db
      .select({ homeroom: sponsoreds.homeroom })
      .from(sponsoreds)
      .where(eq(sponsoreds.code, 'IMP-0005'));
    expect(five!.homeroom).toBe('Room 42');
    const [ten] = await database.db
      .select({ id: sponsoreds.id })
      .from(sponsoreds)
      .where(eq(sponsoreds.code, 'IMP-0010'));
    expect(
      await database.db
        .select({ value: customColumnValues.value })
        .from(customColumnValues)
        .where(eq(customColumnValues.sponsoredsId, ten!.id)),
    ).toEqual([{ value: null }]);
    expect(await importedCount()).toBe(498);
  });

  it('a program-scoped importer cannot add or change records of other programs', async () => {
    const rows = importRows().slice(0, 4);
    const result = await dryRunImport(
      request({ name: 'students.csv', bytes: csvOf(rows) }, { programScope: [programs[0]!.id] }),
    );
    expect(result.counts).toMatchObject({ unchanged: 1, failed: 3 });
    expect(result.errors[0]).toEqual({
      row: 3,
      column: 'Program',
      value: programs[1]!.name,
      reason: `You cannot add or move records to ${programs[1]!.name}.`,
    });
  });

  it('two imports of one new file at once create each record once', async () => {
    const rows = importRows()
      .slice(0, 60)
      .map((row) => [String(row[0]).replace('IMP-', 'RACE-'), ...row.slice(1)]);
    const file = { name: 'race.csv', bytes: csvOf(rows) };
    const [a, b] = await Promise.all([applyImport(request(file)), applyImport(request(file))]);
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    expect(a.counts.created + b.counts.created).toBe(60);
    expect(a.counts.unchanged + b.counts.unchanged).toBe(60);
    const [row] = await database.db
      .select({ n: count() })
      .from(sponsoreds)
      .where(and(eq(sponsoreds.partnersId, PARTNER), like(sponsoreds.code, 'RACE-%')));
    expect(row!.n).toBe(60);
  });

  it('a new record with no program column is refused by row when the partner has several programs', async () => {
    const csv = Buffer.from('Code,First Name\nNEW-1,Ana\n');
    const result = await dryRunImport(request({ name: 'a.csv', bytes: csv }));
    expect(result.errors).toEqual([
      { row: 2, column: 'Program', value: '', reason: 'A new record needs a program.' },
    ]);
    const withDefault = await dryRunImport(
      request({ name: 'a.csv', bytes: csv }, { defaultEntitiesId: programs[0]!.id }),
    );
    expect(withDefault.counts).toEqual({ rows: 1, created: 1, updated: 0, unchanged: 0, failed: 0 });
  });

  it('refuses files it cannot read with a clear 400', async () => {
    const refused = async (name: string, bytes: Buffer) => {
      try {
        await dryRunImport(request({ name, bytes }));
      } catch (error) {
        expect(error).toBeInstanceOf(HttpError);
        return [(error as HttpError).statusCode, (error as Error).message];
      }
      return 'accepted';
    };
    expect(await refused('a.csv', Buffer.alloc(0))).toEqual([400, 'The file is empty.']);
    expect(await refused('a.xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2]))).toEqual([
      400,
      'Old Excel files (.xls) cannot be imported: save the workbook as .xlsx or CSV.',
    ]);
    expect(await refused('a.csv', Buffer.from('Name,Grade\nAna,3\n'))).toEqual([
      400,
      'Choose the column that holds Code.',
    ]);
    const tooMany = Buffer.from(
      ['Code,First Name', ...Array.from({ length: 30 }, (_, i) => `X${i},A`)].join('\n'),
    );
    expect(
      await dryRunImport(
        request(
          { name: 'a.csv', bytes: tooMany },
          { limits: { maxBytes: 1e6, maxRows: 20, maxColumns: 10, maxWorkbookExpandedBytes: 1e6 } },
        ),
      ).catch((e: Error) => e.message),
    ).toBe('The file has more than 20 rows; split it into smaller files.');
  });
});

function zipOf(entries: Record<string, Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(entries)) zip.addBuffer(data, name);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** `rows` with their codes renamed (IMP- -> prefix), so each test owns its records. */
function renamed(rows: (string | Date)[][], prefix: string): (string | Date)[][] {
  return rows.map((row) => [String(row[0]).replace('IMP-', prefix), ...row.slice(1)]);
}

async function countWithPrefix(prefix: string): Promise<number> {
  const [row] = await database.db
    .select({ n: count() })
    .from(sponsoreds)
    .where(and(eq(sponsoreds.partnersId, PARTNER), like(sponsoreds.code, `${prefix}%`)));
  return row!.n;
}

class Died extends Error {}

describe('a long import in short transactions (issue 21)', () => {
  it('a 1,000-row import commits in short batches, and a read waits for one short transaction at most', async () => {
    const rows = renamed(importRows(1000), 'BIG-').map((row, i) =>
      // importRows makes rows 100, 250 and 400 bad: here every row is good.
      i === 100 || i === 250 || i === 400 ? renamed(importRows(1), `BIG-${i}-`)[0]! : row,
    );
    const batches: number[] = [];
    let running = true;
    const importing = applyImport({
      ...request({ name: 'big.csv', bytes: csvOf(rows) }),
      onBatch: (n) => void batches.push(n),
    }).finally(() => (running = false));
    // A public read while the import runs: each is answered between two short transactions.
    const reads: { batches: number; seen: number }[] = [];
    while (running) {
      const before = batches.length;
      const seen = await countWithPrefix('BIG-');
      reads.push({ batches: batches.length - before, seen });
      // The next read arrives a moment later, as requests do (in-memory PGlite answers in microtasks).
      await sleep(1);
    }
    const result = await importing;
    expect(result.counts).toEqual({ rows: 1000, created: 1000, updated: 0, unchanged: 0, failed: 0 });
    expect(batches.reduce((a, b) => a + b, 0)).toBe(1000);
    expect(batches.length).toBeGreaterThanOrEqual(10);
    expect(Math.max(...batches)).toBeLessThanOrEqual(200);
    // The reads saw the rows land batch by batch, and none waited for more than the one short
    // transaction in progress when it came.
    const partial = new Set(reads.map((r) => r.seen).filter((n) => n > 0 && n < rows.length));
    expect(partial.size).toBeGreaterThanOrEqual(5);
    // On PGlite (one connection) a read waits behind the transaction in progress, never a second
    // one; on PostgreSQL reads have their own connections and the batches go on beside them.
    if (database.kind === 'pglite') expect(Math.max(...reads.map((r) => r.batches))).toBeLessThanOrEqual(1);
    expect(await countWithPrefix('BIG-')).toBe(1000);
  }, 180_000);

  it('a transaction stops taking rows when its time is spent: with no time, one row a transaction', async () => {
    const rows = renamed(importRows(20), 'ONE-');
    const batches: number[] = [];
    const result = await applyImport({
      ...request({ name: 'one.csv', bytes: csvOf(rows) }),
      batchBudgetMs: 0,
      onBatch: (n) => void batches.push(n),
    });
    expect(result.counts).toMatchObject({ rows: 20, created: 20 });
    expect(batches).toEqual(Array.from({ length: 20 }, () => 1));
  });

  it('a run that dies after two batches is continued by its retry: every row once, counted once', async () => {
    const rows = renamed(importRows(), 'RES-');
    const file = { name: 'resume.csv', bytes: csvOf(rows) };
    let saved: ImportCheckpoint | null = null;
    let batches = 0;
    await expect(
      applyImport({
        ...request(file),
        batchSize: 100,
        batchBudgetMs: Number.POSITIVE_INFINITY,
        saveCheckpoint: async (_tx, checkpoint) => void (saved = checkpoint),
        onBatch: () => {
          batches++;
          if (batches === 2) throw new Died('the process died');
        },
      }),
    ).rejects.toThrow(Died);
    // Two batches of 100 valid rows committed (the bad rows never reach a batch).
    expect(await countWithPrefix('RES-')).toBe(200);
    expect(saved).toMatchObject({ done: 200, counts: { created: 200, updated: 0, unchanged: 0 } });
    expect(saved!.errors).toEqual([]);

    const retried: number[] = [];
    const result = await applyImport({
      ...request(file),
      batchSize: 100,
      resumeFrom: saved,
      onBatch: (n) => void retried.push(n),
    });
    // The retry wrote only the rows after the checkpoint, and answers as one whole run would.
    expect(retried.reduce((a, b) => a + b, 0)).toBe(497 - 200);
    expect(result.counts).toEqual({ rows: 500, created: 497, updated: 0, unchanged: 0, failed: 3 });
    expect(result.errors).toEqual(EXPECTED_ERRORS);
    expect(await countWithPrefix('RES-')).toBe(497);

    // Without a checkpoint a re-run is still safe: matched by code, nothing is written again.
    const again = await applyImport(request(file));
    expect(again.counts).toEqual({ rows: 500, created: 0, updated: 0, unchanged: 497, failed: 3 });
    expect(await countWithPrefix('RES-')).toBe(497);
  });

  it('the job retried after a partial run continues from its import row and audits the whole run once', async () => {
    const rows = renamed(importRows(), 'JOB-');
    const file = { name: 'job.csv', bytes: csvOf(rows) };
    const { mapping } = await dryRunImport(request(file));
    const [row] = await database.db
      .insert(recordImports)
      .values({
        partnersId: PARTNER,
        partnerSponsoredTypesId: studentTypeId,
        fileName: file.name,
        file: file.bytes,
        mapping,
        state: 'running',
      })
      .returning({ id: recordImports.id });
    const saveCheckpoint = async (
      tx: Parameters<NonNullable<Parameters<typeof applyImport>[0]['saveCheckpoint']>>[0],
      checkpoint: ImportCheckpoint,
    ) => {
      await tx.update(recordImports).set({ checkpoint }).where(eq(recordImports.id, row!.id));
    };
    // The first attempt dies after its first 300 rows are committed.
    let batches = 0;
    await expect(
      applyImport({
        ...request(file, { mapping }),
        batchSize: 150,
        batchBudgetMs: Number.POSITIVE_INFINITY,
        saveCheckpoint,
        onBatch: () => {
          if (++batches === 2) throw new Died('the worker was killed');
        },
      }),
    ).rejects.toThrow(Died);
    const [stopped] = await database.db.select().from(recordImports).where(eq(recordImports.id, row!.id));
    expect(stopped!.checkpoint).toMatchObject({ done: 300, counts: { created: 300 } });

    const progress: { done: number; total?: number | null }[] = [];
    const context = {
      database,
      storage: null,
      log: { info: () => undefined, error: () => undefined },
      progress: async (update: { done: number; total?: number | null }) => void progress.push(update),
    } as unknown as JobContext;
    const summary = await runImportJob(row!.id, context);
    expect(summary).toEqual({ rows: 500, created: 497, updated: 0, unchanged: 0, failed: 3 });
    expect(progress[0]).toMatchObject({ done: 300, total: 497 });
    expect(progress.at(-1)).toMatchObject({ done: 497, total: 497 });
    expect(await countWithPrefix('JOB-')).toBe(497);
    const [finished] = await database.db.select().from(recordImports).where(eq(recordImports.id, row!.id));
    expect(finished).toMatchObject({ state: 'completed', checkpoint: null, file: null });
    expect((finished!.result as { errors: unknown }).errors).toEqual(EXPECTED_ERRORS);
    const audits = await database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'record_import.completed'), eq(auditLog.entityId, String(row!.id))));
    expect(audits).toEqual([
      {
        details: { rows: 500, created: 497, updated: 0, unchanged: 0, failed: 3, picturesMatched: 0 },
      },
    ]);
  });
});

describe('pictures in a zip matched by code', () => {
  it('hands each picture of a known code to the pipeline, in order, and names what it skipped', async () => {
    const bytes = await zipOf({
      'photos/IMP-0002-2.jpg': Buffer.from('second'),
      'photos/IMP-0002.jpg': Buffer.from('first'),
      'IMP-0003 (1).png': Buffer.from('third'),
      'NOBODY.jpg': Buffer.from('x'),
      '__MACOSX/._IMP-0002.jpg': Buffer.from('junk'),
    });
    const seen: Omit<ZipPicture, 'sponsoredsId'>[] = [];
    const result = await importPicturesZip({
      db: database.db,
      partnersId: PARTNER,
      bytes,
      onPicture: async ({ sponsoredsId: _id, ...picture }) => void seen.push(picture),
    });
    expect(seen.map((p) => [p.code, p.order, p.entryName, p.bytes.toString()])).toEqual([
      ['IMP-0002', 1, 'photos/IMP-0002.jpg', 'first'],
      ['IMP-0002', 2, 'photos/IMP-0002-2.jpg', 'second'],
      ['IMP-0003', 1, 'IMP-0003 (1).png', 'third'],
    ]);
    const scoped = await importPicturesZip({
      db: database.db,
      partnersId: PARTNER,
      bytes,
      programScope: [programs[2 % programs.length]!.id],
      onPicture: async () => undefined,
    });
    // IMP-0003 is in the third program, IMP-0002 in the second.
    expect(scoped.matched).toBe(1);
    expect(scoped.skipped).toContainEqual({
      entry: 'photos/IMP-0002.jpg',
      reason: 'Record IMP-0002 is in a program you do not manage.',
    });
    expect(result).toEqual({
      matched: 3,
      skipped: [
        { entry: 'NOBODY.jpg', reason: 'Its name is not the code of a record (CODE.jpg or CODE-2.jpg).' },
      ],
      failed: [],
    });
  });

  it('refuses a zip with an entry that leaves the import folder, before reading anything', async () => {
    const zip = await zipOf({ 'IMP-0002.jpg': Buffer.from('ok'), 'xx/evil.jpg': Buffer.from('evil') });
    // yazl will not write "..", so the name is changed in place (same length, in both headers).
    const traversal = Buffer.from(zip.toString('latin1').replaceAll('xx/evil.jpg', '../evil.jpg'), 'latin1');
    let called = false;
    await expect(
      importPicturesZip({
        db: database.db,
        partnersId: PARTNER,
        bytes: traversal,
        onPicture: async () => void (called = true),
      }),
    ).rejects.toThrow(
      'The pictures zip is refused: the entry "../evil.jpg" points outside the import folder.',
    );
    expect(called).toBe(false);
  });

  it('refuses a zip that expands past the set size', async () => {
    const bomb = await zipOf({ 'IMP-0002.jpg': Buffer.alloc(6 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(64 * 1024);
    await expect(
      importPicturesZip({
        db: database.db,
        partnersId: PARTNER,
        bytes: bomb,
        limits: { maxExpandedBytes: 5 * 1024 * 1024, maxEntries: 10, maxEntryBytes: 10 * 1024 * 1024 },
        onPicture: async () => undefined,
      }),
    ).rejects.toThrow('The pictures zip is refused: it expands past 5 MB.');
  });
});
