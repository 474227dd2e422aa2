import { DEMO_ACCOUNTS } from '../../../seed/demo.ts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, partners } from '../../../db/schema/index.ts';
import { startStripeDouble, type StripeDouble } from '../../../../test/stripe-double.ts';
import { TEST_AUTH_SECRET as TEST_SECRET } from '../../../../test/people.ts';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';
import { issueOnboardingState, readOnboardingState } from './onboarding-state.ts';

const account = (role: string) => DEMO_ACCOUNTS.find((a) => a.role === role)!;

async function signedIn(app: TestApp, role: string, host = 'demo.localhost') {
  const client = app.client(host);
  const { email, password } = account(role);
  await client.signIn(email, password);
  return client;
}

async function stripeUserIdOf(app: TestApp, partnersId: number) {
  const [row] = await app.database.db
    .select({ stripeUserId: partners.stripeUserId, chargesEnabled: partners.stripeChargesEnabled })
    .from(partners)
    .where(eq(partners.id, partnersId));
  return row!;
}

describe('the onboarding state', () => {
  it('names the partner and the site, and is refused when altered, foreign or expired', () => {
    const now = new Date('2026-11-21T10:00:00Z');
    const token = issueOnboardingState(
      TEST_SECRET,
      { partnersId: 2, origin: 'http://demo.localhost', usersId: 7 },
      now,
    );
    expect(readOnboardingState(TEST_SECRET, token, now)).toEqual({
      partnersId: 2,
      origin: 'http://demo.localhost',
      usersId: 7,
      expiresAt: new Date('2026-11-21T12:00:00Z'),
    });
    const [payload, signature] = token.split('.');
    const forged = Buffer.from(
      Buffer.from(payload!, 'base64url').toString('utf8').replace('"p":2', '"p":3'),
    ).toString('base64url');
    expect(readOnboardingState(TEST_SECRET, `${forged}.${signature}`, now)).toBeNull();
    expect(readOnboardingState('another-secret-of-enough-length-000000000', token, now)).toBeNull();
    expect(readOnboardingState(TEST_SECRET, token, new Date('2026-11-21T12:00:01Z'))).toBeNull();
    expect(readOnboardingState(TEST_SECRET, 'garbage', now)).toBeNull();
    expect(readOnboardingState(TEST_SECRET, `${token}.x`, now)).toBeNull();
  });
});

