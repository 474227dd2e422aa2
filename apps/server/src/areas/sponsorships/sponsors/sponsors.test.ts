import { LINK_MESSAGES, type SponsorDetail, type SponsorRow, type SponsorshipView } from '@kinship/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_IDS, DEMO_OFFLINE_SPONSOR } from '../../../seed/demo.ts';
import {
  countWhere,
  freshAddress,
  insertRecord,
  line,
  rowsWhere,
  slotsFilledOf,
} from '../../../../test/giving-fixtures.ts';
import type { TestClient } from '../../../../test/http-client.ts';
import { clientAs, createPeople, type TestPerson } from '../../../../test/people.ts';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';
import {
  ALREADY_SPONSORS,
  NO_OPEN_SLOT,
  PERSON_NOT_FOUND,
  SAME_TYPE_ONLY,
  SPONSORSHIP_ALREADY_ENDED,
} from './sponsors.service.ts';

/*
 * The Sponsors section (issue 13 item 3, decision 039) through the whole server on the demo
 * partner: the people list and a person's page with the program scope; manual sponsorships (temp
 * account, slot under the lock, the link code mailed), linking them by code (once, this partner's
 * only) and paying them by card through checkout's conversion line; ending one (slot freed, the
 * gateway subscription line ended or canceled, the sponsor told) and moving one to another record.
 */

let t: TestApp;
let admin: TestClient;
let donorCare: TestClient;
let programAdmin: TestClient;
let reporting: TestClient;

type Row = Record<string, unknown>;
const total = (res: { headers: Record<string, string | string[] | undefined> }) =>
  Number(res.headers['x-total-count']);
const Q = '?partnersId=2';

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'loopback', LOG_LEVEL: 'silent' } });
  const signedIn = async (email: string) => {
    const client = t.client();
    await client.signIn(email, DEMO_ACCOUNTS.find((a) => a.email === email)!.password);
    return client;
  };
  [admin, donorCare, programAdmin, reporting] = await Promise.all([
    signedIn('partner-admin@demo.example.org'),
    signedIn('donor-care@demo.example.org'),
    signedIn('program-admin@demo.example.org'),
    signedIn('reporting@demo.example.org'),
  ]);
});
afterAll(async () => {
  await t?.close();
});

async function person(prefix = 'sponsors'): Promise<TestPerson> {
  return (await createPeople(t.database, 1, prefix))[0]!;
}

const manual = (client: TestClient, body: Record<string, unknown>) =>
  client.post(`/api/dashboard/sponsorships${Q}`, body);

async function outboxTo(email: string): Promise<Row[]> {
  return rowsWhere<Row>(t.database, 'email_outbox', `to_address = '${email}'`);
}

function checkout(who: TestPerson, lines: Record<string, unknown>[], baseAmount: number) {
  return clientAs(t.port, who).post(
    `/api/payments/checkout/month${Q}`,
    {
      partnersId: 2,
      stripePaymentIntent: 'pm_card_visa',
      userSponsoreds: lines,
      email: who.email,
      firstName: who.firstName,
      lastName: who.lastName,
      baseAmount,
      additionalAmount: 0,
    },
    freshAddress(),
  );
}

