import http from 'node:http';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  UPDATE_REFUSED_MESSAGE,
  UPDATE_SIGN_IN_MESSAGE,
  type SponsoredUpdatePage,
  type Update,
  type UpdatePostDetail,
  type UpdatePostSummary,
} from '@kinship/domain';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../../../seed/demo.ts';
import type { TestClient, TestResponse } from '../../../../test/http-client.ts';
import { linksIn, readEml } from '../../../../test/eml.ts';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';
import { UPDATE_ALREADY_SENT, UPDATES_FORBIDDEN } from './updates.service.ts';
import { distributePost } from './updates.distribution.ts';

/*
 * Updates to sponsors (issue 13 item 2) through the whole server on the seeded demo partner: the
 * Updates section's writes and their program scope, the distribution job (once each per update and
 * person, across a retried or repeated run), scheduling, sanitising, the update page's access for
 * each kind of viewer, opened counts, and the privacy of an update's pictures.
 */

let t: TestApp;
let admin: TestClient;
let programAdmin: TestClient;
let messages: TestClient;
let reporting: TestClient;
let sponsor: TestClient;
let donor: TestClient;
let anonymous: TestClient;

const MASKED_OF_SPONSOR = DEMO_IDS.maskedSponsoredOfSponsor; // Antigua, sponsored by sponsor@
const MASKED_ELSEWHERE = DEMO_IDS.maskedNotSponsoredOtherEntity; // Kisumu, no sponsor
const ENDED = DEMO_IDS.endedSponsoredOfSponsor; // sponsor@'s sponsorship ended
const TEACHER_OF_SPONSOR = DEMO_IDS.sponsoredOfSponsorTeacher; // also sponsored by sponsor@ (2 slots)

type Row = Record<string, unknown>;
async function rows(query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
}
const one = async (query: ReturnType<typeof sql>) => Number((await rows(query))[0]!.n);

beforeAll(async () => {
  t = await startTestApp({ env: { LOG_LEVEL: process.env.UPD_LOG ?? 'silent', PORT: '3999' } });
  const signedIn = async (email: string) => {
    const client = t.client();
    await client.signIn(email, DEMO_ACCOUNTS.find((a) => a.email === email)!.password);
    return client;
  };
  [admin, programAdmin, messages, reporting, sponsor, donor] = await Promise.all([
    signedIn('partner-admin@demo.example.org'),
    signedIn('program-admin@demo.example.org'),
    signedIn('messages@demo.example.org'),
    signedIn('reporting@demo.example.org'),
    signedIn('sponsor@demo.example.org'),
    signedIn('donor@demo.example.org'),
  ]);
  anonymous = t.client();
});
afterAll(async () => {
  await t?.close();
});

const body = (over: Record<string, unknown> = {}) => ({
  title: 'Term report',
  updateMessage: '<p>Exams went <strong>well</strong>.</p>',
  audience: { kind: 'records', sponsoredsIds: [MASKED_OF_SPONSOR, MASKED_ELSEWHERE] },
  schedule: false,
  ...over,
});

function patch(client: TestClient, id: number, payload: unknown) {
  return client.request('PATCH', `/api/dashboard/updates/${id}?partnersId=2`, payload);
}

async function createPost(client: TestClient, over: Record<string, unknown> = {}): Promise<UpdatePostDetail> {
  const res = await client.post('/api/dashboard/updates?partnersId=2', body(over));
  expect(res.status, res.text).toBe(201);
  return res.json<UpdatePostDetail>();
}

async function picturePng(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: '#33aa55' } })
    .png()
    .toBuffer();
}

async function uploadPicture(client: TestClient, id: number): Promise<TestResponse> {
  const form = new FormData();
  form.append('images', new Blob([new Uint8Array(await picturePng())], { type: 'image/png' }), 'class.png');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return client.request(
    'POST',
    `/api/dashboard/updates/${id}/pictures?partnersId=2`,
    undefined,
    { 'content-type': request.headers.get('content-type')! },
    Buffer.from(await request.arrayBuffer()),
  );
}

