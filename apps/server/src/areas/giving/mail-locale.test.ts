import { Feature, formatCentsIn, formatDateIn, YEAR_END_RUN_JOB } from '@kinship/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMimeWords, readEml } from '../../../test/eml.ts';
import { freshAddress, insertRecord, rowsWhere } from '../../../test/giving-fixtures.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { clientAs, createPeople, type TestPerson } from '../../../test/people.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { reminderEmail } from './ledger/giving.service.ts';
import { queueRefundNotice } from './receipts/receipts.service.ts';
import { formatCode } from './gifts/codes.ts';

/*
 * Mail and PDFs in the recipient's language (issue 23, decision 073): a gift card, a refund notice,
 * a year-end statement and a failed-payment reminder go out in French to a French recipient with
 * Intl's fr-CA amounts (`1 234,56 $`) and dates, and stay exactly as before in en-US.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'loopback' } });
  // Maple (en-CA, fr-CA) sells gifts for these tests.
  await t.database.db.execute(
    sql`INSERT INTO partner_features (partners_id, features_id) VALUES (3, ${Feature.Gifts}) ON CONFLICT DO NOTHING`,
  );
});
afterAll(async () => {
  await t?.close();
});

type Row = Record<string, unknown>;
/** Intl separates thousands and the currency sign with no-break spaces; tests compare plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const flat = (text: string) => plain(text).replace(/\s+/g, ' ');
const FR_AMOUNT = plain(formatCentsIn('fr-CA', 'cad', 123456));

function attachedPdf(eml: string): Buffer {
  const normalized = eml.replace(/\r\n/g, '\n');
  const part = /Content-Type: application\/pdf[^]*?\n\n([A-Za-z0-9+/=\n]+?)\n(?:--|\n)/.exec(normalized);
  expect(part, 'a PDF attachment').not.toBeNull();
  return Buffer.from(part![1]!.replace(/\n/g, ''), 'base64');
}

async function person(prefix: string, locale: string | null): Promise<TestPerson> {
  const [who] = await createPeople(t.database, 1, prefix);
  if (locale)
    await t.database.db.execute(sql`UPDATE users SET locale = ${locale} WHERE id = ${who!.usersId}`);
  return who!;
}

/** A signed-in general donation on the maple site (or the demo's, 2); answers the payment's id. */
async function donateAtMaple(who: TestPerson, amount: number, partnersId = 3): Promise<number> {
  const res = await clientAs(t.port, who, partnersId === 3 ? 'maple.localhost' : 'demo.localhost').post(
    `/api/payments?partnersId=${partnersId}`,
    {
      partnersId,
      amount,
      firstName: who.firstName,
      lastName: who.lastName,
      email: who.email,
      token: 'pm_card_visa',
    },
    freshAddress(),
  );
  expect(res.status, res.text).toBe(200);
  const [payment] = await rowsWhere<Row>(
    t.database,
    'payments',
    `id = (select max(id) from payments where partners_id = ${partnersId})`,
  );
  return Number(payment!.id);
}

let n = 0;
/** A gift bought on a site in a language; delivered now. Answers the gift's row and the body sent. */
async function deliveredGift(host: string, partnersId: number, acceptLanguage: string, extra: Row = {}) {
  n += 1;
  // 6 months at 205.76 a month: 1,234.56 in all.
  const record = await insertRecord(t.database, {
    maxSlots: 1,
    partner: partnersId === 3 ? 'maple' : 'demo',
    monthlyAmount: 20576,
  });
  const body = {
    partnersId,
    sponsoredsId: record,
    months: 6,
    amount: 123456,
    recipientName: 'Fran Friend',
    recipientEmail: `friend-locale-${Date.now()}-${n}@example.org`,
    message: 'Bonne fête!',
    deliverOn: new Date().toISOString().slice(0, 10),
    firstName: 'Gail',
    lastName: 'Giver',
    email: `giver-locale-${Date.now()}-${n}@example.org`,
    token: 'pm_card_visa',
    ...extra,
  };
  const res = await t
    .client(host)
    .post('/api/gifts', body, { ...freshAddress(), 'accept-language': acceptLanguage });
  expect(res.status, res.text).toBe(200);
  const [gift] = await rowsWhere<Row>(
    t.database,
    'gift_codes',
    `id = (select max(id) from gift_codes where sponsoreds_id = ${record})`,
  );
  await t.runJob('gifts.deliver', { giftsId: Number(gift!.id) });
  const [delivered] = await rowsWhere<Row>(t.database, 'gift_codes', `id = ${String(gift!.id)}`);
  return { gift: delivered!, body };
}

