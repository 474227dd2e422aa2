import { Feature, formatCentsIn, type EmailTemplatesAnswer } from '@kinship/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMimeWords, readEml } from '../../../../test/eml.ts';
import { freshAddress, rowsWhere } from '../../../../test/giving-fixtures.ts';
import type { TestClient } from '../../../../test/http-client.ts';
import { clientAs, createPeople, type TestPerson } from '../../../../test/people.ts';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';
import { DEMO_ACCOUNTS } from '../../../seed/demo.ts';
import { findPartnerById } from '../site/partners.repository.ts';
import { partnerEmail, TEMPLATE_LOCALE_NOT_OFFERED } from './email-templates.service.ts';

/*
 * Partner email templates per offered locale (issue 23, decision 073): maple (en-CA, fr-CA) words
 * its receipt in each language; a recipient gets their locale's version, else the default
 * locale's, else the built-in wording in their own language; a locale the partner does not offer
 * is refused with a 400.
 */

let t: TestApp;
let mapleAdmin: TestClient;
const MAPLE_ADMIN = 'admin@maple.example.org';

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'loopback' } });
  mapleAdmin = t.client().withHost('maple.localhost');
  await mapleAdmin.signIn(MAPLE_ADMIN, DEMO_ACCOUNTS.find((a) => a.email === MAPLE_ADMIN)!.password);
  await t.database.db.execute(
    sql`INSERT INTO partner_features (partners_id, features_id) VALUES (3, ${Feature.EmailTemplates}) ON CONFLICT DO NOTHING`,
  );
});
afterAll(async () => {
  await t?.close();
});

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const french = {
  subject: 'Merci, {{donorName}}',
  body: 'Bonjour {{donorName}},\n\nNous avons reçu {{amount}}.',
};
const english = { subject: 'Thanks, {{donorName}}', body: 'Hello {{donorName}},\n\nWe got {{amount}}.' };

async function mapleDonor(locale: string | null): Promise<TestPerson> {
  const [who] = await createPeople(t.database, 1, 'maple-template');
  if (locale)
    await t.database.db.execute(sql`UPDATE users SET locale = ${locale} WHERE id = ${who!.usersId}`);
  return who!;
}

/** A donation on maple and its receipt mail, as delivered. */
async function receiptMailOf(who: TestPerson) {
  const res = await clientAs(t.port, who, 'maple.localhost').post(
    '/api/payments?partnersId=3',
    {
      partnersId: 3,
      amount: 1234.56,
      firstName: who.firstName,
      lastName: who.lastName,
      email: who.email,
      token: 'pm_card_visa',
    },
    freshAddress(),
  );
  expect(res.status, res.text).toBe(200);
  await t.runJob('outbox.dispatch');
  const [eml] = t.mailTo(who.email);
  return readEml(eml!);
}

