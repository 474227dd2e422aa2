import { CODE_MESSAGES, tooManyCodesMessage } from '@kinship/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../../seed/demo.ts';
import {
  DEMO_MONTHLY,
  freshAddress,
  insertRecord,
  rowsWhere,
  slotsFilledOf,
} from '../../../../test/giving-fixtures.ts';
import { pdfText } from '../../../../test/pdf-text.ts';
import { clientAs, createPeople } from '../../../../test/people.ts';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';
import { CODE_ALPHABET, codeBits, CODE_LENGTH, formatCode, newCode, normalizeCode } from './codes.ts';
import { renderGiftCardPdf } from './gift-mail.ts';
import { GIFT_RECORD_FULL } from './gifts.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'loopback' } });
});
afterAll(async () => {
  await t?.close();
});

type Row = Record<string, unknown>;
const today = () => new Date().toISOString().slice(0, 10);
let n = 0;

function giftBody(sponsoredsId: number, overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    partnersId: 2,
    sponsoredsId,
    months: 6,
    amount: DEMO_MONTHLY.teachers * 6,
    recipientName: 'Fran Friend',
    recipientEmail: `friend-${Date.now()}-${n}@example.org`,
    message: 'Happy birthday!',
    deliverOn: today(),
    firstName: 'Gail',
    lastName: 'Giver',
    email: `giver-${Date.now()}-${n}@example.org`,
    token: 'pm_card_visa',
    ...overrides,
  };
}

const postGift = (body: Record<string, unknown>, host = 'demo.localhost') =>
  t.client(host).post('/api/gifts', body, freshAddress());

/** A paid, delivered gift of a fresh record: its code. */
async function deliveredGift(maxSlots = 1, overrides: Record<string, unknown> = {}) {
  const record = await insertRecord(t.database, { maxSlots });
  const body = giftBody(record, overrides);
  const res = await postGift(body);
  expect(res.status, res.text).toBe(200);
  await t.runJob('gifts.deliver', { giftsId: Number((await giftOf(record)).id) });
  const gift = await giftOf(record);
  return { record, body, code: String(gift.code), gift };
}

async function giftOf(record: number): Promise<Row> {
  const [row] = await rowsWhere<Row>(
    t.database,
    'gift_codes',
    `id = (select max(id) from gift_codes where sponsoreds_id = ${record})`,
  );
  return row!;
}

describe('codes', () => {
  it('are at least 80 bits from an alphabet without look-alikes, read back whatever the case and dashes', () => {
    expect(codeBits(CODE_LENGTH)).toBeGreaterThanOrEqual(80);
    expect(CODE_ALPHABET).not.toMatch(/[01OIL]/);
    const code = newCode();
    expect(code).toHaveLength(CODE_LENGTH);
    expect(new Set(Array.from({ length: 200 }, () => newCode())).size).toBe(200);
    expect(normalizeCode(formatCode(code).toLowerCase())).toBe(code);
    expect(normalizeCode(' ab-cd ef ')).toBe('ABCDEF');
    expect(normalizeCode('<script>')).toBeNull();
  });
});