describe('gift mail and gift card', () => {
  it('a gift bought in French reaches its recipient in French, card included; the giver’s receipt in fr-CA money', async () => {
    const { gift, body } = await deliveredGift('maple.localhost', 3, 'fr-CA,fr;q=0.9');
    await t.runJob('outbox.dispatch');
    const [eml] = t.mailTo(body.recipientEmail);
    const mail = readEml(eml!);
    expect(decodeMimeWords(mail.subject)).toBe(
      'Gail Giver vous offre un parrainage auprès de Maple Schools Network',
    );
    const text = plain(mail.text);
    expect(text).toContain('Bonjour Fran Friend,');
    expect(text).toContain(
      'Gail Giver vous offre le parrainage de Testa auprès de Maple Schools Network, payé pour 6 mois.',
    );
    const expires = formatDateIn('fr-CA', new Date(String(gift.expires_at)).toISOString().slice(0, 10));
    expect(expires).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(text).toContain(`Votre code : ${formatCode(String(gift.code))} (à utiliser d’ici le ${expires})`);
    expect(text).toContain('Votre carte-cadeau est jointe en format PDF.');
    expect(text).not.toMatch(/Dear|Redeem|Your code/);
    expect(mail.html).toContain('>Utiliser votre cadeau</a>');

    const card = flat(pdfText(attachedPdf(eml!)));
    expect(card).toContain('Carte-cadeau de parrainage');
    expect(card).toContain(
      'Pour Fran Friend, de la part de Gail Giver : le parrainage de Testa, payé pour 6 mois.',
    );
    expect(card).toContain('Votre code');
    expect(card).toContain(`À utiliser d’ici le ${expires}`);
    expect(card).not.toMatch(/A gift of sponsorship|Your code/);

    // The giver bought it in French: their receipt is in French too, in Canadian dollars.
    const [receipt] = t.mailTo(body.email);
    const receiptMail = readEml(receipt!);
    expect(decodeMimeWords(receiptMail.subject)).toBe('Votre reçu de Maple Schools Network');
    expect(plain(receiptMail.text)).toContain(`Montant : ${FR_AMOUNT}`);
    expect(FR_AMOUNT).toBe('1 234,56 $');
  });

  it('a gift bought in English on the demo site reads exactly as before', async () => {
    const { gift, body } = await deliveredGift('demo.localhost', 2, 'en-US');
    const [row] = await rowsWhere<Row>(t.database, 'email_outbox', `to_address = '${body.recipientEmail}'`);
    const [y, m, d] = new Date(String(gift.expires_at)).toISOString().slice(0, 10).split('-');
    expect(row!.subject).toBe('Gail Giver gave you a sponsorship with Bright Futures Demo');
    expect(row!.body_text).toBe(
      [
        'Dear Fran Friend,',
        '',
        'Gail Giver has given you a sponsorship of Testa with Bright Futures Demo, paid for 6 months.',
        '',
        'Bonne fête!',
        '',
        `Redeem your gift: ${String(row!.body_text).match(/Redeem your gift: (\S+)/)![1]}`,
        `Your code: ${formatCode(String(gift.code))} (use it by ${m}/${d}/${y})`,
        '',
        'Your gift card is attached as a PDF.',
        '',
        'Bright Futures Demo',
        '',
      ].join('\n'),
    );
    expect(String(row!.body_html)).toContain(
      `<p>Your code: <strong>${formatCode(String(gift.code))}</strong> (use it by ${m}/${d}/${y})</p>`,
    );
    await t.runJob('outbox.dispatch');
    const card = flat(pdfText(attachedPdf(t.mailTo(body.recipientEmail)[0]!)));
    expect(card).toContain('A gift of sponsorship');
    expect(card).toContain('For Fran Friend, from Gail Giver: the sponsorship of Testa, paid for 6 months.');
    expect(card).toContain(`Use it by ${m}/${d}/${y}`);
  });
});

describe('refund notice', () => {
  it('goes to a French donor in French with fr-CA amounts and dates, and to an English one as before', async () => {
    const french = await person('refund-fr', 'fr-CA');
    const paymentsId = await donateAtMaple(french, 1234.56);
    expect(await queueRefundNotice(t.database.db, { paymentsId, refundId: 990_001, amount: 123456 })).toBe(
      true,
    );
    const [row] = await rowsWhere<Row>(t.database, 'email_outbox', `dedupe_key = 'receipt:refund:990001'`);
    expect(row!.subject).toBe('Un remboursement de Maple Schools Network');
    const text = plain(String(row!.body_text));
    expect(text).toContain(`Bonjour ${french.firstName} ${french.lastName},`);
    expect(text).toContain(
      `Maple Schools Network vous a remboursé ${FR_AMOUNT} sur votre paiement pour Don général (reçu `,
    );
    expect(text).toContain(`le ${formatDateIn('fr-CA', new Date())}.`);
    expect(text).toContain('Le paiement s’élève maintenant à 1 234,56 $.');
    expect(String(row!.body_html)).toContain('>Votre reçu mis à jour</a>');

    // The demo partner (en-US only): word for word as before.
    const english = await person('refund-en', null);
    const englishPayment = await donateAtMaple(english, 12.5, 2);
    await queueRefundNotice(t.database.db, { paymentsId: englishPayment, refundId: 990_002, amount: 500 });
    const [en] = await rowsWhere<Row>(t.database, 'email_outbox', `dedupe_key = 'receipt:refund:990002'`);
    const today = new Date().toISOString().slice(0, 10).split('-');
    expect(en!.subject).toBe('A refund from Bright Futures Demo');
    expect(String(en!.body_text)).toMatch(
      new RegExp(
        `^Dear ${english.firstName} ${english.lastName},\n\nBright Futures Demo has refunded \\$5\\.00 of your payment for General donation \\(receipt [A-Za-z0-9_-]+\\) on ${today[1]}/${today[2]}/${today[0]}\\.\n\nThe payment now comes to \\$12\\.50\\. The refund reaches your card or account within 5 to 10 business days\\.\n\nYour updated receipt: http`,
      ),
    );
  });
});

