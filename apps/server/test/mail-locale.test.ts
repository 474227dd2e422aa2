import { formatCentsIn, Role } from '@kinship/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMimeWords, readEml } from './eml.ts';
import { rowsWhere } from './giving-fixtures.ts';
import type { TestClient } from './http-client.ts';
import { createPeople, type TestPerson } from './people.ts';
import { startTestApp, type TestApp } from './test-app.ts';
import { planChangeMail } from '../src/areas/partners/catalogue/plan-notices.ts';
import { queueEndedNotice } from '../src/areas/sponsorships/sponsors/sponsors.service.ts';
import { DEMO_ACCOUNTS } from '../src/seed/demo.ts';

/*
 * Account, team and sponsorship mail in the recipient's language (issue 23, decision 073): the
 * verification mail in the language the site showed at sign-up, an invitation and a sponsorship
 * notice in the saved language of the person they go to, a plan notice in French with fr-CA money,
 * and each of them word for word in en-US.
 */

let t: TestApp;
let mapleAdmin: TestClient;
const MAPLE_ADMIN = 'admin@maple.example.org';

beforeAll(async () => {
  t = await startTestApp();
  mapleAdmin = t.client().withHost('maple.localhost');
  await mapleAdmin.signIn(MAPLE_ADMIN, DEMO_ACCOUNTS.find((a) => a.email === MAPLE_ADMIN)!.password);
});
afterAll(async () => {
  await t?.close();
});

type Row = Record<string, unknown>;
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

async function person(prefix: string, locale: string | null): Promise<TestPerson> {
  const [who] = await createPeople(t.database, 1, prefix);
  if (locale)
    await t.database.db.execute(sql`UPDATE users SET locale = ${locale} WHERE id = ${who!.usersId}`);
  return who!;
}

describe('account mail', () => {
  it('a sign-up in French gets its verification mail in French; one in English as before', async () => {
    const email = `verify-fr-${Date.now()}@example.org`;
    const signUp = await t
      .client('maple.localhost')
      .post(
        '/api/auth/sign-up/email',
        { name: 'Ada Lovelace', email, password: 'correct horse battery', callbackURL: '/redirect' },
        { 'accept-language': 'fr-CA,fr;q=0.9' },
      );
    expect(signUp.status, signUp.text).toBe(200);
    const mail = readEml(t.mailTo(email)[0]!);
    expect(decodeMimeWords(mail.subject)).toBe('Confirmez votre adresse courriel pour Maple Schools Network');
    expect(plain(mail.text)).toContain('Bienvenue chez Maple Schools Network !');
    expect(plain(mail.text)).toContain('Ce lien expire dans 24 heures.');
    expect(mail.html).toContain('>Confirmer mon adresse courriel</a>');

    const englishEmail = `verify-en-${Date.now()}@example.org`;
    await t.client('demo.localhost').post('/api/auth/sign-up/email', {
      name: 'Ada Lovelace',
      email: englishEmail,
      password: 'correct horse battery',
      callbackURL: '/redirect',
    });
    const english = readEml(t.mailTo(englishEmail)[0]!);
    expect(english.subject).toBe('Confirm your email for Bright Futures Demo');
    expect(english.text).toMatch(
      /^Welcome to Bright Futures Demo!\n\nPlease confirm your email address to finish signing up\.\nhttp\S+\n\nThis link expires in 24 hours\. If you did not sign up at http:\/\/demo\.localhost:\d+, you can ignore this message\.\n\n/,
    );
  });
});

