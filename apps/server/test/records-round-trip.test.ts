import { and, eq, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sponsoreds } from '../src/db/schema/sponsoreds.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../src/seed/demo.ts';
import type { TestClient, TestResponse } from './http-client.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/*
 * One record schema (decision 061): what the staff export writes, the records import reads back
 * with 0 changes, through the real routes: the export as CSV, the dry run, then the import as a
 * tracked job. The records first take, through the editor, values the import refused before (a
 * homeroom of 100 characters, 10,000 slots, a monthly amount over 100,000.00) and a homeroom the
 * export neutralises as a formula; then the editor and the import refuse the same values with
 * the same messages.
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
      [a!, { homeroom: `Room 4B, ${'x'.repeat(91)}` }],
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
  });

  it('re-imports the exported classes (title required) with nothing changed', async () => {
    const file = await exported(CLASSES!);
    const rows = file.toString('utf8').trim().split(/\r?\n/).length - 1;
    const result = await importAndWait(CLASSES!, file);
    expect(result.errors).toEqual([]);
    expect(result.counts).toEqual({ rows, created: 0, updated: 0, unchanged: rows, failed: 0 });
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
