import http from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  letterQrText,
  type LetterCreated,
  type LetterDetail,
  type LetterScanPage,
  type SponsorLetter,
} from '@kinship/domain';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../../../seed/demo.ts';
import type { TestClient } from '../../../../test/http-client.ts';
import { photographedReplyPage } from '../../../../test/letter-photo.ts';
import { pdfText } from '../../../../test/pdf-text.ts';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';
import { NOTHING_TO_PRINT_MESSAGE } from './letters-paper.service.ts';

/*
 * Letters on paper (issue 24): a letter as message.pdf to whoever may read it and nobody else, the
 * print batch of a program's approved letters, and photographed replies matched back by their QR
 * code (or by hand), then reviewed like any letter before the sponsor reads them.
 */

let t: TestApp;
let moderator: TestClient;
let programAdmin: TestClient;
let sponsor: TestClient;
let donor: TestClient;
let sponsorId: number;
const RECORD = DEMO_IDS.maskedSponsoredOfSponsor; // Antigua, sponsored by sponsor@

type Row = Record<string, unknown>;
async function rows(query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

beforeAll(async () => {
  t = await startTestApp();
  const signedIn = async (email: string) => {
    const client = t.client();
    await client.signIn(email, DEMO_ACCOUNTS.find((a) => a.email === email)!.password);
    return client;
  };
  [moderator, programAdmin, sponsor, donor] = await Promise.all([
    signedIn('messages@demo.example.org'),
    signedIn('program-admin@demo.example.org'),
    signedIn('sponsor@demo.example.org'),
    signedIn('donor@demo.example.org'),
  ]);
  sponsorId = Number((await rows(sql`SELECT id FROM users WHERE email = 'sponsor@demo.example.org'`))[0]!.id);
});
afterAll(async () => {
  await t?.close();
});

/** A binary answer (TestClient decodes text). */
function fetchBinary(
  client: TestClient,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; data: Buffer }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: t.port,
        method,
        path,
        headers: {
          host: `demo.localhost:${t.port}`,
          origin: `http://demo.localhost:${t.port}`,
          cookie: client.cookieHeader,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, data: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

async function written(text: string): Promise<number> {
  const res = await sponsor.post(`/api/sponsoreds/${RECORD}/messages?partnersId=2`, { body: text });
  expect(res.status, res.text).toBe(201);
  return res.json<LetterCreated>().id;
}

async function approved(text: string): Promise<number> {
  const id = await written(text);
  const res = await moderator.post(`/api/dashboard/letters/${id}/approve?partnersId=2`);
  expect(res.status, res.text).toBe(200);
  return id;
}

async function uploadScan(client: TestClient, file: Buffer, name: string, type: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type }), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return client.request(
    'POST',
    '/api/dashboard/letters/scans?partnersId=2',
    undefined,
    { 'content-type': request.headers.get('content-type')! },
    Buffer.from(await request.arrayBuffer()),
  );
}

describe('GET messages/{id}/pdf', () => {
  it('answers the letter as a PDF named message.pdf to its writer and moderators, and 404 to anyone else', async () => {
    const id = await written('Dear Ana, the river near our house froze this week.');
    const mine = await fetchBinary(sponsor, 'GET', `/api/messages/${id}/pdf?partnersId=2`);
    expect(mine.status).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['content-disposition']).toBe('attachment; filename="message.pdf"');
    expect(mine.data.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(mine.data)).toContain('the river near our house froze');
    expect((await fetchBinary(moderator, 'GET', `/api/messages/${id}/pdf?partnersId=2`)).status).toBe(200);
    expect((await fetchBinary(donor, 'GET', `/api/messages/${id}/pdf?partnersId=2`)).status).toBe(404);
    expect((await fetchBinary(t.client(), 'GET', `/api/messages/${id}/pdf?partnersId=2`)).status).toBe(404);
  });
});

