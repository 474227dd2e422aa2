import { ACTIONS, type StaffedPartner } from '@kinship/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../../../seed/demo.ts';
import type { TestClient } from '../../../../test/http-client.ts';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';

let t: TestApp;

async function signedIn(email: string): Promise<TestClient> {
  const client = t.client();
  await client.signIn(email, DEMO_ACCOUNTS.find((a) => a.email === email)!.password);
  return client;
}

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

const summary = (partners: StaffedPartner[]) =>
  partners.map((p) => ({ id: p.id, subdomain: p.subdomain, actions: p.actions }));

describe('GET /api/dashboard/partners', () => {
  it('asks a visitor to sign in', async () => {
    const res = await t.client().get('/api/dashboard/partners?partnersId=2');
    expect([res.status, res.text]).toEqual([401, 'You must be logged in to do this.']);
  });

  it('lists nothing for a person holding no role', async () => {
    const res = await (await signedIn('donor@demo.example.org')).get('/api/dashboard/partners?partnersId=2');
    expect(res.status).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('lists each partner where the person holds a role, with what they may do there', async () => {
    const donorCare = await signedIn('donor-care@demo.example.org');
    const res = await donorCare.get('/api/dashboard/partners?partnersId=2');
    expect(summary(res.json<StaffedPartner[]>())).toEqual([
      {
        id: DEMO_IDS.partners.demo,
        subdomain: 'demo',
        actions: [
          'records.view',
          'sponsors.view',
          'sponsors.manage',
          'donations.view',
          'donations.refund',
          'donations.manage',
          'codes.manage',
        ],
      },
      {
        id: DEMO_IDS.partners.maple,
        subdomain: 'maple',
        actions: ['records.view', 'sponsors.view', 'donations.view', 'reports.view'],
      },
    ]);
  });

  it('gives a program-scoped person their program-level actions only', async () => {
    const res = await (
      await signedIn('program-admin@demo.example.org')
    ).get('/api/dashboard/partners?partnersId=2');
    const [demo] = res.json<StaffedPartner[]>();
    expect(demo!.actions).toEqual([
      'records.view',
      'records.manage',
      'pictures.manage',
      'programs.manage',
      'updates.manage',
      'sponsors.view',
      'sponsors.manage',
      'donations.view',
      'reports.view',
      'letters.moderate',
    ]);
  });

  it('lists every partner for a platform administrator, with every action', async () => {
    const res = await (
      await signedIn('admin@kinship.example.org')
    ).get('/api/dashboard/partners?partnersId=2');
    const partners = res.json<StaffedPartner[]>();
    expect(partners.map((p) => p.subdomain)).toEqual(['kinship', 'demo', 'maple', 'private']);
    for (const partner of partners) expect(partner.actions).toEqual(ACTIONS);
  });
});
