import {
  CODE_ALREADY_CLOSED,
  CODE_ALREADY_USED,
  CODE_MESSAGES,
  LINK_ALREADY_REVOKED,
  LINKS_CANNOT_EXPIRE,
  type StaffGift,
  type StaffGiftDetail,
  type StaffLightning,
  type StaffTrial,
} from '@kinship/domain';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_IDS, DEMO_LIGHTNING_CODE } from '../../../seed/demo.ts';
import { freshAddress, insertRecord, rowsWhere } from '../../../../test/giving-fixtures.ts';
import type { TestClient } from '../../../../test/http-client.ts';
import { clientAs, createPeople } from '../../../../test/people.ts';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';
import { lightningLinkIdOf } from './lightning.service.ts';

/*
 * Staff "Gifts and codes" (issue 21, decision 059): the server-paged lists, a gift opened, and
 * trial codes and lightning links expired or revoked with a reason.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'loopback' } });
});
afterAll(async () => {
  await t?.close();
});

type Row = Record<string, unknown>;

async function signedIn(email: string): Promise<TestClient> {
  const client = t.client('demo.localhost');
  const account = DEMO_ACCOUNTS.find((a) => a.email === email)!;
  expect((await client.signIn(account.email, account.password)).status).toBe(200);
  return client;
}
const admin = () => signedIn('partner-admin@demo.example.org');

async function issue(client: TestClient, count: number, batch: string, days = 7): Promise<string[]> {
  const res = await client.post(
    '/api/dashboard/trials?partnersId=2',
    { count, days, partnerSponsoredTypesId: null, batch },
    freshAddress(),
  );
  expect(res.status, res.text).toBe(200);
  return res.json<{ codes: string[] }>().codes;
}

async function trialIdOf(code: string): Promise<number> {
  const [row] = await rowsWhere<Row>(t.database, 'trial_codes', `code = '${code.replace(/-/g, '')}'`);
  return Number(row!.id);
}

/** A paid, delivered, unredeemed gift of partner 2 for a record in `entitiesId`. */
async function insertGift(giverName: string, options: { entitiesId?: number; amount?: number } = {}) {
  const record = await insertRecord(t.database, { maxSlots: 3 });
  if (options.entitiesId)
    await t.database.db.execute(
      sql`update sponsoreds set entities_id = ${options.entitiesId} where id = ${record}`,
    );
  const code = randomBytes(10).toString('hex').toUpperCase();
  const [row] = (
    (await t.database.db
      .execute(sql`insert into gift_codes (partners_id, code, recipient_name, recipient_email,
      months, amount, sponsoreds_id, giver_name, giver_email, message, deliver_on, delivered_at, expires_at)
      values (2, ${code}, 'Rita Recipient', 'rita@example.org', 6, ${options.amount ?? 12000}, ${record},
        ${giverName}, 'giver@example.org', 'Happy birthday', now(), now(), now() + interval '90 days')
      returning id`)) as unknown as { rows: Row[] }
  ).rows;
  return { id: Number(row!.id), code, record };
}

