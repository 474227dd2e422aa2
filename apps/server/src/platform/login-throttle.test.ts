import { randomBytes, randomUUID, scryptSync } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEml } from '../../test/eml.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { createPeople } from '../../test/people.ts';
import { authAccount, loginAlerts, loginAttempts } from '../db/schema/index.ts';
import {
  ACCOUNT_THROTTLED_MESSAGE,
  addressThrottledMessage,
  ALERT_AFTER_FAILURES,
  MAX_ADDRESS_SIGN_IN_FAILURES,
  MAX_SIGN_IN_ATTEMPTS,
  SIGN_IN_WINDOW_SECONDS,
  signInDelayMs,
} from './login-throttle.ts';

/** A short slow-down schedule, so the tests measure it without waiting seconds. */
const DELAY = { baseMs: 25, maxMs: 300 };

/** Behind a trusted proxy, so each request can come from its own address (X-Forwarded-For). */
let proxied: TestApp;
/** Reached directly: X-Forwarded-For is the client's say and counts for nothing. */
let direct: TestApp;
beforeAll(async () => {
  [proxied, direct] = await Promise.all([
    startTestApp({ rateLimit: true, env: { TRUST_PROXY: 'loopback' }, signInDelay: DELAY }),
    startTestApp({ rateLimit: true, signInDelay: DELAY }),
  ]);
});
afterAll(async () => {
  await Promise.all([proxied?.close(), direct?.close()]);
});

const from = (address: string) => ({ 'x-forwarded-for': address });
const signIn = (email: string, password: string, address: string) =>
  proxied.client().post('/api/auth/sign-in/email', { email, password }, from(address));

const ageWindow = (email: string) =>
  proxied.database.db
    .update(loginAttempts)
    .set({ windowStartedAt: sql`now() - interval '${sql.raw(String(SIGN_IN_WINDOW_SECONDS + 60))} seconds'` })
    .where(eq(loginAttempts.email, email));

