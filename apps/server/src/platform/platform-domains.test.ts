import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { isReservedHost, platformDomainsOf } from './platform-domains.ts';
import { parseHost } from './tenant.ts';

const config = (env: Record<string, string>) =>
  loadConfig({ AUTH_SECRET: 'x'.repeat(40), DATA_DIR: '/nonexistent', ...env });

describe('the platform’s domains', () => {
  it('come from PLATFORM_DOMAINS, else PUBLIC_URL’s host, and always include localhost', () => {
    expect(platformDomainsOf(config({}))).toEqual(['localhost']);
    expect(platformDomainsOf(config({ PLATFORM_DOMAINS: ' Kinship.org, giving.example. ' }))).toEqual([
      'giving.example',
      'kinship.org',
      'localhost',
    ]);
    expect(platformDomainsOf(config({ PUBLIC_URL: 'https://{subdomain}.giving.example/' }))).toEqual([
      'giving.example',
      'localhost',
    ]);
    expect(platformDomainsOf(config({ PUBLIC_URL: 'http://127.0.0.1:3000' }))).toEqual(['localhost']);
    expect(() => config({ PLATFORM_DOMAINS: 'https://kinship.org/' })).toThrow(/PLATFORM_DOMAINS/);
    expect(() => config({ DNS_SERVERS: 'dns.example.org' })).toThrow(/DNS_SERVERS/);
    expect(config({ DNS_SERVERS: '1.1.1.1, 127.0.0.1:5353' }).DNS_SERVERS).toEqual([
      '1.1.1.1',
      '127.0.0.1:5353',
    ]);
  });

  it('name a partner by the one label under them; other hosts are own domains', () => {
    const domains = platformDomainsOf(config({ PLATFORM_DOMAINS: 'kinship.org' }));
    expect(parseHost('demo.kinship.org:443', domains)).toEqual({ kind: 'subdomain', subdomain: 'demo' });
    expect(parseHost('DEMO.localhost.', domains)).toEqual({ kind: 'subdomain', subdomain: 'demo' });
    expect(parseHost('kinship.org', domains)).toEqual({ kind: 'bare' });
    expect(parseHost('localhost:3000', domains)).toEqual({ kind: 'bare' });
    expect(parseHost('127.0.0.1:3000', domains)).toEqual({ kind: 'bare' });
    expect(parseHost('[::1]:3000', domains)).toEqual({ kind: 'bare' });
    expect(parseHost('www.demo.kinship.org', domains)).toEqual({ kind: 'none' });
    expect(parseHost('demo.kinship.org.evil.example', domains)).toEqual({
      kind: 'own',
      domain: 'demo.kinship.org.evil.example',
    });
    expect(parseHost('notkinship.org', domains)).toEqual({ kind: 'own', domain: 'notkinship.org' });
  });

  it('leave reserved names to nobody', () => {
    for (const host of ['localhost', '10.0.0.5', 'printer.local', 'a.b.internal', 'x.onion', 'intranet'])
      expect(isReservedHost(host), host).toBe(true);
    for (const host of ['give.example.org', 'sponsor.example', 'a.test'])
      expect(isReservedHost(host), host).toBe(false);
  });
});