describe('partner onboarding with the sandbox gateway', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('gives the link only to the partner’s Administrator', async () => {
    expect((await app.client().get('/api/partners/2/onboardurl?partnersId=2')).status).toBe(401);
    const donor = await signedIn(app, 'Donor');
    const refused = await donor.get('/api/partners/2/onboardurl?partnersId=2');
    expect([refused.status, refused.text]).toEqual([
      403,
      'Only an Administrator of this partner can connect its payment account.',
    ]);
    const programAdmin = await signedIn(app, 'Program administrator');
    expect((await programAdmin.get('/api/partners/2/onboardurl?partnersId=2')).status).toBe(403);
    const mapleAdmin = await signedIn(app, 'Maple administrator', 'maple.localhost');
    expect((await mapleAdmin.withHost('demo.localhost').get('/api/partners/2/onboardurl')).status).toBe(403);
    const admin = await signedIn(app, 'Partner administrator');
    const elsewhere = await admin.get('/api/partners/3/onboardurl');
    expect([elsewhere.status, elsewhere.text]).toEqual([400, 'partnersId does not match this site.']);
  });

  it('completes locally: the link returns to /onboard with a code, and completing stores the account', async () => {
    const admin = await signedIn(app, 'Partner administrator');
    const res = await admin.get('/api/partners/2/onboardurl?partnersId=2');
    expect(res.status).toBe(200);
    const url = new URL(res.json<{ url: string }>().url);
    expect(`${url.origin}${url.pathname}`).toBe(`http://demo.localhost:${app.port}/onboard`);
    const code = url.searchParams.get('code')!;
    const state = url.searchParams.get('state')!;
    expect(code).toMatch(/^sbx_auth_[0-9a-f]{24}$/);
    expect(readOnboardingState(TEST_SECRET, state)).toMatchObject({
      partnersId: 2,
      origin: `http://demo.localhost:${app.port}`,
    });

    // The /onboard page posts what it was given.
    const done = await app
      .client()
      .post('/api/partners/oauthonboard?partnersId=2', { state, authorizationCode: code });
    expect(done.status).toBe(200);
    expect(done.json()).toEqual({ redirectUrl: `http://demo.localhost:${app.port}/dashboard` });
    const stored = await stripeUserIdOf(app, 2);
    expect(stored.stripeUserId).toMatch(/^acct_sandbox_[0-9a-f]{16}$/);
    expect(stored.stripeUserId).toBe(
      `acct_sandbox_${code.slice('sbx_auth_'.length, 'sbx_auth_'.length + 16)}`,
    );
    const [audit] = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.partnersId, 2), eq(auditLog.action, 'partner.payment_account_connected')))
      .orderBy(desc(auditLog.id));
    expect(audit).toMatchObject({
      entityType: 'partner',
      entityId: '2',
      details: { accountId: stored.stripeUserId, previousAccountId: 'acct_sandbox_demo' },
    });
    expect(audit!.usersId).toEqual(expect.any(Number));
  });

  it('lets a platform administrator connect any partner from the platform site', async () => {
    const platform = await signedIn(app, 'Platform administrator', 'kinship.localhost');
    const res = await platform.get('/api/partners/3/onboardurl?partnersId=1');
    expect(res.status).toBe(200);
    const url = new URL(res.json<{ url: string }>().url);
    const done = await app.client('kinship.localhost').post('/api/partners/oauthonboard', {
      state: url.searchParams.get('state'),
      authorizationCode: url.searchParams.get('code'),
    });
    expect(done.json()).toEqual({ redirectUrl: `http://kinship.localhost:${app.port}/dashboard` });
    expect((await stripeUserIdOf(app, 3)).stripeUserId).toMatch(/^acct_sandbox_/);
    const missing = await platform.get('/api/partners/999/onboardurl');
    expect([missing.status, missing.text]).toEqual([404, 'Partner 999 was not found.']);
  });

  it('refuses missing fields, a bad or expired state, and reports a provider failure as 502', async () => {
    const client = app.client();
    expect((await client.post('/api/partners/oauthonboard', { state: 'x' })).status).toBe(400);
    expect((await client.post('/api/partners/oauthonboard', { authorizationCode: 'x' })).status).toBe(400);
    expect(
      (await client.post('/api/partners/oauthonboard', { state: '', authorizationCode: '' })).status,
    ).toBe(400);

    const bad = await client.post('/api/partners/oauthonboard', {
      state: 'forged.state',
      authorizationCode: 'sbx_auth_x',
    });
    expect([bad.status, bad.text]).toEqual([400, 'Invalid onboarding state.']);
    const expired = issueOnboardingState(
      TEST_SECRET,
      { partnersId: 2, origin: 'http://demo.localhost', usersId: null },
      new Date(Date.now() - 3 * 60 * 60 * 1000),
    );
    const late = await client.post('/api/partners/oauthonboard', {
      state: expired,
      authorizationCode: 'sbx_auth_x',
    });
    expect([late.status, late.text]).toEqual([400, 'Invalid onboarding state.']);
    const noPartner = issueOnboardingState(TEST_SECRET, {
      partnersId: 999,
      origin: 'http://demo.localhost',
      usersId: null,
    });
    expect(
      (await client.post('/api/partners/oauthonboard', { state: noPartner, authorizationCode: 'c' })).text,
    ).toBe('Invalid onboarding state.');

    const before = await stripeUserIdOf(app, 2);
    const good = issueOnboardingState(TEST_SECRET, {
      partnersId: 2,
      origin: `http://demo.localhost:${app.port}`,
      usersId: null,
    });
    const failed = await client.post('/api/partners/oauthonboard', {
      state: good,
      authorizationCode: 'not-a-code',
    });
    expect([failed.status, failed.text]).toEqual([502, 'Authorization code is invalid or expired']);
    expect(await stripeUserIdOf(app, 2)).toEqual(before);
  });

  it('sends the partner back only to the site that completes the onboarding (no open redirect)', async () => {
    const before = await stripeUserIdOf(app, 2);
    // A validly signed state naming another site (as anyone could make with a known secret).
    for (const origin of [
      'https://evil.example',
      `https://demo.localhost:${app.port}`,
      'http://maple.localhost',
    ]) {
      const state = issueOnboardingState(TEST_SECRET, { partnersId: 2, origin, usersId: null });
      const res = await app
        .client()
        .post('/api/partners/oauthonboard', { state, authorizationCode: `sbx_auth_${'a'.repeat(24)}` });
      expect([res.status, res.text]).toEqual([400, 'Invalid onboarding state.']);
    }
    expect(await stripeUserIdOf(app, 2)).toEqual(before);
    // An unknown host names no site to return to.
    const state = issueOnboardingState(TEST_SECRET, {
      partnersId: 2,
      origin: 'http://nowhere.localhost',
      usersId: null,
    });
    const unknown = await app
      .client('nowhere.localhost')
      .post('/api/partners/oauthonboard', { state, authorizationCode: `sbx_auth_${'a'.repeat(24)}` });
    expect(unknown.status).toBe(404);
  });
});

