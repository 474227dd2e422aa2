import { RETURN_PATH_MESSAGE } from '@kinship/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linksIn, readEml } from '../../test/eml.ts';
import type { TestClient } from '../../test/http-client.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import {
  COMMON_PASSWORD_MESSAGE,
  hashPassword,
  isCommonPassword,
  SCRYPT_PARAMS,
  verifyPassword,
} from './password.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const newUser = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ignored@example.org',
  address1: '12 St James Square',
  city: 'Boston',
  state: 'MA',
  zip: '02110',
  phone: '(617) 555-0199',
};

const sessionCookieOf = (client: TestClient) =>
  /kinship\.session_token=([^;]+)/.exec(client.cookieHeader)?.[1] ?? null;

/** The path and query of a link, asked on the link's own host. */
function onHostOf(link: string): { host: string; path: string } {
  const url = new URL(link);
  return { host: url.hostname, path: `${url.pathname}${url.search}` };
}

/** Signs up on a site and opens the verification link from the mail: the client ends signed in. */
async function signUpAndVerify(client: TestClient, email: string, password = 'correct horse battery') {
  const signUp = await client.post('/api/auth/sign-up/email', {
    name: 'Ada Lovelace',
    email,
    password,
    callbackURL: '/redirect',
  });
  expect(signUp.status).toBe(200);
  const [eml] = t.mailTo(email);
  const link = linksIn(readEml(eml!)).find((l) => l.includes('/verify-email'))!;
  return client.get(onHostOf(link).path);
}

