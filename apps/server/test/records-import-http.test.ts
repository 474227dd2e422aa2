import { and, count, eq, like, max, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities } from '../src/db/schema/partners.ts';
import { recordImportMappings } from '../src/db/schema/records-import.ts';
import { sponsoredImages, sponsoreds } from '../src/db/schema/sponsoreds.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../src/seed/demo.ts';
import type { TestClient, TestResponse } from './http-client.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/*
 * Bulk import and export of records over HTTP (issue 12, item 6): a 500-row CSV with 3 bad rows
 * through the dry run (the 3 reported by row, column, value and reason), the import as a tracked
 * background job run by the real worker (progress readable at GET jobs/{id}/progress), a second
 * import of the same file that changes nothing, the remembered mapping, and the export streamed
 * as CSV and .xlsx with the filters, the viewer's programs and formula cells neutralised.
 */

const PARTNER = DEMO_IDS.partners.demo;
const STUDENTS = DEMO_IDS.types.demo.students;
const HEADERS = ['Student ID', 'First Name', 'Surname', 'Sex', 'DOB', 'Grade', 'Program'];
const password = (email: string) => DEMO_ACCOUNTS.find((a) => a.email === email)!.password;

let t: TestApp;
let admin: TestClient;
let programAdmin: TestClient;
let reporting: TestClient;
let programs: { id: number; name: string }[];

function csv(): Buffer {
  const rows = Array.from({ length: 500 }, (_, i) => {
    const n = String(i + 1).padStart(4, '0');
    const row = [
      `HTTP-${n}`,
      `Kid${n}`,
      `Home${n}`,
      i % 2 === 0 ? 'F' : 'Male',
      `2015-0${(i % 9) + 1}-1${i % 10}`,
      String((i % 12) + 1),
      programs[i % 2]!.name,
    ];
    if (i === 10) row[4] = '2015-02-30';
    if (i === 200) row[5] = '13th';
    if (i === 499) row[1] = '';
    return row;
  });
  return Buffer.from([HEADERS, ...rows].map((r) => r.join(',')).join('\r\n') + '\r\n');
}

async function multipart(
  client: TestClient,
  path: string,
  parts: { file?: Buffer; mapping?: unknown; pictures?: Buffer },
): Promise<TestResponse> {
  const form = new FormData();
  if (parts.pictures)
    form.append(
      'pictures',
      new Blob([new Uint8Array(parts.pictures)], { type: 'application/zip' }),
      'pics.zip',
    );
  if (parts.mapping !== undefined) form.append('mapping', JSON.stringify(parts.mapping));
  if (parts.file)
    form.append('file', new Blob([new Uint8Array(parts.file)], { type: 'text/csv' }), 'kids.csv');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return client.request(
    'POST',
    path,
    undefined,
    { 'content-type': request.headers.get('content-type')! },
    Buffer.from(await request.arrayBuffer()),
  );
}

const dryRunPath = `/api/dashboard/records/import/dryrun?partnersId=${PARTNER}&partnerSponsoredTypesId=${STUDENTS}`;
const importPath = `/api/dashboard/records/import?partnersId=${PARTNER}&partnerSponsoredTypesId=${STUDENTS}`;

interface Status {
  id: number;
  jobId: string;
  state: string;
  result: {
    counts: Record<string, number>;
    errors: { row: number }[];
    pictures?: { matched: number; skipped: { entry: string }[]; failed: { entry: string }[] } | null;
  } | null;
}

