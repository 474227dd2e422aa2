import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { RECORD_SORTS, type RecordDetail, type RecordRow } from '@kinship/domain';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../../../seed/demo.ts';
import { localStorage } from '../../../platform/storage.ts';
import type { TestClient } from '../../../../test/http-client.ts';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';

/*
 * The Records section's calls (issue 12 items 1, 2, 7) through the whole server on the seeded
 * demo partner: search, filters, sort, paging and the program scope of the list; the editor's
 * writes, their field errors, the status transitions, archiving with sponsors (confirmation,
 * then mail to each sponsor), delete only when nothing refers; and the public site following.
 */

let t: TestApp;
let admin: TestClient;
let programAdmin: TestClient;
let anonymous: TestClient;

const STUDENTS = DEMO_IDS.types.demo.students!;
const TEACHERS = DEMO_IDS.types.demo.teachers!;
const PROGRAM = DEMO_IDS.programAdminEntity;
const OTHER = DEMO_IDS.otherDemoEntity;
const list = (query: string, type = STUDENTS) => `/api/dashboard/records?partnersId=2&type=${type}&${query}`;

type Row = Record<string, unknown>;
async function rows(query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
}
const total = (res: { headers: Record<string, string | string[] | undefined> }) =>
  Number(res.headers['x-total-count']);

beforeAll(async () => {
  t = await startTestApp({ env: { LOG_LEVEL: process.env.W1_LOG ?? 'silent' } });
  const signedIn = async (email: string) => {
    const client = t.client();
    await client.signIn(email, DEMO_ACCOUNTS.find((a) => a.email === email)!.password);
    return client;
  };
  [admin, programAdmin] = await Promise.all([
    signedIn('partner-admin@demo.example.org'),
    signedIn('program-admin@demo.example.org'),
  ]);
  anonymous = t.client();
});
afterAll(async () => {
  await t?.close();
});

