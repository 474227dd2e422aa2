import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DOMAIN_WAITING_LABEL,
  type ConsolePartner,
  type PartnerPublic,
  type PartnerSettingsAnswer,
} from '@kinship/domain';
import { DEMO_ACCOUNTS } from '../../../seed/demo.ts';
import { startDnsDouble, type DnsDouble } from '../../../../test/dns-double.ts';
import { rowsWhere } from '../../../../test/giving-fixtures.ts';
import type { TestClient } from '../../../../test/http-client.ts';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';
import { UNKNOWN_PARTNER_MESSAGE } from '../../../platform/tenant.ts';
import {
  DOMAIN_NOT_FOUND,
  DOMAIN_OF_PLATFORM,
  DOMAIN_RESERVED,
  DOMAIN_TAKEN,
} from './partner-settings.service.ts';

/*
 * Issue 20, High: a partner's own domains (decision 050). The platform's hosts come from the
 * configuration (PLATFORM_DOMAINS here, and localhost always), never from the request; a host under
 * a platform domain resolves by its subdomain only; a new own domain answers only once its TXT
 * record is seen (a DNS double on loopback) or the platform administrator verifies it by hand.
 */

let t: TestApp;
let dns: DnsDouble;
let maple: TestClient;
const password = (email: string) => DEMO_ACCOUNTS.find((a) => a.email === email)!.password;
type Problem = { errors: { field: string; message: string }[] };