describe('partner onboarding with Stripe Connect', () => {
  let app: TestApp;
  let double: StripeDouble;
  beforeAll(async () => {
    double = await startStripeDouble();
    app = await startTestApp({ env: double.env() });
  });
  afterAll(async () => {
    await app?.close();
    await double?.close();
  });

  it('links to Stripe’s authorization page with the client id, the state and this site’s /onboard', async () => {
    const admin = await signedIn(app, 'Partner administrator');
    const res = await admin.get('/api/partners/2/onboardurl?partnersId=2');
    expect(res.status).toBe(200);
    const { url } = res.json<{ url: string }>();
    const parsed = new URL(url);
    const state = parsed.searchParams.get('state')!;
    expect(url).toBe(
      `https://connect.stripe.com/oauth/authorize?response_type=code&client_id=ca_double_client&scope=read_write&state=${encodeURIComponent(state)}&redirect_uri=${encodeURIComponent(`http://demo.localhost:${app.port}/onboard`)}`,
    );
    expect(readOnboardingState(TEST_SECRET, state)).toMatchObject({ partnersId: 2 });

    // Stripe sends the partner back to /onboard?code=ac_...&state=...; the page posts both.
    const code = double.issueAuthorizationCode('acct_1QConnected');
    const done = await app
      .client()
      .post('/api/partners/oauthonboard?partnersId=2', { state, authorizationCode: code });
    expect([done.status, done.json()]).toEqual([
      200,
      { redirectUrl: `http://demo.localhost:${app.port}/dashboard` },
    ]);
    expect(await stripeUserIdOf(app, 2)).toEqual({ stripeUserId: 'acct_1QConnected', chargesEnabled: null });
    const exchange = double.requests.filter((r) => r.path === '/oauth/token');
    expect(exchange).toHaveLength(1);
    expect(exchange[0]).toMatchObject({
      body: { grant_type: 'authorization_code', code },
      stripeAccount: null,
    });

    // The code is spent: Stripe's refusal is passed on as a 502 for the page to show.
    const again = await app.client().post('/api/partners/oauthonboard', { state, authorizationCode: code });
    expect([again.status, again.text]).toEqual([502, `Authorization code does not exist: ${code}`]);
    expect((await stripeUserIdOf(app, 2)).stripeUserId).toBe('acct_1QConnected');
  });

  it('answers 502 when Stripe cannot be reached', async () => {
    double.failNext({ status: 500, path: /^\/oauth\/token$/, shouldRetry: false });
    const state = issueOnboardingState(TEST_SECRET, {
      partnersId: 2,
      origin: `http://demo.localhost:${app.port}`,
      usersId: null,
    });
    const res = await app.client().post('/api/partners/oauthonboard', { state, authorizationCode: 'ac_any' });
    expect(res.status).toBe(502);
    expect(res.text).toMatch(/^The payment provider is unavailable: /);
  });
});
