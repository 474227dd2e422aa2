import http from 'node:http';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LETTER_REMOVED_MARK,
  type LetterBulkResult,
  type LetterCreated,
  type LetterDetail,
  type LetterQueueItem,
  type RecordLetters,
  type SponsorLetter,
} from '@kinship/domain';
import { userSponsoreds } from '../../../db/schema/index.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../../../seed/demo.ts';
import { readEml } from '../../../../test/eml.ts';
import type { TestClient, TestResponse } from '../../../../test/http-client.ts';
import { clientAs, createPeople, type TestPerson } from '../../../../test/people.ts';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';
import {
  LETTER_ENDED_MESSAGE,
  LETTER_FLAGS_OPEN_MESSAGE,
  LETTER_NOT_SPONSOR_MESSAGE,
  LETTER_PROGRAM_MESSAGE,
} from './letters.service.ts';

/*
 * Letters (issue 24) through the whole server on the seeded demo partner: the pre-screen on what a
 * sponsor writes, who may write and read, the moderators' queue and its program scope, flags that
 * must be decided before approval, the states and their history, the sponsor's mail, and the
 * feature switched off.
 */

let t: TestApp;
let admin: TestClient;
let programAdmin: TestClient;
let moderator: TestClient;
let reporting: TestClient;
let sponsor: TestClient;
let donor: TestClient;
let anonymous: TestClient;
let kisumuSponsor: TestPerson;
let kisumuClient: TestClient;
let sponsorId: number;

const ANTIGUA_RECORD = DEMO_IDS.maskedSponsoredOfSponsor;
const ENDED = DEMO_IDS.endedSponsoredOfSponsor;
const KISUMU_RECORD = DEMO_IDS.maskedNotSponsoredOtherEntity;

type Row = Record<string, unknown>;
async function rows(query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

beforeAll(async () => {
  t = await startTestApp({ env: { LOG_LEVEL: 'silent', PORT: '3999' } });
  const signedIn = async (email: string) => {
    const client = t.client();
    await client.signIn(email, DEMO_ACCOUNTS.find((a) => a.email === email)!.password);
    return client;
  };
  [admin, programAdmin, moderator, reporting, sponsor, donor] = await Promise.all([
    signedIn('partner-admin@demo.example.org'),
    signedIn('program-admin@demo.example.org'),
    signedIn('messages@demo.example.org'),
    signedIn('reporting@demo.example.org'),
    signedIn('sponsor@demo.example.org'),
    signedIn('donor@demo.example.org'),
  ]);
  anonymous = t.client();
  kisumuSponsor = (await createPeople(t.database, 1, 'kisumu'))[0]!;
  await t.database.db
    .insert(userSponsoreds)
    .values({ partnersId: 2, usersId: kisumuSponsor!.usersId, sponsoredsId: KISUMU_RECORD });
  kisumuClient = clientAs(t.port, kisumuSponsor!);
  const [me] = await rows(sql`SELECT id FROM users WHERE email = 'sponsor@demo.example.org'`);
  sponsorId = Number(me!.id);
});
afterAll(async () => {
  await t?.close();
});

const write = (client: TestClient, record: number, body: unknown) =>
  client.post(`/api/sponsoreds/${record}/messages?partnersId=2`, body);

async function written(client: TestClient, record: number, text: string, extra: object = {}) {
  const res = await write(client, record, { body: text, ...extra });
  expect(res.status, res.text).toBe(201);
  return res.json<LetterCreated>();
}

function mediaStatus(client: TestClient, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(
        {
          host: '127.0.0.1',
          port: t.port,
          path: url,
          headers: { host: `demo.localhost:${t.port}`, cookie: client.cookieHeader },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      )
      .on('error', reject);
  });
}

async function multipart(
  client: TestClient,
  record: number,
  fields: Record<string, string>,
  files: Buffer[],
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [i, f] of files.entries())
    form.append('pictures', new Blob([new Uint8Array(f)], { type: 'image/png' }), `drawing-${i}.png`);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return client.request(
    'POST',
    `/api/sponsoreds/${record}/messages?partnersId=2`,
    undefined,
    { 'content-type': request.headers.get('content-type')! },
    Buffer.from(await request.arrayBuffer()),
  );
}

