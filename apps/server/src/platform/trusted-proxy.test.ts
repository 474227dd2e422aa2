import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { loadConfig, TRUST_PROXY_MESSAGE } from '../config.ts';
import { loginAttempts } from '../db/schema/index.ts';

/**
 * TRUST_PROXY (decision 051): the address every per-address limit keys on is the one the last
 * trusted proxy saw, never a left-most X-Forwarded-For entry the client wrote itself.
 */

describe('the TRUST_PROXY setting', () => {
  const trustProxyOf = (value: string | undefined) => loadConfig({ TRUST_PROXY: value }).TRUST_PROXY;

  it('takes the proxies’ addresses, CIDR ranges and proxy-addr’s range names', () => {
    expect(trustProxyOf('10.0.0.5')).toEqual(['10.0.0.5']);
    expect(trustProxyOf('10.0.0.0/8, 192.168.1.1,::1, fd00::/8')).toEqual([
      '10.0.0.0/8',
      '192.168.1.1',
      '::1',
      'fd00::/8',
    ]);
    expect(trustProxyOf('loopback,uniquelocal')).toEqual(['loopback', 'uniquelocal']);
  });

  it('is off when unset, empty, false or 0', () => {
    for (const value of [undefined, '', 'false', '0']) expect(trustProxyOf(value)).toBe(false);
  });

  it('refuses true, hop counts and anything that is not an address at start, saying what to set', () => {
    for (const value of ['true', '1', '2', 'yes', '10.0.0.0/33', 'proxy.example.org', '10.0.0.1,']) {
      expect(() => trustProxyOf(value), value).toThrow(
        `Invalid configuration: TRUST_PROXY: ${TRUST_PROXY_MESSAGE}`,
      );
    }
    expect(TRUST_PROXY_MESSAGE).toContain('TRUST_PROXY=10.0.0.5');
  });
});

describe('behind one trusted proxy that appends the address it saw (nginx, AWS ALB)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The test client connects from loopback: it plays the proxy.
    t = await startTestApp({ env: { TRUST_PROXY: 'loopback' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const through = (real: string, forged?: string) => ({
    'x-forwarded-for': forged ? `${forged}, ${real}` : real,
  });

  it('answers 429 after 5 wrong codes from one address, whatever left-most entries the client rotates', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await t
        .client('demo.localhost')
        .get(`/api/trials/redeem/WRONG-CODE-${i}`, through('203.0.113.77', `198.51.100.${i}`));
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(5).fill(404), ...Array(25).fill(429)]);
    // Another address the proxy saw is counted on its own, with the same forged entry.
    const other = await t
      .client('demo.localhost')
      .get('/api/trials/redeem/WRONG-CODE-X', through('203.0.113.78', '198.51.100.0'));
    expect(other.status).toBe(404);
  });

  it('keys sign-in counts on the address the proxy saw, not the one the client wrote', async () => {
    const res = await t
      .client('demo.localhost')
      .post(
        '/api/auth/sign-in/email',
        { email: 'forged-entry@example.org', password: 'guess-1234' },
        through('203.0.113.79', '1.2.3.4'),
      );
    expect(res.status).toBe(401);
    const rows = await t.database.db
      .select({ address: loginAttempts.address })
      .from(loginAttempts)
      .where(eq(loginAttempts.email, 'forged-entry@example.org'));
    expect(rows).toEqual([{ address: '203.0.113.79' }]);
  });

  it('keeps reading the protocol from the trusted proxy (secure cookies, HSTS)', async () => {
    const res = await t
      .client('demo.localhost')
      .get('/api/partners/current', { 'x-forwarded-proto': 'https' });
    expect(res.status).toBe(200);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
  });
});
