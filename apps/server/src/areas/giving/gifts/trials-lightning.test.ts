import { CART_ISSUE_MESSAGE, CODE_MESSAGES, formatDate, type UserSponsored } from '@kinship/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_EXPIRED_TRIAL_CODE, DEMO_IDS, DEMO_LIGHTNING_CODE } from '../../../seed/demo.ts';
import {
  freshAddress,
  insertRecord,
  line,
  rowsWhere,
  slotsFilledOf,
} from '../../../../test/giving-fixtures.ts';
import { clientAs, createPeople } from '../../../../test/people.ts';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'loopback' } });
});
afterAll(async () => {
  await t?.close();
});

type Row = Record<string, unknown>;
const admin = () => t.client('demo.localhost');

async function signedInAdmin() {
  const client = admin();
  const res = await client.signIn('partner-admin@demo.example.org', 'demo-admin-2026');
  expect(res.status).toBe(200);
  return client;
}

describe('trial codes', () => {
  it('staff issue a batch; a person redeems one, the slot fills, a reminder and the end free it', async () => {
    const staff = await signedInAdmin();
    const issued = await staff.post(
      '/api/dashboard/trials?partnersId=2',
      { count: 3, days: 10, partnerSponsoredTypesId: DEMO_IDS.types.demo.teachers, batch: 'Fair' },
      freshAddress(),
    );
    expect(issued.status, issued.text).toBe(200);
    const { codes } = issued.json<{ codes: string[] }>();
    expect(codes).toHaveLength(3);
    const record = await insertRecord(t.database, { maxSlots: 1 });
    await t.database.db.execute(
      sql`update trial_codes set sponsoreds_id = ${record} where code = ${codes[0]!.replace(/-/g, '')}`,
    );
    const preview = await t.client('demo.localhost').get(`/api/trials/redeem/${codes[0]}`, freshAddress());
    expect(preview.status, preview.text).toBe(200);
    expect(preview.json()).toMatchObject({ days: 10, record: { id: record } });
    const [person] = await createPeople(t.database, 1, 'trial');
    const res = await clientAs(t.port, person!).post(`/api/trials/redeem/${codes[0]}`, {}, freshAddress());
    expect(res.status, res.text).toBe(200);
    expect(await slotsFilledOf(t.database, record)).toBe(1);
    const again = await clientAs(t.port, person!).post(`/api/trials/redeem/${codes[0]}`, {}, freshAddress());
    expect(again.text).toBe(CODE_MESSAGES.used);
    // Read again, the code tells the person who started the trial that it was theirs, and when.
    const own = await clientAs(t.port, person!).get(`/api/trials/redeem/${codes[0]}`, freshAddress());
    expect(own.status, own.text).toBe(200);
    expect(own.json()).toMatchObject({
      days: 10,
      record: { id: record },
      redeemedByYou: { endsAt: res.json<{ endsAt: string }>().endsAt, sponsoredsId: record },
    });
    const [stranger] = await createPeople(t.database, 1, 'trial-stranger');
    for (const other of [clientAs(t.port, stranger!), t.client('demo.localhost')]) {
      const read = await other.get(`/api/trials/redeem/${codes[0]}`, freshAddress());
      expect([read.status, read.text]).toEqual([409, CODE_MESSAGES.used]);
    }
    const [trial] = await rowsWhere<Row>(
      t.database,
      'trial_codes',
      `code = '${codes[0]!.replace(/-/g, '')}'`,
    );
    await t.database.db.execute(
      sql`update trial_codes set ends_at = now() + interval '1 day' where id = ${Number(trial!.id)}`,
    );
    await t.runJob('gifts.sweep');
    expect(
      await rowsWhere(t.database, 'email_outbox', `dedupe_key = 'trial:${String(trial!.id)}:reminder'`),
    ).toHaveLength(1);
    await t.database.db.execute(
      sql`update trial_codes set ends_at = now() - interval '1 minute' where id = ${Number(trial!.id)}`,
    );
    await t.runJob('gifts.sweep');
    expect(await slotsFilledOf(t.database, record)).toBe(0);
  });

  it('refuses a trial of a full record and of a closed one with the cart message, each with its own code', async () => {
    const staff = await signedInAdmin();
    const { codes } = (
      await staff.post(
        '/api/dashboard/trials?partnersId=2',
        { count: 1, days: 10, partnerSponsoredTypesId: null },
        freshAddress(),
      )
    ).json<{ codes: string[] }>();
    const full = await insertRecord(t.database, { maxSlots: 1, slotsFilled: 1 });
    const closed = await insertRecord(t.database, { maxSlots: 1 });
    await t.database.db.execute(sql`update sponsoreds set status = 'inactive' where id = ${closed}`);
    const [person] = await createPeople(t.database, 1, 'trial-refused');
    const client = clientAs(t.port, person!);
    const redeem = (sponsoredsId: number) =>
      client.post(`/api/trials/redeem/${codes[0]}`, { sponsoredsId }, freshAddress());
    const taken = await redeem(full);
    expect([taken.status, taken.headers['x-error-code'], taken.text]).toEqual([
      409,
      'slots_full',
      CART_ISSUE_MESSAGE,
    ]);
    const gone = await redeem(closed);
    expect([gone.status, gone.headers['x-error-code'], gone.text]).toEqual([
      409,
      'record_closed',
      CART_ISSUE_MESSAGE,
    ]);
  });

  it('a started trial is listed as a trial with its end and reminder dates, and is confirmed by email saying when the reminder comes', async () => {
    const staff = await signedInAdmin();
    const { codes } = (
      await staff.post(
        '/api/dashboard/trials?partnersId=2',
        { count: 1, days: 10, partnerSponsoredTypesId: null },
        freshAddress(),
      )
    ).json<{ codes: string[] }>();
    const record = await insertRecord(t.database, { maxSlots: 1 });
    const [person] = await createPeople(t.database, 1, 'trial-listed');
    const client = clientAs(t.port, person!);
    const redeemed = await client.post(
      `/api/trials/redeem/${codes[0]}`,
      { sponsoredsId: record },
      freshAddress(),
    );
    expect(redeemed.status, redeemed.text).toBe(200);
    const endsAt = redeemed.json<{ endsAt: string }>().endsAt;
    const reminderAt = new Date(new Date(endsAt).getTime() - 3 * 86_400_000).toISOString();

    const lineOf = async () => {
      const res = await client.get(`/api/users/${person!.usersId}/sponsoreds?partnersId=2`);
      expect(res.status, res.text).toBe(200);
      return res.json<UserSponsored[]>().find((l) => l.sponsoredsId === record)!;
    };
    expect(await lineOf()).toMatchObject({
      isManual: true,
      subscriptionsId: null,
      dateEnded: null,
      trial: { endsAt, reminderAt, remindedAt: null },
    });

    const [trial] = await rowsWhere<Row>(
      t.database,
      'trial_codes',
      `user_sponsoreds_id IS NOT NULL AND sponsoreds_id = ${record}`,
    );
    const [confirmation] = await rowsWhere<Row>(
      t.database,
      'email_outbox',
      `dedupe_key = 'trial:${String(trial!.id)}:started'`,
    );
    expect(confirmation).toMatchObject({
      to_address: person!.email,
      subject: `Your trial sponsorship with Bright Futures Demo ends on ${formatDate(endsAt)}`,
    });
    expect(String(confirmation!.body_text)).toContain(
      `has begun. It ends on ${formatDate(endsAt)}.\nWe will email you a reminder on ${formatDate(reminderAt)}, 3 days before it ends.`,
    );
    expect(String(confirmation!.body_text)).toContain('/profile/sponsorships');

    // The reminder's sweep: the listing says when it was sent; a second sweep sends nothing more.
    await t.database.db.execute(
      sql`update trial_codes set ends_at = now() + interval '2 days' where id = ${Number(trial!.id)}`,
    );
    await t.runJob('gifts.sweep');
    await t.runJob('gifts.sweep');
    expect(
      await rowsWhere(t.database, 'email_outbox', `dedupe_key = 'trial:${String(trial!.id)}:reminder'`),
    ).toHaveLength(1);
    expect((await lineOf()).trial?.remindedAt).toEqual(expect.any(String));
  });

  it('a trial converted to paid by checkout keeps running after its end', async () => {
    const staff = await signedInAdmin();
    const { codes } = (
      await staff.post(
        '/api/dashboard/trials?partnersId=2',
        { count: 1, days: 5, partnerSponsoredTypesId: null },
        freshAddress(),
      )
    ).json<{ codes: string[] }>();
    const record = await insertRecord(t.database, { maxSlots: 1 });
    const [person] = await createPeople(t.database, 1, 'convert');
    const redeemed = await clientAs(t.port, person!).post(
      `/api/trials/redeem/${codes[0]}`,
      { sponsoredsId: record },
      freshAddress(),
    );
    expect(redeemed.status, redeemed.text).toBe(200);
    const paid = await clientAs(t.port, person!).post(
      '/api/payments/checkout/month?partnersId=2',
      {
        partnersId: 2,
        stripePaymentIntent: 'pm_card_visa',
        userSponsoreds: [line(record, 1, { conversion: true, usersId: person!.usersId })],
        email: person!.email,
        firstName: 'Trial',
        lastName: 'Person',
        baseAmount: 5000,
        additionalAmount: 0,
      },
      freshAddress(),
    );
    expect(paid.status, paid.text).toBe(200);
    const listed = (
      await clientAs(t.port, person!).get(`/api/users/${person!.usersId}/sponsoreds?partnersId=2`)
    ).json<UserSponsored[]>();
    expect(listed.find((l) => l.sponsoredsId === record)).toMatchObject({ trial: null });
    await t.database.db.execute(
      sql`update trial_codes set ends_at = now() - interval '1 minute' where code = ${codes[0]!.replace(/-/g, '')}`,
    );
    await t.runJob('gifts.sweep');
    expect(await slotsFilledOf(t.database, record)).toBe(1);
  });

  it('an expired code says so; a program-scoped administrator cannot issue partner-wide codes; maple answers 404', async () => {
    const expired = await t
      .client('demo.localhost')
      .get(`/api/trials/redeem/${DEMO_EXPIRED_TRIAL_CODE}`, freshAddress());
    expect(expired.status).toBe(410);
    expect(expired.text).toBe(CODE_MESSAGES.expired);
    const program = t.client('demo.localhost');
    await program.signIn('program-admin@demo.example.org', 'program-admin-2026');
    const refused = await program.post(
      '/api/dashboard/trials?partnersId=2',
      { count: 1, days: 5, partnerSponsoredTypesId: null },
      freshAddress(),
    );
    expect(refused.status).toBe(403);
    expect(
      (await t.client('maple.localhost').get(`/api/trials/redeem/${DEMO_EXPIRED_TRIAL_CODE}`, freshAddress()))
        .status,
    ).toBe(404);
  });
});