describe('the automatic pre-screen', () => {
  it('flags an email, a phone number, a link, a handle, a street address and a request for money, one each; a clean letter has none', async () => {
    const cases: Array<[string, string]> = [
      ['email', 'You can write to me at jane.doe@example.com whenever you like.'],
      ['phone', 'Call me on +1 415 555 0132 some day.'],
      ['link', 'Look at the pictures on www.example.org/holiday please.'],
      ['handle', 'Follow me on Instagram @jane_travels for more.'],
      ['address', 'Our house is at 42 Maple Street, very close to the park.'],
      ['money', 'Can you send me money for new shoes?'],
    ];
    for (const [kind, text] of cases) {
      const created = await written(sponsor, ANTIGUA_RECORD, text);
      expect(created.status).toBe('submitted');
      expect(
        created.flags.map((f) => f.kind),
        text,
      ).toContain(kind);
      const flag = created.flags.find((f) => f.kind === kind)!;
      expect(text.slice(flag.start, flag.end)).toBe(flag.text);
    }
    const clean = await written(
      sponsor,
      ANTIGUA_RECORD,
      'Dear friend, I hope school is going well. We had snow today and my dog loved it. Write soon!',
    );
    expect(clean.flags).toEqual([]);
  });

  it('uses the partner’s own word list', async () => {
    const put = await admin.request('PUT', '/api/dashboard/letters/settings?partnersId=2', {
      guidelines: 'Be kind. No contact details, no gifts.',
      words: ['visit you', 'secret'],
    });
    expect(put.status, put.text).toBe(200);
    const created = await written(sponsor, ANTIGUA_RECORD, 'I would love to visit you one day.');
    expect(created.flags.map((f) => [f.kind, f.text])).toContainEqual(['word', 'visit you']);
    const context = await sponsor.get(`/api/sponsoreds/${ANTIGUA_RECORD}/messages?partnersId=2`);
    expect(context.status).toBe(200);
    const body = context.json<RecordLetters>();
    expect(body.guidelines).toBe('Be kind. No contact details, no gifts.');
    expect(body.words).toEqual(['visit you', 'secret']);
    expect(body.canWrite).toBe(true);
    expect(body.country).toBe('US');
  });
});