describe('sign-up with email verification', () => {
  it('mails a branded verification link on the partner’s site, and signs the person in once it is opened', async () => {
    const client = t.client('demo.localhost');
    const signUp = await client.post('/api/auth/sign-up/email', {
      name: 'Ada Lovelace',
      email: 'Ada@Example.org',
      password: 'correct horse battery',
      callbackURL: '/redirect',
    });
    expect(signUp.status).toBe(200);
    expect(signUp.headers['set-cookie']).toBeUndefined();
    expect(sessionCookieOf(client)).toBeNull();

    const mails = t.mailTo('ada@example.org').map(readEml);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Confirm your email for Bright Futures Demo');
    expect(mail.from).toEqual({ name: 'Bright Futures Demo', address: 'no-reply@kinship.localhost' });
    expect(mail.replyTo).toBe('hello@brightfutures.example');
    expect(mail.text).toContain('Welcome to Bright Futures Demo!');
    expect(mail.html).toContain('Bright Futures Demo');
    const [link] = linksIn(mail);
    const url = new URL(link!);
    expect(url.origin).toBe(`http://demo.localhost:${t.port}`);
    expect(url.pathname).toBe('/api/auth/verify-email');
    expect(url.searchParams.get('callbackURL')).toBe('/redirect');

    // Not verified yet: the right password is refused.
    const early = await client.post('/api/auth/sign-in/email', {
      email: 'ada@example.org',
      password: 'correct horse battery',
    });
    expect(early.status).toBe(403);
    expect(early.json<{ code: string }>().code).toBe('EMAIL_NOT_VERIFIED');

    const opened = await client.get(onHostOf(link!).path);
    expect(opened.status).toBe(302);
    expect(opened.headers.location).toBe('/redirect');
    expect((opened.headers['set-cookie'] ?? []).join(';')).toMatch(
      /kinship\.session_token=[^;]+;.*HttpOnly/i,
    );

    const session = await client.get('/api/auth/get-session');
    expect(session.json<{ user: { email: string; emailVerified: boolean } }>().user).toMatchObject({
      email: 'ada@example.org',
      emailVerified: true,
    });
    // Signed in, no person record yet: the new-user state.
    const me = await client.get('/api/users/getByToken?partnersId=2');
    expect(me.status).toBe(404);
    expect(me.text).toBe('No user record exists for this account yet.');
    const created = await client.post('/api/users?partnersId=2', newUser);
    expect(created.status).toBe(201);
    expect(created.json<{ email: string; phone: string }>()).toMatchObject({
      email: 'ada@example.org',
      phone: '+16175550199',
    });
    expect((await client.get('/api/users/getByToken?partnersId=2')).status).toBe(200);

    expect((await client.post('/api/auth/sign-out', {})).status).toBe(200);
    expect((await client.get('/api/users/getByToken?partnersId=2')).status).toBe(401);
    await client.signIn('ada@example.org', 'correct horse battery');
    expect((await client.get('/api/users/getByToken?partnersId=2')).status).toBe(200);
  });

  it('returns the person to the page they signed up from once the link is opened, signed in', async () => {
    const client = t.client('demo.localhost');
    const signUp = await client.post('/api/auth/sign-up/email', {
      name: 'Rita Redeemer',
      email: 'rita@example.org',
      password: 'correct horse battery',
      callbackURL: '/redeem/ABCD-EFGH-JKLM?from=mail',
    });
    expect(signUp.status, signUp.text).toBe(200);
    const link = linksIn(readEml(t.mailTo('rita@example.org')[0]!))[0]!;
    expect(new URL(link).searchParams.get('callbackURL')).toBe('/redeem/ABCD-EFGH-JKLM?from=mail');
    const opened = await client.get(onHostOf(link).path);
    expect([opened.status, opened.headers.location]).toEqual([302, '/redeem/ABCD-EFGH-JKLM?from=mail']);
    expect(sessionCookieOf(client)).not.toBeNull();
  });

  it('refuses a return page that is not a page of this site, and a link whose return page was changed', async () => {
    const refused = [
      'https://evil.example/steal',
      `http://demo.localhost:${t.port}/redeem/ABCD`,
      '//evil.example/x',
      '/\\evil.example',
      '/%2Fevil.example',
      '/api/auth/sign-out',
      'javascript:alert(1)',
    ];
    for (const [i, callbackURL] of refused.entries()) {
      const email = `open-redirect-${i}@example.org`;
      const res = await t.client('demo.localhost').post('/api/auth/sign-up/email', {
        name: 'Eve',
        email,
        password: 'correct horse battery',
        callbackURL,
      });
      expect([res.status, res.json<{ message: string }>().message], callbackURL).toEqual([
        400,
        RETURN_PATH_MESSAGE,
      ]);
      expect(t.mailTo(email), callbackURL).toEqual([]);
    }
    const again = await t.client('demo.localhost').post('/api/auth/send-verification-email', {
      email: 'rita@example.org',
      callbackURL: 'https://evil.example/',
    });
    expect(again.status).toBe(400);

    const client = t.client('demo.localhost');
    await client.post('/api/auth/sign-up/email', {
      name: 'Tom Tampered',
      email: 'tampered@example.org',
      password: 'correct horse battery',
      callbackURL: '/checkout',
    });
    const link = new URL(linksIn(readEml(t.mailTo('tampered@example.org')[0]!))[0]!);
    for (const evil of ['https://evil.example/', '//evil.example', '/%5cevil.example']) {
      link.searchParams.set('callbackURL', evil);
      const opened = await client.get(`${link.pathname}${link.search}`);
      expect(opened.status, evil).toBe(400);
      expect(opened.headers.location).toBeUndefined();
      expect(sessionCookieOf(client)).toBeNull();
    }
    link.searchParams.set('callbackURL', '/checkout');
    const opened = await client.get(`${link.pathname}${link.search}`);
    expect([opened.status, opened.headers.location]).toEqual([302, '/checkout']);
  });

  it('names the partner of the host the person signed up on', async () => {
    const client = t.client('maple.localhost');
    expect(
      (
        await client.post('/api/auth/sign-up/email', {
          name: 'Luc',
          email: 'luc@example.org',
          password: 'maple syrup 2026',
        })
      ).status,
    ).toBe(200);
    const [mail] = t.mailTo('luc@example.org').map(readEml);
    expect(mail!.subject).toBe('Confirm your email for Maple Schools Network');
    const url = new URL(linksIn(mail!)[0]!);
    expect(url.host).toBe(`maple.localhost:${t.port}`);
    // No page named at sign-up: the link returns to the login return address.
    expect(url.searchParams.get('callbackURL')).toBe('/redirect');
  });

  it('sends the verification mail again on request, with a link that still signs the person in', async () => {
    const client = t.client('maple.localhost');
    await client.post('/api/auth/sign-up/email', {
      name: 'Rene',
      email: 'rene@example.org',
      password: 'maple leaf 2026',
    });
    const again = await client.post('/api/auth/send-verification-email', {
      email: 'rene@example.org',
      callbackURL: '/redirect',
    });
    expect(again.status).toBe(200);
    const mails = t.mailTo('rene@example.org').map(readEml);
    expect(mails.map((m) => m.subject)).toEqual([
      'Confirm your email for Maple Schools Network',
      'Confirm your email for Maple Schools Network',
    ]);
    const opened = await client.get(onHostOf(linksIn(mails[1]!)[0]!).path);
    expect(opened.status).toBe(302);
    expect((await client.get('/api/users/getByToken?partnersId=3')).status).toBe(404);
  });

  it('answers a sign-up on a host that names no partner with 404 and mails nothing', async () => {
    const res = await t.client('nobody.localhost').post('/api/auth/sign-up/email', {
      name: 'Nobody',
      email: 'nobody@example.org',
      password: 'correct horse battery',
    });
    expect(res.status).toBe(404);
    expect(res.text).toBe('No partner site is found at this address.');
    expect(t.mailTo('nobody@example.org')).toEqual([]);
  });

  it('answers a second sign-up with the same email like the first, without a session or a second account', async () => {
    const client = t.client();
    await signUpAndVerify(client, 'twice@example.org');
    const again = await t.client().post('/api/auth/sign-up/email', {
      name: 'Other',
      email: 'twice@example.org',
      password: 'another password 1',
    });
    expect(again.status).toBe(200);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(
      (
        await t
          .client()
          .post('/api/auth/sign-in/email', { email: 'twice@example.org', password: 'another password 1' })
      ).status,
    ).toBe(401);
  });
});

