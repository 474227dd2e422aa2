import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../test/http-client.ts';
import { startOidcTestProvider, type OidcTestProvider } from '../../test/oidc-test-provider.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { authAccount, authUser } from '../db/schema/index.ts';

const olive = { sub: 'olive-1', email: 'olive@example.org', name: 'Olive Idris' };

let idp: OidcTestProvider;
let t: TestApp;
beforeAll(async () => {
  idp = await startOidcTestProvider([olive]);
  t = await startTestApp({
    env: {
      OIDC_NAME: 'Keycloak',
      OIDC_DISCOVERY_URL: idp.discoveryUrl,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
    },
  });
  idp.start([
    `http://demo.localhost:${t.port}/api/auth/callback/oidc`,
    `http://maple.localhost:${t.port}/api/auth/callback/oidc`,
  ]);
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

/** The path and query of a URL. */
const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

/**
 * One browser through the whole redirect flow: start on the site, follow the provider's redirects,
 * log in on its page, come back to the site's callback. Answers the callback's response.
 */
async function signInThroughProvider(site: TestClient, login: string) {
  const start = await site.post('/api/auth/sign-in/social', { provider: 'oidc', callbackURL: '/redirect' });
  expect(start.status).toBe(200);
  const { url, redirect } = start.json<{ url: string; redirect: boolean }>();
  expect(redirect).toBe(true);
  expect(start.headers.location).toBe(url);

  // The browser at the provider (its own host, its own cookies).
  const browser = new TestClient(idp.port, '127.0.0.1');
  let response = await browser.get(pathOf(url));
  for (let hop = 0; hop < 10; hop++) {
    expect([302, 303]).toContain(response.status);
    const location = new URL(response.headers.location!, idp.issuer);
    if (location.host !== `127.0.0.1:${idp.port}`) {
      // Back to the relying party: the site's callback, in the site's browser.
      expect(`${location.origin}${location.pathname}`).toBe(
        `http://${site.host}:${t.port}/api/auth/callback/oidc`,
      );
      return site.get(pathOf(location.toString()));
    }
    response = await browser.get(pathOf(location.toString()));
    if (response.status === 200 && response.text.includes('<form')) {
      const uid = /\/interaction\/([^/"]+)\/login/.exec(response.text)![1]!;
      response = await browser.post(`/interaction/${uid}/login`, { login });
    }
  }
  throw new Error('the provider never redirected back to the site');
}

describe('OpenID Connect sign-in', () => {
  it('offers the configured provider on the sign-in page', async () => {
    const res = await t.client().get('/api/auth-config?partnersId=2');
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ emailPassword: true, oidc: { providerId: 'oidc', name: 'Keycloak' } });
  });

  it('signs a new person in through the provider’s redirect, code exchange and PKCE', async () => {
    const site = new TestClient(t.port, 'demo.localhost');
    const callback = await signInThroughProvider(site, olive.sub);
    expect(callback.status).toBe(302);
    expect(callback.headers.location).toBe('/redirect');
    expect((callback.headers['set-cookie'] ?? []).join(';')).toMatch(
      /kinship\.session_token=[^;]+;.*HttpOnly/i,
    );

    // The authorization request carried a S256 code challenge and asked for the configured scopes.
    const asked = idp.authorizationRequests.at(-1)!;
    expect(asked.get('code_challenge_method')).toBe('S256');
    expect(asked.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(asked.get('client_id')).toBe(idp.clientId);
    expect(asked.get('redirect_uri')).toBe(`http://demo.localhost:${t.port}/api/auth/callback/oidc`);
    expect(asked.get('scope')!.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
    expect(asked.get('state')).toBeTruthy();
    expect(asked.get('nonce')).toBeTruthy();

    const session = await site.get('/api/auth/get-session');
    expect(session.json<{ user: { email: string; name: string } }>().user).toMatchObject({
      email: olive.email,
      name: olive.name,
    });
    // Signed in with no person record yet: the new-user modal opens.
    const me = await site.get('/api/users/getByToken?partnersId=2');
    expect(me.status).toBe(404);

    const [user] = await t.database.db.select().from(authUser).where(eq(authUser.email, olive.email));
    const accounts = await t.database.db
      .select()
      .from(authAccount)
      .where(and(eq(authAccount.userId, user!.id), eq(authAccount.providerId, 'oidc')));
    expect(accounts.map((a) => a.accountId)).toEqual([olive.sub]);
  });

  it('signs the same person in again without a second account, with a new session token', async () => {
    const site = new TestClient(t.port, 'demo.localhost');
    const first = await signInThroughProvider(site, olive.sub);
    const firstToken = /kinship\.session_token=([^;]+)/.exec(
      (first.headers['set-cookie'] ?? []).join(';'),
    )![1];
    const second = await signInThroughProvider(site, olive.sub);
    expect(second.status).toBe(302);
    const secondToken = /kinship\.session_token=([^;]+)/.exec(
      (second.headers['set-cookie'] ?? []).join(';'),
    )![1];
    expect(secondToken).not.toBe(firstToken);
    const users = await t.database.db.select().from(authUser).where(eq(authUser.email, olive.email));
    expect(users).toHaveLength(1);
    expect(
      (await t.client().get('/api/auth/get-session', { cookie: `kinship.session_token=${firstToken}` })).text,
    ).toBe('null');
  });

  it('refuses a callback that reaches another browser than the one that started', async () => {
    const site = new TestClient(t.port, 'demo.localhost');
    const start = await site.post('/api/auth/sign-in/social', { provider: 'oidc', callbackURL: '/redirect' });
    const { url } = start.json<{ url: string }>();
    const state = new URL(url).searchParams.get('state')!;
    const stranger = new TestClient(t.port, 'demo.localhost');
    const res = await stranger.get(
      `/api/auth/callback/oidc?code=stolen-code&state=${encodeURIComponent(state)}`,
    );
    expect(res.status).toBe(302);
    expect(res.headers.location).toMatch(/error=/);
    expect(res.headers['set-cookie'] ?? []).not.toContainEqual(
      expect.stringMatching(/kinship\.session_token=[^;]+/),
    );
  });

  it('starts sign-in only from the page’s own site', async () => {
    const res = await t
      .client()
      .post(
        '/api/auth/sign-in/social',
        { provider: 'oidc', callbackURL: '/redirect' },
        { origin: 'http://evil.example' },
      );
    expect(res.status).toBe(403);
  });
});