describe('the records list', () => {
  it('lists one type with its columns, the total in x-total-count, and pages through it', async () => {
    const [{ n }] = (await rows(
      sql`SELECT count(*)::int AS n FROM sponsoreds WHERE partners_id = 2 AND partner_sponsored_types_id = ${STUDENTS}`,
    )) as [{ n: number }];
    const first = await admin.get(list('pageSize=5&sort=code'));
    expect(first.status).toBe(200);
    expect(total(first)).toBe(n);
    const page1 = first.json<RecordRow[]>();
    expect(page1).toHaveLength(5);
    expect(page1[0]).toMatchObject({ program: expect.any(String), monthlyAmount: expect.any(Number) });
    const page2 = (await admin.get(list('pageSize=5&page=2&sort=code'))).json<RecordRow[]>();
    expect(page2.map((r) => r.id)).not.toContain(page1[0]!.id);
    const codes = [...page1, ...page2].map((r) => r.code);
    expect(codes).toEqual([...codes].sort());
    const desc = (await admin.get(list('pageSize=3&sort=code&order=desc'))).json<RecordRow[]>();
    const [{ code: last }] = (await rows(
      sql`SELECT max(code) AS code FROM sponsoreds WHERE partners_id = 2 AND partner_sponsored_types_id = ${STUDENTS}`,
    )) as [{ code: string }];
    expect(desc[0]!.code).toBe(last);
  });

  it('sorts by every sort key both ways, nulls last, the page in that order', async () => {
    for (const sort of RECORD_SORTS) {
      for (const order of ['asc', 'desc'] as const) {
        const res = await admin.get(list(`sort=${sort}&order=${order}&pageSize=50`));
        expect(res.status, `${sort} ${order}`).toBe(200);
      }
    }
    const bySponsors = (await admin.get(list('sort=sponsors&order=desc&pageSize=50'))).json<RecordRow[]>();
    const counts = bySponsors.map((r) => r.sponsors);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(counts[0]).toBeGreaterThan(0);
    const byBirthday = (await admin.get(list('sort=birthday&order=desc&pageSize=50'))).json<RecordRow[]>();
    const days = byBirthday.map((r) => r.birthday).filter((d): d is string => d !== null);
    expect(days).toEqual([...days].sort().reverse());
  });

  it("keeps each record's sponsors and pictures counts in step with every write (the kept counts)", async () => {
    const drift = async () =>
      rows(sql`SELECT s.id, s.sponsors_count, s.pictures_count,
          (SELECT count(*)::int FROM user_sponsoreds u WHERE u.sponsoreds_id = s.id AND u.date_ended IS NULL) AS sponsors,
          (SELECT count(*)::int FROM sponsored_images i WHERE i.sponsoreds_id = s.id) AS pictures
        FROM sponsoreds s
        WHERE s.sponsors_count <> (SELECT count(*) FROM user_sponsoreds u WHERE u.sponsoreds_id = s.id AND u.date_ended IS NULL)
           OR s.pictures_count <> (SELECT count(*) FROM sponsored_images i WHERE i.sponsoreds_id = s.id)`);
    const [seeded] = (await rows(
      sql`SELECT sum(sponsors_count)::int AS sponsors, sum(pictures_count)::int AS pictures FROM sponsoreds`,
    )) as [{ sponsors: number; pictures: number }];
    expect(seeded.sponsors, 'the seed has sponsorships').toBeGreaterThan(0);
    expect(seeded.pictures, 'the seed has pictures').toBeGreaterThan(0);
    expect(await drift(), 'after the seed').toEqual([]);

    const id = DEMO_IDS.maskedNotSponsored;
    const [before] = (await rows(sql`SELECT pictures_count FROM sponsoreds WHERE id = ${id}`)) as [
      { pictures_count: number },
    ];
    await rows(sql`INSERT INTO sponsored_images (sponsoreds_id, image_path, sort_order)
      VALUES (${id}, 'kept-count-1.jpg', 90), (${id}, 'kept-count-2.jpg', 91)`);
    const [added] = (await rows(sql`SELECT pictures_count FROM sponsoreds WHERE id = ${id}`)) as [
      { pictures_count: number },
    ];
    expect(added.pictures_count).toBe(before.pictures_count + 2);
    await rows(sql`DELETE FROM sponsored_images WHERE image_path LIKE 'kept-count-%'`);
    expect(await drift(), 'after pictures added and removed').toEqual([]);

    const [line] = (await rows(
      sql`SELECT id, sponsoreds_id FROM user_sponsoreds WHERE date_ended IS NULL ORDER BY id LIMIT 1`,
    )) as [{ id: number; sponsoreds_id: number }];
    await rows(sql`UPDATE user_sponsoreds SET date_ended = now() WHERE id = ${line.id}`);
    expect(await drift(), 'after a sponsorship ended').toEqual([]);
    await rows(sql`UPDATE user_sponsoreds SET date_ended = NULL WHERE id = ${line.id}`);
    expect(await drift(), 'after it was taken up again').toEqual([]);
    const byCount = (await admin.get(list('sort=sponsors&order=desc&pageSize=1'))).json<RecordRow[]>();
    expect(byCount[0]!.sponsors).toBeGreaterThan(0);
  });

  it('sorts by monthly amount and program on kept sort keys that follow every write (records-sort-keys)', async () => {
    const planOf = sql`(SELECT p.monthly_amount FROM sponsored_type_plans p
      WHERE p.partner_sponsored_types_id = s.partner_sponsored_types_id AND p.current = true ORDER BY p.id DESC LIMIT 1)`;
    const drift = async () =>
      rows(sql`SELECT s.id, s.sort_monthly_amount, s.sort_program, e.name
        FROM sponsoreds s JOIN entities e ON e.id = s.entities_id
        WHERE s.sort_program <> e.name OR s.sort_monthly_amount <> coalesce(s.monthly_amount, ${planOf}, 0)`);
    // The order the table must show, computed live from the plans and programs.
    const expected = async (sort: 'monthlyAmount' | 'program', order: 'asc' | 'desc') => {
      const dir = sql.raw(order);
      const key = sort === 'program' ? sql`e.name` : sql`coalesce(s.monthly_amount, ${planOf}, 0)`;
      return (
        (await rows(sql`SELECT s.id FROM sponsoreds s JOIN entities e ON e.id = s.entities_id
          WHERE s.partners_id = 2 AND s.partner_sponsored_types_id = ${STUDENTS}
          ORDER BY ${key} ${dir}, s.id ${dir}`)) as { id: number }[]
      ).map((r) => r.id);
    };
    const listed = async (sort: 'monthlyAmount' | 'program', order: 'asc' | 'desc') =>
      (await admin.get(list(`sort=${sort}&order=${order}&pageSize=500`))).json<RecordRow[]>();
    const sameOrder = async (when: string) => {
      for (const sort of ['monthlyAmount', 'program'] as const)
        for (const order of ['asc', 'desc'] as const) {
          const page = await listed(sort, order);
          expect(
            page.map((r) => r.id),
            `${sort} ${order} ${when}`,
          ).toEqual(await expected(sort, order));
          if (sort === 'monthlyAmount') {
            const shown = page.map((r) => r.monthlyAmount);
            const sorted = [...shown].sort((a, b) => (order === 'asc' ? a - b : b - a));
            expect(shown, `the amounts shown, ${order} ${when}`).toEqual(sorted);
          }
        }
    };
    expect(await drift(), 'after the seed').toEqual([]);
    await sameOrder('after the seed');

    const [record] = (await rows(
      sql`SELECT id, monthly_amount, entities_id FROM sponsoreds
        WHERE partners_id = 2 AND partner_sponsored_types_id = ${STUDENTS} AND monthly_amount IS NULL ORDER BY id LIMIT 1`,
    )) as [{ id: number; monthly_amount: number | null; entities_id: number }];
    const [program] = (await rows(sql`SELECT name FROM entities WHERE id = ${OTHER}`)) as [{ name: string }];
    // The record's own amount, then back to the plan's.
    await rows(sql`UPDATE sponsoreds SET monthly_amount = 987654 WHERE id = ${record.id}`);
    expect(await drift(), 'after an amount of its own').toEqual([]);
    expect((await listed('monthlyAmount', 'desc'))[0]!.id).toBe(record.id);
    await rows(sql`UPDATE sponsoreds SET monthly_amount = NULL WHERE id = ${record.id}`);
    expect(await drift(), 'after it was cleared').toEqual([]);
    // A new current plan for the type, then removed again.
    const [plan] = (await rows(
      sql`INSERT INTO sponsored_type_plans (partner_sponsored_types_id, monthly_amount, current)
        VALUES (${STUDENTS}, 1, true) RETURNING id`,
    )) as [{ id: number }];
    expect(await drift(), 'after a new current plan').toEqual([]);
    await sameOrder('with the new plan');
    await rows(sql`UPDATE sponsored_type_plans SET monthly_amount = 999999 WHERE id = ${plan.id}`);
    expect(await drift(), 'after the plan changed its amount').toEqual([]);
    await rows(sql`DELETE FROM sponsored_type_plans WHERE id = ${plan.id}`);
    expect(await drift(), 'after the plan was removed').toEqual([]);
    // The record moved to another program, and a program renamed.
    await rows(sql`UPDATE sponsoreds SET entities_id = ${OTHER} WHERE id = ${record.id}`);
    expect(await drift(), 'after a move to another program').toEqual([]);
    await rows(sql`UPDATE entities SET name = ${'AAA ' + program.name} WHERE id = ${OTHER}`);
    expect(await drift(), 'after a program was renamed').toEqual([]);
    await sameOrder('with the renamed program');
    await rows(sql`UPDATE entities SET name = ${program.name} WHERE id = ${OTHER}`);
    await rows(sql`UPDATE sponsoreds SET entities_id = ${record.entities_id} WHERE id = ${record.id}`);
    expect(await drift(), 'after both were put back').toEqual([]);
    await sameOrder('after everything was put back');

    // A plan change through the types editor (the new plan written before the old one retires).
    const changed = await admin.request('PUT', `/api/dashboard/types/${TEACHERS}/plan?partnersId=2`, {
      monthlyAmount: 6100,
      paymentIntervalsIds: [1, 2],
    });
    expect(changed.status, changed.text).toBe(200);
    expect(await drift(), 'after a plan change in the editor').toEqual([]);
    const [{ n: planPriced }] = (await rows(
      sql`SELECT count(*)::int AS n FROM sponsoreds
        WHERE partner_sponsored_types_id = ${TEACHERS} AND monthly_amount IS NULL AND sort_monthly_amount = 6100`,
    )) as [{ n: number }];
    expect(planPriced, 'the teachers priced by the plan').toBeGreaterThan(0);
    const teachers = (await admin.get(list('sort=monthlyAmount&order=desc&pageSize=500', TEACHERS))).json<
      RecordRow[]
    >();
    const amounts = teachers.map((r) => r.monthlyAmount);
    expect(amounts).toContain(6100);
    expect(amounts).toEqual([...amounts].sort((x, y) => y - x));
  });

  it('searches names, code and title, and filters by status, program, gender, sponsored and pictures', async () => {
    const [record] = await rows(
      sql`SELECT code, first_name, last_name FROM sponsoreds WHERE id = ${DEMO_IDS.maskedNotSponsored}`,
    );
    const byCode = (await admin.get(list(`q=${encodeURIComponent(String(record!.code))}`))).json<
      RecordRow[]
    >();
    expect(byCode.map((r) => r.id)).toContain(DEMO_IDS.maskedNotSponsored);
    const byName = await admin.get(
      list(`q=${encodeURIComponent(`${String(record!.first_name)} ${String(record!.last_name)}`)}`),
    );
    expect(byName.json<RecordRow[]>().map((r) => r.id)).toContain(DEMO_IDS.maskedNotSponsored);
    expect(total(await admin.get(list('q=%25%25nothing%25'))), 'a % is searched as itself').toBe(0);

    const reserved = (await admin.get(list('status=reserved&pageSize=200'))).json<RecordRow[]>();
    expect(reserved.map((r) => r.id)).toContain(DEMO_IDS.reservedSponsored);
    expect(reserved.every((r) => r.status === 'reserved')).toBe(true);

    const inOther = (await admin.get(list(`entitiesId=${OTHER}&pageSize=200`))).json<RecordRow[]>();
    expect(inOther.length).toBeGreaterThan(0);
    expect(inOther.every((r) => r.entitiesId === OTHER)).toBe(true);

    const girls = (await admin.get(list('gender=Female&pageSize=200'))).json<RecordRow[]>();
    expect(girls.length).toBeGreaterThan(0);
    expect(girls.every((r) => r.gender === 'Female')).toBe(true);

    const sponsored = (await admin.get(list('sponsored=true&pageSize=200'))).json<RecordRow[]>();
    expect(sponsored.map((r) => r.id)).toContain(DEMO_IDS.fullySponsored);
    expect(sponsored.every((r) => r.slotsFilled > 0)).toBe(true);
    const waiting = (await admin.get(list('sponsored=false&pageSize=200'))).json<RecordRow[]>();
    expect(waiting.every((r) => r.slotsFilled === 0)).toBe(true);
    expect(waiting.length + sponsored.length).toBe(total(await admin.get(list(''))));

    const pictured = (await admin.get(list('hasPictures=true&pageSize=200'))).json<RecordRow[]>();
    expect(pictured.map((r) => r.id)).toContain(DEMO_IDS.maskedNotSponsored);
    expect(pictured.every((r) => r.pictures > 0)).toBe(true);

    // A search counts its matches in the page's own statement: the total stays exact on every
    // page, past the last one too, and for a program-scoped viewer only within their programs.
    const searched = sql`(coalesce(code, '') || chr(31) || coalesce(first_name, '') || ' ' ||
      coalesce(last_name, '') || chr(31) || coalesce(title, '')) ILIKE '%a%'
      AND partners_id = 2 AND partner_sponsored_types_id = ${STUDENTS}`;
    const [{ n: matching }] = (await rows(
      sql`SELECT count(*)::int AS n FROM sponsoreds WHERE ${searched}`,
    )) as [{ n: number }];
    const [{ n: mine }] = (await rows(
      sql`SELECT count(*)::int AS n FROM sponsoreds WHERE ${searched} AND entities_id = ${PROGRAM}`,
    )) as [{ n: number }];
    expect(matching, 'the demo has records to search').toBeGreaterThan(2);
    expect(mine, 'and some outside the program').toBeLessThan(matching);
    const firstOfSearch = await admin.get(list('q=a&pageSize=2'));
    expect(firstOfSearch.json<RecordRow[]>()).toHaveLength(2);
    expect(total(firstOfSearch)).toBe(matching);
    const lastOfSearch = await admin.get(list(`q=a&pageSize=2&page=${Math.ceil(matching / 2)}`));
    expect(lastOfSearch.json<RecordRow[]>()).toHaveLength(matching % 2 || 2);
    expect(total(lastOfSearch)).toBe(matching);
    const pastSearch = await admin.get(list(`q=a&pageSize=2&page=${Math.ceil(matching / 2) + 1}`));
    expect(pastSearch.json<RecordRow[]>()).toEqual([]);
    expect(total(pastSearch), 'past the last page').toBe(matching);
    const scopedSearch = await programAdmin.get(list('q=a&pageSize=200'));
    expect(total(scopedSearch)).toBe(mine);
    expect(scopedSearch.json<RecordRow[]>().every((r) => r.entitiesId === PROGRAM)).toBe(true);
    expect(scopedSearch.json<RecordRow[]>()).toHaveLength(mine);

    const bad = await admin.get(list('status=gone'));
    expect(bad.status).toBe(400);
  });

  it('keeps a program-scoped administrator to their program: list, count, read and write', async () => {
    const [{ n }] = (await rows(
      sql`SELECT count(*)::int AS n FROM sponsoreds
          WHERE partners_id = 2 AND partner_sponsored_types_id = ${STUDENTS} AND entities_id = ${PROGRAM}`,
    )) as [{ n: number }];
    const res = await programAdmin.get(list('pageSize=200'));
    expect(res.status).toBe(200);
    expect(total(res)).toBe(n);
    expect(res.json<RecordRow[]>().every((r) => r.entitiesId === PROGRAM)).toBe(true);
    expect(total(await programAdmin.get(list(`entitiesId=${OTHER}`)))).toBe(0);

    const outside = DEMO_IDS.maskedNotSponsoredOtherEntity;
    expect((await programAdmin.get(`/api/dashboard/records/${outside}?partnersId=2`)).status).toBe(403);
    expect(
      (
        await programAdmin.request('PATCH', `/api/dashboard/records/${outside}?partnersId=2`, {
          homeroom: 'X',
        })
      ).status,
    ).toBe(403);
    expect(
      (await programAdmin.get(`/api/dashboard/records/${DEMO_IDS.maskedNotSponsored}?partnersId=2`)).status,
    ).toBe(200);
    // Moving a record of their own program into another one is refused too.
    const moved = await programAdmin.request(
      'PATCH',
      `/api/dashboard/records/${DEMO_IDS.maskedNotSponsored}?partnersId=2`,
      { entitiesId: OTHER },
    );
    expect(moved.status).toBe(403);
    expect(total(await anonymous.get(list('')))).toBeNaN();
    expect((await anonymous.get(list(''))).status).toBe(401);
  });
});