beforeAll(async () => {
  dns = await startDnsDouble();
  t = await startTestApp({
    // The test's client connects from loopback, so its X-Forwarded-Host counts (decision 051).
    env: { PLATFORM_DOMAINS: 'giving.example', DNS_SERVERS: dns.server, TRUST_PROXY: 'loopback' },
  });
  maple = t.client('maple.localhost');
  await maple.signIn('admin@maple.example.org', password('admin@maple.example.org'));
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

/** The form as the web sends it: the answer without its read-only parts. */
function formOf(s: PartnerSettingsAnswer): Record<string, unknown> {
  const { partnersId, name, subdomain, logo, headerImage, dnsTarget, payments, domainVerification, ...form } =
    s;
  void [partnersId, name, subdomain, logo, headerImage, dnsTarget, payments, domainVerification];
  return form;
}

async function mapleSettings(): Promise<PartnerSettingsAnswer> {
  const res = await maple.get('/api/dashboard/settings');
  expect(res.status, res.text).toBe(200);
  return res.json<PartnerSettingsAnswer>();
}

/** Maple's administrator saves `domains` through `client` (another host) with `query` and `headers`. */
async function saveDomains(
  client: TestClient,
  domains: string[],
  query = '',
  headers: Record<string, string> = {},
) {
  return client.request(
    'PUT',
    `/api/dashboard/settings${query}`,
    { ...formOf(await mapleSettings()), domains },
    headers,
  );
}

const whoAnswersAt = async (host: string) => {
  const res = await t.client(host).get('/api/partners/current');
  return res.status === 200 ? res.json<PartnerPublic>().subdomain : `${res.status} ${res.text}`;
};

describe('claiming a domain', () => {
  const platformHosts = ['demo.localhost', 'kinship.localhost', 'private.localhost', 'maple.localhost'];

  it('refuses every platform host through a bare address with partnersId', async () => {
    const bare = maple.withHost('127.0.0.1');
    for (const domain of [...platformHosts, 'giving.example', 'maple.giving.example', 'new.giving.example']) {
      const res = await saveDomains(bare, [domain], '?partnersId=3');
      expect(res.status, `${domain}: ${res.text}`).toBe(400);
      expect(res.json<Problem>().errors).toEqual([
        { field: 'domains.0', message: DOMAIN_OF_PLATFORM(domain) },
      ]);
    }
    expect((await mapleSettings()).domains).toEqual([]);
    expect(await whoAnswersAt('demo.localhost')).toBe('demo');
  });

  it('refuses every platform host through X-Forwarded-Host behind a trusted proxy', async () => {
    for (const domain of platformHosts) {
      const res = await saveDomains(maple, [domain], '?partnersId=3', {
        'x-forwarded-host': '10.0.0.5',
        origin: 'http://10.0.0.5',
      });
      expect(res.status, `${domain}: ${res.text}`).toBe(400);
      expect(res.json<Problem>().errors).toEqual([
        { field: 'domains.0', message: DOMAIN_OF_PLATFORM(domain) },
      ]);
    }
    expect(await whoAnswersAt('kinship.localhost')).toBe('kinship');
  });

  it('refuses reserved names and another partner’s domain, whatever the host', async () => {
    const bare = maple.withHost('127.0.0.1');
    const res = await saveDomains(
      bare,
      ['printer.local', 'demo.kinship.example', 'site.internal'],
      '?partnersId=3',
    );
    expect(res.status).toBe(400);
    expect(res.json<Problem>().errors).toEqual([
      { field: 'domains.0', message: DOMAIN_RESERVED('printer.local') },
      { field: 'domains.2', message: DOMAIN_RESERVED('site.internal') },
      { field: 'domains.1', message: DOMAIN_TAKEN('demo.kinship.example') },
    ]);
  });

  it('names a refusal of one kind by its code, in x-error-code and the problem (decision 065)', async () => {
    const bare = maple.withHost('127.0.0.1');
    const codeOf = async (domains: string[]) => {
      const res = await saveDomains(bare, domains, '?partnersId=3');
      expect(res.status).toBe(400);
      expect(res.json<{ code: string }>().code).toBe(res.headers['x-error-code']);
      return res.headers['x-error-code'];
    };
    expect(await codeOf(['demo.kinship.example'])).toBe('domain_taken');
    expect(await codeOf(['printer.local', 'site.internal'])).toBe('domain_reserved');
    expect(await codeOf(['printer.local', 'demo.kinship.example'])).toBe('validation_failed');
  });

  it('shows the CNAME target under the configured platform domain, not the request’s host', async () => {
    const res = await maple.withHost('127.0.0.1').get('/api/dashboard/settings?partnersId=3');
    expect(res.json<PartnerSettingsAnswer>().dnsTarget).toBe('maple.giving.example');
  });
});

describe('tenant resolution', () => {
  it('never lets a claimed domain outrank a platform subdomain, and old claims do not stop start-up', async () => {
    // Rows saved before the fix: maple holds demo.localhost and kinship.giving.example, verified.
    await t.database.db.execute(
      sql`INSERT INTO partner_domains (partners_id, domain, verified_at) VALUES (3, 'demo.localhost', now()), (3, 'kinship.giving.example', now())`,
    );
    const second = await startTestApp({ database: t.database, env: { PLATFORM_DOMAINS: 'giving.example' } });
    try {
      for (const client of [t.client('demo.localhost'), second.client('demo.localhost')])
        expect((await client.get('/api/partners/current')).json<PartnerPublic>().subdomain).toBe('demo');
      expect(await whoAnswersAt('kinship.giving.example')).toBe('kinship');
      expect(await whoAnswersAt('maple.giving.example')).toBe('maple');
      // A deeper host under a platform domain names nobody.
      expect(await whoAnswersAt('www.maple.giving.example')).toBe(`404 ${UNKNOWN_PARTNER_MESSAGE}`);
    } finally {
      await second.close();
      await t.database.db.execute(sql`DELETE FROM partner_domains WHERE partners_id = 3`);
    }
  });
});

describe('verification', () => {
  it('a new domain waits for its TXT record, then the job verifies it and it resolves', async () => {
    const saved = await saveDomains(maple, ['give.mapleschools.example']);
    expect(saved.status, saved.text).toBe(200);
    const [waiting] = saved.json<PartnerSettingsAnswer>().domainVerification;
    expect(waiting).toMatchObject({
      domain: 'give.mapleschools.example',
      verified: false,
      recordName: '_kinship-verify.give.mapleschools.example',
      lastCheckedAt: null,
    });
    expect(waiting!.recordValue).toMatch(/^kinship-verify=[0-9a-f]{32}$/);
    expect(DOMAIN_WAITING_LABEL).toBe('waiting for verification');
    expect(await whoAnswersAt('give.mapleschools.example')).toBe(`404 ${UNKNOWN_PARTNER_MESSAGE}`);

    // No record yet: the job looks, notes when, and the domain still does not answer.
    expect(await t.runJob('domains.verify')).toEqual({ checked: 1, verified: 0 });
    expect(dns.questions).toContain('_kinship-verify.give.mapleschools.example');
    expect((await mapleSettings()).domainVerification[0]!.lastCheckedAt).not.toBeNull();
    // A record with another token proves nothing.
    dns.setTxt('_kinship-verify.give.mapleschools.example', [
      'kinship-verify=0123456789abcdef0123456789abcdef',
    ]);
    expect(await t.runJob('domains.verify')).toEqual({ checked: 1, verified: 0 });
    expect(await whoAnswersAt('give.mapleschools.example')).toBe(`404 ${UNKNOWN_PARTNER_MESSAGE}`);

    dns.setTxt('_kinship-verify.give.mapleschools.example', ['v=spf1 -all', waiting!.recordValue]);
    expect(await t.runJob('domains.verify')).toEqual({ checked: 1, verified: 1 });
    expect(await whoAnswersAt('give.mapleschools.example')).toBe('maple');
    expect((await mapleSettings()).domainVerification[0]!.verified).toBe(true);
    const audit = await rowsWhere<{ actor_kind: string }>(
      t.database,
      'audit_log',
      "action = 'partner.domain_verified' AND partners_id = 3",
    );
    expect(audit.length).toBe(1);

    // Saving the same list again keeps the domain verified; a second partner cannot take it.
    expect((await saveDomains(maple, ['give.mapleschools.example'])).status).toBe(200);
    expect(await whoAnswersAt('give.mapleschools.example')).toBe('maple');
  });

  it('"Check now" looks at once, for the partner’s own domains only', async () => {
    const saved = await saveDomains(maple, ['give.mapleschools.example', 'now.mapleschools.example']);
    const record = saved.json<PartnerSettingsAnswer>().domainVerification[1]!;
    expect(record.verified).toBe(false);
    dns.setTxt(record.recordName, [record.recordValue]);
    const res = await maple.post('/api/dashboard/settings/domains/now.mapleschools.example/check');
    expect(res.status, res.text).toBe(200);
    expect(res.json<PartnerSettingsAnswer>().domainVerification[1]!.verified).toBe(true);
    expect(await whoAnswersAt('now.mapleschools.example')).toBe('maple');
    const other = await maple.post('/api/dashboard/settings/domains/demo.kinship.example/check');
    expect(other.status).toBe(404);
    expect(other.text).toBe(DOMAIN_NOT_FOUND);
  });

  it('the platform administrator verifies a domain by hand; nobody else can', async () => {
    expect((await saveDomains(maple, ['hand.mapleschools.example'])).status).toBe(200);
    const path = '/api/dashboard/platform/partners/3/domains/hand.mapleschools.example/verify';
    expect((await maple.post(path)).status).toBe(403);
    expect((await t.client('kinship.localhost').post(path)).status).toBe(401);
    expect(await whoAnswersAt('hand.mapleschools.example')).toBe(`404 ${UNKNOWN_PARTNER_MESSAGE}`);

    const platform = t.client('kinship.localhost');
    await platform.signIn('admin@kinship.example.org', password('admin@kinship.example.org'));
    const waitingIn = async () =>
      (await platform.get('/api/dashboard/platform/partners'))
        .json<ConsolePartner[]>()
        .find((p) => p.id === 3)!.domainsWaiting;
    expect(await waitingIn()).toEqual(['hand.mapleschools.example']);
    const res = await platform.post(path);
    expect(res.status, res.text).toBe(200);
    expect(await waitingIn()).toEqual([]);
    expect(res.json()).toMatchObject({ partnersId: 3, domain: 'hand.mapleschools.example' });
    expect(await whoAnswersAt('hand.mapleschools.example')).toBe('maple');
    const audit = await rowsWhere<{ details: unknown }>(
      t.database,
      'audit_log',
      "action = 'partner.domain_verified' AND partners_id = 3 AND details::text LIKE '%by_hand%'",
    );
    expect(audit.length).toBe(1);
    const missing = await platform.post('/api/dashboard/platform/partners/3/domains/nope.example/verify');
    expect(missing.status).toBe(404);
    expect(missing.text).toBe(DOMAIN_NOT_FOUND);
    await saveDomains(maple, []);
  });
});