describe('password reset by email', () => {
  it('mails a link to the site’s reset page, which sets a new password and ends every session', async () => {
    const first = t.client();
    await signUpAndVerify(first, 'reset@example.org', 'old password 123');
    expect((await first.get('/api/auth/get-session')).json()).not.toBeNull();

    const ask = await t
      .client('demo.localhost')
      .post('/api/auth/request-password-reset', { email: 'reset@example.org' });
    expect(ask.status).toBe(200);
    const mails = t.mailTo('reset@example.org').map(readEml);
    const mail = mails.find((m) => m.subject === 'Reset your Bright Futures Demo password');
    expect(mail).toBeDefined();
    expect(mail!.text).toContain('your Bright Futures Demo account (reset@example.org)');
    const link = new URL(linksIn(mail!)[0]!);
    expect(`${link.origin}${link.pathname}`).toBe(`http://demo.localhost:${t.port}/reset-password`);
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{16,}$/);

    const reset = await t
      .client()
      .post('/api/auth/reset-password', { token, newPassword: 'new password 456' });
    expect(reset.status).toBe(200);
    // The link works once.
    expect(
      (await t.client().post('/api/auth/reset-password', { token, newPassword: 'third password 789' }))
        .status,
    ).toBe(400);
    // Sessions opened with the old password are gone.
    expect((await first.get('/api/auth/get-session')).text).toBe('null');
    expect(
      (
        await t
          .client()
          .post('/api/auth/sign-in/email', { email: 'reset@example.org', password: 'old password 123' })
      ).status,
    ).toBe(401);
    await t.client().signIn('reset@example.org', 'new password 456');
  });

  it('answers an unknown email the same way and mails nothing', async () => {
    const res = await t.client().post('/api/auth/request-password-reset', { email: 'unknown@example.org' });
    expect(res.status).toBe(200);
    expect(res.json<{ status: boolean }>().status).toBe(true);
    expect(t.mailTo('unknown@example.org')).toEqual([]);
  });
});

describe('common passwords (OWASP ASVS 6.2.4)', () => {
  it('refuses a common password at sign-up with a clear message, and creates nothing', async () => {
    for (const password of ['password', '12345678', 'Password123', 'iloveyou', 'QWERTYUIOP']) {
      const res = await t.client().post('/api/auth/sign-up/email', {
        name: 'Common Carl',
        email: 'common@example.org',
        password,
        callbackURL: '/redirect',
      });
      expect([res.status, res.json<{ message: string }>().message], password).toEqual([
        400,
        COMMON_PASSWORD_MESSAGE,
      ]);
    }
    expect(t.mailTo('common@example.org')).toEqual([]);
    // A password of the same length that is nobody's favourite is fine.
    await signUpAndVerify(t.client(), 'common@example.org', 'carl likes kites');
  });

  it("names the auth library's refusals by Kinship codes in x-error-code (decision 065)", async () => {
    const stale = await t.client().post('/api/auth/reset-password', {
      token: 'no-such-token-0123456789',
      newPassword: 'a fine new password',
    });
    expect([stale.status, stale.headers['x-error-code'], stale.json<{ code: string }>().code]).toEqual([
      400,
      'invalid_token',
      'INVALID_TOKEN',
    ]);
    const common = await t.client('demo.localhost').post('/api/auth/sign-up/email', {
      name: 'Sam Common',
      email: 'sam-common@example.org',
      password: 'sunshine',
    });
    expect([common.status, common.headers['x-error-code']]).toEqual([400, 'password_too_common']);
    // A code the map gives no Kinship name keeps its status's code.
    const wrong = await t.client().post('/api/auth/sign-in/email', {
      email: 'nobody-here@example.org',
      password: 'not the password',
    });
    expect([wrong.status, wrong.headers['x-error-code']]).toEqual([401, 'unauthenticated']);
  });

  it('refuses a common new password on the reset form, and the link still works for a good one', async () => {
    await signUpAndVerify(t.client(), 'common-reset@example.org', 'a fine first password');
    await t.client().post('/api/auth/request-password-reset', { email: 'common-reset@example.org' });
    const mail = t
      .mailTo('common-reset@example.org')
      .map(readEml)
      .find((m) => m.subject.startsWith('Reset your'));
    const token = new URL(linksIn(mail!)[0]!).searchParams.get('token')!;
    const common = await t.client().post('/api/auth/reset-password', { token, newPassword: 'sunshine' });
    expect([common.status, common.json<{ message: string }>().message]).toEqual([
      400,
      COMMON_PASSWORD_MESSAGE,
    ]);
    const good = await t
      .client()
      .post('/api/auth/reset-password', { token, newPassword: 'a fine second password' });
    expect(good.status).toBe(200);
  });

  it('knows the list without regard to case, and only passwords on it', () => {
    expect(isCommonPassword('football')).toBe(true);
    expect(isCommonPassword('FootBall')).toBe(true);
    expect(isCommonPassword('sponsor-2026')).toBe(false);
  });
});

