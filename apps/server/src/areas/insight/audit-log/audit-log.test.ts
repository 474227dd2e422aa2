import type { AuditRow } from '@kinship/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../../../seed/demo.ts';
import type { TestClient } from '../../../../test/http-client.ts';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';

let t: TestApp;
let admin: TestClient;
const Q = 'partnersId=2';
const recordId = DEMO_IDS.maskedNotSponsored;

async function signedIn(email: string, host = 'demo.localhost'): Promise<TestClient> {
  const client = t.client(host);
  await client.signIn(email, DEMO_ACCOUNTS.find((a) => a.email === email)!.password);
  return client;
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await signedIn('partner-admin@demo.example.org');
  // Two audited writes of one record by two people (the first a platform administrator).
  const platform = await signedIn('admin@kinship.example.org');
  const other = await platform.request('PATCH', `/api/dashboard/records/${recordId}?${Q}`, {
    title: 'By the platform',
  });
  expect(other.status, other.text).toBe(200);
  const res = await admin.request('PATCH', `/api/dashboard/records/${recordId}?${Q}`, {
    title: 'Audited title',
  });
  expect(res.status, res.text).toBe(200);
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/dashboard/audit', () => {
  it('shows a record’s history with who did it and what changed', async () => {
    const res = await admin.get(`/api/dashboard/audit?${Q}&entityType=sponsored&entityId=${recordId}`);
    expect(res.status).toBe(200);
    const rows = res.json<AuditRow[]>();
    expect(res.headers['x-total-count']).toBe(String(rows.length));
    expect(rows[0]).toMatchObject({
      action: 'sponsored.updated',
      entityType: 'sponsored',
      entityId: String(recordId),
      actorEmail: 'partner-admin@demo.example.org',
      roles: [2],
      changes: { title: { before: 'By the platform', after: 'Audited title' } },
    });
    expect(rows[1]).toMatchObject({ actorEmail: 'admin@kinship.example.org', roles: [] });
  });

  it('filters by person, action prefix and day, and pages', async () => {
    const everything = (await admin.get(`/api/dashboard/audit?${Q}&pageSize=500`)).json<AuditRow[]>();
    const manager = everything.find((r) => r.actorEmail === 'admin@kinship.example.org')!;
    const byPerson = (await admin.get(`/api/dashboard/audit?${Q}&usersId=${manager.usersId}`)).json<
      AuditRow[]
    >();
    expect(byPerson.length).toBeGreaterThan(0);
    expect(byPerson.every((r) => r.usersId === manager.usersId)).toBe(true);

    const prefix = (await admin.get(`/api/dashboard/audit?${Q}&action=sponsored.`)).json<AuditRow[]>();
    expect(prefix.every((r) => r.action.startsWith('sponsored.'))).toBe(true);

    const today = new Date().toISOString().slice(0, 10);
    const inDay = await admin.get(`/api/dashboard/audit?${Q}&when=${today}..${today}&pageSize=1`);
    expect(inDay.json<AuditRow[]>()).toHaveLength(1);
    expect(Number(inDay.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
    const past = await admin.get(`/api/dashboard/audit?${Q}&when=2001-01-01..2001-01-02`);
    expect([past.json(), past.headers['x-total-count']]).toEqual([[], '0']);
    const backwards = await admin.get(`/api/dashboard/audit?${Q}&when=2001-01-02..2001-01-01`);
    expect(backwards.status).toBe(400);
  });

  it('holds only the site partner’s rows', async () => {
    const maple = await signedIn('admin@maple.example.org', 'maple.localhost');
    const rows = (await maple.get('/api/dashboard/audit?partnersId=3&pageSize=500')).json<AuditRow[]>();
    expect(rows.some((r) => r.entityId === String(recordId) && r.entityType === 'sponsored')).toBe(false);
  });

  it('is refused to staff without audit.view', async () => {
    const manager = await signedIn('management@demo.example.org');
    expect((await manager.get(`/api/dashboard/audit?${Q}`)).status).toBe(403);
    expect((await manager.get(`/api/dashboard/audit/export?${Q}`)).status).toBe(403);
    expect((await t.client().get(`/api/dashboard/audit?${Q}`)).status).toBe(401);
  });

  it('exports the filter as CSV', async () => {
    const res = await admin.get(`/api/dashboard/audit/export?${Q}&entityType=sponsored&entityId=${recordId}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.text
      .replace(/^\ufeff/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'When,Who,Email,Person id,Roles,Action,Entity type,Entity id,Changes,Details,Request id,Address',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('partner-admin@demo.example.org');
    expect(lines[1]).toContain('sponsored.updated');
  });
});
