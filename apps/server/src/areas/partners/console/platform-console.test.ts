import {
  SUBDOMAIN_RESERVED_MESSAGE,
  SUBDOMAIN_TAKEN_MESSAGE,
  type ConsolePartner,
  type SetupChecklist,
} from '@kinship/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema/index.ts';
import { DEMO_ACCOUNTS } from '../../../seed/demo.ts';
import type { TestClient } from '../../../../test/http-client.ts';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';

let t: TestApp;
let platform: TestClient;

async function signedIn(email: string, host: string): Promise<TestClient> {
  const client = t.client(host);
  await client.signIn(email, DEMO_ACCOUNTS.find((a) => a.email === email)!.password);
  return client;
}

const fieldOf = (res: { json: <T>() => T }) =>
  res.json<{ errors: { field: string; message: string }[] }>().errors;

beforeAll(async () => {
  t = await startTestApp();
  platform = await signedIn('admin@kinship.example.org', 'kinship.localhost');
});

afterAll(async () => {
  await t?.close();
});

describe('the platform console', () => {
  it('lists every partner with payments, active sponsorships and last activity', async () => {
    const res = await platform.get('/api/dashboard/platform/partners?partnersId=1');
    expect(res.status).toBe(200);
    const demo = res.json<ConsolePartner[]>().find((p) => p.subdomain === 'demo')!;
    expect(demo.paymentsOnboarded).toBe(true);
    expect(demo.activeSponsorships).toBeGreaterThan(0);
  });

  it('is refused to a partner-2 Administrator, even on their own site', async () => {
    const admin = await signedIn('partner-admin@demo.example.org', 'demo.localhost');
    const list = await admin.get('/api/dashboard/platform/partners?partnersId=2');
    expect(list.status).toBe(403);
    const create = await admin.post('/api/dashboard/platform/partners?partnersId=2', {
      subdomain: 'sneaky',
      name: 'Sneaky',
    });
    expect(create.status).toBe(403);
  });

  it('creates a partner whose site answers at its subdomain at once, with the setup checklist', async () => {
    // Asked before it exists: the host is unknown (and that answer is not remembered).
    expect((await t.client('hope-house.localhost').get('/api/auth-config')).status).toBe(404);
    const res = await platform.post('/api/dashboard/platform/partners?partnersId=1', {
      subdomain: 'Hope-House',
      name: 'Hope House',
      countriesId: 10,
      ein: '12-3456789',
      currency: 'usd',
      principalContactName: 'Ada Principal',
      principalContactEmail: 'ada@hope.example.org',
      accountManagerName: 'Sam Manager',
      accountManagerEmail: 'sam@kinship.example.org',
      productsId: 1,
    });
    expect(res.status).toBe(201);
    const made = res.json<ConsolePartner>();
    expect(made).toMatchObject({ subdomain: 'hope-house', name: 'Hope House', paymentsOnboarded: false });

    const site = t.client('hope-house.localhost');
    expect((await site.get('/api/auth-config')).status).toBe(200);
    const landing = await site.get(`/api/partners/${made.id}/landing?partnersId=${made.id}`);
    expect(landing.status).toBe(200);
    const listing = await site.get(`/api/partners/${made.id}/sponsoreds?partnersId=${made.id}`);
    expect([listing.status, listing.json(), listing.headers['x-total-count']]).toEqual([200, [], '0']);

    const there = await signedIn('admin@kinship.example.org', 'hope-house.localhost');
    const steps = (await there.get(`/api/dashboard/setup?partnersId=${made.id}`)).json<SetupChecklist>();
    expect(steps.done).toBe(false);
    expect(steps.steps.map((s) => [s.step, s.done])).toEqual([
      ['branding', false],
      ['type', false],
      ['program', false],
      ['record', false],
      ['payments', false],
      ['team', false],
    ]);

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'partner.created'), eq(auditLog.entityId, String(made.id))));
    expect(audit!.partnersId).toBe(made.id);
  });

  it('reads the demo partner checklist from its data: everything done but the logo', async () => {
    const admin = await signedIn('partner-admin@demo.example.org', 'demo.localhost');
    const res = await admin.get('/api/dashboard/setup?partnersId=2');
    const steps = res.json<SetupChecklist>().steps;
    expect(steps.filter((s) => s.step !== 'branding').every((s) => s.done)).toBe(true);
  });

  it('refuses reserved, malformed and taken subdomains with the field named', async () => {
    const reserved = await platform.post('/api/dashboard/platform/partners?partnersId=1', {
      subdomain: 'www',
      name: 'W',
    });
    expect(reserved.status).toBe(400);
    expect(fieldOf(reserved)[0]).toEqual({ field: 'subdomain', message: SUBDOMAIN_RESERVED_MESSAGE });
    for (const subdomain of ['admin', 'api', 'kinship']) {
      const res = await platform.post('/api/dashboard/platform/partners?partnersId=1', {
        subdomain,
        name: 'X',
      });
      expect(res.status).toBe(400);
    }
    for (const subdomain of ['a', '-abc', 'abc-', 'ab_c', 'a.b.c', '9lives']) {
      const res = await platform.post('/api/dashboard/platform/partners?partnersId=1', {
        subdomain,
        name: 'X',
      });
      expect(res.status).toBe(400);
    }
    const taken = await platform.post('/api/dashboard/platform/partners?partnersId=1', {
      subdomain: 'maple',
      name: 'Another Maple',
    });
    expect(taken.status).toBe(400);
    expect(fieldOf(taken)[0]).toEqual({ field: 'subdomain', message: SUBDOMAIN_TAKEN_MESSAGE });
  });

  it('marks a partner demo and private demo, audited, and the site follows at once', async () => {
    const list = (await platform.get('/api/dashboard/platform/partners?partnersId=1')).json<
      ConsolePartner[]
    >();
    const maple = list.find((p) => p.subdomain === 'maple')!;
    const res = await platform.request('PATCH', `/api/dashboard/platform/partners/${maple.id}?partnersId=1`, {
      privateDemo: true,
    });
    expect(res.status).toBe(200);
    expect(res.json<ConsolePartner>().privateDemo).toBe(true);
    const site = await t
      .client('maple.localhost')
      .get(`/api/partners/${maple.id}/landing?partnersId=${maple.id}`);
    expect(site.status).toBe(403);
    await platform.request('PATCH', `/api/dashboard/platform/partners/${maple.id}?partnersId=1`, {
      privateDemo: false,
    });
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'partner.updated'), eq(auditLog.entityId, String(maple.id))));
    expect(rows.map((r) => r.changes)).toEqual([
      { privateDemo: { before: false, after: true } },
      { privateDemo: { before: true, after: false } },
    ]);
    const missing = await platform.request('PATCH', '/api/dashboard/platform/partners/99999?partnersId=1', {
      demoMode: true,
    });
    expect(missing.status).toBe(404);
  });
});