describe('printing and scanned replies', () => {
  let printed: number[] = [];

  it('prints the program’s approved letters, a letter a page with the sponsor’s first name only, and marks them printed', async () => {
    printed = [await approved('First letter to print.'), await approved('Second letter to print.')];
    const refused = await programAdmin.post('/api/dashboard/letters/print?partnersId=2', {
      programId: DEMO_IDS.otherDemoEntity,
    });
    expect(refused.status).toBe(403);
    const res = await fetchBinary(moderator, 'POST', '/api/dashboard/letters/print?partnersId=2', {
      programId: DEMO_IDS.programAdminEntity,
    });
    expect(res.status, res.data.toString()).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="letters.pdf"');
    const text = pdfText(res.data);
    expect(text).toContain('First letter to print.');
    expect(text).toContain('Second letter to print.');
    const [person] = await rows(sql`SELECT first_name, last_name, email FROM users WHERE id = ${sponsorId}`);
    expect(text).toContain(String(person!.first_name));
    expect(text).not.toContain(String(person!.last_name));
    expect(text).not.toContain(String(person!.email));
    const states = await rows(sql`SELECT status FROM messages WHERE id IN (${printed[0]}, ${printed[1]})`);
    expect(states.map((s) => s.status)).toEqual(['printed', 'printed']);
    const again = await moderator.post('/api/dashboard/letters/print?partnersId=2', {
      programId: DEMO_IDS.programAdminEntity,
    });
    expect(again.status).toBe(409);
    expect(again.text).toBe(NOTHING_TO_PRINT_MESSAGE);
  });

  it('matches a photographed reply page by its QR code; the sponsor reads it only after approval', async () => {
    const photo = await photographedReplyPage(letterQrText(2, printed[0]!));
    const res = await uploadScan(moderator, photo, 'reply.jpg', 'image/jpeg');
    expect(res.status, res.text).toBe(201);
    const [page] = res.json<LetterScanPage[]>();
    expect(page!.replyToId).toBe(printed[0]);
    expect(page!.problem).toBeNull();
    const reply = page!.letterId!;
    const detail = (await moderator.get(`/api/dashboard/letters/${reply}?partnersId=2`)).json<LetterDetail>();
    expect(detail.direction).toBe('to_sponsor');
    expect(detail.status).toBe('submitted');
    expect(detail.hasScan).toBe(true);

    const before = (await sponsor.get(`/api/users/${sponsorId}/messages?partnersId=2`)).json<
      SponsorLetter[]
    >();
    expect(before.some((l) => l.id === reply)).toBe(false);
    expect((await fetchBinary(sponsor, 'GET', page!.picture)).status).toBe(404);

    expect((await moderator.post(`/api/dashboard/letters/${reply}/approve?partnersId=2`)).status).toBe(200);
    const after = (await sponsor.get(`/api/users/${sponsorId}/messages?partnersId=2`)).json<
      SponsorLetter[]
    >();
    const read = after.find((l) => l.id === reply)!;
    expect(read.hasScan).toBe(true);
    expect(read.pictures).toEqual([page!.picture]);
    expect((await fetchBinary(sponsor, 'GET', page!.picture)).status).toBe(200);
    expect((await fetchBinary(donor, 'GET', page!.picture)).status).toBe(404);
    const pdf = await fetchBinary(sponsor, 'GET', `/api/messages/${reply}/pdf?partnersId=2`);
    expect(pdf.status).toBe(200);
  }, 30_000);

  it('keeps a page without a readable code for matching by hand, once', async () => {
    const photo = await photographedReplyPage('', { withoutCode: true });
    const res = await uploadScan(moderator, photo, 'no-code.jpg', 'image/jpeg');
    expect(res.status, res.text).toBe(201);
    const [page] = res.json<LetterScanPage[]>();
    expect(page!.letterId).toBeNull();
    expect(page!.problem).toBeTruthy();
    const waiting = (await moderator.get('/api/dashboard/letters/scans?partnersId=2&unmatched=true')).json<
      LetterScanPage[]
    >();
    expect(waiting.map((p) => p.id)).toContain(page!.id);
    const matched = await moderator.post(`/api/dashboard/letters/scans/${page!.id}/match?partnersId=2`, {
      replyToId: printed[1],
    });
    expect(matched.status, matched.text).toBe(200);
    expect(matched.json<LetterScanPage>().letterId).toBeTruthy();
    const twice = await moderator.post(`/api/dashboard/letters/scans/${page!.id}/match?partnersId=2`, {
      replyToId: printed[1],
    });
    expect(twice.status).toBe(409);
    const notFile = await uploadScan(moderator, Buffer.from('just text'), 'notes.txt', 'text/plain');
    expect(notFile.status).toBe(415);
  }, 30_000);
});