/** A stored picture's status as this client gets it (TestClient decodes text, so Node's http). */
function mediaStatus(client: TestClient, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(
        {
          host: '127.0.0.1',
          port: client.port,
          path: url,
          headers: { host: `${client.host}:${client.port}`, cookie: client.cookieHeader },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      )
      .on('error', reject);
  });
}

const codeOf = async (postId: number, sponsoredsId: number) =>
  String(
    (
      await rows(
        sql`SELECT code FROM updates WHERE update_posts_id = ${postId} AND sponsoreds_id = ${sponsoredsId}`,
      )
    )[0]!.code,
  );

const distribute = (updatePostsId?: number) =>
  t.runJob('updates.distribute', updatePostsId === undefined ? {} : { updatePostsId });

const activeSponsorsOf = (id: number) =>
  one(
    sql`SELECT count(DISTINCT users_id)::int AS n FROM user_sponsoreds WHERE sponsoreds_id = ${id} AND date_ended IS NULL`,
  );

describe('writing an update', () => {
  it('saves a sanitised draft with its records, edits it, and deletes it', async () => {
    const draft = await createPost(admin, {
      updateMessage:
        '<p onclick="steal()">Hello<script>alert(1)</script></p><iframe src="x"></iframe><a href="javascript:x()">link</a>',
    });
    expect(draft).toMatchObject({
      status: 'draft',
      title: 'Term report',
      recordsCount: 2,
      sentCount: 0,
      openedCount: 0,
    });
    expect(draft.updateMessage).toBe('<p>Hello</p><a rel="noopener noreferrer">link</a>');
    expect(draft.records.map((r) => r.id)).toEqual(
      [MASKED_OF_SPONSOR, MASKED_ELSEWHERE].sort((a, b) => a - b),
    );

    const edited = await patch(
      admin,
      draft.id,
      body({
        title: 'Term report, edited',
        audience: { kind: 'records', sponsoredsIds: [MASKED_OF_SPONSOR] },
      }),
    );
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json<UpdatePostDetail>()).toMatchObject({
      title: 'Term report, edited',
      recordsCount: 1,
      audienceLabel: 'One record',
    });

    const list = await admin.get('/api/dashboard/updates?partnersId=2&status=draft');
    expect(list.json<UpdatePostSummary[]>().map((p) => p.id)).toContain(draft.id);

    expect((await admin.request('DELETE', `/api/dashboard/updates/${draft.id}?partnersId=2`)).status).toBe(
      204,
    );
    expect((await admin.get(`/api/dashboard/updates/${draft.id}?partnersId=2`)).status).toBe(404);
  });

  it('refuses an empty message, an unknown record and a program or type of no records with field errors', async () => {
    const empty = await admin.post(
      '/api/dashboard/updates?partnersId=2',
      body({ updateMessage: '<script>x</script>' }),
    );
    expect(empty.status).toBe(400);
    expect(empty.json<{ errors: unknown[] }>().errors).toEqual([
      { field: 'updateMessage', message: 'Required.' },
    ]);
    const unknown = await admin.post(
      '/api/dashboard/updates?partnersId=2',
      body({ audience: { kind: 'records', sponsoredsIds: [MASKED_OF_SPONSOR, 987654] } }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.json<{ errors: unknown[] }>().errors).toEqual([
      { field: 'audience.sponsoredsIds', message: 'Record 987654 was not found.' },
    ]);
    const otherPartnersProgram = await admin.post(
      '/api/dashboard/updates?partnersId=2',
      body({ audience: { kind: 'program', entitiesId: DEMO_IDS.mapleEntity } }),
    );
    expect(otherPartnersProgram.status).toBe(400);
  });

  it('keeps a program-scoped person to their programs: no writing to another program, no seeing its posts', async () => {
    const refused = await programAdmin.post('/api/dashboard/updates?partnersId=2', body());
    expect(refused.status).toBe(403);
    expect(refused.text).toBe(UPDATES_FORBIDDEN);
    const adminsPost = await createPost(admin);
    const own = await createPost(programAdmin, {
      audience: { kind: 'records', sponsoredsIds: [MASKED_OF_SPONSOR] },
    });
    const listed = (await programAdmin.get('/api/dashboard/updates?partnersId=2&pageSize=100')).json<
      UpdatePostSummary[]
    >();
    expect(listed.map((p) => p.id)).toContain(own.id);
    expect(listed.map((p) => p.id)).not.toContain(adminsPost.id);
    expect((await programAdmin.get(`/api/dashboard/updates/${adminsPost.id}?partnersId=2`)).status).toBe(403);
    expect(
      (await programAdmin.request('DELETE', `/api/dashboard/updates/${adminsPost.id}?partnersId=2`)).status,
    ).toBe(403);
    // A type audience is that type within their programs.
    const typePost = await createPost(programAdmin, {
      audience: { kind: 'type', partnerSponsoredTypesId: DEMO_IDS.types.demo.students },
    });
    const programs = await rows(
      sql`SELECT DISTINCT entities_id FROM sponsoreds WHERE id = ANY(${`{${typePost.records.map((r) => r.id).join(',')}}`}::int[])`,
    );
    expect(programs).toEqual([{ entities_id: DEMO_IDS.programAdminEntity }]);
  });

  it('lets Messages write and refuses Reporting, sponsors and visitors', async () => {
    await createPost(messages);
    expect((await reporting.get('/api/dashboard/updates?partnersId=2')).status).toBe(403);
    expect((await sponsor.post('/api/dashboard/updates?partnersId=2', body())).status).toBe(403);
    expect((await anonymous.get('/api/dashboard/updates?partnersId=2')).status).toBe(401);
  });
});

