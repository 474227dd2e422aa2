import { CART_ISSUE_MESSAGE, ERROR_CODE_HEADER, MESSAGES } from '@kinship/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALREADY_SPONSORING,
  GIFT_NO_RECORD,
  GIFT_NOT_FOUND,
  GIFT_RECORD_CLOSED,
  GIFT_RECORD_FULL,
  GIFT_RECORD_TAKEN,
} from '../src/areas/giving/gifts/gifts.service.ts';
import {
  DUPLICATE_LINES,
  PROVIDER_UNAVAILABLE as CHECKOUT_PROVIDER_UNAVAILABLE,
  PROVIDER_UNREACHABLE_NOTHING_CHARGED,
} from '../src/areas/giving/checkout/checkout.service.ts';
import {
  DONATIONS_DISABLED,
  PROVIDER_UNAVAILABLE as DONATION_PROVIDER_UNAVAILABLE,
} from '../src/areas/giving/donations/donations.service.ts';
import { RECEIPT_NOT_FOUND } from '../src/areas/giving/receipts/receipts.service.ts';
import {
  LETTER_DECIDED_MESSAGE,
  LETTER_ENDED_MESSAGE,
  LETTER_FLAGS_OPEN_MESSAGE,
  LETTER_NOT_DRAFT_MESSAGE,
  LETTER_NOT_FOUND_MESSAGE,
  LETTER_NOT_SPONSOR_MESSAGE,
  LETTER_OTHERS_MESSAGE,
  LETTER_PICTURES_MESSAGE,
  LETTER_PROGRAM_MESSAGE,
} from '../src/areas/sponsorships/letters/letters.service.ts';
import {
  authRefusalMessages,
  refusalMessages,
  translateAuthBody,
  translateRefusal,
} from '../src/platform/error-messages.ts';
import { forbidden, notFound, unauthorized } from '../src/platform/errors.ts';
import { ACCOUNT_THROTTLED_MESSAGE } from '../src/platform/login-throttle.ts';
import { sayIn } from '../src/platform/messages.ts';
import { COMMON_PASSWORD_MESSAGE } from '../src/platform/password.ts';
import { PRIVATE_DEMO_MESSAGE } from '../src/platform/site-context.ts';
import { DEMO_ACCOUNTS } from '../src/seed/demo.ts';
import { priceChangedIn } from '../src/platform/error-messages.ts';
import { formatCentsIn, priceChangedMessage } from '@kinship/domain';
import { freshAddress } from './giving-fixtures.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/*
 * The API's refusals in the request's language (issue 23, decision 070): the same status and
 * x-error-code, the French text for a fr-CA request at a partner offering French, and the thrown
 * English text byte for byte otherwise.
 */

const english = { formatMessage: sayIn('en-US') };
const m = refusalMessages;