describe('year-end statement', () => {
  it('reaches a French donor in French, mail and PDF, with fr-CA amounts; an English donor as before', async () => {
    const year = new Date().getUTCFullYear();
    const french = await person('statement-fr', 'fr-CA');
    await donateAtMaple(french, 1234.56);
    // The demo partner (en-US only): word for word as before.
    const english = await person('statement-en', null);
    await donateAtMaple(english, 1234.56, 2);
    await t.runJob(YEAR_END_RUN_JOB, { partnersId: 3, year });
    await t.runJob(YEAR_END_RUN_JOB, { partnersId: 2, year });
    await t.runJob('outbox.dispatch');

    const [eml] = t.mailTo(french.email).filter((m) => m.includes('statement.pdf'));
    const mail = readEml(eml!);
    expect(decodeMimeWords(mail.subject)).toBe(
      `Votre relevé de fin d’année ${year} de Maple Schools Network`,
    );
    expect(plain(mail.text)).toContain(`Bonjour ${french.firstName} ${french.lastName},`);
    expect(plain(mail.text)).toContain(`Merci d’avoir soutenu Maple Schools Network en ${year}.`);
    const pdf = flat(pdfText(attachedPdf(eml!)));
    expect(pdf).toContain(`Relevé de fin d’année ${year}`);
    expect(pdf).toContain('Don général');
    expect(pdf).toContain(FR_AMOUNT);
    expect(pdf).toContain(`Total pour ${year}`);
    expect(pdf).toContain(formatDateIn('fr-CA', new Date()));
    expect(pdf).not.toMatch(/Giving statement|Total for/);

    const [englishEml] = t.mailTo(english.email).filter((m) => m.includes('statement.pdf'));
    const englishMail = readEml(englishEml!);
    expect(englishMail.subject).toBe(`Your ${year} giving statement from Bright Futures Demo`);
    expect(englishMail.text).toContain(
      `Dear ${english.firstName} ${english.lastName},\n\nThank you for your support of Bright Futures Demo in ${year}.\nYour giving statement for ${year} is attached as a PDF: every payment of the year, net of refunds, with the total.`,
    );
    const englishPdf = flat(pdfText(attachedPdf(englishEml!)));
    expect(englishPdf).toContain(`Giving statement for ${year}`);
    expect(englishPdf).toContain('$1,234.56');
    const today = new Date().toISOString().slice(0, 10).split('-');
    expect(englishPdf).toContain(`Issued ${today[1]}/${today[2]}/${today[0]}`);
    expect(englishPdf).toContain(`Total for ${year}`);
  });
});

describe('failed-payment reminder', () => {
  const base = {
    partnerName: 'Maple Schools Network',
    donorName: 'Ada Lovelace',
    interval: 'month' as const,
    declineMessage: null,
    records: 'Amina',
    settingsUrl: 'http://maple.localhost/profile/paymentsettings',
    supportEmail: null,
  };

  it('is in French with fr-CA money for a French subscriber', () => {
    const email = reminderEmail({
      ...base,
      locale: 'fr-CA',
      amount: formatCentsIn('fr-CA', 'cad', 123456),
      failedOn: formatDateIn('fr-CA', '2026-11-27'),
    });
    expect(email.subject).toBe('Veuillez mettre à jour votre carte pour Maple Schools Network');
    expect(plain(email.text)).toContain(
      'Votre paiement de parrainage mensuel de 1 234,56 $ à Maple Schools Network du 2026-11-27 n’a pas été accepté.',
    );
    expect(plain(email.text)).toContain('Pour que votre parrainage (Amina) se poursuive');
    expect(email.html).toContain('>Mettre à jour votre carte</a>');
  });

  it('stays word for word in en-US', () => {
    const email = reminderEmail({
      ...base,
      amount: '$1,234.56',
      failedOn: '11/27/2026',
      declineMessage: 'Card declined',
    });
    expect(email.subject).toBe('Please update your card for Maple Schools Network');
    expect(email.text).toBe(
      'Dear Ada Lovelace,\n\nYour monthly sponsorship payment of $1,234.56 to Maple Schools Network on 11/27/2026 did not go through: Card declined\n\nTo keep your sponsorship (Amina) going, please update your card in your payment settings:\n\nhttp://maple.localhost/profile/paymentsettings\n\nThank you for your support.\n\nMaple Schools Network\n',
    );
  });
});