describe('lightning links', () => {
  it('opens on the next available record of the type, with the campaign, and counts the checkouts it brought', async () => {
    const preview = await t
      .client('demo.localhost')
      .get(`/api/lightning/students/${DEMO_LIGHTNING_CODE.toLowerCase()}`);
    expect(preview.status, preview.text).toBe(200);
    const body = preview.json<{ campaign: string; record: { id: number }; monthlyAmount: number }>();
    expect(body.campaign).toBe('Spring gala table cards');
    expect(body.monthlyAmount).toBe(3900);
    const [person] = await createPeople(t.database, 1, 'lightning');
    const paid = await clientAs(t.port, person!).post(
      '/api/payments/checkout/month?partnersId=2',
      {
        partnersId: 2,
        stripePaymentIntent: 'pm_card_visa',
        userSponsoreds: [line(body.record.id, 1, { type: 'students', usersId: person!.usersId })],
        email: person!.email,
        firstName: 'Light',
        lastName: 'Ning',
        baseAmount: 3900,
        additionalAmount: 0,
        lightningCode: DEMO_LIGHTNING_CODE,
      },
      freshAddress(),
    );
    expect(paid.status, paid.text).toBe(200);
    const staff = await signedInAdmin();
    const list = await staff.get('/api/dashboard/giving-codes?partnersId=2');
    expect(list.status).toBe(200);
    const links = list.json<{ lightning: { code: string; sponsorships: number }[] }>().lightning;
    expect(links.find((l) => l.code === DEMO_LIGHTNING_CODE)!.sponsorships).toBeGreaterThanOrEqual(1);
    const svg = await staff.get(`/api/dashboard/lightning/${DEMO_LIGHTNING_CODE}/qr?partnersId=2`);
    expect(svg.status).toBe(200);
    expect(svg.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(svg.text).toContain('<svg');
    const png = await staff.get(`/api/dashboard/lightning/${DEMO_LIGHTNING_CODE}/qr?partnersId=2&format=png`);
    expect(png.headers['content-type']).toBe('image/png');
    // "Download" saves a file instead of opening the picture in a tab.
    expect(png.headers['content-disposition']).toBe(
      `attachment; filename="lightning-${DEMO_LIGHTNING_CODE}.png"`,
    );
    expect(svg.headers['content-disposition']).toMatch(/^attachment; filename="lightning-.+\.svg"$/);
  });

  it('staff create a link with a campaign; an unknown link is a 404; maple answers 404', async () => {
    const staff = await signedInAdmin();
    const created = await staff.post(
      '/api/dashboard/lightning?partnersId=2',
      { campaign: 'Church bulletin', partnerSponsoredTypesId: DEMO_IDS.types.demo.teachers },
      freshAddress(),
    );
    expect(created.status, created.text).toBe(200);
    expect(created.json<{ path: string }>().path).toMatch(/^\/lightning\/teachers\/[A-Z0-9]{10}$/);
    expect((await t.client('demo.localhost').get('/api/lightning/students/NOPE1234')).status).toBe(404);
    expect(
      (await t.client('maple.localhost').get(`/api/lightning/students/${DEMO_LIGHTNING_CODE}`)).status,
    ).toBe(404);
    expect((await t.client('demo.localhost').get('/api/dashboard/giving-codes')).status).toBe(401);
  });
  it('counts unknown link codes against the address, as every code is; the plain type page is never counted', async () => {
    const address = freshAddress();
    for (let i = 0; i < 5; i += 1) {
      const wrong = await t.client('demo.localhost').get(`/api/lightning/students/NOPE${i}2345`, address);
      expect(wrong.status).toBe(404);
      expect(wrong.text).toBe('This link is not known. Please check the address.');
    }
    const blocked = await t
      .client('demo.localhost')
      .get(`/api/lightning/students/${DEMO_LIGHTNING_CODE}`, address);
    expect(blocked.status).toBe(429);
    expect(blocked.text).toBe(
      'Too many wrong codes were tried from your address. Please try again in 15 minutes.',
    );
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The type's page without a code reads no code, so it still answers for this address.
    expect((await t.client('demo.localhost').get('/api/lightning/students', address)).status).toBe(200);
    expect(
      (await t.client('demo.localhost').get(`/api/lightning/students/${DEMO_LIGHTNING_CODE}`, freshAddress()))
        .status,
    ).toBe(200);
  });
});

describe('codes in staff lists (codes.manage, decision 052)', () => {
  const signedIn = async (email: string) => {
    const client = t.client('demo.localhost');
    const account = DEMO_ACCOUNTS.find((a) => a.email === email)!;
    expect((await client.signIn(account.email, account.password)).status).toBe(200);
    return client;
  };
  type Codes = {
    trials: { id: number; code: string }[];
    lightning: { id: number; code: string; path: string | null }[];
  };

  it('shows trial codes and links in full to those who issue them, and the last four characters to Reporting', async () => {
    const staff = await signedInAdmin();
    const issued = await staff.post(
      '/api/dashboard/trials?partnersId=2',
      { count: 1, days: 7, partnerSponsoredTypesId: null, batch: 'masking' },
      freshAddress(),
    );
    expect(issued.status, issued.text).toBe(200);
    const [code] = issued.json<{ codes: string[] }>().codes;
    const plain = code!.replace(/-/g, '');

    for (const email of ['partner-admin@demo.example.org', 'donor-care@demo.example.org']) {
      const full = (
        await (await signedIn(email)).get('/api/dashboard/giving-codes?partnersId=2')
      ).json<Codes>();
      expect(full.trials.map((x) => x.code)).toContain(code);
      expect(full.lightning.find((l) => l.code === DEMO_LIGHTNING_CODE)!.path).toBe(
        `/lightning/students/${DEMO_LIGHTNING_CODE}`,
      );
    }

    const reporting = await signedIn('reporting@demo.example.org');
    const res = await reporting.get('/api/dashboard/giving-codes?partnersId=2');
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(plain);
    expect(res.text).not.toContain(code);
    expect(res.text).not.toContain(DEMO_LIGHTNING_CODE);
    const masked = res.json<Codes>();
    expect(masked.trials.map((x) => x.code)).toContain(`…${plain.slice(-4)}`);
    expect(masked.trials.every((x) => /^…[A-Z0-9]{4}$/.test(x.code))).toBe(true);
    const link = masked.lightning.find((l) => l.code === `…${DEMO_LIGHTNING_CODE.slice(-4)}`);
    expect(link).toMatchObject({ path: null });
  });

  it('lets only codes.manage issue codes, create links and draw their QR codes', async () => {
    const reporting = await signedIn('reporting@demo.example.org');
    const trial = await reporting.post(
      '/api/dashboard/trials?partnersId=2',
      { count: 1, days: 7, partnerSponsoredTypesId: null, batch: 'reporting' },
      freshAddress(),
    );
    expect([trial.status, trial.text]).toEqual([
      403,
      'You do not have permission to do this (issue trial codes and lightning links, and see codes in full).',
    ]);
    const link = await reporting.post(
      '/api/dashboard/lightning?partnersId=2',
      { campaign: 'Reporting', partnerSponsoredTypesId: DEMO_IDS.types.demo.teachers },
      freshAddress(),
    );
    expect(link.status).toBe(403);
    expect(
      (await reporting.get(`/api/dashboard/lightning/${DEMO_LIGHTNING_CODE}/qr?partnersId=2`)).status,
    ).toBe(403);

    const donorCare = await signedIn('donor-care@demo.example.org');
    const issued = await donorCare.post(
      '/api/dashboard/trials?partnersId=2',
      { count: 2, days: 7, partnerSponsoredTypesId: null, batch: 'donor care' },
      freshAddress(),
    );
    expect(issued.status, issued.text).toBe(200);
    expect(issued.json<{ codes: string[] }>().codes).toHaveLength(2);
    expect(
      (await donorCare.get(`/api/dashboard/lightning/${DEMO_LIGHTNING_CODE}/qr?partnersId=2`)).status,
    ).toBe(200);
  });
});