async function importAndWait(file: Buffer, mapping?: unknown, pictures?: Buffer): Promise<Status> {
  const started = await multipart(admin, importPath, { file, mapping, pictures });
  expect(started.status, started.text).toBe(202);
  const { id, jobId } = started.json<Status>();
  expect(jobId).toMatch(/^[0-9a-f-]{36}$/);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const status = (
      await admin.get(`/api/dashboard/records/imports/${id}?partnersId=${PARTNER}`)
    ).json<Status>();
    if (status.state === 'completed' || status.state === 'failed') {
      const progress = await admin.get(`/api/jobs/${jobId}/progress?partnersId=${PARTNER}`);
      expect(progress.status).toBe(200);
      expect(progress.json()).toMatchObject({ name: 'records.import', state: 'completed' });
      return status;
    }
    if (Date.now() > deadline) throw new Error(`import ${id} did not finish: ${JSON.stringify(status)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function imported(): Promise<{ n: number; at: string | null }> {
  const [row] = await t.database.db
    .select({ n: count(), at: max(sponsoreds.updatedAt) })
    .from(sponsoreds)
    .where(and(eq(sponsoreds.partnersId, PARTNER), like(sponsoreds.code, 'HTTP-%')));
  return { n: row!.n, at: row!.at ? new Date(row!.at).toISOString() : null };
}

beforeAll(async () => {
  t = await startTestApp({ worker: true });
  const signedIn = async (email: string) => {
    const client = t.client();
    await client.signIn(email, password(email));
    return client;
  };
  admin = await signedIn('partner-admin@demo.example.org');
  programAdmin = await signedIn('program-admin@demo.example.org');
  reporting = await signedIn('reporting@demo.example.org');
  programs = await t.database.db
    .select({ id: entities.id, name: entities.name })
    .from(entities)
    .where(eq(entities.partnersId, PARTNER))
    .orderBy(entities.id);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('records import over HTTP', () => {
  it('dry-runs a 500-row CSV with 3 bad rows: the 3 by row, column, value and reason; nothing written', async () => {
    const res = await multipart(admin, dryRunPath, { file: csv() });
    expect(res.status, res.text).toBe(200);
    const report = res.json<{
      counts: Record<string, number>;
      errors: { row: number; column: string; value: string; reason: string }[];
      mapping: (string | null)[];
      remembered: boolean;
    }>();
    expect(report.counts).toEqual({ rows: 500, created: 497, updated: 0, unchanged: 0, failed: 3 });
    expect(report.errors.map((e) => [e.row, e.column, e.value])).toEqual([
      [12, 'DOB', '2015-02-30'],
      [202, 'Grade', '13th'],
      [501, 'First Name', ''],
    ]);
    expect(report.errors.every((e) => e.reason.length > 0)).toBe(true);
    expect(report.remembered).toBe(false);
    expect((await imported()).n).toBe(0);
  });

  it('imports as a tracked job: 497 land; the same file again changes nothing; the mapping is remembered', async () => {
    const first = await importAndWait(csv());
    expect(first.state).toBe('completed');
    expect(first.result!.counts).toEqual({ rows: 500, created: 497, updated: 0, unchanged: 0, failed: 3 });
    expect(first.result!.errors.map((e) => e.row)).toEqual([12, 202, 501]);
    const after = await imported();
    expect(after.n).toBe(497);

    const second = await importAndWait(csv());
    expect(second.result!.counts).toEqual({ rows: 500, created: 0, updated: 0, unchanged: 497, failed: 3 });
    expect(await imported()).toEqual(after);

    const [remembered] = await t.database.db
      .select()
      .from(recordImportMappings)
      .where(eq(recordImportMappings.partnerSponsoredTypesId, STUDENTS));
    expect(remembered!.mapping).toMatchObject({ 'student id': 'code', dob: 'birthday', surname: 'lastName' });
    // The next dry run starts from the remembered mapping.
    const again = await multipart(admin, dryRunPath, { file: csv() });
    expect(again.json<{ remembered: boolean }>().remembered).toBe(true);

    const listed = (await admin.get(`/api/dashboard/records/imports?partnersId=${PARTNER}`)).json<Status[]>();
    expect(listed.map((s) => s.id).slice(0, 2)).toEqual([second.id, first.id]);
  }, 240_000);

  it('adds pictures from a zip matched by code through the image pipeline', async () => {
    const jpeg = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#36c' } })
      .jpeg()
      .toBuffer();
    const zip = new yazl.ZipFile();
    zip.addBuffer(jpeg, 'HTTP-0002.jpg');
    zip.addBuffer(jpeg, 'photos/HTTP-0002-2.jpg');
    zip.addBuffer(jpeg, 'NOBODY-1.jpg');
    zip.addBuffer(Buffer.from('not a picture'), 'HTTP-0003.jpg');
    zip.end();
    const bytes = await new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
      zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
      zip.outputStream.on('error', reject);
    });
    const done = await importAndWait(csv(), undefined, bytes);
    expect(done.result!.counts.unchanged).toBe(497);
    expect(done.result!.pictures).toMatchObject({ matched: 2 });
    expect(done.result!.pictures!.skipped.map((s) => s.entry)).toEqual(['NOBODY-1.jpg']);
    expect(done.result!.pictures!.failed.map((f) => f.entry)).toEqual(['HTTP-0003.jpg']);
    const [record] = await t.database.db.select().from(sponsoreds).where(eq(sponsoreds.code, 'HTTP-0002'));
    const gallery = await t.database.db
      .select()
      .from(sponsoredImages)
      .where(eq(sponsoredImages.sponsoredsId, record!.id))
      .orderBy(sponsoredImages.id);
    expect(gallery).toHaveLength(2);
    expect(record!.profileImagePath).toBe(gallery[0]!.imagePath);
    expect(gallery[0]!.imagePath).toMatch(/^sponsoreds\/\d+\/gallery\/[0-9a-f-]{36}\/large\.webp$/);
  }, 120_000);

  it('refuses clearly: no file, a bad mapping, a JSON body, and people who may not import', async () => {
    const noFile = await multipart(admin, dryRunPath, {});
    expect(noFile.status).toBe(400);
    const unknownField = await multipart(admin, dryRunPath, { file: csv(), mapping: ['code', 'nonsense'] });
    expect(unknownField.status).toBe(400);
    expect(unknownField.text).toContain('nonsense');
    const notJson = await multipart(admin, dryRunPath, { file: csv(), mapping: { a: 1 } });
    expect(notJson.status).toBe(400);
    const missingRequired = await multipart(admin, dryRunPath, { file: csv(), mapping: [null, 'firstName'] });
    expect(missingRequired.status).toBe(400);
    expect((await admin.post(dryRunPath, {})).status).toBe(415);
    // Reporting sees records but does not manage them.
    expect((await multipart(reporting, importPath, { file: csv() })).status).toBe(403);
    expect((await t.client().post(importPath, {})).status).toBe(401);
    const otherType = await multipart(
      admin,
      `/api/dashboard/records/import/dryrun?partnersId=${PARTNER}&partnerSponsoredTypesId=${DEMO_IDS.types.maple.students}`,
      { file: csv() },
    );
    expect(otherType.status).toBe(404);
  });

  it('exports the filtered table as CSV and .xlsx, the viewer’s programs only, formulas neutralised', async () => {
    await t.database.db
      .update(sponsoreds)
      .set({ firstName: '=HYPERLINK("http://evil.example","x")', lastName: '@SUM(A1)' })
      .where(eq(sponsoreds.code, 'HTTP-0001'));
    const base = `/api/dashboard/records/export?partnersId=${PARTNER}&partnerSponsoredTypesId=${STUDENTS}`;

    const all = await admin.get(`${base}&format=csv&q=HTTP-`);
    expect(all.status).toBe(200);
    expect(all.headers['content-type']).toContain('text/csv');
    expect(all.headers['content-disposition']).toMatch(
      /attachment; filename="records-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = all.text
      .replace(/^\ufeff/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      'Code,First name,Last name,Gender,Birthday,Grade,Homeroom,Title,Program,Status,Slots filled,Max slots,Monthly amount,Masked,Bio (HTML)',
    );
    expect(lines).toHaveLength(1 + 497);
    const evil = lines.find((l) => l.startsWith('HTTP-0001,'))!;
    expect(evil).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(evil).toContain(`'@SUM(A1)`);

    // Filters: one program.
    const onlyFirst = await admin.get(`${base}&format=csv&q=HTTP-&entitiesId=${programs[0]!.id}`);
    expect(onlyFirst.text.trim().split(/\r?\n/)).toHaveLength(1 + 248);
    // The table's other filters, by the same condition as the table (recordFilterCondition).
    const waiting = await admin.get(`${base}&format=csv&q=HTTP-&sponsored=false`);
    expect(waiting.text.trim().split(/\r?\n/)).toHaveLength(1 + 497);
    const sponsoredOnly = await admin.get(`${base}&format=csv&q=HTTP-&sponsored=true`);
    expect(
      sponsoredOnly.text
        .replace(/^\ufeff/, '')
        .trim()
        .split(/\r?\n/),
    ).toHaveLength(1);
    const table = await admin.get(
      `/api/dashboard/records?partnersId=${PARTNER}&type=${STUDENTS}&q=HTTP-&gender=Female&pageSize=1`,
    );
    const girls = await admin.get(`${base}&format=csv&q=HTTP-&gender=Female`);
    expect(
      girls.text
        .replace(/^\ufeff/, '')
        .trim()
        .split(/\r?\n/),
    ).toHaveLength(1 + Number(table.headers['x-total-count']));
    expect((await admin.get(`${base}&format=csv&sponsored=maybe`)).status).toBe(400);

    // A program administrator gets only their program's records, whatever they ask.
    const scoped = await programAdmin.get(`${base}&format=csv&q=HTTP-`);
    expect(scoped.status).toBe(200);
    const scopedLines = scoped.text.trim().split(/\r?\n/).slice(1);
    const own = programs.find((p) => p.id === DEMO_IDS.programAdminEntity)!.name;
    expect(scopedLines.length).toBeGreaterThan(0);
    expect(scopedLines.every((l) => l.includes(`,${own},`))).toBe(true);

    const xlsx = await new Promise<Buffer>((resolve, reject) => {
      import('node:http').then((http) =>
        http
          .get(
            {
              host: '127.0.0.1',
              port: admin.port,
              path: `${base}&format=xlsx&q=HTTP-0001`,
              headers: { host: `${admin.host}:${admin.port}`, cookie: admin.cookieHeader },
            },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () => resolve(Buffer.concat(chunks)));
            },
          )
          .on('error', reject),
      );
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(2).getCell(1).value).toBe('HTTP-0001');
    expect(sheet.getRow(2).getCell(2).value).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(sheet.getRow(2).getCell(2).formula).toBeUndefined();

    expect((await t.client().get(`${base}&format=csv`)).status).toBe(401);
    expect((await admin.get(`${base}&format=pdf`)).status).toBe(400);
  });
});