describe('sessions', () => {
  it('issues a new session token at every sign-in and revokes the one the browser carried', async () => {
    const client = t.client();
    await client.signIn('sponsor@demo.example.org', 'sponsor-2026');
    const before = sessionCookieOf(client)!;
    expect(before).toBeTruthy();
    await client.signIn('sponsor@demo.example.org', 'sponsor-2026');
    const after = sessionCookieOf(client)!;
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    const withOld = await t
      .client()
      .get('/api/users/getByToken?partnersId=2', { cookie: `kinship.session_token=${before}` });
    expect(withOld.status).toBe(401);
    expect((await client.get('/api/users/getByToken?partnersId=2')).status).toBe(200);

    expect((await client.post('/api/auth/sign-out', {})).status).toBe(200);
    const replayed = await t
      .client()
      .get('/api/users/getByToken?partnersId=2', { cookie: `kinship.session_token=${after}` });
    expect(replayed.status).toBe(401);
  });

  it('signs a demo account in and answers its person record with its roles', async () => {
    const client = t.client();
    await client.signIn('partner-admin@demo.example.org', 'demo-admin-2026');
    const me = await client.get('/api/users/getByToken?partnersId=2');
    expect(me.status).toBe(200);
    const user = me.json<{
      email: string;
      partnerUsers: { partnersId: number; partnerUserRoles: { rolesId: number }[] }[];
    }>();
    expect(user.email).toBe('partner-admin@demo.example.org');
    expect(user.partnerUsers).toEqual([
      { partnersId: 2, partnerUserRoles: [{ rolesId: 2 }], partnerUserEntities: [] },
    ]);
  });

  it('refuses a wrong password', async () => {
    const res = await t.client().post('/api/auth/sign-in/email', {
      email: 'partner-admin@demo.example.org',
      password: 'not-the-password',
    });
    expect(res.status).toBe(401);
  });

  it('refuses a sign-in posted from another site', async () => {
    const res = await t
      .client()
      .post(
        '/api/auth/sign-in/email',
        { email: 'partner-admin@demo.example.org', password: 'demo-admin-2026' },
        { origin: 'http://evil.example' },
      );
    expect(res.status).toBe(403);
    expect(res.text).toBe('Cross-site requests are not allowed.');
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('GET /api/auth-config', () => {
  it('offers email and password, and no OpenID Connect provider when none is configured', async () => {
    const res = await t.client().get('/api/auth-config?partnersId=2');
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ emailPassword: true, oidc: null });
  });
});

describe('password hashing', () => {
  it('uses scrypt at OWASP parameters and verifies only the right password', async () => {
    expect(SCRYPT_PARAMS.N * SCRYPT_PARAMS.r * SCRYPT_PARAMS.p).toBeGreaterThanOrEqual(2 ** 17 * 8);
    const hash = await hashPassword('s3cret password');
    expect(hash).toMatch(/^scrypt\$65536\$8\$2\$[0-9a-f]{32}\$[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash, password: 's3cret password' })).toBe(true);
    expect(await verifyPassword({ hash, password: 's3cret passwore' })).toBe(false);
    expect(await verifyPassword({ hash: 'garbage', password: 'x' })).toBe(false);
  });
});
