import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestResponse } from '../../test/http-client.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { loginThrottles } from '../db/schema/index.ts';
import { ACCOUNT_THROTTLED_MESSAGE, MAX_SIGN_IN_ATTEMPTS, SIGN_IN_WINDOW_SECONDS } from './login-throttle.ts';

/** Behind a trusted proxy, so each request can come from its own address (X-Forwarded-For). */
let proxied: TestApp;
/** Reached directly: X-Forwarded-For is the client's say and counts for nothing. */
let direct: TestApp;
beforeAll(async () => {
  [proxied, direct] = await Promise.all([
    startTestApp({ rateLimit: true, env: { TRUST_PROXY: 'true' } }),
    startTestApp({ rateLimit: true }),
  ]);
});
afterAll(async () => {
  await Promise.all([proxied?.close(), direct?.close()]);
});

const from = (address: string) => ({ 'x-forwarded-for': address });

describe('per-account sign-in throttle', () => {
  it('throttles 20 wrong passwords in a row on one account, whatever address each comes from', async () => {
    const statuses: number[] = [];
    const waits: string[] = [];
    for (let i = 1; i <= 20; i++) {
      const res = await proxied
        .client()
        .post(
          '/api/auth/sign-in/email',
          { email: 'donor@demo.example.org', password: `wrong-${i}` },
          from(`203.0.113.${i}`),
        );
      statuses.push(res.status);
      if (res.status === 429) {
        waits.push(String(res.headers['retry-after']));
        expect(res.json<{ message: string; code: string }>()).toEqual({
          message: ACCOUNT_THROTTLED_MESSAGE,
          code: 'ACCOUNT_THROTTLED',
        });
      }
    }
    expect(statuses).toEqual([
      ...Array(MAX_SIGN_IN_ATTEMPTS).fill(401),
      ...Array(20 - MAX_SIGN_IN_ATTEMPTS).fill(429),
    ]);
    for (const wait of waits) {
      expect(Number(wait)).toBeGreaterThan(SIGN_IN_WINDOW_SECONDS - 120);
      expect(Number(wait)).toBeLessThanOrEqual(SIGN_IN_WINDOW_SECONDS);
    }

    // The right password, from a fresh address, in another letter case: still throttled.
    const right = await proxied
      .client()
      .post(
        '/api/auth/sign-in/email',
        { email: 'Donor@Demo.Example.org', password: 'donor-2026' },
        from('198.51.100.7'),
      );
    expect(right.status).toBe(429);
    expect(right.headers['set-cookie']).toBeUndefined();

    // Another account from the same address is not affected.
    const other = await proxied
      .client()
      .post(
        '/api/auth/sign-in/email',
        { email: 'sponsor@demo.example.org', password: 'sponsor-2026' },
        from('203.0.113.20'),
      );
    expect(other.status).toBe(200);

    // Once the window has passed, the right password opens a session and clears the count.
    await proxied.database.db
      .update(loginThrottles)
      .set({
        windowStartedAt: sql`now() - interval '${sql.raw(String(SIGN_IN_WINDOW_SECONDS + 60))} seconds'`,
      })
      .where(eq(loginThrottles.email, 'donor@demo.example.org'));
    const later = await proxied
      .client()
      .post(
        '/api/auth/sign-in/email',
        { email: 'donor@demo.example.org', password: 'donor-2026' },
        from('198.51.100.8'),
      );
    expect(later.status).toBe(200);
    expect((later.headers['set-cookie'] ?? []).join(';')).toMatch(/kinship\.session_token=/);
    expect(
      await proxied.database.db
        .select()
        .from(loginThrottles)
        .where(eq(loginThrottles.email, 'donor@demo.example.org')),
    ).toEqual([]);
  });

  it('starts counting again after a successful sign-in', async () => {
    const attempt = (password: string, i: number) =>
      proxied
        .client()
        .post(
          '/api/auth/sign-in/email',
          { email: 'program-admin@demo.example.org', password },
          from(`192.0.2.${i}`),
        );
    for (let i = 1; i < MAX_SIGN_IN_ATTEMPTS; i++) expect((await attempt('wrong', i)).status).toBe(401);
    expect((await attempt('program-admin-2026', 10)).status).toBe(200);
    for (let i = 11; i < 11 + MAX_SIGN_IN_ATTEMPTS; i++) expect((await attempt('wrong', i)).status).toBe(401);
    expect((await attempt('wrong', 30)).status).toBe(429);
  });

  it('counts parallel attempts one by one: no more than the limit reach the password check', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        proxied
          .client()
          .post(
            '/api/auth/sign-in/email',
            { email: 'partner-admin@demo.example.org', password: `wrong-${i}` },
            from(`100.64.0.${i + 1}`),
          ),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([
      ...Array(MAX_SIGN_IN_ATTEMPTS).fill(401),
      ...Array(10 - MAX_SIGN_IN_ATTEMPTS).fill(429),
    ]);
  });
});

describe('per-address sign-in limit', () => {
  it('answers the 11th sign-in within a minute from one address with 429, whatever X-Forwarded-For claims', async () => {
    const statuses: number[] = [];
    let last: TestResponse | null = null;
    for (let i = 1; i <= 11; i++) {
      last = await direct
        .client()
        .post(
          '/api/auth/sign-in/email',
          { email: `stranger-${i}@example.org`, password: 'guess-1234' },
          from(`10.0.0.${i}`),
        );
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(last!.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(last!.json<{ message: string }>().message).toBe('Too many requests. Please try again later.');
  });

  it('keeps each address’s own count behind a trusted proxy', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 11; i++) {
      const res = await proxied
        .client()
        .post(
          '/api/auth/sign-in/email',
          { email: `visitor-${i}@example.org`, password: 'guess-1234' },
          from('172.16.5.5'),
        );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    const elsewhere = await proxied
      .client()
      .post(
        '/api/auth/sign-in/email',
        { email: 'visitor-12@example.org', password: 'guess-1234' },
        from('172.16.5.6'),
      );
    expect(elsewhere.status).toBe(401);
  });
});
