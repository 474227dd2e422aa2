import { and, eq, max, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordDetail } from '@kinship/domain';
import { entities } from '../src/db/schema/partners.ts';
import { sponsoreds } from '../src/db/schema/sponsoreds.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../src/seed/demo.ts';
import type { TestClient, TestResponse } from './http-client.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/*
 * One record schema (decision 061): what the staff export writes, the records import reads back
 * with 0 changes, through the real routes: the export as CSV, the dry run, then the import as a
 * tracked job. The records first take, through the editor, values the import refused before (a
 * homeroom of 100 characters, 10,000 slots, a monthly amount over 100,000.00) and a homeroom the
 * export neutralises as a formula, and a bio with paragraphs, bold and a link (the export's
 * Bio (HTML) column, read back as it was: decision 067); then every column the export writes is
 * shown to come back by changing it and importing the file again; then the editor and the import
 * refuse the same values with the same messages.
 */

const PARTNER = DEMO_IDS.partners.demo;
const STUDENTS = DEMO_IDS.types.demo.students;
const CLASSES = DEMO_IDS.types.demo.classes;
const password = (email: string) => DEMO_ACCOUNTS.find((a) => a.email === email)!.password;

let t: TestApp;
let admin: TestClient;

async function multipart(path: string, file: Buffer): Promise<TestResponse> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type: 'text/csv' }), 'records.csv');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return admin.request(
    'POST',
    path,
    undefined,
    { 'content-type': request.headers.get('content-type')! },
    Buffer.from(await request.arrayBuffer()),
  );
}

interface Report {
  counts: Record<string, number>;
  errors: { row: number; column: string; value: string; reason: string }[];
  mapping: (string | null)[];
}

async function exported(type: number): Promise<Buffer> {
  const res = await admin.get(
    `/api/dashboard/records/export?partnersId=${PARTNER}&partnerSponsoredTypesId=${type}&format=csv`,
  );
  expect(res.status, res.text).toBe(200);
  return Buffer.from(res.text, 'utf8');
}

async function dryRun(type: number, file: Buffer): Promise<Report> {
  const dry = await multipart(
    `/api/dashboard/records/import/dryrun?partnersId=${PARTNER}&partnerSponsoredTypesId=${type}`,
    file,
  );
  expect(dry.status, dry.text).toBe(200);
  return dry.json<Report>();
}

/** The file's header row, as the import reads it. */
function headersOf(file: Buffer): string[] {
  return file
    .toString('utf8')
    .replace(/^\ufeff/, '')
    .split(/\r?\n/, 1)[0]!
    .split(',');
}