describe('server-paged lists (decision 059)', () => {
  it('pages, searches, filters and sorts trial codes, with the total in x-total-count', async () => {
    const staff = await admin();
    const batch = `paging-${randomBytes(4).toString('hex')}`;
    await issue(staff, 30, batch, 5);
    await issue(staff, 2, batch, 9);
    const first = await staff.get(`/api/dashboard/trials?partnersId=2&q=${batch}&pageSize=10`);
    expect(first.status, first.text).toBe(200);
    expect(first.headers['x-total-count']).toBe('32');
    expect(first.json<StaffTrial[]>()).toHaveLength(10);
    const last = await staff.get(`/api/dashboard/trials?partnersId=2&q=${batch}&pageSize=10&page=4`);
    expect(last.json<StaffTrial[]>()).toHaveLength(2);
    const byDays = await staff.get(
      `/api/dashboard/trials?partnersId=2&q=${batch}&pageSize=3&sort=days&order=desc`,
    );
    expect(byDays.json<StaffTrial[]>().map((r) => r.days)).toEqual([9, 9, 5]);
    const ids = new Set<number>();
    for (let page = 1; page <= 4; page++) {
      const res = await staff.get(`/api/dashboard/trials?partnersId=2&q=${batch}&pageSize=10&page=${page}`);
      for (const row of res.json<StaffTrial[]>()) ids.add(row.id);
    }
    expect(ids.size).toBe(32);
    const unused = await staff.get(`/api/dashboard/trials?partnersId=2&q=${batch}&state=unused&pageSize=1`);
    expect(unused.headers['x-total-count']).toBe('32');
    const revoked = await staff.get(`/api/dashboard/trials?partnersId=2&q=${batch}&state=revoked`);
    expect(revoked.headers['x-total-count']).toBe('0');
  });

  it('finds a trial code by its code only for those who may read codes', async () => {
    const staff = await admin();
    const [code] = await issue(staff, 1, `by-code-${randomBytes(3).toString('hex')}`);
    const typed = code!.toLowerCase().slice(0, 9);
    const found = await staff.get(`/api/dashboard/trials?partnersId=2&q=${typed}`);
    expect(found.json<StaffTrial[]>().map((r) => r.code)).toEqual([code]);
    const reporting = await signedIn('reporting@demo.example.org');
    const res = await reporting.get(`/api/dashboard/trials?partnersId=2&q=${typed}`);
    expect(res.status).toBe(200);
    expect(res.headers['x-total-count']).toBe('0');
  });

  it('lists gifts a page at a time and opens one with its purchaser, recipient, record, money, dates and code', async () => {
    const giver = `Giver ${randomBytes(4).toString('hex')}`;
    const gifts = [];
    for (let i = 0; i < 3; i++) gifts.push(await insertGift(giver, { amount: 1000 * (i + 1) }));
    const staff = await admin();
    const page = await staff.get(
      `/api/dashboard/gifts?partnersId=2&q=${encodeURIComponent(giver)}&pageSize=2&sort=amount&order=asc`,
    );
    expect(page.status, page.text).toBe(200);
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.json<StaffGift[]>().map((g) => g.amount)).toEqual([1000, 2000]);
    expect(page.json<StaffGift[]>()[0]).toMatchObject({ state: 'delivered', giverName: giver });
    const delivered = await staff.get(
      `/api/dashboard/gifts?partnersId=2&q=${encodeURIComponent(giver)}&state=redeemed`,
    );
    expect(delivered.headers['x-total-count']).toBe('0');

    const opened = await staff.get(`/api/dashboard/gifts/${gifts[0]!.id}?partnersId=2`);
    expect(opened.status, opened.text).toBe(200);
    const detail = opened.json<StaffGiftDetail>();
    expect(detail).toMatchObject({
      id: gifts[0]!.id,
      state: 'delivered',
      giverName: giver,
      giverEmail: 'giver@example.org',
      recipientName: 'Rita Recipient',
      recipientEmail: 'rita@example.org',
      recordName: 'Testa',
      typeLabel: 'Teacher',
      months: 6,
      amount: 1000,
      message: 'Happy birthday',
      redeemedAt: null,
      code: gifts[0]!.code.match(/.{1,4}/g)!.join('-'),
    });
    expect(detail.deliveredAt).not.toBeNull();
    expect(detail.expiresAt).not.toBeNull();

    // Reporting reads the gift with the code's last four characters only (decision 052).
    const reporting = await signedIn('reporting@demo.example.org');
    const masked = await reporting.get(`/api/dashboard/gifts/${gifts[0]!.id}?partnersId=2`);
    expect(masked.status).toBe(200);
    expect(masked.json<StaffGiftDetail>().code).toBe(`…${gifts[0]!.code.slice(-4)}`);
    expect(masked.text).not.toContain(gifts[0]!.code);

    // Another partner's site knows no such gift; a donor may not look.
    const maple = t.client('maple.localhost');
    expect((await maple.signIn('admin@maple.example.org', 'maple-admin-2026')).status).toBe(200);
    expect((await maple.get(`/api/dashboard/gifts/${gifts[0]!.id}?partnersId=3`)).status).toBe(404);
    const donor = await signedIn('donor@demo.example.org');
    expect((await donor.get(`/api/dashboard/gifts/${gifts[0]!.id}?partnersId=2`)).status).toBe(403);
    expect((await staff.get(`/api/dashboard/gifts/99999999?partnersId=2`)).status).toBe(404);
  });

  it('shows a program administrator the gifts of their program only', async () => {
    const giver = `Scoped ${randomBytes(4).toString('hex')}`;
    const inside = await insertGift(giver);
    const outside = await insertGift(giver, { entitiesId: DEMO_IDS.otherDemoEntity });
    const programAdmin = await signedIn('program-admin@demo.example.org');
    const res = await programAdmin.get(`/api/dashboard/gifts?partnersId=2&q=${encodeURIComponent(giver)}`);
    expect(res.status).toBe(200);
    expect(res.json<StaffGift[]>().map((g) => g.id)).toEqual([inside.id]);
    expect(res.headers['x-total-count']).toBe('1');
    expect((await programAdmin.get(`/api/dashboard/gifts/${outside.id}?partnersId=2`)).status).toBe(404);
    // Lightning links name no program: a program-scoped person gets none.
    const links = await programAdmin.get('/api/dashboard/lightning?partnersId=2');
    expect([links.status, links.headers['x-total-count']]).toEqual([200, '0']);
  });
});

