import http from 'node:http';
import { formatDateIn } from '@kinship/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachedPdf as attachedPdfOf, decodeMimeWords, readEml } from '../../../../test/eml.ts';
import { freshAddress } from '../../../../test/giving-fixtures.ts';
import { pdfText } from '../../../../test/pdf-text.ts';
import { clientAs, createPeople, type TestPerson } from '../../../../test/people.ts';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';

/*
 * Receipts in the recipient's language (issue 23, decision 070): a maple donor who saved French
 * gets the receipt mail and its PDF in French with Intl amounts and dates; one who saved nothing
 * gets the partner's default (en-CA); the demo partner's English receipts are asserted unchanged
 * in receipts.test.ts.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'loopback' } });
});
afterAll(async () => {
  await t?.close();
});

/** Intl separates thousands and the currency sign with no-break spaces; tests compare plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const flat = (text: string) => plain(text).replace(/\s+/g, ' ');

function attachedPdf(eml: string): Buffer {
  const pdf = attachedPdfOf(eml);
  expect(pdf, 'a PDF attachment').not.toBeNull();
  return pdf!;
}

/** A GET on the maple site answered as bytes (a PDF). */
function getBytes(path: string, headers: Record<string, string>): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get({ port: t.port, path, headers: { host: 'maple.localhost', ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

async function mapleDonor(locale: string | null): Promise<TestPerson> {
  const [who] = await createPeople(t.database, 1, 'maple-receipt');
  if (locale)
    await t.database.db.execute(sql`UPDATE users SET locale = ${locale} WHERE id = ${who!.usersId}`);
  return who!;
}

/** A signed-in general donation on the maple site; answers the receipt code. */
async function donateAtMaple(
  who: TestPerson,
  amount: number,
  headers: Record<string, string> = {},
): Promise<string> {
  const res = await clientAs(t.port, who, 'maple.localhost').post(
    '/api/payments?partnersId=3',
    {
      partnersId: 3,
      amount,
      firstName: who.firstName,
      lastName: who.lastName,
      email: who.email,
      token: 'pm_card_visa',
    },
    { ...freshAddress(), ...headers },
  );
  expect(res.status, res.text).toBe(200);
  return res.json<string>().split('/').pop()!;
}

describe('receipts in the recipient’s language', () => {
  it('a maple donor who saved French gets the receipt mail and PDF in French, in Canadian dollars', async () => {
    const who = await mapleDonor('fr-CA');
    const code = await donateAtMaple(who, 1234.56);
    await t.runJob('outbox.dispatch');
    const mails = t.mailTo(who.email);
    expect(mails).toHaveLength(1);
    const mail = readEml(mails[0]!);
    const today = formatDateIn('fr-CA', new Date());
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    expect(decodeMimeWords(mail.subject)).toBe('Votre reçu de Maple Schools Network');
    const text = plain(mail.text);
    expect(text).toContain(`Bonjour ${who.firstName} ${who.lastName},`);
    expect(text).toContain('Merci pour votre don à Maple Schools Network.');
    expect(text).toContain(`Reçu : ${code}`);
    expect(text).toContain(`Date : ${today}`);
    expect(text).toContain('Objet : Don général');
    expect(text).toContain('Montant : 1 234,56 $');
    expect(text).toContain(
      'Maple Schools Network est un organisme de bienfaisance enregistré au Canada (numéro d’entreprise 123456789RR0001).',
    );
    expect(text).toContain('Une copie PDF de ce reçu est jointe.');
    expect(text).not.toMatch(/Amount|Receipt:|Thank you/);
    expect(plain(mail.html)).toContain('1 234,56 $');
    expect(mail.html).toContain('>Consulter votre reçu en ligne</a>');

    const pdf = flat(pdfText(attachedPdf(mails[0]!)));
    expect(pdf).toContain('Reçu de paiement');
    expect(pdf).toContain('Montant');
    expect(pdf).toContain('1 234,56 $');
    expect(pdf).toContain(today);
    expect(pdf).toContain('Don général');
    expect(pdf).toContain(
      'Des questions? Communiquez avec Maple Schools Network à info@mapleschools.example.',
    );
    expect(pdf).not.toMatch(/Payment receipt|Amount/);

    // The receipt page's download follows the visitor's language, as the page does.
    const download = await getBytes(`/api/receipts/${code}/pdf?partnersId=3`, { 'accept-language': 'fr-CA' });
    expect(download.status).toBe(200);
    expect(flat(pdfText(download.body))).toContain('Reçu de paiement');
    const english = await getBytes(`/api/receipts/${code}/pdf?partnersId=3`, { 'accept-language': 'en' });
    expect(flat(pdfText(english.body))).toContain('Payment receipt');
  });

  it('a donor who saved nothing gets the receipt in the language they gave in', async () => {
    const who = await mapleDonor(null);
    await donateAtMaple(who, 1234.56, { 'accept-language': 'fr-CA,fr;q=0.9' });
    await t.runJob('outbox.dispatch');
    const [eml] = t.mailTo(who.email);
    const mail = readEml(eml!);
    expect(decodeMimeWords(mail.subject)).toBe('Votre reçu de Maple Schools Network');
    expect(plain(mail.text)).toContain('Montant : 1 234,56 $');
    expect(flat(pdfText(attachedPdf(eml!)))).toContain('Reçu de paiement');
  });

  it('a maple donor who saved nothing gets the partner’s default, Canadian English', async () => {
    const who = await mapleDonor(null);
    await donateAtMaple(who, 1234.56);
    await t.runJob('outbox.dispatch');
    const [eml] = t.mailTo(who.email);
    const mail = readEml(eml!);
    expect(mail.subject).toBe('Your receipt from Maple Schools Network');
    expect(mail.text).toContain('Amount: $1,234.56');
    expect(mail.text).toContain(`Date: ${formatDateIn('en-CA', new Date())}`);
    expect(mail.text).toContain('For: General donation');
    expect(flat(pdfText(attachedPdf(eml!)))).toContain('Payment receipt');
  });
});