describe('who may write', () => {
  it('refuses a visitor (401), a person who does not sponsor the record (403) and an ended sponsorship (409)', async () => {
    expect((await write(anonymous, ANTIGUA_RECORD, { body: 'Hi' })).status).toBe(401);
    const other = await write(donor, ANTIGUA_RECORD, { body: 'Hi' });
    expect(other.status).toBe(403);
    expect(other.text).toBe(LETTER_NOT_SPONSOR_MESSAGE);
    expect(other.headers['x-error-code']).toBe('not_sponsor');
    const ended = await write(sponsor, ENDED, { body: 'Hi' });
    expect(ended.status).toBe(409);
    expect(ended.text).toBe(LETTER_ENDED_MESSAGE);
    const context = (
      await sponsor.get(`/api/sponsoreds/${ENDED}/messages?partnersId=2`)
    ).json<RecordLetters>();
    expect(context.canWrite).toBe(false);
    expect((await donor.get(`/api/sponsoreds/${ANTIGUA_RECORD}/messages?partnersId=2`)).status).toBe(403);
  });

  it('refuses an empty or too long letter with a clear 400 and stores nothing', async () => {
    const before = await rows(sql`SELECT count(*)::int AS n FROM messages`);
    expect((await write(sponsor, ANTIGUA_RECORD, { body: '   ' })).status).toBe(400);
    expect((await write(sponsor, ANTIGUA_RECORD, { body: 'x'.repeat(5001) })).status).toBe(400);
    expect((await write(sponsor, ANTIGUA_RECORD, { body: 'Hi', language: 'not a tag!' })).status).toBe(400);
    expect(await rows(sql`SELECT count(*)::int AS n FROM messages`)).toEqual(before);
  });

  it('takes up to 3 pictures (metadata stripped) as multipart, and refuses a 4th', async () => {
    const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#3366cc' } })
      .withMetadata({ exif: { IFD0: { Artist: 'Jane Secret' } } })
      .png()
      .toBuffer();
    const res = await multipart(sponsor, ANTIGUA_RECORD, { body: 'A drawing for you!' }, [png, png]);
    expect(res.status, res.text).toBe(201);
    const id = res.json<LetterCreated>().id;
    const [row] = await rows(sql`SELECT picture_paths FROM messages WHERE id = ${id}`);
    const pictures = row!.picture_paths as string[];
    expect(pictures).toHaveLength(2);
    // The writer and moderators see them; another sponsor and a visitor do not.
    expect(await mediaStatus(sponsor, `/media/${pictures[0]}`)).toBe(200);
    expect(await mediaStatus(moderator, `/media/${pictures[0]}`)).toBe(200);
    expect(await mediaStatus(donor, `/media/${pictures[0]}`)).toBe(404);
    expect(await mediaStatus(anonymous, `/media/${pictures[0]}`)).toBe(404);
    expect(await mediaStatus(reporting, `/media/${pictures[0]}`)).toBe(404);
    const four = await multipart(sponsor, ANTIGUA_RECORD, { body: 'Too many' }, [png, png, png, png]);
    expect(four.status).toBe(413);
  });
});