describe('expiring and revoking codes (codes.manage, decision 059)', () => {
  it('revokes an unused trial code with a reason: listed with the reason, refused at redemption, audited', async () => {
    const staff = await admin();
    const batch = `revoke-${randomBytes(3).toString('hex')}`;
    const [code] = await issue(staff, 1, batch);
    const id = await trialIdOf(code!);
    const res = await staff.post(
      `/api/dashboard/trials/${id}/withdraw?partnersId=2`,
      { action: 'revoke', reason: 'Posted on a public forum' },
      freshAddress(),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.json<StaffTrial>()).toMatchObject({
      id,
      code,
      state: 'revoked',
      closedReason: 'Posted on a public forum',
    });
    const listed = await staff.get(`/api/dashboard/trials?partnersId=2&q=${batch}`);
    expect(listed.json<StaffTrial[]>()[0]).toMatchObject({
      state: 'revoked',
      closedReason: 'Posted on a public forum',
    });
    const byReason = await staff.get(`/api/dashboard/trials?partnersId=2&q=public%20forum&state=revoked`);
    expect(byReason.json<StaffTrial[]>().map((r) => r.id)).toContain(id);

    const [person] = await createPeople(t.database, 1, 'revoked-trial');
    const redeem = await clientAs(t.port, person!).post(`/api/trials/redeem/${code}`, {}, freshAddress());
    expect([redeem.status, redeem.text]).toEqual([410, CODE_MESSAGES.revoked]);
    const preview = await t.client('demo.localhost').get(`/api/trials/redeem/${code}`, freshAddress());
    expect([preview.status, preview.text]).toEqual([410, CODE_MESSAGES.revoked]);

    const again = await staff.post(
      `/api/dashboard/trials/${id}/withdraw?partnersId=2`,
      { action: 'expire', reason: 'Twice' },
      freshAddress(),
    );
    expect([again.status, again.text]).toEqual([409, CODE_ALREADY_CLOSED]);

    const [audit] = await rowsWhere<Row>(
      t.database,
      'audit_log',
      `action = 'trial.revoked' and entity_id = '${id}'`,
    );
    expect(audit).toMatchObject({ entity_type: 'trial', partners_id: 2 });
    expect((audit!.details as Row).reason).toBe('Posted on a public forum');
    expect(audit!.users_id).not.toBeNull();
  });

  it('expires an unused trial code now; a used or unknown code and an empty reason are refused', async () => {
    const staff = await admin();
    const [toExpire, toUse] = await issue(staff, 2, `expire-${randomBytes(3).toString('hex')}`);
    const id = await trialIdOf(toExpire!);
    const empty = await staff.post(
      `/api/dashboard/trials/${id}/withdraw?partnersId=2`,
      { action: 'expire', reason: '  ' },
      freshAddress(),
    );
    expect(empty.status).toBe(400);
    const res = await staff.post(
      `/api/dashboard/trials/${id}/withdraw?partnersId=2`,
      { action: 'expire', reason: 'Event is over' },
      freshAddress(),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.json<StaffTrial>()).toMatchObject({ state: 'expired', closedReason: 'Event is over' });
    const [person] = await createPeople(t.database, 1, 'expired-trial');
    const redeem = await clientAs(t.port, person!).post(`/api/trials/redeem/${toExpire}`, {}, freshAddress());
    expect([redeem.status, redeem.text]).toEqual([410, CODE_MESSAGES.expired]);
    expect(
      await rowsWhere(t.database, 'audit_log', `action = 'trial.expired' and entity_id = '${id}'`),
    ).toHaveLength(1);

    // A used code: the trial runs; it can no longer be withdrawn.
    const record = await insertRecord(t.database, { maxSlots: 1 });
    const usedId = await trialIdOf(toUse!);
    await t.database.db.execute(sql`update trial_codes set sponsoreds_id = ${record} where id = ${usedId}`);
    const started = await clientAs(t.port, person!).post(`/api/trials/redeem/${toUse}`, {}, freshAddress());
    expect(started.status, started.text).toBe(200);
    const used = await staff.post(
      `/api/dashboard/trials/${usedId}/withdraw?partnersId=2`,
      { action: 'revoke', reason: 'Too late' },
      freshAddress(),
    );
    expect([used.status, used.text]).toEqual([409, CODE_ALREADY_USED]);
    const unknown = await staff.post(
      '/api/dashboard/trials/99999999/withdraw?partnersId=2',
      { action: 'revoke', reason: 'Nothing' },
      freshAddress(),
    );
    expect(unknown.status).toBe(404);
  });

  it('lets only codes.manage, partner-wide, withdraw codes', async () => {
    const staff = await admin();
    const [code] = await issue(staff, 1, `perm-${randomBytes(3).toString('hex')}`);
    const id = await trialIdOf(code!);
    const body = { action: 'revoke', reason: 'No' };
    const anonymous = t.client('demo.localhost');
    expect((await anonymous.post(`/api/dashboard/trials/${id}/withdraw?partnersId=2`, body)).status).toBe(
      401,
    );
    for (const email of [
      'donor@demo.example.org',
      'reporting@demo.example.org',
      'program-admin@demo.example.org',
    ]) {
      const res = await (
        await signedIn(email)
      ).post(`/api/dashboard/trials/${id}/withdraw?partnersId=2`, body);
      expect(res.status, email).toBe(403);
    }
    const maple = t.client('maple.localhost');
    expect((await maple.signIn('admin@maple.example.org', 'maple-admin-2026')).status).toBe(200);
    // Maple has no trials: the section does not exist there.
    expect((await maple.post(`/api/dashboard/trials/${id}/withdraw?partnersId=3`, body)).status).toBe(404);
    const donorCare = await signedIn('donor-care@demo.example.org');
    const res = await donorCare.post(
      `/api/dashboard/trials/${id}/withdraw?partnersId=2`,
      body,
      freshAddress(),
    );
    expect(res.status, res.text).toBe(200);
  });

  it('revokes a lightning link: its page says it was withdrawn, checkouts no longer count to it', async () => {
    const staff = await admin();
    const campaign = `Revoked campaign ${randomBytes(3).toString('hex')}`;
    const created = await staff.post(
      '/api/dashboard/lightning?partnersId=2',
      { campaign, partnerSponsoredTypesId: DEMO_IDS.types.demo.students },
      freshAddress(),
    );
    expect(created.status, created.text).toBe(200);
    const link = created.json<{ id: number; code: string }>();
    const opened = await t
      .client('demo.localhost')
      .get(`/api/lightning/students/${link.code}`, freshAddress());
    expect(opened.status, opened.text).toBe(200);
    expect(await lightningLinkIdOf(t.database.db, 2, link.code)).toBe(link.id);
    expect(await lightningLinkIdOf(t.database.db, 2, DEMO_LIGHTNING_CODE)).not.toBeNull();

    const expire = await staff.post(
      `/api/dashboard/lightning/${link.id}/withdraw?partnersId=2`,
      { action: 'expire', reason: 'Over' },
      freshAddress(),
    );
    expect([expire.status, expire.text]).toEqual([400, LINKS_CANNOT_EXPIRE]);
    const reporting = await signedIn('reporting@demo.example.org');
    expect(
      (
        await reporting.post(`/api/dashboard/lightning/${link.id}/withdraw?partnersId=2`, {
          reason: 'No',
        })
      ).status,
    ).toBe(403);

    const res = await staff.post(
      `/api/dashboard/lightning/${link.id}/withdraw?partnersId=2`,
      { reason: 'Campaign cancelled' },
      freshAddress(),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.json<StaffLightning>()).toMatchObject({
      id: link.id,
      state: 'revoked',
      closedReason: 'Campaign cancelled',
    });
    const page = await t.client('demo.localhost').get(`/api/lightning/students/${link.code}`, freshAddress());
    expect([page.status, page.text]).toEqual([410, CODE_MESSAGES.revoked]);
    const again = await staff.post(
      `/api/dashboard/lightning/${link.id}/withdraw?partnersId=2`,
      { reason: 'Twice' },
      freshAddress(),
    );
    expect([again.status, again.text]).toEqual([409, LINK_ALREADY_REVOKED]);

    const listed = await staff.get(
      `/api/dashboard/lightning?partnersId=2&q=${encodeURIComponent(campaign)}&state=revoked`,
    );
    expect(listed.headers['x-total-count']).toBe('1');
    expect(listed.json<StaffLightning[]>()[0]).toMatchObject({ closedReason: 'Campaign cancelled' });
    expect(
      await rowsWhere(t.database, 'audit_log', `action = 'lightning.revoked' and entity_id = '${link.id}'`),
    ).toHaveLength(1);
    // A checkout that still names the revoked link is not counted to its campaign.
    expect(await lightningLinkIdOf(t.database.db, 2, link.code)).toBeNull();
  });
});