describe('distributing an update', () => {
  let post: UpdatePostDetail;
  let picture: string;

  beforeAll(async () => {
    post = await createPost(admin, { title: 'Sports day' });
    const uploaded = await uploadPicture(admin, post.id);
    expect(uploaded.status, uploaded.text).toBe(201);
    picture = uploaded.json<UpdatePostDetail>().picturePaths[0]!;
    expect(picture).toMatch(new RegExp(`^updates/${post.id}/[0-9a-f-]{36}/large\\.webp$`));
  });

  it("keeps a draft's pictures from everyone but the partner's staff", async () => {
    expect(await mediaStatus(admin, `/media/${picture}`)).toBe(200);
    expect(await mediaStatus(sponsor, `/media/${picture}`)).toBe(404);
    expect(await mediaStatus(anonymous, `/media/${picture}`)).toBe(404);
  });

  it('schedules the job at the distribution time and sends nothing before it', async () => {
    const later = new Date(Date.now() + 3_600_000);
    const scheduled = await patch(
      admin,
      post.id,
      body({ title: 'Sports day', schedule: true, distributeAt: later.toISOString() }),
    );
    expect(scheduled.status, scheduled.text).toBe(200);
    expect(scheduled.json<UpdatePostDetail>()).toMatchObject({
      status: 'scheduled',
      distributeAt: later.toISOString(),
      picturesCount: 1,
    });
    const jobs = await rows(
      sql`SELECT start_after FROM pgboss.job WHERE name = 'updates.distribute' AND (data->>'updatePostsId')::int = ${post.id}`,
    );
    expect(jobs.map((j) => new Date(String(j.start_after)).getTime())).toEqual([later.getTime()]);
    expect(await distribute(post.id)).toEqual({ posts: 0, records: 0, notices: 0 });
    expect(await distribute()).toMatchObject({ notices: 0 });
    expect(await one(sql`SELECT count(*)::int AS n FROM updates WHERE update_posts_id = ${post.id}`)).toBe(0);
  });

  it('at its time emails every active sponsor once, even when the job runs again or is retried', async () => {
    await t.database.db.execute(
      sql`UPDATE update_posts SET distribute_at = now() - interval '1 minute' WHERE id = ${post.id}`,
    );
    const sponsors = await activeSponsorsOf(MASKED_OF_SPONSOR);
    expect(sponsors).toBeGreaterThan(0);
    // The periodic sweep finds it.
    expect(await distribute()).toEqual({ posts: 1, records: 2, notices: sponsors });
    expect(await distribute(post.id)).toEqual({ posts: 0, records: 0, notices: 0 });
    // A retry after a lost commit of the post's status writes no second update, notice or mail.
    await t.database.db.execute(sql`UPDATE update_posts SET status = 'scheduled' WHERE id = ${post.id}`);
    expect(await distribute(post.id)).toEqual({ posts: 1, records: 2, notices: 0 });
    expect(await one(sql`SELECT count(*)::int AS n FROM updates WHERE update_posts_id = ${post.id}`)).toBe(2);
    const notices = await one(
      sql`SELECT count(*)::int AS n FROM update_notices n JOIN updates u ON u.id = n.updates_id WHERE u.update_posts_id = ${post.id}`,
    );
    expect(notices).toBe(sponsors);
    const mails = await one(
      sql`SELECT count(*)::int AS n FROM email_outbox WHERE kind = 'update_notice' AND dedupe_key LIKE 'update-post:%' AND subject LIKE '%Sports day%'`,
    );
    expect(mails).toBe(sponsors);

    await t.runJob('outbox.dispatch', {});
    const code = await codeOf(post.id, MASKED_OF_SPONSOR);
    expect(code).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const mail = t
      .mailTo('sponsor@demo.example.org')
      .map(readEml)
      .find((m) => m.subject.includes('Sports day'));
    const [{ first_name: firstName }] = (await rows(
      sql`SELECT first_name FROM sponsoreds WHERE id = ${MASKED_OF_SPONSOR}`,
    )) as [{ first_name: string }];
    expect(mail!.subject).toBe(`Bright Futures Demo: Sports day (an update about ${firstName})`);
    expect(mail!.text).not.toContain(
      String(
        (await rows(sql`SELECT last_name FROM sponsoreds WHERE id = ${MASKED_OF_SPONSOR}`))[0]!.last_name,
      ),
    );
    expect(linksIn(mail!)).toContain(`http://demo.localhost:3999/sponsored/update/${code}`);
    const list = (await admin.get('/api/dashboard/updates?partnersId=2&status=sent')).json<
      UpdatePostSummary[]
    >();
    expect(list.find((p) => p.id === post.id)).toMatchObject({
      status: 'sent',
      sentCount: sponsors,
      openedCount: 0,
    });
  });

  it('sends each notice once when two runs race', async () => {
    const racing = await createPost(admin, { title: 'Race', schedule: true });
    const [a, b] = await Promise.all([distribute(racing.id), distribute(racing.id)]);
    expect(a.posts! + b.posts!).toBe(1);
    expect(a.notices! + b.notices!).toBe(await activeSponsorsOf(MASKED_OF_SPONSOR));
  });

  it('is read by an active sponsor (counted opened once), staff of the program, and refused to everyone else', async () => {
    const code = await codeOf(post.id, MASKED_OF_SPONSOR);
    const url = `/api/sponsored-updates/${code}?partnersId=2`;
    const read = await sponsor.get(url);
    expect(read.status).toBe(200);
    expect(read.json<SponsoredUpdatePage>()).toMatchObject({
      title: 'Sports day',
      sponsoredsId: MASKED_OF_SPONSOR,
      updateMessage: `<p>Exams went <strong>well</strong>.</p><p><img src="/media/${picture}" alt="" loading="lazy"></p>`,
    });
    await sponsor.get(url);
    expect((await admin.get(url)).status).toBe(200);
    expect((await programAdmin.get(url)).status).toBe(200);

    const visitor = await anonymous.get(url);
    expect([visitor.status, visitor.text]).toEqual([401, UPDATE_SIGN_IN_MESSAGE]);
    const stranger = await donor.get(url);
    expect([stranger.status, stranger.text]).toEqual([403, UPDATE_REFUSED_MESSAGE]);
    // An unknown code answers exactly the same: nothing tells whether it exists.
    const unknown = await donor.get('/api/sponsored-updates/AAAAAAAAAAAAAAAAAAAAAAAA?partnersId=2');
    expect([unknown.status, unknown.text]).toEqual([403, UPDATE_REFUSED_MESSAGE]);
    // The program administrator is not staff of Kisumu's record; a sponsor of one record not of another.
    const elsewhere = `/api/sponsored-updates/${await codeOf(post.id, MASKED_ELSEWHERE)}?partnersId=2`;
    expect((await programAdmin.get(elsewhere)).status).toBe(403);
    expect((await sponsor.get(elsewhere)).status).toBe(403);
    // Another partner's site does not know the code.
    const maple = t.client('maple.localhost');
    expect((await maple.get(`/api/sponsored-updates/${code}`)).status).toBe(401);

    const list = (await admin.get('/api/dashboard/updates?partnersId=2&status=sent')).json<
      UpdatePostSummary[]
    >();
    expect(list.find((p) => p.id === post.id)!.openedCount).toBe(1);
  });

  it("shows on the record's Sponsor Updates tab for its sponsor", async () => {
    const tab = await sponsor.get(`/api/sponsoreds/${MASKED_OF_SPONSOR}/updates?partnersId=2`);
    expect(tab.status).toBe(200);
    const update = tab.json<Update[]>().find((u) => u.title === 'Sports day');
    expect(Object.keys(update!).sort()).toEqual(['distributionDate', 'id', 'title', 'updateMessage']);
  });

  it("keeps a sent update's pictures for its sponsors and staff only", async () => {
    const url = `/media/${picture}`;
    expect(await mediaStatus(sponsor, url)).toBe(200);
    expect(await mediaStatus(admin, url)).toBe(200);
    expect(await mediaStatus(anonymous, url)).toBe(404);
    expect(await mediaStatus(donor, url)).toBe(404);
    expect(await mediaStatus(anonymous, `/media/updates/${post.id}/not-a-picture/large.webp`)).toBe(404);
  });

  it('refuses to change or delete a sent update', async () => {
    const changed = await patch(admin, post.id, body({ title: 'Too late' }));
    expect([changed.status, changed.text]).toEqual([409, UPDATE_ALREADY_SENT]);
    expect((await admin.request('DELETE', `/api/dashboard/updates/${post.id}?partnersId=2`)).status).toBe(
      409,
    );
    expect((await uploadPicture(admin, post.id)).status).toBe(409);
  });

  it('does not write to a sponsor whose sponsorship ended', async () => {
    const ended = await createPost(admin, {
      title: 'Ended',
      audience: { kind: 'records', sponsoredsIds: [ENDED] },
      schedule: true,
    });
    await distribute(ended.id);
    const code = await codeOf(ended.id, ENDED);
    expect((await sponsor.get(`/api/sponsored-updates/${code}?partnersId=2`)).status).toBe(403);
    const toSponsor = await one(
      sql`SELECT count(*)::int AS n FROM update_notices n JOIN updates u ON u.id = n.updates_id JOIN users p ON p.id = n.users_id
          WHERE u.update_posts_id = ${ended.id} AND p.email = 'sponsor@demo.example.org'`,
    );
    expect(toSponsor).toBe(0);
  });
});