describe('moderation', () => {
  it('holds a flagged letter until each flag is removed or accepted (with a reason, audited), then approves it', async () => {
    const created = await written(
      sponsor,
      ANTIGUA_RECORD,
      'Write to me at jane.doe@example.com or call +1 415 555 0132. Love, Jane',
    );
    expect(created.flags.length).toBeGreaterThanOrEqual(2);
    const refused = await moderator.post(`/api/dashboard/letters/${created.id}/approve?partnersId=2`);
    expect(refused.status).toBe(409);
    expect(refused.text).toBe(LETTER_FLAGS_OPEN_MESSAGE);
    expect(refused.headers['x-error-code']).toBe('letter_flags_open');

    const email = created.flags.find((f) => f.kind === 'email')!;
    const phone = created.flags.find((f) => f.kind === 'phone')!;
    const noReason = await moderator.post(
      `/api/dashboard/letters/${created.id}/flags/${phone.id}?partnersId=2`,
      {
        action: 'accept',
        reason: ' ',
      },
    );
    expect(noReason.status).toBe(400);

    const removed = await moderator.post(
      `/api/dashboard/letters/${created.id}/flags/${email.id}?partnersId=2`,
      {
        action: 'remove',
      },
    );
    expect(removed.status, removed.text).toBe(200);
    let letter = removed.json<LetterDetail>();
    expect(letter.body).not.toContain('jane.doe@example.com');
    expect(letter.body).toContain(LETTER_REMOVED_MARK);
    expect(letter.originalBody).toContain('jane.doe@example.com');
    expect(letter.status).toBe('in_review');
    expect(letter.canApprove).toBe(false);

    const openPhone = letter.flags.find((f) => f.kind === 'phone' && f.status === 'open')!;
    const accepted = await moderator.post(
      `/api/dashboard/letters/${created.id}/flags/${openPhone.id}?partnersId=2`,
      { action: 'accept', reason: 'The program office’s own number.' },
    );
    expect(accepted.status, accepted.text).toBe(200);
    letter = accepted.json<LetterDetail>();
    expect(letter.canApprove).toBe(true);
    const audit = await rows(
      sql`SELECT action, details FROM audit_log WHERE entity_type = 'letter' AND entity_id = ${String(created.id)} ORDER BY id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['letter.flag_removed', 'letter.flag_accepted']);
    expect((audit[1]!.details as { reason: string }).reason).toBe('The program office’s own number.');

    const approved = await moderator.post(`/api/dashboard/letters/${created.id}/approve?partnersId=2`);
    expect(approved.status, approved.text).toBe(200);
    letter = approved.json<LetterDetail>();
    expect(letter.status).toBe('approved');
    expect(letter.steps.map((s) => s.status)).toEqual(['draft', 'submitted', 'in_review', 'approved']);
    expect(letter.steps.at(-1)!.by).toBeTruthy();
    // Decided: no more edits.
    const late = await moderator.request('PATCH', `/api/dashboard/letters/${created.id}?partnersId=2`, {
      body: 'changed',
    });
    expect(late.status).toBe(409);
  });

  it('keeps the original when a moderator edits, re-screens the new text, and keeps accepted flags accepted', async () => {
    const created = await written(sponsor, ANTIGUA_RECORD, 'Hello! My number is +1 415 555 0199.');
    const phone = created.flags.find((f) => f.kind === 'phone')!;
    await moderator.post(`/api/dashboard/letters/${created.id}/flags/${phone.id}?partnersId=2`, {
      action: 'accept',
      reason: 'Office line',
    });
    const edited = await moderator.request('PATCH', `/api/dashboard/letters/${created.id}?partnersId=2`, {
      body: 'Hello friend! My number is +1 415 555 0199. Email me: a@b.example.com',
    });
    expect(edited.status, edited.text).toBe(200);
    const letter = edited.json<LetterDetail>();
    expect(letter.originalBody).toBe('Hello! My number is +1 415 555 0199.');
    expect(letter.flags.find((f) => f.kind === 'phone')!.status).toBe('accepted');
    expect(letter.flags.find((f) => f.kind === 'email')!.status).toBe('open');
    expect(letter.openFlags).toBe(1);
  });

  it('rejects with a reason the writer reads, and mails the writer once', async () => {
    const created = await written(sponsor, ANTIGUA_RECORD, 'Here is something that breaks the rules.');
    const noReason = await moderator.post(`/api/dashboard/letters/${created.id}/reject?partnersId=2`, {});
    expect(noReason.status).toBe(400);
    const res = await moderator.post(`/api/dashboard/letters/${created.id}/reject?partnersId=2`, {
      reason: 'Please leave out plans to meet',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json<LetterDetail>().status).toBe('rejected');
    const mine = (await sponsor.get(`/api/users/${sponsorId}/messages?partnersId=2`)).json<SponsorLetter[]>();
    const rejected = mine.find((l) => l.id === created.id)!;
    expect(rejected.status).toBe('rejected');
    expect(rejected.rejectionReason).toBe('Please leave out plans to meet');
    await t.runJob('events.dispatch', {});
    await t.runJob('outbox.dispatch', {});
    const mails = t
      .mailTo('sponsor@demo.example.org')
      .map(readEml)
      .filter((m) => m.subject.includes('needs a change'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Please leave out plans to meet.');
    expect(mails[0]!.text).not.toContain('breaks the rules');
    expect(mails[0]!.text).toContain('/profile/letters');
  });

  it('bulk approves the unflagged letters and says why each other one was skipped', async () => {
    const clean = await written(sponsor, ANTIGUA_RECORD, 'A clean letter about football.');
    const flagged = await written(sponsor, ANTIGUA_RECORD, 'Mail me at x@y.example.com');
    const res = await moderator.post('/api/dashboard/letters/approve?partnersId=2', {
      ids: [clean.id, flagged.id, 999999],
    });
    expect(res.status, res.text).toBe(200);
    const result = res.json<LetterBulkResult>();
    expect(result.done).toEqual([clean.id]);
    expect(result.skipped.map((s) => s.id)).toEqual([flagged.id, 999999]);
    expect(result.skipped[0]!.reason).toBe(LETTER_FLAGS_OPEN_MESSAGE);
  });

  it('records printing, sending and delivery in order, and tells the sponsor once it is delivered', async () => {
    const created = await written(sponsor, ANTIGUA_RECORD, 'Happy new school year!');
    await moderator.post(`/api/dashboard/letters/${created.id}/approve?partnersId=2`);
    // Not printed yet: it cannot be delivered? It can (a letter handed over in person), but not go backwards.
    const sent = await moderator.post('/api/dashboard/letters/steps?partnersId=2', {
      ids: [created.id],
      status: 'sent_to_program',
    });
    expect(sent.json<LetterBulkResult>().done).toEqual([created.id]);
    const again = await moderator.post('/api/dashboard/letters/steps?partnersId=2', {
      ids: [created.id],
      status: 'sent_to_program',
    });
    expect(again.json<LetterBulkResult>().skipped).toHaveLength(1);
    const delivered = await moderator.post('/api/dashboard/letters/steps?partnersId=2', {
      ids: [created.id],
      status: 'delivered',
    });
    expect(delivered.json<LetterBulkResult>().done).toEqual([created.id]);
    const mine = (await sponsor.get(`/api/users/${sponsorId}/messages?partnersId=2`)).json<SponsorLetter[]>();
    const letter = mine.find((l) => l.id === created.id)!;
    expect(letter.steps.map((s) => s.status)).toEqual([
      'draft',
      'submitted',
      'approved',
      'sent_to_program',
      'delivered',
    ]);
    expect(letter.steps.every((s) => s.by === null)).toBe(true);
    await t.runJob('events.dispatch', {});
    await t.runJob('outbox.dispatch', {});
    expect(
      t
        .mailTo('sponsor@demo.example.org')
        .map(readEml)
        .filter((m) => m.subject.includes('has arrived')),
    ).toHaveLength(1);
  });
});

describe('nobody reads a letter before approval', () => {
  it('shows a typed reply to its sponsor only once approved, and mails them then', async () => {
    const original = await written(sponsor, ANTIGUA_RECORD, 'How is your football team doing?');
    await moderator.post(`/api/dashboard/letters/${original.id}/approve?partnersId=2`);
    const typed = await moderator.post('/api/dashboard/letters?partnersId=2', {
      replyToId: original.id,
      body: 'We won the cup! Thank you for asking.',
    });
    expect(typed.status, typed.text).toBe(201);
    const reply = typed.json<LetterDetail>();
    expect(reply.direction).toBe('to_sponsor');
    expect(reply.status).toBe('submitted');

    const before = (await sponsor.get(`/api/users/${sponsorId}/messages?partnersId=2`)).json<
      SponsorLetter[]
    >();
    expect(before.some((l) => l.id === reply.id)).toBe(false);
    expect((await sponsor.get(`/api/messages/${reply.id}/pdf?partnersId=2`)).status).toBe(404);
    const exported = async () =>
      (await sponsor.get(`/api/users/${sponsorId}/export?partnersId=2`))
        .json<{ messages: Array<{ id: number }> }>()
        .messages.map((l) => l.id);
    expect(await exported()).not.toContain(reply.id);
    expect(await exported()).toContain(original.id);

    await moderator.post(`/api/dashboard/letters/${reply.id}/approve?partnersId=2`);
    const after = (await sponsor.get(`/api/users/${sponsorId}/messages?partnersId=2`)).json<
      SponsorLetter[]
    >();
    const read = after.find((l) => l.id === reply.id)!;
    expect(read.body).toBe('We won the cup! Thank you for asking.');
    expect(await exported()).toContain(reply.id);
    expect(read.status).toBe('delivered');
    await t.runJob('events.dispatch', {});
    await t.runJob('outbox.dispatch', {});
    const mails = t
      .mailTo('sponsor@demo.example.org')
      .map(readEml)
      .filter((m) => m.subject.includes('has written to you'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).not.toContain('We won the cup');
  });

  it('keeps the queue and every letter to moderators of its program', async () => {
    const kisumu = await written(kisumuClient, KISUMU_RECORD, 'Hello from Texas!');
    const antigua = await written(sponsor, ANTIGUA_RECORD, 'Hello from the demo sponsor!');
    const queueOf = async (client: TestClient) => {
      const res = await client.get('/api/dashboard/letters?partnersId=2&pageSize=500');
      return { res, ids: res.status === 200 ? res.json<LetterQueueItem[]>().map((l) => l.id) : [] };
    };
    const all = await queueOf(moderator);
    expect(all.ids).toEqual(expect.arrayContaining([kisumu.id, antigua.id]));
    expect(all.res.headers['x-total-count']).toBe(String(all.ids.length));
    const scoped = await queueOf(programAdmin);
    expect(scoped.ids).toContain(antigua.id);
    expect(scoped.ids).not.toContain(kisumu.id);
    const other = await programAdmin.get(`/api/dashboard/letters/${kisumu.id}?partnersId=2`);
    expect(other.status).toBe(403);
    expect(other.text).toBe(LETTER_PROGRAM_MESSAGE);
    expect((await programAdmin.post(`/api/dashboard/letters/${kisumu.id}/approve?partnersId=2`)).status).toBe(
      403,
    );
    expect((await programAdmin.get(`/api/messages/${kisumu.id}/pdf?partnersId=2`)).status).toBe(404);
    // Staff without letters.moderate, other sponsors and visitors: nothing.
    expect((await reporting.get('/api/dashboard/letters?partnersId=2')).status).toBe(403);
    expect((await reporting.get(`/api/dashboard/letters/${antigua.id}?partnersId=2`)).status).toBe(403);
    expect((await donor.get('/api/dashboard/letters?partnersId=2')).status).toBe(403);
    expect((await anonymous.get('/api/dashboard/letters?partnersId=2')).status).toBe(401);
    expect((await donor.get(`/api/users/${sponsorId}/messages?partnersId=2`)).status).toBe(403);
    expect((await anonymous.get(`/api/users/${sponsorId}/messages?partnersId=2`)).status).toBe(401);
    const kisumuOwn = (
      await kisumuClient.get(`/api/users/${kisumuSponsor.usersId}/messages?partnersId=2`)
    ).json<SponsorLetter[]>();
    expect(kisumuOwn.map((l) => l.id)).toEqual([kisumu.id]);
    for (const client of [donor, anonymous, reporting, kisumuClient]) {
      expect((await client.get(`/api/messages/${antigua.id}/pdf?partnersId=2`)).status).toBe(404);
    }
  });

  it('filters the queue by state, direction, flag, program and assignee', async () => {
    const flagged = await written(sponsor, ANTIGUA_RECORD, 'Send me a gift card please');
    const list = async (query: string) =>
      (await moderator.get(`/api/dashboard/letters?partnersId=2&pageSize=500&${query}`)).json<
        LetterQueueItem[]
      >();
    expect((await list('flagged=true')).every((l) => l.openFlags > 0)).toBe(true);
    expect((await list('flagged=false')).every((l) => l.openFlags === 0)).toBe(true);
    expect((await list('flag=money')).map((l) => l.id)).toContain(flagged.id);
    expect((await list(`programId=${DEMO_IDS.otherDemoEntity}`)).every((l) => l.programId === 2)).toBe(true);
    expect((await list('status=approved')).every((l) => l.status === 'approved')).toBe(true);
    expect(
      (await list('direction=to_sponsor&status=delivered')).every((l) => l.direction === 'to_sponsor'),
    ).toBe(true);
    const assignees = (await moderator.get('/api/dashboard/letters/assignees?partnersId=2')).json<
      Array<{ id: number; name: string }>
    >();
    const me = assignees.find((a) => a.name.length > 0)!;
    const assigned = await moderator.request('PATCH', `/api/dashboard/letters/${flagged.id}?partnersId=2`, {
      assigneeId: me.id,
    });
    expect(assigned.status, assigned.text).toBe(200);
    expect((await list(`assignee=${me.id}`)).map((l) => l.id)).toContain(flagged.id);
    expect((await list('assignee=none')).map((l) => l.id)).not.toContain(flagged.id);
    const stranger = await moderator.request('PATCH', `/api/dashboard/letters/${flagged.id}?partnersId=2`, {
      assigneeId: sponsorId,
    });
    expect(stranger.status).toBe(400);
    expect((await moderator.get('/api/dashboard/letters?partnersId=2&status=nope')).status).toBe(400);
  });

  it('pages the queue oldest first, each page a slice of the whole with the same total, scoped or searched', async () => {
    const mine: number[] = [];
    for (const text of ['First of three', 'Second of three', 'Third of three'])
      mine.push((await written(sponsor, ANTIGUA_RECORD, text)).id);
    const whole = (await moderator.get('/api/dashboard/letters?partnersId=2&pageSize=500')).json<
      LetterQueueItem[]
    >();
    const code = whole.find((l) => l.id === mine[0])!.recordCode;
    expect(code).toBeTruthy();
    for (const [client, query] of [
      [moderator, ''],
      [programAdmin, ''],
      [moderator, `&q=${encodeURIComponent(code!)}`],
      [programAdmin, '&flagged=false&direction=to_sponsored'],
    ] as const) {
      const all = (await client.get(`/api/dashboard/letters?partnersId=2&pageSize=500${query}`)).json<
        LetterQueueItem[]
      >();
      expect(all.map((l) => l.id)).toEqual(expect.arrayContaining(mine));
      const times = all.map((l) => l.submittedAt ?? '');
      expect(times).toEqual([...times].sort());
      const paged: number[] = [];
      for (let page = 1; (page - 1) * 2 < all.length; page++) {
        const res = await client.get(`/api/dashboard/letters?partnersId=2&pageSize=2&page=${page}${query}`);
        expect(res.headers['x-total-count']).toBe(String(all.length));
        paged.push(...res.json<LetterQueueItem[]>().map((l) => l.id));
      }
      expect(paged).toEqual(all.map((l) => l.id));
    }
  });

  it('searches the queue by the letter’s text and its sponsor’s name, as the search box says', async () => {
    const word = `zebra${Date.now().toString(36)}`;
    const letter = await written(sponsor, ANTIGUA_RECORD, `We saw a ${word} at the park.`);
    const search = async (q: string) => {
      const res = await moderator.get(
        `/api/dashboard/letters?partnersId=2&pageSize=500&q=${encodeURIComponent(q)}`,
      );
      expect(res.status, res.text).toBe(200);
      const items = res.json<LetterQueueItem[]>();
      expect(res.headers['x-total-count']).toBe(String(items.length));
      return items;
    };
    const byText = await search(word.toUpperCase());
    expect(byText.map((l) => l.id)).toEqual([letter.id]);
    const sponsorName = byText[0]!.sponsorFirstName;
    const bySponsor = await search(sponsorName);
    expect(bySponsor.map((l) => l.id)).toContain(letter.id);
    expect(
      bySponsor.every((l) => l.sponsorFirstName === sponsorName || l.recordName.includes(sponsorName)),
    ).toBe(true);
    expect(await search(`${word}-nobody-wrote-this`)).toEqual([]);
  });
});

describe('drafts', () => {
  it('keeps a draft to its writer, lets them change and send it, and refuses changes once sent', async () => {
    const draft = await written(sponsor, ANTIGUA_RECORD, 'Dear Ana, (to finish)', { draft: true });
    expect(draft.status).toBe('draft');
    const queue = (await moderator.get('/api/dashboard/letters?partnersId=2&pageSize=500')).json<
      LetterQueueItem[]
    >();
    expect(queue.some((l) => l.id === draft.id)).toBe(false);
    expect((await moderator.get(`/api/dashboard/letters/${draft.id}?partnersId=2`)).status).toBe(404);
    expect(
      (await donor.request('PATCH', `/api/messages/${draft.id}?partnersId=2`, { body: 'x' })).status,
    ).toBe(404);
    const sent = await sponsor.request('PATCH', `/api/messages/${draft.id}?partnersId=2`, {
      body: 'Dear Ana, I hope you are well.',
      draft: false,
    });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json<SponsorLetter>().status).toBe('submitted');
    expect(
      (await sponsor.request('PATCH', `/api/messages/${draft.id}?partnersId=2`, { body: 'y' })).status,
    ).toBe(409);
    expect((await sponsor.request('DELETE', `/api/messages/${draft.id}?partnersId=2`)).status).toBe(409);
    const other = await written(sponsor, ANTIGUA_RECORD, 'Never mind', { draft: true });
    expect((await sponsor.request('DELETE', `/api/messages/${other.id}?partnersId=2`)).status).toBe(204);
    expect(await rows(sql`SELECT id FROM messages WHERE id = ${other.id}`)).toEqual([]);
  });
});

describe('typical time to the next step', () => {
  it('says how long the next step usually takes, from the partner’s own history', async () => {
    const { forgetTypicalTimes } = await import('./letters.service.ts');
    // Five letters of last month, each delivered 18 to 20 days after it was sent to the program.
    for (let i = 0; i < 5; i++) {
      const created = await written(sponsor, ANTIGUA_RECORD, `History letter ${i}`);
      await moderator.post(`/api/dashboard/letters/${created.id}/approve?partnersId=2`);
      await moderator.post('/api/dashboard/letters/steps?partnersId=2', {
        ids: [created.id],
        status: 'sent_to_program',
      });
      await moderator.post('/api/dashboard/letters/steps?partnersId=2', {
        ids: [created.id],
        status: 'delivered',
      });
      await t.database.db.execute(
        sql`UPDATE message_steps SET at = at - make_interval(days => ${18 + (i % 3)}) WHERE messages_id = ${created.id} AND status <> 'delivered'`,
      );
    }
    forgetTypicalTimes();
    const created = await written(sponsor, ANTIGUA_RECORD, 'Waiting letter');
    await moderator.post(`/api/dashboard/letters/${created.id}/approve?partnersId=2`);
    await moderator.post('/api/dashboard/letters/steps?partnersId=2', {
      ids: [created.id],
      status: 'sent_to_program',
    });
    const mine = (await sponsor.get(`/api/users/${sponsorId}/messages?partnersId=2`)).json<SponsorLetter[]>();
    const letter = mine.find((l) => l.id === created.id)!;
    expect(letter.nextStep).toEqual({ status: 'delivered', typicalDays: 20 });
  });
});

describe('feature 4 off', () => {
  it('answers 404 on every letters route', async () => {
    const [mapleSponsor] = await createPeople(t.database, 1, 'maple');
    await t.database.db
      .insert(userSponsoreds)
      .values({ partnersId: 3, usersId: mapleSponsor!.usersId, sponsoredsId: DEMO_IDS.mapleStudent });
    const maple = clientAs(t.port, mapleSponsor!, 'maple.localhost');
    const mapleAdmin = t.client('maple.localhost');
    await mapleAdmin.signIn(
      'admin@maple.example.org',
      DEMO_ACCOUNTS.find((a) => a.email === 'admin@maple.example.org')!.password,
    );
    const responses: TestResponse[] = [
      await maple.post(`/api/sponsoreds/${DEMO_IDS.mapleStudent}/messages?partnersId=3`, { body: 'Hi' }),
      await maple.get(`/api/sponsoreds/${DEMO_IDS.mapleStudent}/messages?partnersId=3`),
      await maple.get(`/api/users/${mapleSponsor!.usersId}/messages?partnersId=3`),
      await mapleAdmin.get('/api/dashboard/letters?partnersId=3'),
      await mapleAdmin.get('/api/dashboard/letters/settings?partnersId=3'),
      await mapleAdmin.get('/api/dashboard/letters/assignees?partnersId=3'),
    ];
    expect(responses.map((r) => r.status)).toEqual([404, 404, 404, 404, 404, 404]);
    expect(await rows(sql`SELECT id FROM messages WHERE partners_id = 3`)).toEqual([]);
  });
});