describe('sign-in throttle per account and address', () => {
  it('refuses an address after 5 wrong passwords for an account, yet the person signs in from their own address', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 8; i++) {
      const res = await signIn('donor@demo.example.org', `wrong-${i}`, '203.0.113.9');
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.json<{ message: string; code: string }>()).toEqual({
          message: ACCOUNT_THROTTLED_MESSAGE,
          code: 'ACCOUNT_THROTTLED',
        });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(SIGN_IN_WINDOW_SECONDS - 120);
        expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(SIGN_IN_WINDOW_SECONDS);
      }
    }
    expect(statuses).toEqual([
      ...Array(MAX_SIGN_IN_ATTEMPTS).fill(401),
      ...Array(8 - MAX_SIGN_IN_ATTEMPTS).fill(429),
    ]);
    // Even the right password is refused from the address that guessed (in another letter case too).
    const guesser = await signIn('Donor@Demo.Example.org', 'donor-2026', '203.0.113.9');
    expect(guesser.status).toBe(429);
    expect(guesser.headers['set-cookie']).toBeUndefined();

    // The person, from an address that has not failed, is not locked out.
    const person = await signIn('donor@demo.example.org', 'donor-2026', '198.51.100.7');
    expect(person.status).toBe(200);
    expect((person.headers['set-cookie'] ?? []).join(';')).toMatch(/kinship\.session_token=/);

    // Once the window has passed, the guessing address may try again; its success clears its count.
    await ageWindow('donor@demo.example.org');
    expect((await signIn('donor@demo.example.org', 'donor-2026', '203.0.113.9')).status).toBe(200);
    expect(
      await proxied.database.db
        .select()
        .from(loginAttempts)
        .where(
          and(eq(loginAttempts.email, 'donor@demo.example.org'), eq(loginAttempts.address, '203.0.113.9')),
        ),
    ).toEqual([]);
  }, 120_000);

  it('slows an account guessed at from many addresses down (a growing delay) instead of refusing it', () => {
    expect(Array.from({ length: 12 }, (_, failures) => signInDelayMs(failures))).toEqual([
      0, 0, 0, 0, 0, 0, 250, 500, 1000, 2000, 4000, 8000,
    ]);
    expect(signInDelayMs(40)).toBe(10_000);
    expect(signInDelayMs(1_000_000)).toBe(10_000);
  });

  it('lets the right password through after failures from 12 addresses, after the delay', async () => {
    for (let i = 1; i <= 12; i++)
      expect((await signIn('sponsor@demo.example.org', `wrong-${i}`, `192.0.2.${i}`)).status).toBe(401);
    const started = Date.now();
    const res = await signIn('sponsor@demo.example.org', 'sponsor-2026', '198.51.100.20');
    const took = Date.now() - started;
    expect(res.status).toBe(200);
    expect(took).toBeGreaterThanOrEqual(signInDelayMs(12, DELAY));
  }, 120_000);

  it('tells the person by mail after repeated failures, once a window, and never for unknown emails', async () => {
    const email = 'program-admin@demo.example.org';
    const alerts = () =>
      proxied
        .mailTo(email)
        .map(readEml)
        .filter((m) => m.subject === 'Failed sign-in attempts on your Bright Futures Demo account');
    for (let i = 1; i < ALERT_AFTER_FAILURES; i++)
      expect((await signIn(email, `wrong-${i}`, `100.64.1.${i}`)).status).toBe(401);
    expect(alerts()).toEqual([]);
    for (let i = ALERT_AFTER_FAILURES; i <= ALERT_AFTER_FAILURES + 1; i++)
      expect((await signIn(email, `wrong-${i}`, `100.64.1.${i}`)).status).toBe(401);
    for (let wait = 0; wait < 40 && alerts().length === 0; wait++)
      await new Promise((r) => setTimeout(r, 100));
    const sent = alerts();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(
      `Someone tried to sign in to your Bright Futures Demo account (${email}) with a wrong password ${ALERT_AFTER_FAILURES} times in the last 15 minutes.`,
    );
    expect(sent[0]!.text).toContain(`http://demo.localhost:${proxied.port}/reset-password`);
    // The person still signs in with their password.
    expect((await signIn(email, 'program-admin-2026', '198.51.100.30')).status).toBe(200);

    for (let i = 1; i <= ALERT_AFTER_FAILURES; i++)
      expect((await signIn('nobody-here@example.org', 'guess-1234', `100.64.2.${i}`)).status).toBe(401);
    expect(
      await proxied.database.db
        .select()
        .from(loginAlerts)
        .where(eq(loginAlerts.email, 'nobody-here@example.org')),
    ).toEqual([]);
  }, 120_000);

  it('starts counting again after a successful sign-in from the same address', async () => {
    const attempt = (password: string) => signIn('admin@maple.example.org', password, '192.0.2.200');
    for (let i = 1; i < MAX_SIGN_IN_ATTEMPTS; i++) expect((await attempt('wrong')).status).toBe(401);
    expect((await attempt('maple-admin-2026')).status).toBe(200);
    // better-auth's per-address limit is not what this is about: a minute later, 5 more.
    await proxied.database.db.execute(sql`DELETE FROM auth_rate_limit`);
    for (let i = 1; i <= MAX_SIGN_IN_ATTEMPTS; i++) expect((await attempt('wrong')).status).toBe(401);
    expect((await attempt('wrong')).status).toBe(429);
  });

  it('counts parallel attempts one by one: no more than the limit reach the password check', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        signIn('partner-admin@demo.example.org', `wrong-${i}`, '100.64.0.1'),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([
      ...Array(MAX_SIGN_IN_ATTEMPTS).fill(401),
      ...Array(10 - MAX_SIGN_IN_ATTEMPTS).fill(429),
    ]);
  });

  it('prunes rows whose window has passed, unknown emails’ among them, from a periodic job', async () => {
    const db = proxied.database.db;
    const old = sql`now() - interval '${sql.raw(String(SIGN_IN_WINDOW_SECONDS + 60))} seconds'`;
    await db.insert(loginAttempts).values([
      { email: 'ghost-1@example.org', address: '10.9.9.1', attempts: 3, windowStartedAt: old },
      { email: 'ghost-2@example.org', address: '10.9.9.2', attempts: 1, windowStartedAt: old },
      { email: 'ghost-3@example.org', address: '10.9.9.3', attempts: 2 },
    ]);
    await db.insert(loginAlerts).values({ email: 'ghost-1@example.org', alertedAt: old });
    const summary = await proxied.runJob('maintenance.prune');
    // Two attempts and one alert at least (the test's own rows).
    expect(summary.login_attempts).toBeGreaterThanOrEqual(3);
    const left = await db
      .select({ email: loginAttempts.email })
      .from(loginAttempts)
      .where(sql`${loginAttempts.email} LIKE 'ghost-%'`);
    expect(left).toEqual([{ email: 'ghost-3@example.org' }]);
  });
});