describe('invitation', () => {
  it('reaches a person who saved French in French, with the role named in French', async () => {
    const invitee = await person('invitee-fr', 'fr-CA');
    const made = await mapleAdmin.post('/api/dashboard/team/invitations?partnersId=3', {
      email: invitee.email,
      roles: [Role.DonorManagement],
      entityIds: [],
    });
    expect(made.status, made.text).toBe(201);
    const [row] = await rowsWhere<Row>(
      t.database,
      'email_outbox',
      `to_address = '${invitee.email}' AND kind = 'invitation'`,
    );
    expect(row!.subject).toBe('Vous êtes invité à vous joindre à Maple Schools Network');
    const text = plain(String(row!.body_text));
    expect(text).toMatch(
      /vous invite à vous joindre à l’équipe de Maple Schools Network \(Gestion des donateurs\)\./,
    );
    expect(text).toContain('Suivez ce lien pour accepter.');
    expect(text).toMatch(/Le lien ne fonctionne qu’une fois, jusqu’au \d{4}-\d{2}-\d{2}\./);
  });
});

describe('sponsorship and plan notices', () => {
  it('tells a French sponsor their sponsorship ended in French, with fr-CA money; an English one as before', async () => {
    const french = await person('ended-fr', 'fr-CA');
    await t.database.db.transaction((tx) =>
      queueEndedNotice(tx, {
        partnersId: 3,
        userSponsoredsId: 990_101,
        usersId: french.usersId,
        recordName: 'Amina',
        reason: 'Moved away',
        subscription: { canceled: false, amount: 123456 },
      }),
    );
    const [fr] = await rowsWhere<Row>(t.database, 'email_outbox', `dedupe_key = 'sponsorship-ended:990101'`);
    expect(plain(String(fr!.subject))).toBe('Maple Schools Network : votre parrainage d’Amina a pris fin');
    expect(plain(String(fr!.body_text))).toBe(
      `Bonjour ${french.firstName},\n\nVotre parrainage d’Amina par l’entremise de Maple Schools Network a pris fin.\n\nMotif : Moved away\n\nVotre abonnement se poursuit pour vos autres parrainages, à ${plain(formatCentsIn('fr-CA', 'cad', 123456))} à compter du prochain paiement.\n\nMerci de votre soutien.\nMaple Schools Network`,
    );
    expect(plain(formatCentsIn('fr-CA', 'cad', 123456))).toBe('1 234,56 $');

    const english = await person('ended-en', null);
    await t.database.db.transaction((tx) =>
      queueEndedNotice(tx, {
        partnersId: 2,
        userSponsoredsId: 990_102,
        usersId: english.usersId,
        recordName: 'Amina',
        reason: 'Moved away',
        subscription: { canceled: false, amount: 123456 },
      }),
    );
    const [en] = await rowsWhere<Row>(t.database, 'email_outbox', `dedupe_key = 'sponsorship-ended:990102'`);
    expect(en!.subject).toBe('Bright Futures Demo: your sponsorship of Amina has ended');
    expect(en!.body_text).toBe(
      `Hello ${english.firstName},\n\nYour sponsorship of Amina through Bright Futures Demo has ended.\n\nReason: Moved away\n\nYour subscription continues for your other sponsorships at $1,234.56 from the next payment.\n\nThank you for your support.\nBright Futures Demo`,
    );
  });

  it('writes the plan notice in French with fr-CA money, and word for word in en-US', () => {
    const french = plain(planChangeMail('Maple Schools Network', 'Student', 'Ada', 123456, 'fr-CA', 'cad'));
    expect(french).toContain('Bonjour Ada,');
    expect(french).toContain(
      'Le prix mensuel d’un parrainage « student » chez Maple Schools Network est maintenant de 1 234,56 $.',
    );
    expect(french).toContain('« Revenir au prix actuel »');
    expect(planChangeMail('Bright Futures Demo', 'Student', 'Ada', 123456)).toBe(
      'Hello Ada,\n\nThe monthly price of a student sponsorship at Bright Futures Demo is now $1,234.56. Your sponsorship keeps the amount you chose; nothing changes unless you ask. To move to the new price, sign in and open My Profile, Payment settings (/profile/paymentsettings), then choose "Reset to today\'s price" on the subscription.\n\nThank you for your support.\nBright Futures Demo',
    );
  });
});