/*
 * Decision 052: an import and its job are seen by those who could have started them (the starter's
 * programs, kept with the import), and a pictures zip refused by the rules fails the job at once.
 */
describe('imports and their jobs by program scope, and a refused pictures zip', () => {
  type Progress = { state: string; message: string | null };
  const smallCsv = (prefix: string, program: string) =>
    Buffer.from(
      [HEADERS, [`${prefix}-1`, 'Ana', 'Zip', 'F', '2015-01-10', '3', program]]
        .map((r) => r.join(','))
        .join('\r\n') + '\r\n',
    );

  async function settled(client: TestClient, jobId: string): Promise<Progress> {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const res = await client.get(`/api/jobs/${jobId}/progress?partnersId=${PARTNER}`);
      const progress = res.json<Progress>();
      if (res.status === 200 && progress.state !== 'queued' && progress.state !== 'running') return progress;
      if (Date.now() > deadline) throw new Error(`job ${jobId} did not settle: ${res.text}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  async function start(client: TestClient, file: Buffer, pictures?: Buffer) {
    const started = await multipart(client, importPath, { file, pictures });
    expect(started.status, started.text).toBe(202);
    return started.json<Status>();
  }

  it('fails the job of a pictures zip that is not a zip at once, with the zip’s message, and no retry', async () => {
    const { id, jobId } = await start(
      admin,
      smallCsv('ZIPFAIL', programs[0]!.name),
      Buffer.from('not a zip'),
    );
    const progress = await settled(admin, jobId);
    expect(progress).toMatchObject({
      state: 'failed',
      message: 'The pictures zip is not a zip file that can be read.',
    });
    const status = (
      await admin.get(`/api/dashboard/records/imports/${id}?partnersId=${PARTNER}`)
    ).json<Status>();
    expect(status).toMatchObject({
      state: 'failed',
      result: { error: 'The pictures zip is not a zip file that can be read.' },
    });
    const deadline = Date.now() + 30_000;
    let boss: { state: string; retry_count: number } | undefined;
    do {
      const result = await t.database.db.execute(
        sql`SELECT state, retry_count FROM pgboss.job WHERE id = ${jobId}`,
      );
      boss = (result as unknown as { rows: { state: string; retry_count: number }[] }).rows[0];
      if (boss?.state === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    } while (Date.now() < deadline);
    expect(boss).toEqual({ state: 'failed', retry_count: 0 });
  }, 180_000);

  it('shows a program-scoped person only the imports and jobs limited to their programs; others answer 404', async () => {
    const own = programs.find((p) => p.id === DEMO_IDS.programAdminEntity)!;
    const wide = await start(admin, smallCsv('SCOPE-WIDE', own.name));
    const scoped = await start(programAdmin, smallCsv('SCOPE-OWN', own.name));
    await settled(admin, wide.jobId);
    await settled(programAdmin, scoped.jobId);

    const listedBy = async (client: TestClient) =>
      (await client.get(`/api/dashboard/records/imports?partnersId=${PARTNER}`))
        .json<Status[]>()
        .map((s) => s.id);
    expect(await listedBy(programAdmin)).toContain(scoped.id);
    expect(await listedBy(programAdmin)).not.toContain(wide.id);
    expect(await listedBy(admin)).toEqual(expect.arrayContaining([wide.id, scoped.id]));

    const importOf = (client: TestClient, id: number) =>
      client.get(`/api/dashboard/records/imports/${id}?partnersId=${PARTNER}`);
    expect((await importOf(programAdmin, wide.id)).status).toBe(404);
    expect((await importOf(programAdmin, scoped.id)).status).toBe(200);
    expect((await importOf(admin, scoped.id)).status).toBe(200);

    const progressOf = (client: TestClient, jobId: string) =>
      client.get(`/api/jobs/${jobId}/progress?partnersId=${PARTNER}`);
    const hidden = await progressOf(programAdmin, wide.jobId);
    expect([hidden.status, hidden.text]).toEqual([404, 'Job not found.']);
    expect((await progressOf(programAdmin, scoped.jobId)).status).toBe(200);
    expect((await progressOf(admin, scoped.jobId)).status).toBe(200);
    // Reporting may not import records, so it could have started neither job.
    expect((await progressOf(reporting, wide.jobId)).status).toBe(404);
    expect((await progressOf(reporting, scoped.jobId)).status).toBe(404);
  }, 180_000);
});