describe('the catalogue of refusals', () => {
  it('holds each refusal’s English exactly as it is thrown', () => {
    const exact: [keyof typeof m, string][] = [
      ['cartInvalid', CART_ISSUE_MESSAGE],
      ['giftNoRecord', GIFT_NO_RECORD],
      ['giftRecordClosed', GIFT_RECORD_CLOSED],
      ['giftRecordFull', GIFT_RECORD_FULL],
      ['giftRecordTaken', GIFT_RECORD_TAKEN],
      ['checkoutDuplicateLines', DUPLICATE_LINES],
      ['checkoutProviderUnreachable', PROVIDER_UNREACHABLE_NOTHING_CHARGED],
      ['checkoutProviderUnavailable', CHECKOUT_PROVIDER_UNAVAILABLE],
      ['donationsOff', DONATIONS_DISABLED],
      ['donationFailed', MESSAGES.donationErrorBody],
      ['donationProviderUnavailable', DONATION_PROVIDER_UNAVAILABLE],
      ['loginRequired', unauthorized().message],
      ['forbidden', forbidden().message],
      ['notFound', notFound().message],
      ['receiptNotFound', RECEIPT_NOT_FOUND],
      ['giftNotFound', GIFT_NOT_FOUND],
      ['privateDemo', PRIVATE_DEMO_MESSAGE],
      ['letterNotSponsor', LETTER_NOT_SPONSOR_MESSAGE],
      ['letterEnded', LETTER_ENDED_MESSAGE],
      ['letterNotFound', LETTER_NOT_FOUND_MESSAGE],
      ['letterNotDraft', LETTER_NOT_DRAFT_MESSAGE],
      ['letterPictures', LETTER_PICTURES_MESSAGE],
      ['letterOthers', LETTER_OTHERS_MESSAGE],
      ['letterFlagsOpen', LETTER_FLAGS_OPEN_MESSAGE],
      ['letterDecided', LETTER_DECIDED_MESSAGE],
      ['letterProgram', LETTER_PROGRAM_MESSAGE],
    ];
    for (const [key, text] of exact) expect(english.formatMessage(m[key]), key).toBe(text);
    expect(english.formatMessage(m.alreadySponsorCart, { name: 'Ana' })).toBe(MESSAGES.alreadySponsor('Ana'));
    expect(english.formatMessage(m.alreadySponsoring, { name: 'Ana' })).toBe(ALREADY_SPONSORING('Ana'));
    expect(english.formatMessage(authRefusalMessages.PASSWORD_TOO_COMMON)).toBe(COMMON_PASSWORD_MESSAGE);
    expect(english.formatMessage(authRefusalMessages.ACCOUNT_THROTTLED)).toBe(ACCOUNT_THROTTLED_MESSAGE);
  });

  it('translates a known refusal with its values, and leaves en-US and unknown texts as they are', () => {
    const already = MESSAGES.alreadySponsor('Ana Lopez (2)');
    expect(translateRefusal('fr-CA', already)).toBe(
      'Vous parrainez déjà Ana Lopez (2). Vous pouvez gérer ce parrainage à partir de votre profil.',
    );
    // The longer refusal wins over the shorter one it begins like.
    expect(translateRefusal('fr-CA', ALREADY_SPONSORING('Ana'))).toBe('Vous parrainez déjà Ana.');
    expect(translateRefusal('fr-CA', CART_ISSUE_MESSAGE)).toMatch(/^Votre panier comporte des erreurs\./);
    expect(translateRefusal('en-CA', CART_ISSUE_MESSAGE)).toBe(CART_ISSUE_MESSAGE);
    for (const descriptor of Object.values(m)) {
      const text = english.formatMessage(descriptor, { name: 'Ana', max: '20', min: '1', id: '7' });
      expect(translateRefusal('en-US', text)).toBe(text);
      expect(translateRefusal('fr-CA', text), descriptor.id).not.toBe(text);
    }
    expect(translateRefusal('fr-CA', 'Something nobody wrote down.')).toBe('Something nobody wrote down.');
  });

  it('translates the auth library’s refusals by their code, keeping the rest of the answer', () => {
    const body = JSON.stringify({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
    expect(JSON.parse(translateAuthBody('fr-CA', body))).toEqual({
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Courriel ou mot de passe non valide',
    });
    expect(translateAuthBody('en-US', body)).toBe(body);
    expect(translateAuthBody('fr-CA', 'not json')).toBe('not json');
    const unknown = JSON.stringify({ code: 'SOMETHING_ELSE', message: 'Something else' });
    expect(translateAuthBody('fr-CA', unknown)).toBe(unknown);
  });
});

describe('refusals through HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: 'loopback' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const FR = { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' };

  it('answers a French request at maple in French, with the same status and code', async () => {
    const maple = t.client('maple.localhost');
    const french = await maple.get('/api/receipts/no-such-code', FR);
    const plain = await maple.get('/api/receipts/no-such-code');
    expect(plain).toMatchObject({ status: 404, text: 'Receipt not found.' });
    expect(french).toMatchObject({ status: 404, text: 'Reçu introuvable.' });
    expect(french.headers[ERROR_CODE_HEADER]).toBe('receipt_not_found');
    expect(plain.headers[ERROR_CODE_HEADER]).toBe('receipt_not_found');

    // The language switch's cookie outranks Accept-Language.
    const chosen = await t
      .client('maple.localhost')
      .setCookie('kinship_locale', 'fr-CA')
      .get('/api/receipts/no-such-code', { 'accept-language': 'en-CA' });
    expect(chosen.text).toBe('Reçu introuvable.');

    const signedOut = await maple.get('/api/users/1/statement?year=2025', FR);
    expect(signedOut).toMatchObject({
      status: 401,
      text: 'Vous devez vous connecter pour effectuer cette action.',
    });
    expect(signedOut.headers[ERROR_CODE_HEADER]).toBe(
      (await maple.get('/api/users/1/statement?year=2025')).headers[ERROR_CODE_HEADER],
    );
  });

  it('answers the donate form’s refusals in French', async () => {
    const maple = t.client('maple.localhost');
    const body = {
      partnersId: 2,
      amount: 25,
      firstName: 'Sam',
      lastName: 'Giver',
      email: 'sam-fr@example.org',
      token: 'pm_card_visa',
    };
    const french = await maple.post('/api/payments?partnersId=3', body, { ...FR, ...freshAddress() });
    const english = await maple.post('/api/payments?partnersId=3', body, freshAddress());
    expect(english).toMatchObject({ status: 400, text: 'partnersId does not match this site.' });
    expect(french).toMatchObject({ status: 400, text: 'partnersId ne correspond pas à ce site.' });
    expect(french.headers[ERROR_CODE_HEADER]).toBe(english.headers[ERROR_CODE_HEADER]);
  });

  it('answers a failed sign-in in French with the auth code kept', async () => {
    const maple = t.client('maple.localhost');
    const attempt = { email: 'nobody-fr@maple.example.org', password: 'not-the-password-2026' };
    const english = await maple.post('/api/auth/sign-in/email', attempt);
    const french = await maple.post('/api/auth/sign-in/email', attempt, FR);
    expect(french.status).toBe(english.status);
    expect(french.headers[ERROR_CODE_HEADER]).toBe(english.headers[ERROR_CODE_HEADER]);
    const [en, fr] = [english, french].map((r) => r.json<{ code: string; message: string }>());
    expect(fr!.code).toBe(en!.code);
    expect(en!.message).toBe('Invalid email or password');
    expect(fr!.message).toBe('Courriel ou mot de passe non valide');
  });

  it('answers a request that fails validation in French: zod’s own words translated, the same code', async () => {
    const maple = t.client('maple.localhost');
    const body = {
      partnersId: 'two',
      amount: 25,
      firstName: 'Sam',
      lastName: 'Giver',
      email: 'sam-fr@example.org',
      token: 'pm_card_visa',
    };
    const english = await maple.post('/api/payments', body, freshAddress());
    const french = await maple.post('/api/payments', body, { ...FR, ...freshAddress() });
    expect(english.status).toBe(400);
    expect(english.text).toMatch(
      /^Invalid body: partnersId: Invalid input: expected number, received string/,
    );
    expect(french.status).toBe(400);
    expect(french.text).toMatch(/^Corps de requête non valide : partnersId: Entrée invalide : /);
    expect(french.text).not.toContain('Invalid input');
    expect(french.headers[ERROR_CODE_HEADER]).toBe(english.headers[ERROR_CODE_HEADER]);
    // en-US keeps the library's answer word for word.
    const demo = await t.client().post('/api/payments', body, { ...FR, ...freshAddress() });
    expect(demo.text).toBe(english.text);
  });

  it('answers a staff form’s problem in French: its title and zod’s messages, a schema’s own words kept', async () => {
    const admin = t.client('maple.localhost');
    const email = 'admin@maple.example.org';
    await admin.signIn(email, DEMO_ACCOUNTS.find((a) => a.email === email)!.password);
    // Checked by the route's schema.
    const route = await admin.post('/api/dashboard/records', { firstName: 42 }, FR);
    expect(route.status).toBe(400);
    const routeProblem = route.json<{ title: string; errors: { field: string; message: string }[] }>()!;
    expect(routeProblem.title).toBe('Certains champs ne sont pas valides.');
    expect(routeProblem.errors.map((e) => e.message).join(' ')).not.toMatch(/Invalid input/);
    const routeEnglish = (await admin.post('/api/dashboard/records', { firstName: 42 })).json<{
      title: string;
    }>()!;
    expect(routeEnglish.title).toBe('Some fields are not valid.');
    // Checked by the service after the access check (parseInput).
    const settings = await admin.request(
      'PUT',
      '/api/dashboard/settings',
      { currency: 'xyz', supportEmail: 5 },
      FR,
    );
    expect(settings.status).toBe(400);
    const problem = settings.json<{ title: string; errors: { field: string; message: string }[] }>()!;
    expect(problem.title).toBe('Certains champs ne sont pas valides.');
    const byField = Object.fromEntries(problem.errors.map((e) => [e.field, e.message]));
    expect(byField.supportEmail).toMatch(/^Entrée invalide/);
    expect(byField.currency).toBe('Choose a currency from the list.');
  });

  it('says a changed price in French with the amount in Canadian French form', () => {
    const say = priceChangedIn('cad', 123456);
    expect(say('fr-CA')).toBe(
      `Le prix de votre parrainage est maintenant de ${formatCentsIn('fr-CA', 'cad', 123456)}. Veuillez vérifier votre panier et réessayer.`,
    );
    expect(formatCentsIn('fr-CA', 'cad', 123456).replace(/[\u00a0\u202f]/g, ' ')).toBe('1 234,56 $');
    expect(say('en-CA')).toBe(priceChangedMessage(123456));
  });

  it('keeps the en-US answers byte for byte, whatever the request asks for', async () => {
    const demo = t.client();
    const asked = await demo.get('/api/receipts/no-such-code', FR);
    expect(asked).toMatchObject({ status: 404, text: 'Receipt not found.' });
    expect(asked.headers[ERROR_CODE_HEADER]).toBe('receipt_not_found');
    const signedOut = await demo.get('/api/users/1/statement?year=2025', FR);
    expect(signedOut).toMatchObject({ status: 401, text: 'You must be logged in to do this.' });
  });
});