describe('POST /api/gifts', () => {
  it('charges the period at once, holds the slot for the recipient and schedules the delivery', async () => {
    const record = await insertRecord(t.database, { maxSlots: 1 });
    const body = giftBody(record);
    const res = await postGift(body);
    expect(res.status, res.text).toBe(200);
    const answer = res.json<{ receipt: string; manageCode: string }>();
    expect(answer.receipt).toMatch(/\/receipts\//);
    const gift = await giftOf(record);
    expect(gift).toMatchObject({ months: 6, amount: DEMO_MONTHLY.teachers * 6, giver_email: body.email });
    expect(String(gift.code)).toHaveLength(CODE_LENGTH);
    const [order] = await rowsWhere<Row>(t.database, 'orders', `id = ${String(gift.orders_id)}`);
    expect(order).toMatchObject({
      kind: 'gift',
      status: 'succeeded',
      base_amount: DEMO_MONTHLY.teachers * 6,
    });
    // The giver's receipt.
    const [receipt] = await rowsWhere<Row>(t.database, 'email_outbox', `to_address = '${body.email}'`);
    expect(receipt).toMatchObject({ kind: 'receipt' });
    // The receipt mail carries the "manage your gift" link the confirmation screen promises.
    expect(String(receipt!.body_text)).toMatch(
      new RegExp(
        `To change the recipient's address or send the gift again, keep this link: http://demo\\.localhost(:\\d+)?/gift/manage/${answer.manageCode}\n`,
      ),
    );
    expect(String(receipt!.body_html)).toContain(`/gift/manage/${answer.manageCode}`);
    // The hold counts: the only slot can no longer be given or sponsored.
    const again = await postGift(giftBody(record));
    expect(again.status).toBe(409);
    // A gift has no cart: the refusal says the record is taken, not "There are issues with your cart".
    expect(again.text).toBe(GIFT_RECORD_FULL);
    expect(await slotsFilledOf(t.database, record)).toBe(0);
  });

  it('answers 409 with the price when the amount shown differs, and takes an open-ended gift as one month', async () => {
    const record = await insertRecord(t.database, { maxSlots: 2 });
    const wrong = await postGift(giftBody(record, { amount: 100 }));
    expect(wrong.status).toBe(409);
    const open = await postGift(giftBody(record, { months: null, amount: DEMO_MONTHLY.teachers }));
    expect(open.status, open.text).toBe(200);
    expect(await giftOf(record)).toMatchObject({ open_ended: true, months: 1 });
  });

  it('refuses a delivery date in the past and a declined card keeps nothing held', async () => {
    const record = await insertRecord(t.database, { maxSlots: 1 });
    expect((await postGift(giftBody(record, { deliverOn: '2020-01-01' }))).status).toBe(400);
    const declined = await postGift(giftBody(record, { token: 'pm_card_chargeDeclined' }));
    expect(declined.status).toBe(402);
    expect((await postGift(giftBody(record))).status).toBe(200);
  });

  it('gives the one who has waited longest of a type when no record is named', async () => {
    const res = await postGift(
      giftBody(0, { sponsoredsId: null, partnerSponsoredTypesId: DEMO_IDS.types.demo.teachers }),
    );
    expect(res.status, res.text).toBe(200);
  });
});

describe('delivery and the gift card', () => {
  it('mails the recipient on the delivery date with the redeem link and the card PDF', async () => {
    const { body, code } = await deliveredGift();
    const [mail] = await rowsWhere<Row>(
      t.database,
      'email_outbox',
      `to_address = '${String(body.recipientEmail)}'`,
    );
    expect(mail).toMatchObject({ kind: 'gift' });
    expect(String(mail!.body_text)).toContain(`/redeem/${code}`);
    expect(String(mail!.body_text)).toContain(formatCode(code));
    await t.runJob('outbox.dispatch');
    const [eml] = t.mailTo(String(body.recipientEmail));
    expect(eml).toContain('gift-card.pdf');
    expect(eml).toContain('application/pdf');
  });

  it('a later delivery date waits: the code is unknown until the mail goes out', async () => {
    const record = await insertRecord(t.database, { maxSlots: 1 });
    const later = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    expect((await postGift(giftBody(record, { deliverOn: later }))).status).toBe(200);
    const gift = await giftOf(record);
    expect(gift.delivered_at).toBeNull();
    const res = await t
      .client('demo.localhost')
      .get(`/api/gifts/redeem/${String(gift.code)}`, freshAddress());
    expect(res.status).toBe(404);
  });

  it('shows the first name and picture only when the record is not masked', async () => {
    const base = {
      partnerName: 'Bright Futures Demo',
      brandColor: '#1c7ed6',
      logo: null,
      picture: null,
      giverName: 'Gail Giver',
      recipientName: 'Fran',
      message: null,
      period: '6 months',
      code: 'ABCD-EFGH',
      link: 'http://demo.localhost/redeem/ABCDEFGH',
      amount: '$300.00',
      givenOn: '11/27/2026',
      expires: '11/27/2027',
    };
    const open = pdfText(
      await renderGiftCardPdf({ ...base, recordFirstName: 'Amara', message: 'For you — with love' }),
    );
    expect(open).toContain('Amara');
    expect(open).toContain('ABCD-EFGH');
    // The em dash is drawn as itself (it printed as "-"), and the card says when to use the code.
    expect(open).toContain('For you — with love');
    expect(open).toContain('Use it by 11/27/2027');
    expect(open).toContain('11/27/2026');
    const masked = pdfText(await renderGiftCardPdf({ ...base, recordFirstName: null }));
    expect(masked).not.toContain('Amara');
    expect(masked).toContain('a sponsorship');
  });

  it('the mail of a masked record never names it', async () => {
    const record = await insertRecord(t.database, { maxSlots: 1 });
    await t.database.db.execute(
      sql`update sponsoreds set masked = true, first_name = 'Secretname' where id = ${record}`,
    );
    const body = giftBody(record);
    expect((await postGift(body)).status).toBe(200);
    await t.runJob('gifts.deliver', { giftsId: Number((await giftOf(record)).id) });
    const [mail] = await rowsWhere<Row>(
      t.database,
      'email_outbox',
      `to_address = '${String(body.recipientEmail)}'`,
    );
    expect(String(mail!.body_text)).not.toContain('Secretname');
    const preview = await t
      .client('demo.localhost')
      .get(`/api/gifts/redeem/${String((await giftOf(record)).code)}`, freshAddress());
    expect(preview.json<{ record: { name: string | null; picture: string | null } }>().record).toMatchObject({
      name: null,
      picture: null,
    });
  });
});

describe('redeem', () => {
  it('previews the gift, then the signed-in recipient takes up the sponsorship; the slot count never moves', async () => {
    const { record, code } = await deliveredGift();
    const preview = await t
      .client('demo.localhost')
      .get(`/api/gifts/redeem/${code.toLowerCase()}`, freshAddress());
    expect(preview.status, preview.text).toBe(200);
    expect(preview.json()).toMatchObject({ months: 6, giverName: 'Gail Giver', message: 'Happy birthday!' });
    expect(
      (await t.client('demo.localhost').post(`/api/gifts/redeem/${code}`, {}, freshAddress())).status,
    ).toBe(401);
    const [friend] = await createPeople(t.database, 1, 'friend');
    const res = await clientAs(t.port, friend!).post(
      `/api/gifts/redeem/${formatCode(code)}`,
      {},
      freshAddress(),
    );
    expect(res.status, res.text).toBe(200);
    expect(await slotsFilledOf(t.database, record)).toBe(1);
    const [line] = await rowsWhere<Row>(
      t.database,
      'user_sponsoreds',
      `sponsoreds_id = ${record} and date_ended is null`,
    );
    expect(line).toMatchObject({ users_id: friend!.usersId, is_manual: true });
    const profile = await clientAs(t.port, friend!).get(`/api/sponsoreds/${record}`);
    expect(profile.status).toBe(200);
    // A second redeem: already used.
    const second = await clientAs(t.port, friend!).post(`/api/gifts/redeem/${code}`, {}, freshAddress());
    expect(second.status).toBe(409);
    expect(second.text).toBe(CODE_MESSAGES.used);
  });

  it('tells the person who redeemed a gift that it was theirs and when, and everyone else that it is used', async () => {
    const { code } = await deliveredGift();
    const [friend, stranger] = await createPeople(t.database, 2, 'redeemer');
    const redeemed = await clientAs(t.port, friend!).post(`/api/gifts/redeem/${code}`, {}, freshAddress());
    expect(redeemed.status, redeemed.text).toBe(200);
    const { endsAt, sponsoredsId } = redeemed.json<{ endsAt: string; sponsoredsId: number }>();
    const [row] = await rowsWhere<Row>(t.database, 'gift_codes', `code = '${code}'`);

    const own = await clientAs(t.port, friend!).get(`/api/gifts/redeem/${code}`, freshAddress());
    expect(own.status, own.text).toBe(200);
    expect(own.json()).toMatchObject({
      months: 6,
      redeemedByYou: {
        redeemedAt: new Date(String(row!.redeemed_at)).toISOString(),
        endsAt,
        sponsoredsId,
      },
    });
    for (const other of [clientAs(t.port, stranger!), t.client('demo.localhost')]) {
      const res = await other.get(`/api/gifts/redeem/${code}`, freshAddress());
      expect([res.status, res.text]).toEqual([409, CODE_MESSAGES.used]);
    }
    // An unused code tells nobody anything about a redeemer.
    const fresh = await deliveredGift();
    const unused = await clientAs(t.port, friend!).get(`/api/gifts/redeem/${fresh.code}`, freshAddress());
    expect(unused.json()).toMatchObject({ redeemedByYou: null });
  });

  it('says plainly what is wrong: unknown, expired, for another partner', async () => {
    const unknown = await t.client('demo.localhost').get(`/api/gifts/redeem/${newCode()}`, freshAddress());
    expect(unknown.status).toBe(404);
    expect(unknown.text).toBe(CODE_MESSAGES.unknown);
    const { code, gift } = await deliveredGift();
    await t.database.db.execute(
      sql`update gift_codes set expires_at = now() - interval '1 day' where id = ${Number(gift.id)}`,
    );
    const expired = await t.client('demo.localhost').get(`/api/gifts/redeem/${code}`, freshAddress());
    expect(expired.status).toBe(410);
    expect(expired.text).toBe(CODE_MESSAGES.expired);
    // Maple has no gifts: the same call there is a 404 of the feature, before any code is read.
    const maple = await t.client('maple.localhost').get(`/api/gifts/redeem/${code}`, freshAddress());
    expect(maple.status).toBe(404);
    expect(maple.text).not.toBe(CODE_MESSAGES.otherPartner);
    await t.database.db.execute(
      sql`update gift_codes set expires_at = now() + interval '1 day', partners_id = 3 where id = ${Number(gift.id)}`,
    );
    const other = await t.client('demo.localhost').get(`/api/gifts/redeem/${code}`, freshAddress());
    expect(other.text).toBe(CODE_MESSAGES.otherPartner);
    await t.database.db.execute(sql`update gift_codes set partners_id = 2 where id = ${Number(gift.id)}`);
  });

  it('slows an address that tries too many wrong codes, right codes included', async () => {
    const { code } = await deliveredGift();
    const address = freshAddress();
    for (let i = 0; i < 5; i += 1) {
      const res = await t.client('demo.localhost').get(`/api/gifts/redeem/${newCode()}`, address);
      expect(res.status).toBe(404);
    }
    const blocked = await t.client('demo.localhost').get(`/api/gifts/redeem/${code}`, address);
    expect(blocked.status).toBe(429);
    // The message says the real wait: the 15-minute window, not "a few minutes".
    expect(blocked.text).toBe(
      'Too many wrong codes were tried from your address. Please try again in 15 minutes.',
    );
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Later in the window the message counts down with Retry-After.
    await t.database.db.execute(
      sql`update login_attempts set window_started_at = now() - interval '14 minutes 30 seconds'
          where email = 'code:gift' and address = ${address['x-forwarded-for']!}`,
    );
    const later = await t.client('demo.localhost').get(`/api/gifts/redeem/${code}`, address);
    expect(later.status).toBe(429);
    expect(later.text).toBe(tooManyCodesMessage(Number(later.headers['retry-after'])));
    expect(later.text).toBe(
      'Too many wrong codes were tried from your address. Please try again in 1 minute.',
    );
    expect((await t.client('demo.localhost').get(`/api/gifts/redeem/${code}`, freshAddress())).status).toBe(
      200,
    );
  });

  it('ends an unconverted gift after its paid period and frees the slot; invites before', async () => {
    const { record, code, gift } = await deliveredGift();
    const [friend] = await createPeople(t.database, 1, 'friend');
    expect(
      (await clientAs(t.port, friend!).post(`/api/gifts/redeem/${code}`, {}, freshAddress())).status,
    ).toBe(200);
    await t.database.db.execute(
      sql`update gift_codes set paid_through = now() + interval '2 days' where id = ${Number(gift.id)}`,
    );
    await t.runJob('gifts.sweep');
    const invites = await rowsWhere<Row>(
      t.database,
      'email_outbox',
      `dedupe_key = 'gift:${String(gift.id)}:reminder'`,
    );
    expect(invites).toHaveLength(1);
    await t.database.db.execute(
      sql`update gift_codes set paid_through = now() - interval '1 minute' where id = ${Number(gift.id)}`,
    );
    await t.runJob('gifts.sweep');
    expect(await slotsFilledOf(t.database, record)).toBe(0);
  });
});

describe('the giver', () => {
  it('changes the address and sends the mail again before redemption', async () => {
    const record = await insertRecord(t.database, { maxSlots: 1 });
    const res = await postGift(giftBody(record));
    const { manageCode } = res.json<{ manageCode: string }>();
    await t.runJob('gifts.deliver', { giftsId: Number((await giftOf(record)).id) });
    const changed = await t
      .client('demo.localhost')
      .post(`/api/gifts/manage/${manageCode}`, { recipientEmail: 'new-friend@example.org' }, freshAddress());
    expect(changed.status, changed.text).toBe(200);
    const mails = await rowsWhere<Row>(t.database, 'email_outbox', `to_address = 'new-friend@example.org'`);
    expect(mails).toHaveLength(1);
    expect((await t.client('demo.localhost').get(`/api/gifts/manage/${newCode()}`)).status).toBe(404);
  });
  it('counts wrong manage codes against the address, as every code is: the sixth call waits, right code included', async () => {
    const record = await insertRecord(t.database, { maxSlots: 1 });
    const { manageCode } = (await postGift(giftBody(record))).json<{ manageCode: string }>();
    const address = freshAddress();
    for (let i = 0; i < 3; i += 1) {
      const wrong = await t.client('demo.localhost').get(`/api/gifts/manage/${newCode()}`, address);
      expect(wrong.status).toBe(404);
      expect(wrong.text).toBe('This gift was not found.');
    }
    for (let i = 0; i < 2; i += 1) {
      const wrong = await t
        .client('demo.localhost')
        .post(`/api/gifts/manage/${newCode()}`, { recipientEmail: 'x@example.org' }, address);
      expect(wrong.status).toBe(404);
    }
    for (const blocked of [
      await t.client('demo.localhost').get(`/api/gifts/manage/${manageCode}`, address),
      await t.client('demo.localhost').post(`/api/gifts/manage/${manageCode}`, {}, address),
    ]) {
      expect(blocked.status).toBe(429);
      expect(blocked.text).toBe(
        'Too many wrong codes were tried from your address. Please try again in 15 minutes.',
      );
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another address is not held up, and the giver's own code still works there.
    expect(
      (await t.client('demo.localhost').get(`/api/gifts/manage/${manageCode}`, freshAddress())).status,
    ).toBe(200);
  });
});

describe('error codes (decision 065)', () => {
  it('names each wrong code and the feature gate in x-error-code, beside the unchanged text', async () => {
    const unknown = await t.client('demo.localhost').get(`/api/gifts/redeem/${newCode()}`, freshAddress());
    expect([unknown.status, unknown.headers['x-error-code'], unknown.text]).toEqual([
      404,
      'code_unknown',
      CODE_MESSAGES.unknown,
    ]);
    const { code, gift } = await deliveredGift();
    await t.database.db.execute(
      sql`update gift_codes set expires_at = now() - interval '1 day' where id = ${Number(gift.id)}`,
    );
    const expired = await t.client('demo.localhost').get(`/api/gifts/redeem/${code}`, freshAddress());
    expect([expired.status, expired.headers['x-error-code'], expired.text]).toEqual([
      410,
      'code_expired',
      CODE_MESSAGES.expired,
    ]);
    const maple = await t.client('maple.localhost').get(`/api/gifts/redeem/${code}`, freshAddress());
    expect([maple.status, maple.headers['x-error-code']]).toEqual([404, 'feature_off']);
  });
});

describe('feature off', () => {
  it('answers 404 on a partner without gifts', async () => {
    const record = await insertRecord(t.database, { maxSlots: 1, partner: 'maple' });
    const res = await postGift({ ...giftBody(record), partnersId: 3 }, 'maple.localhost');
    expect(res.status).toBe(404);
  });
});