async function importAndWait(type: number, file: Buffer): Promise<Report> {
  const started = await multipart(
    `/api/dashboard/records/import?partnersId=${PARTNER}&partnerSponsoredTypesId=${type}`,
    file,
  );
  expect(started.status, started.text).toBe(202);
  const { id } = started.json<{ id: number }>();
  const deadline = Date.now() + 120_000;
  for (;;) {
    const status = (await admin.get(`/api/dashboard/records/imports/${id}?partnersId=${PARTNER}`)).json<{
      state: string;
      result: Report | null;
    }>();
    if (status.state === 'completed') return status.result!;
    if (status.state === 'failed') throw new Error(`import ${id} failed: ${JSON.stringify(status.result)}`);
    if (Date.now() > deadline) throw new Error(`import ${id} did not finish`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function lastWrite(type: number): Promise<string | null> {
  const [row] = await t.database.db
    .select({ at: max(sponsoreds.updatedAt) })
    .from(sponsoreds)
    .where(and(eq(sponsoreds.partnersId, PARTNER), eq(sponsoreds.partnerSponsoredTypesId, type)));
  return row?.at ? new Date(row.at).toISOString() : null;
}

async function studentIds(n: number): Promise<number[]> {
  const rows = await t.database.db
    .select({ id: sponsoreds.id })
    .from(sponsoreds)
    .where(and(eq(sponsoreds.partnersId, PARTNER), eq(sponsoreds.partnerSponsoredTypesId, STUDENTS)))
    .orderBy(sponsoreds.id)
    .limit(n);
  return rows.map((r) => r.id);
}

const edit = (id: number, body: Record<string, unknown>) =>
  admin.request('PATCH', `/api/dashboard/records/${id}?partnersId=${PARTNER}`, body);

async function read(id: number): Promise<RecordDetail> {
  const res = await admin.get(`/api/dashboard/records/${id}?partnersId=${PARTNER}`);
  expect(res.status, res.text).toBe(200);
  return res.json<RecordDetail>();
}

async function editOk(id: number, body: Record<string, unknown>): Promise<RecordDetail> {
  const res = await edit(id, body);
  expect(res.status, res.text).toBe(200);
  return res.json<RecordDetail>();
}

/** A bio as the editor stores it: paragraphs, bold, a line break, a link (its rel added by the cleaning). */
const FORMATTED_BIO =
  '<p>Loves <strong>football</strong> &amp; maths,<br />and <em>drawing</em>.</p>' +
  '<p>Writes to <a href="https://example.org/letters?from=1&amp;to=2" rel="noopener noreferrer">her sponsor</a>.</p>';

beforeAll(async () => {
  t = await startTestApp({ worker: true });
  admin = t.client();
  await admin.signIn('partner-admin@demo.example.org', password('partner-admin@demo.example.org'));
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('export, then import: 0 changes', () => {
  it('re-imports the exported students, values at the new limits included, with nothing changed', async () => {
    const [a, b, c] = await studentIds(3);
    for (const [id, body] of [
      [a!, { homeroom: `Room 4B, ${'x'.repeat(91)}`, bio: FORMATTED_BIO }],
      [b!, { maxSlots: 10_000, monthlyAmount: 50_000_000 }],
      [c!, { homeroom: '-B (upper floor)', monthlyAmount: 100_000_000 }],
    ] as const) {
      const res = await edit(id, body);
      expect(res.status, res.text).toBe(200);
    }
    const file = await exported(STUDENTS);
    const rows = file.toString('utf8').trim().split(/\r?\n/).length - 1;
    expect(rows).toBeGreaterThan(3);
    expect(file.toString('utf8')).toContain("'-B (upper floor)");
    expect((await read(a!)).bio).toBe(FORMATTED_BIO);

    const before = await lastWrite(STUDENTS);
    const dry = await multipart(
      `/api/dashboard/records/import/dryrun?partnersId=${PARTNER}&partnerSponsoredTypesId=${STUDENTS}`,
      file,
    );
    expect(dry.status, dry.text).toBe(200);
    const report = dry.json<Report>();
    expect(report.errors).toEqual([]);
    expect(report.counts).toEqual({ rows, created: 0, updated: 0, unchanged: rows, failed: 0 });
    // Every column the import can read is read: the test is of the values, not of a narrow mapping.
    expect(report.mapping.filter(Boolean)).toEqual([
      'code',
      'firstName',
      'lastName',
      'gender',
      'birthday',
      'grade',
      'homeroom',
      'program',
      'status',
      'maxSlots',
      'monthlyAmount',
      'masked',
      'bioHtml',
    ]);

    const result = await importAndWait(STUDENTS, file);
    expect(result.errors).toEqual([]);
    expect(result.counts).toEqual({ rows, created: 0, updated: 0, unchanged: rows, failed: 0 });
    expect(await lastWrite(STUDENTS)).toBe(before);
    const [homeroom] = await t.database.db
      .select({ homeroom: sponsoreds.homeroom })
      .from(sponsoreds)
      .where(eq(sponsoreds.id, c!));
    expect(homeroom!.homeroom).toBe('-B (upper floor)');
    const [bio] = await t.database.db
      .select({ bio: sponsoreds.bio })
      .from(sponsoreds)
      .where(eq(sponsoreds.id, a!));
    expect(bio!.bio).toBe(FORMATTED_BIO);
  });

  it('re-imports the exported classes (title required) with nothing changed', async () => {
    const file = await exported(CLASSES!);
    const rows = file.toString('utf8').trim().split(/\r?\n/).length - 1;
    const result = await importAndWait(CLASSES!, file);
    expect(result.errors).toEqual([]);
    expect(result.counts).toEqual({ rows, created: 0, updated: 0, unchanged: rows, failed: 0 });
  });
});

describe('every exported column comes back', () => {
  /**
   * Exports the type, changes through the editor every field the file holds, imports the first
   * file: the record is restored and a second export is the first byte for byte. A column the
   * export lost, or the import did not read, leaves its change and fails the comparison.
   */
  async function restores(
    type: number,
    id: number,
    change: (before: RecordDetail, otherProgram: number) => Record<string, unknown>,
    notImported: string[],
  ) {
    const before = await read(id);
    const first = await exported(type);
    const rows = first.toString('utf8').trim().split(/\r?\n/).length - 1;
    const report = await dryRun(type, first);
    expect(report.counts).toEqual({ rows, created: 0, updated: 0, unchanged: rows, failed: 0 });
    // Every column is read, but the ones the import cannot set on this type (said here, so a new
    // export column must be read or named).
    const headers = headersOf(first);
    expect(headers.filter((_, i) => !report.mapping[i])).toEqual(notImported);

    const [other] = await t.database.db
      .select({ id: entities.id })
      .from(entities)
      .where(and(eq(entities.partnersId, PARTNER), ne(entities.id, before.entitiesId)))
      .limit(1);
    const changed = await editOk(id, change(before, other!.id));
    const differs = Object.keys(change(before, other!.id)).filter(
      (key) =>
        JSON.stringify(changed[key as keyof RecordDetail]) !==
        JSON.stringify(before[key as keyof RecordDetail]),
    );
    expect(differs.sort()).toEqual(Object.keys(change(before, other!.id)).sort());
    expect((await exported(type)).equals(first)).toBe(false);

    const dry = await dryRun(type, first);
    expect(dry.errors).toEqual([]);
    expect(dry.counts).toEqual({ rows, created: 0, updated: 1, unchanged: rows - 1, failed: 0 });
    const result = await importAndWait(type, first);
    expect(result.errors).toEqual([]);
    expect(result.counts).toEqual({ rows, created: 0, updated: 1, unchanged: rows - 1, failed: 0 });
    // Each changed field is back, the bio's HTML exactly: a column the export lost fails here.
    const after = await read(id);
    const restored = (record: RecordDetail) =>
      Object.keys(change(before, other!.id)).map((key) => [key, record[key as keyof RecordDetail]]);
    expect(restored(after)).toEqual(restored(before));
    expect(after.bio).toBe(before.bio);
    expect((await exported(type)).toString('utf8')).toBe(first.toString('utf8'));
    // And the restored file is again 0 changes.
    expect((await dryRun(type, first)).counts).toEqual({
      rows,
      created: 0,
      updated: 0,
      unchanged: rows,
      failed: 0,
    });
  }

  it('students: names, gender, birthday, grade, homeroom, program, status, slots, amount, masked and the bio', async () => {
    const [, , , id] = await studentIds(4);
    await editOk(id!, { bio: FORMATTED_BIO, monthlyAmount: 4_500, gender: 'Female', birthday: '2014-05-06' });
    await restores(
      STUDENTS,
      id!,
      (before, otherProgram) => ({
        firstName: `${before.firstName}-changed`,
        lastName: 'Changed',
        gender: 'Male',
        birthday: '2013-01-02',
        gradesId: before.gradesId === 7 ? 8 : 7,
        homeroom: 'Room 99',
        entitiesId: otherProgram,
        status: before.status === 'inactive' ? 'reserved' : 'inactive',
        maxSlots: before.maxSlots + 1,
        monthlyAmount: 9_900,
        masked: !before.masked,
        bio: '<p>Another <strong>bio</strong></p>',
      }),
      // A student has no title; slots filled follow the sponsorships.
      ['Title', 'Slots filled'],
    );
  });

  it('classes: title, grade, program, status, slots, amount, masked and the bio', async () => {
    const [row] = await t.database.db
      .select({ id: sponsoreds.id })
      .from(sponsoreds)
      .where(and(eq(sponsoreds.partnersId, PARTNER), eq(sponsoreds.partnerSponsoredTypesId, CLASSES!)))
      .orderBy(sponsoreds.id)
      .limit(1);
    await editOk(row!.id, { bio: FORMATTED_BIO });
    await restores(
      CLASSES!,
      row!.id,
      (before, otherProgram) => ({
        title: `${before.title} (changed)`,
        gradesId: before.gradesId === 7 ? 8 : 7,
        entitiesId: otherProgram,
        status: before.status === 'inactive' ? 'reserved' : 'inactive',
        maxSlots: before.maxSlots + 1,
        monthlyAmount: 12_300,
        masked: !before.masked,
        bio: null,
      }),
      ['First name', 'Last name', 'Gender', 'Birthday', 'Homeroom', 'Slots filled'],
    );
  });
});

describe('the field each type requires: the editor and the import alike (decision 067)', () => {
  it('refuses a new student without a first name and a new class without a title, as the import does', async () => {
    const create = (type: number, body: Record<string, unknown>) =>
      admin.post(`/api/dashboard/records?partnersId=${PARTNER}`, {
        partnerSponsoredTypesId: type,
        entitiesId: DEMO_IDS.programAdminEntity,
        ...body,
      });
    const student = await create(STUDENTS, { code: 'REQ-S1', lastName: 'Only' });
    expect(student.status).toBe(400);
    expect(student.json<{ errors: unknown[] }>().errors).toEqual([
      { field: 'firstName', message: 'First Name is required.' },
    ]);
    const klass = await create(CLASSES!, { code: 'REQ-C1', title: '   ' });
    expect(klass.status).toBe(400);
    expect(klass.json<{ errors: unknown[] }>().errors).toEqual([
      { field: 'title', message: 'Title is required.' },
    ]);
    const imported = await dryRun(CLASSES!, Buffer.from('Code,Title\r\nREQ-C1,\r\n'));
    expect(imported.errors).toEqual([{ row: 2, column: 'Title', value: '', reason: 'Title is required.' }]);
    const missing = await multipart(
      `/api/dashboard/records/import/dryrun?partnersId=${PARTNER}&partnerSponsoredTypesId=${CLASSES!}`,
      Buffer.from('Code,Grade\r\nREQ-C1,3\r\n'),
    );
    expect([missing.status, missing.text]).toEqual([400, 'Choose the column that holds Title.']);
    expect((await create(CLASSES!, { code: 'REQ-C2', title: 'Class 2B' })).status).toBe(201);
  });

  it('leaves a record stored without it alone until a write touches the field', async () => {
    const [stored] = await t.database.db
      .insert(sponsoreds)
      .values({
        partnersId: PARTNER,
        partnerSponsoredTypesId: STUDENTS,
        sponsoredTypesId: 1,
        entitiesId: DEMO_IDS.programAdminEntity,
        code: 'REQ-LEGACY',
        firstName: null,
        maxSlots: 1,
      })
      .returning({ id: sponsoreds.id });
    expect((await edit(stored!.id, { maxSlots: 2 })).status).toBe(200);
    const cleared = await edit(stored!.id, { firstName: ' ' });
    expect(cleared.status).toBe(400);
    expect(cleared.json<{ errors: unknown[] }>().errors).toEqual([
      { field: 'firstName', message: 'First Name is required.' },
    ]);
    expect((await edit(stored!.id, { firstName: 'Named' })).status).toBe(200);
  });
});

describe('the editor and the import refuse the same values with the same messages', () => {
  const cases: [field: string, header: string, editorValue: unknown, cell: string, message: string][] = [
    ['homeroom', 'Homeroom', 'x'.repeat(101), 'x'.repeat(101), 'Homeroom is longer than 100 characters.'],
    ['maxSlots', 'Max slots', 10_001, '10001', 'Max Slots must be a whole number from 1 to 10,000.'],
    [
      'monthlyAmount',
      'Monthly amount',
      100_000_001,
      '1000000.01',
      'Monthly Amount must be at most 1,000,000.00.',
    ],
    [
      'firstName',
      'First name',
      'x'.repeat(101),
      'x'.repeat(101),
      'First Name is longer than 100 characters.',
    ],
    ['code', 'Code', 'S 1', 'S 1', 'Code cannot contain spaces.'],
    ['firstName', 'First name', '', '', 'First Name is required.'],
  ];

  it.each(cases)('%s', async (field, header, editorValue, cell, message) => {
    const [id] = await studentIds(1);
    const editor = await edit(id!, { [field]: editorValue });
    expect(editor.status).toBe(400);
    expect(editor.json<{ errors: { field: string; message: string }[] }>().errors).toEqual([
      { field, message },
    ]);
    const headers = ['Code', 'First name', header].filter((h, i, all) => all.indexOf(h) === i);
    const values = { Code: 'RT-1', 'First name': 'Ana', [header]: cell };
    const csv = `${headers.join(',')}\r\n${headers.map((h) => values[h]).join(',')}\r\n`;
    const dry = await multipart(
      `/api/dashboard/records/import/dryrun?partnersId=${PARTNER}&partnerSponsoredTypesId=${STUDENTS}`,
      Buffer.from(csv),
    );
    expect(dry.status, dry.text).toBe(200);
    expect(dry.json<Report>().errors).toEqual([{ row: 2, column: header, value: cell, reason: message }]);
  });
});