describe('one email per sponsor per update (issue 21)', () => {
  it('sends a sponsor of two records of one update one email naming both, and a retry sends none more', async () => {
    const post = await createPost(admin, {
      title: 'Open day',
      audience: { kind: 'records', sponsoredsIds: [MASKED_OF_SPONSOR, TEACHER_OF_SPONSOR] },
      schedule: true,
    });
    const toSponsor = () =>
      one(
        sql`SELECT count(*)::int AS n FROM email_outbox WHERE to_address = 'sponsor@demo.example.org' AND subject LIKE '%Open day%'`,
      );
    expect(await distribute(post.id)).toMatchObject({ posts: 1, records: 2 });
    expect(await toSponsor()).toBe(1);
    // A retry (the post's status lost) and a second run write no second mail.
    await t.database.db.execute(sql`UPDATE update_posts SET status = 'scheduled' WHERE id = ${post.id}`);
    expect(await distribute(post.id)).toEqual({ posts: 1, records: 2, notices: 0 });
    expect(await distribute(post.id)).toEqual({ posts: 0, records: 0, notices: 0 });
    expect(await toSponsor()).toBe(1);
    // Each record's update still knows the sponsor was told (the opened counts are per record update).
    const notices = await one(
      sql`SELECT count(*)::int AS n FROM update_notices n JOIN updates u ON u.id = n.updates_id JOIN users p ON p.id = n.users_id
          WHERE u.update_posts_id = ${post.id} AND p.email = 'sponsor@demo.example.org'`,
    );
    expect(notices).toBe(2);

    await t.runJob('outbox.dispatch', {});
    const mails = t
      .mailTo('sponsor@demo.example.org')
      .map(readEml)
      .filter((m) => m.subject.includes('Open day'));
    expect(mails).toHaveLength(1);
    const names = await rows(
      sql`SELECT id, first_name, title FROM sponsoreds WHERE id IN (${MASKED_OF_SPONSOR}, ${TEACHER_OF_SPONSOR})`,
    );
    const nameOf = (id: number) => {
      const r = names.find((n) => Number(n.id) === id)!;
      return String(r.first_name || r.title);
    };
    expect(mails[0]!.subject).toBe(
      `Bright Futures Demo: Open day (an update about ${nameOf(MASKED_OF_SPONSOR)} and ${nameOf(TEACHER_OF_SPONSOR)})`,
    );
    const links = linksIn(mails[0]!);
    for (const id of [MASKED_OF_SPONSOR, TEACHER_OF_SPONSOR]) {
      expect(links).toContain(`http://demo.localhost:3999/sponsored/update/${await codeOf(post.id, id)}`);
    }
  });

  it('distributes to several hundred people in short transactions, one email per address, and a retry continues', async () => {
    // 450 people sponsor one record; the last shares the first one's address (in other letters).
    const people = await rows(
      sql`INSERT INTO users (email, first_name)
          SELECT CASE WHEN g = 450 THEN 'MANY-1@example.org' ELSE 'many-' || g || '@example.org' END, 'Many ' || g
          FROM generate_series(1, 450) AS g RETURNING id`,
    );
    expect(people).toHaveLength(450);
    await t.database.db.execute(
      sql`INSERT INTO user_sponsoreds (partners_id, users_id, sponsoreds_id)
          SELECT 2, u.id, ${MASKED_ELSEWHERE} FROM users u WHERE u.email ILIKE 'many-%@example.org'`,
    );
    const post = await createPost(admin, {
      title: 'Harvest',
      audience: { kind: 'records', sponsoredsIds: [MASKED_ELSEWHERE] },
      schedule: true,
    });
    const config = { PUBLIC_URL: undefined, PORT: 3999 };
    const mails = () =>
      one(
        sql`SELECT count(*)::int AS n FROM email_outbox WHERE dedupe_key LIKE ${`update-post:${post.id}:%`}`,
      );

    // A run that dies after its second transaction of 100 people: those 200 mails are committed.
    class Died extends Error {}
    let committed = 0;
    await expect(
      distributePost(t.database.db, config, post.id, new Date(), {
        batchSize: 100,
        batchBudgetMs: Number.POSITIVE_INFINITY,
        onBatch: () => {
          if (++committed === 2) throw new Died('the process died');
        },
      }),
    ).rejects.toBeInstanceOf(Died);
    expect(await mails()).toBe(200);

    // The retry continues with the 249 addresses left, in transactions of at most 200 people.
    const batches: number[] = [];
    const retried = await distributePost(t.database.db, config, post.id, new Date(), {
      onBatch: (n) => void batches.push(n),
    });
    expect(retried).toEqual({ distributed: true, records: 1, notices: 249 });
    expect(batches.reduce((a, b) => a + b, 0)).toBe(249);
    expect(batches.length).toBeGreaterThanOrEqual(2);
    expect(Math.max(...batches)).toBeLessThanOrEqual(200);

    // Every address got exactly one mail; every person has their notice.
    expect(await mails()).toBe(449);
    const perAddress = await rows(
      sql`SELECT lower(to_address) AS a, count(*)::int AS n FROM email_outbox
          WHERE dedupe_key LIKE ${`update-post:${post.id}:%`} GROUP BY lower(to_address) HAVING count(*) > 1`,
    );
    expect(perAddress).toEqual([]);
    const notices = await one(
      sql`SELECT count(*)::int AS n FROM update_notices n JOIN updates u ON u.id = n.updates_id WHERE u.update_posts_id = ${post.id}`,
    );
    expect(notices).toBe(450);
    // A further run of the job sends nothing.
    await t.database.db.execute(sql`UPDATE update_posts SET status = 'scheduled' WHERE id = ${post.id}`);
    expect(await distribute(post.id)).toEqual({ posts: 1, records: 1, notices: 0 });
    expect(await mails()).toBe(449);
  });
});