describe('per-address sign-in limits (decision 051)', () => {
  const addressRow = (app: TestApp, address: string) =>
    app.database.db
      .select({ attempts: loginAttempts.attempts })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.email, 'sign-in:any-account'), eq(loginAttempts.address, address)));

  /**
   * Verified accounts with the password "office-2026" hashed at a low scrypt cost (the stored hash
   * names its own cost), so a hundred sign-ins take seconds on a loaded machine.
   */
  async function officeAccounts(app: TestApp, count: number): Promise<string[]> {
    const people = await createPeople(app.database, count, 'office');
    await app.database.db.insert(authAccount).values(
      people.map((person) => {
        const salt = randomBytes(16).toString('hex');
        const key = scryptSync('office-2026', salt, 64, { N: 2 ** 10, r: 8, p: 1 }).toString('hex');
        return {
          id: randomUUID(),
          accountId: person.authUserId,
          providerId: 'credential',
          userId: person.authUserId,
          password: `scrypt$${2 ** 10}$8$1$${salt}$${key}`,
        };
      }),
    );
    return people.map((person) => person.email);
  }

  it('lets one address make 100 successful sign-ins within a minute (an office at 9 o’clock)', async () => {
    const emails = await officeAccounts(proxied, 50);
    const statuses: number[] = [];
    // better-auth's window runs from the address's last call, so the old limit (10) would refuse
    // the 11th however slowly these come.
    for (let round = 0; round < 10; round++) {
      const batch = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          signIn(emails[(round * 10 + i) % 50]!, 'office-2026', '172.16.9.9'),
        ),
      );
      statuses.push(...batch.map((res) => res.status));
    }
    expect(statuses).toEqual(Array(100).fill(200));
    // Successes leave nothing on the address's count of failures.
    expect(await addressRow(proxied, '172.16.9.9')).toEqual([{ attempts: 0 }]);
  }, 120_000);

  it('refuses an address failing on many accounts, whatever X-Forwarded-For claims, the right password included', async () => {
    // One wrong password on each of many accounts (no account's own limit is reached).
    const emails = await officeAccounts(direct, MAX_ADDRESS_SIGN_IN_FAILURES + 1);
    const statuses: number[] = [];
    for (const [i, email] of emails.entries()) {
      const res = await direct
        .client()
        .post(
          '/api/auth/sign-in/email',
          { email, password: 'guess-1234' },
          from(`10.0.${i >> 8}.${i & 255}`),
        );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(MAX_ADDRESS_SIGN_IN_FAILURES).fill(401), 429]);
    const refused = await direct
      .client()
      .post('/api/auth/sign-in/email', { email: emails[0]!, password: 'office-2026' });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(SIGN_IN_WINDOW_SECONDS - 120);
    expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_WINDOW_SECONDS);
    expect(refused.json<{ message: string; code: string }>()).toEqual({
      message: addressThrottledMessage(retryAfter),
      code: 'ADDRESS_THROTTLED',
    });
    expect(addressThrottledMessage(retryAfter)).toMatch(
      /^Too many failed sign-ins from your address\. Please try again in 1[45] minutes\.$/,
    );
  }, 120_000);

  it('keeps each address’s own count behind a trusted proxy', async () => {
    const emails = await officeAccounts(proxied, MAX_ADDRESS_SIGN_IN_FAILURES + 1);
    const statuses: number[] = [];
    for (const email of emails) statuses.push((await signIn(email, 'guess-1234', '172.16.5.5')).status);
    expect(statuses).toEqual([...Array(MAX_ADDRESS_SIGN_IN_FAILURES).fill(401), 429]);
    expect((await signIn('visitor-0@example.org', 'guess-1234', '172.16.5.6')).status).toBe(401);
  }, 120_000);

  it('takes a person’s own failures off the address’s count once they get their password right', async () => {
    const [stranger, person] = await officeAccounts(proxied, 2);
    for (let i = 1; i <= 3; i++) await signIn(stranger!, 'guess-1234', '172.16.6.6');
    for (let i = 1; i <= 4; i++) expect((await signIn(person!, `wrong-${i}`, '172.16.6.6')).status).toBe(401);
    expect(await addressRow(proxied, '172.16.6.6')).toEqual([{ attempts: 7 }]);
    expect((await signIn(person!, 'office-2026', '172.16.6.6')).status).toBe(200);
    // The stranger's three failures stay; the person's four and their sign-in are gone.
    expect(await addressRow(proxied, '172.16.6.6')).toEqual([{ attempts: 3 }]);
  });

  it('never limits reading one’s own session: 150 calls from one address all answer', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 150; i++)
      statuses.push((await proxied.client().get('/api/auth/get-session', from('172.16.8.8'))).status);
    expect(statuses).toEqual(Array(150).fill(200));
  }, 120_000);

  it('still caps a flood of other auth calls from one address (better-auth’s limiter stays on)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (
          await proxied
            .client()
            .post('/api/auth/request-password-reset', { email: `flood-${i}@example.org` }, from('172.16.8.9'))
        ).status,
      );
    expect(statuses).toEqual([...Array(5).fill(200), 429]);
  });
});