describe('email templates per locale', () => {
  it('lists each offered locale’s version, the built-in wording in that language', async () => {
    const byDefault = (await mapleAdmin.get('/api/dashboard/emailtemplates')).json<EmailTemplatesAnswer>();
    expect(byDefault.locale).toBe('en-CA');
    expect(byDefault.locales).toEqual(['en-CA', 'fr-CA']);
    expect(byDefault.templates[0]).toMatchObject({
      kind: 'receipt',
      subject: 'Your receipt from {{partnerName}}',
      defaultSubject: 'Your receipt from {{partnerName}}',
      custom: false,
    });
    const res = await mapleAdmin.get('/api/dashboard/emailtemplates?locale=fr-CA');
    expect(res.status, res.text).toBe(200);
    const fr = res.json<EmailTemplatesAnswer>();
    expect(fr.locale).toBe('fr-CA');
    expect(fr.templates[0]).toMatchObject({
      subject: 'Votre reçu de {{partnerName}}',
      defaultSubject: 'Votre reçu de {{partnerName}}',
      custom: false,
    });
    // The French version previews with Canadian French money.
    const preview = await mapleAdmin.post(
      '/api/dashboard/emailtemplates/receipt/preview?locale=fr-CA',
      french,
    );
    expect(preview.status, preview.text).toBe(200);
    expect(plain(preview.json<{ text: string }>().text)).toContain(
      `Nous avons reçu ${plain(formatCentsIn('fr-CA', 'cad', 3500))}.`,
    );
    expect(plain(fr.templates[0]!.body)).toBe(
      'Bonjour {{donorName}},\n\nMerci pour votre don de {{amount}} à {{partnerName}}.\n\nConsultez votre reçu en ligne : {{receiptUrl}}',
    );
  });

  it('refuses a locale the partner does not offer, on every route, with a clear 400', async () => {
    const list = await mapleAdmin.get('/api/dashboard/emailtemplates?locale=en-US');
    expect(list.status).toBe(400);
    expect(list.text).toContain(TEMPLATE_LOCALE_NOT_OFFERED);
    const put = await mapleAdmin.request('PUT', '/api/dashboard/emailtemplates/receipt', {
      ...french,
      locale: 'de-DE',
    });
    expect(put.status).toBe(400);
    expect(put.text).toContain(TEMPLATE_LOCALE_NOT_OFFERED);
    const del = await mapleAdmin.request('DELETE', '/api/dashboard/emailtemplates/receipt?locale=en-US');
    expect(del.status).toBe(400);
    const preview = await mapleAdmin.post('/api/dashboard/emailtemplates/receipt/preview?locale=xx', french);
    expect(preview.status).toBe(400);
    expect(await rowsWhere(t.database, 'email_templates', 'partners_id = 3')).toHaveLength(0);
  });

  it('sends the French version to a French donor, the default locale’s to the others, then the built-in French', async () => {
    const fr = await mapleAdmin.request('PUT', '/api/dashboard/emailtemplates/receipt', {
      ...french,
      locale: 'fr-CA',
    });
    expect(fr.status, fr.text).toBe(200);
    expect(fr.json<EmailTemplatesAnswer>()).toMatchObject({ locale: 'fr-CA' });
    expect(fr.json<EmailTemplatesAnswer>().templates[0]).toMatchObject({
      custom: true,
      subject: french.subject,
    });
    // The default locale's version is still the built-in one.
    const en = (await mapleAdmin.get('/api/dashboard/emailtemplates')).json<EmailTemplatesAnswer>();
    expect(en.templates[0]).toMatchObject({ custom: false });

    const frenchDonor = await mapleDonor('fr-CA');
    const frenchMail = await receiptMailOf(frenchDonor);
    expect(decodeMimeWords(frenchMail.subject)).toBe(
      `Merci, ${frenchDonor.firstName} ${frenchDonor.lastName}`,
    );
    expect(plain(frenchMail.text)).toContain('Nous avons reçu 1 234,56 $.');
    // The receipt's fixed details follow in French.
    expect(plain(frenchMail.text)).toContain('Montant : 1 234,56 $');

    // An English (default locale) donor: no en-CA version, so the built-in English receipt.
    const englishDonor = await mapleDonor(null);
    const englishMail = await receiptMailOf(englishDonor);
    expect(englishMail.subject).toBe('Your receipt from Maple Schools Network');

    // With an en-CA version, the English donor gets it; the French donor keeps theirs.
    const saved = await mapleAdmin.request('PUT', '/api/dashboard/emailtemplates/receipt', english);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json<EmailTemplatesAnswer>()).toMatchObject({ locale: 'en-CA' });
    const maple = (await findPartnerById(t.database.db, 3))!;
    const brand = { partner: maple, logoUrl: null };
    const values = { donorName: 'Ada', amount: '$5.00' };
    expect(
      (await partnerEmail(t.database.db, maple, 'receipt', values, brand, undefined, 'en-CA'))!.subject,
    ).toBe('Thanks, Ada');
    expect(
      (await partnerEmail(t.database.db, maple, 'receipt', values, brand, undefined, 'fr-CA'))!.subject,
    ).toBe('Merci, Ada');

    // Without a French version, a French recipient falls back to the default locale's.
    const reset = await mapleAdmin.request('DELETE', '/api/dashboard/emailtemplates/receipt', {
      locale: 'fr-CA',
    });
    expect(reset.status, reset.text).toBe(200);
    expect(reset.json<EmailTemplatesAnswer>().templates[0]).toMatchObject({
      custom: false,
      subject: 'Votre reçu de {{partnerName}}',
    });
    expect(
      (await partnerEmail(t.database.db, maple, 'receipt', values, brand, undefined, 'fr-CA'))!.subject,
    ).toBe('Thanks, Ada');

    // Without either, the sender's built-in wording in the recipient's language.
    await mapleAdmin.request('DELETE', '/api/dashboard/emailtemplates/receipt?locale=en-CA');
    expect(await partnerEmail(t.database.db, maple, 'receipt', values, brand, undefined, 'fr-CA')).toBeNull();
    const again = await receiptMailOf(await mapleDonor('fr-CA'));
    expect(decodeMimeWords(again.subject)).toBe('Votre reçu de Maple Schools Network');
  });
});
