import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestResponse } from '../../test/http-client.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { CROSS_SITE_MESSAGE } from './csrf.ts';
import { STRICT_TRANSPORT_SECURITY } from './https.ts';

const SPONSOR = { email: 'sponsor@demo.example.org', password: 'sponsor-2026' };

const sessionCookieLine = (res: TestResponse) =>
  (res.headers['set-cookie'] ?? []).find((line) => /session_token=/.test(line)) ?? '';

let plain: TestApp;
let proxied: TestApp;
let public_: TestApp;
beforeAll(async () => {
  [plain, proxied, public_] = await Promise.all([
    startTestApp(),
    startTestApp({ env: { TRUST_PROXY: 'loopback' } }),
    startTestApp({ env: { PUBLIC_URL: 'https://demo.localhost' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([plain?.close(), proxied?.close(), public_?.close()]);
});

describe('the session cookie over plain http and over HTTPS', () => {
  it('stays a plain cookie on http (localhost in development), with no Strict-Transport-Security', async () => {
    const client = plain.client();
    const res = await client.signIn(SPONSOR.email, SPONSOR.password);
    const line = sessionCookieLine(res);
    expect(line).toMatch(/^kinship\.session_token=/);
    expect(line).not.toMatch(/;\s*Secure/i);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect((await client.get('/api/users/getByToken')).status).toBe(200);
  });

  it('is Secure with the __Secure- prefix behind a trusted proxy that says https, and answers carry HSTS', async () => {
    const https = { 'x-forwarded-proto': 'https', origin: `https://demo.localhost:${proxied.port}` };
    const client = proxied.client();
    const res = await client.post('/api/auth/sign-in/email', SPONSOR, https);
    expect(res.status).toBe(200);
    const line = sessionCookieLine(res);
    expect(line).toMatch(/^__Secure-kinship\.session_token=/);
    expect(line).toMatch(/;\s*Secure/i);
    expect(line).toMatch(/;\s*HttpOnly/i);
    expect(res.headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
    const me = await client.get('/api/users/getByToken', { 'x-forwarded-proto': 'https' });
    expect(me.status).toBe(200);
    expect(me.headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
    // The same proxy on plain http: no HSTS, and the secure cookie is not this site's session.
    const overHttp = await client.get('/api/users/getByToken');
    expect(overHttp.status).toBe(401);
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    // Signing out over HTTPS clears the secure cookie.
    const out = await client.post('/api/auth/sign-out', {}, https);
    expect(out.status).toBe(200);
    expect((await client.get('/api/users/getByToken', { 'x-forwarded-proto': 'https' })).status).toBe(401);
  });

  it('ignores X-Forwarded-Proto from a client when no proxy is trusted', async () => {
    const res = await plain
      .client()
      .post('/api/auth/sign-in/email', SPONSOR, { 'x-forwarded-proto': 'https' });
    expect(res.status).toBe(200);
    expect(sessionCookieLine(res)).toMatch(/^kinship\.session_token=/);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('is Secure whenever PUBLIC_URL is https, whatever the proxy says', async () => {
    const client = public_.client();
    const res = await client.post('/api/auth/sign-in/email', SPONSOR, {
      origin: `https://demo.localhost:${public_.port}`,
    });
    expect(res.status).toBe(200);
    expect(sessionCookieLine(res)).toMatch(/^__Secure-kinship\.session_token=.*;\s*Secure/i);
    expect(res.headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
    expect((await client.get('/api/users/getByToken')).status).toBe(200);
  });
});

describe('the cross-site check compares scheme and host', () => {
  it('refuses an https Origin on an http site, for the auth routes and the API alike', async () => {
    const origin = { origin: `https://demo.localhost:${plain.port}` };
    const signIn = await plain.client().post('/api/auth/sign-in/email', SPONSOR, origin);
    expect([signIn.status, signIn.text]).toEqual([403, CROSS_SITE_MESSAGE]);
    expect(signIn.headers['set-cookie']).toBeUndefined();
    const create = await plain.client().post('/api/users', {}, origin);
    expect([create.status, create.text]).toEqual([403, CROSS_SITE_MESSAGE]);
    // Another port is another origin too; the page's own origin is accepted.
    const port = await plain.client().post('/api/auth/sign-in/email', SPONSOR, {
      origin: `http://demo.localhost:${plain.port + 1}`,
    });
    expect(port.status).toBe(403);
    expect((await plain.client().post('/api/auth/sign-in/email', SPONSOR)).status).toBe(200);
  });

  it('refuses an http Origin on a site served over HTTPS', async () => {
    const res = await proxied.client().post('/api/auth/sign-in/email', SPONSOR, {
      'x-forwarded-proto': 'https',
      origin: `http://demo.localhost:${proxied.port}`,
    });
    expect([res.status, res.text]).toEqual([403, CROSS_SITE_MESSAGE]);
  });
});