describe('the record editor', () => {
  const newStudent = (code: string) => ({
    partnerSponsoredTypesId: STUDENTS,
    entitiesId: PROGRAM,
    code,
    firstName: 'Zuri',
    lastName: 'Testcase',
    gender: 'Female',
    birthday: '2015-03-04',
    gradesId: 3,
    homeroom: 'Room 4',
    bio: '<p>Loves <strong>football</strong><script>alert(1)</script><img src=x onerror=alert(1)></p>',
    funFacts: [
      { description: 'Favourite colour', value: 'Green' },
      { description: 'Wants to be', value: 'A pilot' },
    ],
    maxSlots: 2,
  });
  const publicListing = `/api/partners/2/sponsoreds?partnersId=2&status=active&isFullySponsored=No&partnerSponsoredTypesId=${STUDENTS}`;

  it('creates a record that the public listing and profile show at once, sanitising the bio', async () => {
    const before = await anonymous.get(publicListing);
    const res = await admin.post('/api/dashboard/records?partnersId=2', newStudent('W1-ZURI'));
    expect(res.status, res.text).toBe(201);
    const created = res.json<RecordDetail>();
    expect(created.bio).toBe('<p>Loves <strong>football</strong></p>');
    expect(created.funFacts.map((f) => f.value)).toEqual(['Green', 'A pilot']);
    expect(created).toMatchObject({ status: 'active', grade: expect.any(String), age: expect.any(Number) });
    const after = await anonymous.get(publicListing);
    expect(total(after)).toBe(total(before) + 1);
    const profile = await anonymous.get(`/api/sponsoreds/${created.id}?partnersId=2`);
    expect(profile.status).toBe(200);
    expect(profile.text).toContain('A pilot');

    // Fun facts: edit one, reorder, remove one.
    const edited = await admin.request('PATCH', `/api/dashboard/records/${created.id}?partnersId=2`, {
      funFacts: [{ description: 'Wants to be', value: 'An astronaut' }],
      firstName: 'Zara',
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json<RecordDetail>().funFacts.map((f) => f.value)).toEqual(['An astronaut']);
    const [audit] = await rows(
      sql`SELECT changes FROM audit_log WHERE action = 'sponsored.updated' AND entity_id = ${String(created.id)}
          ORDER BY id DESC LIMIT 1`,
    );
    expect((audit!.changes as Record<string, { before: unknown; after: unknown }>).funFacts).toEqual({
      before: [
        { description: 'Favourite colour', value: 'Green' },
        { description: 'Wants to be', value: 'A pilot' },
      ],
      after: [{ description: 'Wants to be', value: 'An astronaut' }],
    });
    expect((await anonymous.get(`/api/sponsoreds/${created.id}?partnersId=2`)).text).toContain('Zara');

    // Made inactive: gone from the listing and the profile on the next request.
    const inactive = await admin.request('PATCH', `/api/dashboard/records/${created.id}?partnersId=2`, {
      status: 'inactive',
    });
    expect(inactive.status).toBe(200);
    expect(total(await anonymous.get(publicListing))).toBe(total(before));
    expect((await anonymous.get(publicListing)).json<{ id: number }[]>().map((r) => r.id)).not.toContain(
      created.id,
    );
    expect((await anonymous.get(`/api/sponsoreds/${created.id}?partnersId=2`)).status).not.toBe(200);
  });

  it('answers field errors in the problem shape', async () => {
    const taken = await admin.post('/api/dashboard/records?partnersId=2', newStudent('W1-ZURI'));
    expect(taken.status).toBe(400);
    expect(taken.json()).toMatchObject({
      code: 'validation_failed',
      errors: [{ field: 'code', message: 'Another record already has the code W1-ZURI.' }],
    });
    const badProgram = await admin.post('/api/dashboard/records?partnersId=2', {
      ...newStudent('W1-OTHER'),
      entitiesId: DEMO_IDS.mapleEntity,
      customColumnValues: { Nope: 'x' },
    });
    expect(badProgram.status).toBe(400);
    expect(badProgram.json<{ errors: { field: string }[] }>().errors.map((e) => e.field)).toEqual([
      'entitiesId',
    ]);
    const badColumn = await admin.post('/api/dashboard/records?partnersId=2', {
      ...newStudent('W1-COLUMN'),
      customColumnValues: { Nope: 'x' },
    });
    expect(badColumn.status).toBe(400);
    expect(badColumn.json<{ errors: { field: string }[] }>().errors[0]!.field).toBe(
      'customColumnValues.Nope',
    );
    const badShape = await admin.post('/api/dashboard/records?partnersId=2', {
      ...newStudent(''),
      birthday: 'soon',
    });
    expect(badShape.status).toBe(400);
  });

  it('never lets max slots fall below the sponsors, and refuses a transition out of archived but to inactive', async () => {
    const teacher = DEMO_IDS.sponsoredOfSponsorTeacher; // 3 of 5 filled
    const low = await admin.request('PATCH', `/api/dashboard/records/${teacher}?partnersId=2`, {
      maxSlots: 2,
    });
    expect(low.status).toBe(400);
    expect(low.json<{ errors: { field: string }[] }>().errors[0]!.field).toBe('maxSlots');
    const archived = DEMO_IDS.archivedSponsored;
    const back = await admin.request('PATCH', `/api/dashboard/records/${archived}?partnersId=2`, {
      status: 'active',
    });
    expect(back.status).toBe(400);
    expect(back.json<{ errors: { field: string; message: string }[] }>().errors[0]).toEqual({
      field: 'status',
      message: 'A record that is archived cannot become active.',
    });
  });

  it('archives a sponsored record only once confirmed, and writes to each of its sponsors', async () => {
    const teacher = DEMO_IDS.sponsoredOfSponsorTeacher;
    const sponsors = await rows(
      sql`SELECT DISTINCT u.email FROM user_sponsoreds us JOIN users u ON u.id = us.users_id
          WHERE us.sponsoreds_id = ${teacher} AND us.date_ended IS NULL AND u.email IS NOT NULL`,
    );
    expect(sponsors.length).toBeGreaterThan(0);
    const outboxBefore = await rows(sql`SELECT id FROM email_outbox`);
    const ask = await admin.request('PATCH', `/api/dashboard/records/${teacher}?partnersId=2`, {
      status: 'archived',
    });
    expect(ask.status).toBe(409);
    expect(ask.headers['x-error-code']).toBe('archive_needs_confirmation');
    expect(ask.json<{ title: string }>().title).toMatch(/active sponsorships? continue/);
    expect((await rows(sql`SELECT status FROM sponsoreds WHERE id = ${teacher}`))[0]!.status).toBe('active');
    expect(await rows(sql`SELECT id FROM email_outbox`)).toHaveLength(outboxBefore.length);

    const done = await admin.request('PATCH', `/api/dashboard/records/${teacher}?partnersId=2`, {
      status: 'archived',
      confirm: true,
    });
    expect(done.status, done.text).toBe(200);
    const mail = await rows(
      sql`SELECT to_address, kind, subject FROM email_outbox WHERE dedupe_key LIKE ${`record-archived:${teacher}:%`}`,
    );
    expect(mail.map((m) => m.to_address).sort()).toEqual(sponsors.map((s) => s.email).sort());
    expect(mail.every((m) => m.kind === 'update_notice')).toBe(true);
    const [audit] = await rows(
      sql`SELECT details FROM audit_log WHERE action = 'sponsored.archived' AND entity_id = ${String(teacher)}`,
    );
    expect(audit!.details).toMatchObject({ activeSponsorships: expect.any(Number) });
  });

  it('duplicates a record inactive with a new code, and deletes only what nothing refers to, with its stored pictures', async () => {
    const copy = await admin.post(
      `/api/dashboard/records/${DEMO_IDS.maskedNotSponsored}/duplicate?partnersId=2`,
      {},
    );
    expect(copy.status, copy.text).toBe(201);
    const duplicate = copy.json<RecordDetail>();
    expect(duplicate.code).toMatch(/-copy$/);
    expect(duplicate).toMatchObject({ status: 'inactive', slotsFilled: 0, pictures: 0 });

    const refused = await admin.request(
      'DELETE',
      `/api/dashboard/records/${DEMO_IDS.fullySponsored}?partnersId=2`,
    );
    expect(refused.status).toBe(409);
    expect(refused.text).toMatch(/^This record cannot be deleted: it has \d+ sponsorships?/);
    expect(refused.headers['x-error-code']).toBe('record_in_use');
    const unknown = await admin.get(`/api/dashboard/records/999999999?partnersId=2`);
    expect([unknown.status, unknown.headers['x-error-code']]).toEqual([404, 'record_not_found']);
    // A picture through the upload pipeline, stored in the test server's media folder.
    const picture = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#3366aa' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('images', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), 'one.jpg');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const uploaded = await admin.request(
      'POST',
      `/api/sponsoreds/${duplicate.id}/images?partnersId=2`,
      undefined,
      { 'content-type': request.headers.get('content-type')! },
      Buffer.from(await request.arrayBuffer()),
    );
    expect(uploaded.status, uploaded.text).toBe(201);
    const folder = localStorage(inject('mediaDir'));
    const stored = await folder.list(`sponsoreds/${duplicate.id}/`);
    expect(stored.length, 'three variants stored').toBeGreaterThanOrEqual(3);

    const gone = await admin.request('DELETE', `/api/dashboard/records/${duplicate.id}?partnersId=2`);
    expect(gone.status).toBe(204);
    expect((await admin.get(`/api/dashboard/records/${duplicate.id}?partnersId=2`)).status).toBe(404);
    expect(await folder.list(`sponsoreds/${duplicate.id}/`), 'its stored pictures are gone').toEqual([]);
    expect(await Promise.all(stored.map((key) => folder.get(key)))).toEqual(stored.map(() => null));
  });

  it('lists teachers with the same calls (one table per type)', async () => {
    const res = await admin.get(list('pageSize=200', TEACHERS));
    expect(res.status).toBe(200);
    expect(res.json<RecordRow[]>().map((r) => r.id)).toContain(DEMO_IDS.fullySponsoredTeacher);
    expect((await admin.get(list('', 999_999))).status).toBe(404);
  });
});