describe('the sponsors list and a person', () => {
  it('lists the people who sponsor or give, with sponsorships, totals and the saved method', async () => {
    const res = await admin.get(`/api/dashboard/sponsors${Q}&q=sponsor@demo.example.org`);
    expect(res.status).toBe(200);
    const [sponsor] = res.json<SponsorRow[]>();
    expect(total(res)).toBe(1);
    expect(sponsor).toMatchObject({
      email: 'sponsor@demo.example.org',
      activeSponsorships: 3,
      endedSponsorships: 1,
    });
    expect(sponsor!.sponsoring).toHaveLength(3);

    const who = await person();
    const record = await insertRecord(t.database, { maxSlots: 3 });
    expect((await checkout(who, [line(record, 1)], 5000)).status).toBe(200);
    const paid = (await admin.get(`/api/dashboard/sponsors${Q}&q=${encodeURIComponent(who.email)}`)).json<
      SponsorRow[]
    >();
    expect(paid).toEqual([
      expect.objectContaining({
        id: who.usersId,
        activeSponsorships: 1,
        manualSponsorships: 0,
        totalPaid: 5000,
        payments: 1,
        methodBrand: 'visa',
        methodLast4: '4242',
        methodExpMonth: expect.any(Number),
        methodExpYear: expect.any(Number),
      }),
    ]);
  });

  it('pages, sorts and filters on the server, the count in x-total-count', async () => {
    const all = await admin.get(`/api/dashboard/sponsors${Q}&pageSize=500`);
    const [{ n }] = (
      (await t.database.db
        .execute(sql`SELECT count(*)::int AS n FROM users WHERE erased_at IS NULL AND id IN (
        SELECT users_id FROM user_sponsoreds WHERE partners_id = 2
        UNION SELECT users_id FROM donations WHERE partners_id = 2 AND users_id IS NOT NULL
        UNION SELECT users_id FROM subscriptions WHERE partners_id = 2)`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows as [{ n: number }];
    expect(total(all)).toBe(n);
    const page = (
      await admin.get(`/api/dashboard/sponsors${Q}&pageSize=5&sort=activeSponsorships&order=desc`)
    ).json<SponsorRow[]>();
    const counts = page.map((r) => r.activeSponsorships);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const record = await insertRecord(t.database, { maxSlots: 1 });
    const email = `former-${record}@example.org`;
    const { id } = (
      await manual(donorCare, { sponsoredsId: record, firstName: 'For', lastName: 'Mer', email })
    ).json<SponsorshipView>();
    const kind = (k: string) => admin.get(`/api/dashboard/sponsors${Q}&kind=${k}&q=${email}`);
    expect((await kind('manual')).json<SponsorRow[]>()).toHaveLength(1);
    expect((await kind('ended')).json<SponsorRow[]>()).toHaveLength(0);
    await donorCare.post(`/api/dashboard/sponsorships/${id}/end${Q}`, { reason: 'Stopped' });
    expect((await kind('manual')).json<SponsorRow[]>()).toHaveLength(0);
    expect((await kind('ended')).json<SponsorRow[]>()).toEqual([
      expect.objectContaining({ email, activeSponsorships: 0, endedSponsorships: 1 }),
    ]);
  });

  it("keeps a program-scoped person to their programs' sponsors and sponsorships", async () => {
    const scoped = await programAdmin.get(`/api/dashboard/sponsors${Q}&pageSize=500`);
    expect(scoped.status).toBe(200);
    const [{ n }] = (
      (await t.database.db.execute(
        sql`SELECT count(DISTINCT us.users_id)::int AS n FROM user_sponsoreds us JOIN sponsoreds s ON s.id = us.sponsoreds_id
          JOIN users u ON u.id = us.users_id WHERE us.partners_id = 2 AND s.entities_id = ${DEMO_IDS.programAdminEntity} AND u.erased_at IS NULL`,
      )) as unknown as { rows: { n: number }[] }
    ).rows as [{ n: number }];
    expect(total(scoped)).toBe(n);
    expect(total(scoped)).toBeLessThan(total(await admin.get(`/api/dashboard/sponsors${Q}`)));

    // A sponsor of a Kisumu record only is not theirs to see.
    const outsider = await person('kisumu');
    const kisumu = DEMO_IDS.maskedNotSponsoredOtherEntity;
    expect(
      (
        await manual(admin, {
          sponsoredsId: kisumu,
          usersId: undefined,
          firstName: 'K',
          lastName: 'S',
          email: outsider.email,
        })
      ).status,
    ).toBe(201);
    expect((await admin.get(`/api/dashboard/sponsors/${outsider.usersId}${Q}`)).status).toBe(200);
    const hidden = await programAdmin.get(`/api/dashboard/sponsors/${outsider.usersId}${Q}`);
    expect(hidden.status).toBe(404);
    expect(hidden.text).toBe(PERSON_NOT_FOUND);
    // and they may not record one there.
    const refused = await manual(programAdmin, { sponsoredsId: kisumu, usersId: outsider.usersId });
    expect(refused.status).toBe(403);
  });

  it("shows a person's sponsorships and the timeline of their giving", async () => {
    const [sponsor] = (await admin.get(`/api/dashboard/sponsors${Q}&q=sponsor@demo.example.org`)).json<
      SponsorRow[]
    >();
    const res = await admin.get(`/api/dashboard/sponsors/${sponsor!.id}${Q}`);
    expect(res.status).toBe(200);
    const detail = res.json<SponsorDetail>();
    expect(detail.person.email).toBe('sponsor@demo.example.org');
    expect(detail.sponsorships).toHaveLength(4);
    expect(detail.sponsorships.filter((s) => s.dateEnded === null)).toHaveLength(3);
    expect(detail.timeline.filter((e) => e.kind === 'sponsorship_started')).toHaveLength(4);
    expect(detail.timeline.filter((e) => e.kind === 'sponsorship_ended')).toHaveLength(1);
    const times = detail.timeline.map((e) => e.at);
    expect(times).toEqual([...times].sort().reverse());
    expect((await admin.get(`/api/dashboard/sponsors/999999${Q}`)).status).toBe(404);
  });

  it('the demo leaves a sponsorship paid offline with an unused link code for a newcomer to try', async () => {
    const [grace] = (
      await admin.get(`/api/dashboard/sponsors${Q}&q=${DEMO_OFFLINE_SPONSOR.email}&kind=manual`)
    ).json<SponsorRow[]>();
    expect(grace).toMatchObject({ tempAccount: true, manualSponsorships: 1, activeSponsorships: 1 });
    const detail = (await admin.get(`/api/dashboard/sponsors/${grace!.id}${Q}`)).json<SponsorDetail>();
    expect(detail.sponsorships).toEqual([
      expect.objectContaining({ isManual: true, linkCode: 'GRACE-7KS2H', linkedAt: null, dateEnded: null }),
    ]);
    // Reporting reads the sponsorship and the code's last four characters only (decision 052).
    const read = (await reporting.get(`/api/dashboard/sponsors/${grace!.id}${Q}`)).json<SponsorDetail>();
    expect(read.sponsorships[0]!.linkCode).toBe('…KS2H');
  });

  it('answers 401 to a visitor and 403 to a person without sponsors.view', async () => {
    expect((await t.client().get(`/api/dashboard/sponsors${Q}`)).status).toBe(401);
    const who = await person();
    expect((await clientAs(t.port, who).get(`/api/dashboard/sponsors${Q}`)).status).toBe(403);
  });
});

describe('manual sponsorships and their link code', () => {
  it('records one for a new person: a temp account, a slot taken, the link code emailed', async () => {
    const record = await insertRecord(t.database, { maxSlots: 2 });
    const email = `offline-${Date.now()}@example.org`;
    const res = await manual(donorCare, {
      sponsoredsId: record,
      firstName: 'Olive',
      lastName: 'Offline',
      email,
    });
    expect(res.status).toBe(201);
    const view = res.json<SponsorshipView>();
    expect(view).toMatchObject({
      sponsoredsId: record,
      numSlots: 1,
      isManual: true,
      amount: 5000,
      dateEnded: null,
    });
    expect(view.linkCode).toMatch(/^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/);
    expect(await slotsFilledOf(t.database, record)).toBe(1);
    const [user] = await rowsWhere<Row>(t.database, 'users', `email = '${email}'`);
    expect(user).toMatchObject({
      first_name: 'Olive',
      last_name: 'Offline',
      temp_account: true,
      auth_user_id: null,
    });
    const [mail] = await outboxTo(email);
    expect(mail).toMatchObject({
      kind: 'sponsorship_notice',
      subject: 'Bright Futures Demo: your sponsorship of Testa',
    });
    expect(mail!.body_text).toContain(view.linkCode);
    expect(mail!.body_text).toContain(`/link/${view.linkCode}`);
    // Shown on the record's slots, and the same person twice is refused.
    const again = await manual(donorCare, {
      sponsoredsId: record,
      firstName: 'Olive',
      lastName: 'Offline',
      email,
    });
    expect(again.status).toBe(409);
    expect(again.text).toBe(ALREADY_SPONSORS('Olive Offline', 'Testa'));
    expect(await countWhere(t.database, 'users', `email = '${email}'`)).toBe(1);
  });

  it('refuses a record without an open slot and never overfills one, even when asked at once', async () => {
    const full = await insertRecord(t.database, { maxSlots: 1, slotsFilled: 1 });
    const res = await manual(donorCare, {
      sponsoredsId: full,
      firstName: 'A',
      lastName: 'B',
      email: 'full@example.org',
    });
    expect(res.status).toBe(409);
    expect(res.text).toBe(NO_OPEN_SLOT('Testa', 1));
    expect(await slotsFilledOf(t.database, full)).toBe(1);

    const record = await insertRecord(t.database, { maxSlots: 3, slotsFilled: 1 });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        manual(donorCare, {
          sponsoredsId: record,
          firstName: 'Crowd',
          lastName: `${i}`,
          email: `crowd-${record}-${i}@example.org`,
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(4);
    expect(await slotsFilledOf(t.database, record)).toBe(3);
    expect(await countWhere(t.database, 'user_sponsoreds', `sponsoreds_id = ${record}`)).toBe(2);
  });

  it('gives field errors for a missing name or email, and 403 to Reporting', async () => {
    const record = await insertRecord(t.database, { maxSlots: 2 });
    const res = await manual(donorCare, { sponsoredsId: record, email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(
      res
        .json<{ errors: { field: string }[] }>()
        .errors.map((e) => e.field)
        .sort(),
    ).toEqual(['email', 'firstName', 'lastName']);
    expect(
      (
        await manual(reporting, {
          sponsoredsId: record,
          firstName: 'A',
          lastName: 'B',
          email: 'a@example.org',
        })
      ).status,
    ).toBe(403);
    expect(await slotsFilledOf(t.database, record)).toBe(0);
  });

  it('links with the code once, refuses it again and on another partner, then pays it by card', async () => {
    const record = await insertRecord(t.database, { maxSlots: 1 });
    const created = await manual(donorCare, {
      sponsoredsId: record,
      firstName: 'Lin',
      lastName: 'Ker',
      email: `linker-${record}@example.org`,
    });
    const { linkCode, id } = created.json<SponsorshipView>();
    const who = await person('linker');

    // On another partner's site the code is not one.
    const maple = await clientAs(t.port, who, 'maple.localhost').post('/api/link?partnersId=3', {
      code: linkCode,
    });
    expect(maple.status).toBe(404);
    expect(maple.text).toBe(LINK_MESSAGES.invalid);
    expect((await t.client().post(`/api/link${Q}`, { code: linkCode })).status).toBe(401);

    const res = await clientAs(t.port, who).post(`/api/link${Q}`, {
      code: linkCode!.toLowerCase().replace('-', ' '),
    });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ id, sponsoredsId: record, name: 'Testa Record', numSlots: 1 });
    const [row] = await rowsWhere<Row>(t.database, 'user_sponsoreds', `id = ${id}`);
    expect(row).toMatchObject({ users_id: who.usersId, is_manual: true });

    const twice = await clientAs(t.port, await person('second')).post(`/api/link${Q}`, { code: linkCode });
    expect(twice.status).toBe(409);
    expect(twice.text).toBe(LINK_MESSAGES.used);
    expect((await clientAs(t.port, who).post(`/api/link${Q}`, { code: 'ABCDE-FGHJK' })).status).toBe(404);
    // The staff view no longer shows the used code.
    const detail = (await admin.get(`/api/dashboard/sponsors/${who.usersId}${Q}`)).json<SponsorDetail>();
    expect(detail.sponsorships[0]).toMatchObject({ id, linkCode: null, linkedAt: expect.any(String) });

    // Pay by card: checkout's conversion line, no new slot.
    const paid = await checkout(who, [line(record, 1, { conversion: true })], 5000);
    expect(paid.status).toBe(200);
    expect(await slotsFilledOf(t.database, record)).toBe(1);
    const [converted] = await rowsWhere<Row>(t.database, 'user_sponsoreds', `id = ${id}`);
    expect(converted).toMatchObject({ is_manual: false, date_ended: null });
    expect(converted!.subscriptions_id).not.toBeNull();
  });
});

it('slows an address that guesses link codes, right codes included', async () => {
  const record = await insertRecord(t.database, { maxSlots: 1 });
  const { linkCode } = (
    await manual(donorCare, {
      sponsoredsId: record,
      firstName: 'Gue',
      lastName: 'Ssing',
      email: `guess-${record}@example.org`,
    })
  ).json<SponsorshipView>();
  const who = await person('guesser');
  const address = freshAddress();
  for (let i = 0; i < 5; i += 1) {
    const wrong = await clientAs(t.port, who).post(`/api/link${Q}`, { code: `ABCDE-FGH${i}K` }, address);
    expect(wrong.status).toBe(404);
    expect(wrong.text).toBe(LINK_MESSAGES.invalid);
  }
  const blocked = await clientAs(t.port, who).post(`/api/link${Q}`, { code: linkCode }, address);
  expect(blocked.status).toBe(429);
  expect(blocked.text).toBe(
    'Too many wrong codes were tried from your address. Please try again in 15 minutes.',
  );
  expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  // Nothing was linked; from another address the right code still works.
  expect(
    await rowsWhere<Row>(
      t.database,
      'user_sponsoreds',
      `sponsoreds_id = ${record} and linked_at is not null`,
    ),
  ).toEqual([]);
  const linked = await clientAs(t.port, who).post(`/api/link${Q}`, { code: linkCode }, freshAddress());
  expect(linked.status).toBe(200);
});

describe('ending and moving a sponsorship', () => {
  it('ends a manual one with a reason: the slot freed, the sponsor told, once', async () => {
    const record = await insertRecord(t.database, { maxSlots: 2 });
    const email = `ending-${record}@example.org`;
    const { id } = (
      await manual(donorCare, { sponsoredsId: record, firstName: 'En', lastName: 'Ding', email })
    ).json<SponsorshipView>();
    const res = await donorCare.post(`/api/dashboard/sponsorships/${id}/end${Q}`, {
      reason: 'The sponsor asked to stop.',
    });
    expect(res.status).toBe(200);
    expect(res.json<SponsorshipView>()).toMatchObject({
      endReason: 'The sponsor asked to stop.',
      dateEnded: expect.any(String),
      linkCode: null,
    });
    expect(await slotsFilledOf(t.database, record)).toBe(0);
    const mails = await outboxTo(email);
    expect(mails.map((m) => m.subject)).toContain('Bright Futures Demo: your sponsorship of Testa has ended');
    const again = await donorCare.post(`/api/dashboard/sponsorships/${id}/end${Q}`, { reason: 'Twice' });
    expect(again.status).toBe(409);
    expect(again.text).toBe(SPONSORSHIP_ALREADY_ENDED);
    expect(await slotsFilledOf(t.database, record)).toBe(0);
    const code = (
      await manual(donorCare, { sponsoredsId: record, firstName: 'En', lastName: 'Ding', email })
    ).json<SponsorshipView>();
    expect(code.id).not.toBe(id);
    // The ended one's code no longer links.
    const [ended] = await rowsWhere<Row>(t.database, 'user_sponsoreds', `id = ${id}`);
    const linked = await clientAs(t.port, await person()).post(`/api/link${Q}`, { code: ended!.link_code });
    expect(linked.status).toBe(409);
    expect(linked.text).toBe(LINK_MESSAGES.ended);
    expect((await donorCare.post(`/api/dashboard/sponsorships/${id}/end${Q}`, { reason: '' })).status).toBe(
      400,
    );
  });

  it("ends a paid line at the gateway: the subscription's price follows, the last line cancels it", async () => {
    const who = await person('paid');
    const a = await insertRecord(t.database, { maxSlots: 2 });
    const b = await insertRecord(t.database, { maxSlots: 2 });
    expect((await checkout(who, [line(a, 1), line(b, 1)], 10000)).status).toBe(200);
    const lines = await rowsWhere<Row>(t.database, 'user_sponsoreds', `users_id = ${who.usersId}`);
    const lineOf = (record: number) => lines.find((l) => l.sponsoreds_id === record)!;
    const subId = lineOf(a).subscriptions_id;

    expect(
      (
        await donorCare.post(`/api/dashboard/sponsorships/${lineOf(a).id}/end${Q}`, {
          reason: 'Card disputed',
        })
      ).status,
    ).toBe(200);
    let [sub] = await rowsWhere<Row>(t.database, 'subscriptions', `id = ${subId}`);
    expect(sub).toMatchObject({ status: 'active', base_amount: 5000, additional_amount: 0 });
    expect(await slotsFilledOf(t.database, a)).toBe(0);
    expect(await slotsFilledOf(t.database, b)).toBe(1);

    expect(
      (await donorCare.post(`/api/dashboard/sponsorships/${lineOf(b).id}/end${Q}`, { reason: 'Moved away' }))
        .status,
    ).toBe(200);
    [sub] = await rowsWhere<Row>(t.database, 'subscriptions', `id = ${subId}`);
    expect(sub).toMatchObject({ status: 'canceled' });
    expect(sub!.canceled_at).not.toBeNull();
    const [gateway] = await rowsWhere<Row>(
      t.database,
      'sandbox_subscriptions',
      `id = '${sub!.gateway_subscription_id}'`,
    );
    expect(gateway?.status).toBe('canceled');
    expect(await slotsFilledOf(t.database, b)).toBe(0);
    const mails = await outboxTo(who.email);
    expect(mails.some((m) => String(m.body_text).includes('you will not be charged for it again'))).toBe(
      true,
    );
  });

  it('moves one to another record of the type with an open slot, slots and subscription following', async () => {
    const who = await person('mover');
    const from = await insertRecord(t.database, { maxSlots: 2 });
    const to = await insertRecord(t.database, { maxSlots: 1 });
    const full = await insertRecord(t.database, { maxSlots: 1, slotsFilled: 1 });
    const otherType = await insertRecord(t.database, { type: 'classes', maxSlots: 5 });
    expect((await checkout(who, [line(from, 1)], 5000)).status).toBe(200);
    const [before] = await rowsWhere<Row>(t.database, 'user_sponsoreds', `users_id = ${who.usersId}`);
    const move = (sponsoredsId: number) =>
      donorCare.post(`/api/dashboard/sponsorships/${before!.id}/move${Q}`, {
        sponsoredsId,
        reason: 'has left the program',
      });

    const toFull = await move(full);
    expect(toFull.status).toBe(409);
    expect(toFull.text).toBe(NO_OPEN_SLOT('Testa', 1));
    expect((await move(otherType)).text).toBe(SAME_TYPE_ONLY);
    expect(await slotsFilledOf(t.database, from)).toBe(1);
    expect(await slotsFilledOf(t.database, full)).toBe(1);

    const res = await move(to);
    expect(res.status).toBe(200);
    const moved = res.json<SponsorshipView>();
    expect(moved).toMatchObject({
      sponsoredsId: to,
      subscriptionsId: before!.subscriptions_id,
      amount: 5000,
      dateEnded: null,
    });
    expect(await slotsFilledOf(t.database, from)).toBe(0);
    expect(await slotsFilledOf(t.database, to)).toBe(1);
    const [old] = await rowsWhere<Row>(t.database, 'user_sponsoreds', `id = ${before!.id}`);
    expect(old!.date_ended).not.toBeNull();
    expect(old!.end_reason).toBe('Moved to Testa: has left the program');
    const mails = await outboxTo(who.email);
    expect(mails.map((m) => m.subject)).toContain('Bright Futures Demo: your sponsorship now supports Testa');
    // The ended one cannot move again.
    expect((await move(to)).status).toBe(409);
  });
});

describe('bad input', () => {
  it('answers bad paths, queries and bodies with a 4xx, never a 5xx, and changes nothing', async () => {
    const record = await insertRecord(t.database, { maxSlots: 1 });
    const gets = [
      '/api/dashboard/sponsors/abc',
      '/api/dashboard/sponsors/-1',
      '/api/dashboard/sponsors/99999999999',
      `/api/dashboard/sponsors${Q}&page=0`,
      `/api/dashboard/sponsors${Q}&sort=nothing&kind=other&pageSize=100000`,
      `/api/dashboard/sponsors${Q}&q=${'x'.repeat(300)}`,
    ];
    for (const path of gets) {
      const res = await admin.get(path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
    const bodies: unknown[] = [
      null,
      [],
      'text',
      { sponsoredsId: 'abc' },
      { sponsoredsId: 1e20, firstName: 'A', lastName: 'B', email: 'a@example.org' },
      { sponsoredsId: record, numSlots: 0, firstName: 'A', lastName: 'B', email: 'a@example.org' },
      { sponsoredsId: record, usersId: -1 },
      { code: {} },
      { code: '' },
      { reason: 5 },
      { reason: 'x'.repeat(501) },
      { sponsoredsId: record, reason: '' },
    ];
    const posts = [
      `/api/dashboard/sponsorships${Q}`,
      `/api/dashboard/sponsorships/abc/end${Q}`,
      `/api/dashboard/sponsorships/1/end${Q}`,
      `/api/dashboard/sponsorships/99999999999/move${Q}`,
      `/api/dashboard/sponsorships/1/move${Q}`,
      `/api/link${Q}`,
    ];
    for (const path of posts) {
      for (const body of bodies) {
        const res = await admin.post(path, body);
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500);
      }
    }
    expect(await slotsFilledOf(t.database, record)).toBe(0);
  });
});
