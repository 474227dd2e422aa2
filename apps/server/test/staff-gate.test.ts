import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/seed/demo.ts';
import type { TestClient } from './http-client.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/*
 * Staff routes check access before validation (issue 20, decision 052): a caller without a session
 * gets the 401 and a person without a staff role at the partner the 403, never the route's field
 * errors, which would show them the shape of a staff call. Staff still get the field errors.
 */

let t: TestApp;
let donor: TestClient;
let admin: TestClient;

const signedIn = async (email: string) => {
  const client = t.client('demo.localhost');
  const account = DEMO_ACCOUNTS.find((a) => a.email === email)!;
  expect((await client.signIn(account.email, account.password)).status).toBe(200);
  return client;
};

beforeAll(async () => {
  t = await startTestApp();
  donor = await signedIn('donor@demo.example.org');
  admin = await signedIn('partner-admin@demo.example.org');
});
afterAll(async () => {
  await t?.close();
});

/** Staff calls with input their schemas refuse. */
const INVALID_CALLS: { method: string; path: string; body?: unknown }[] = [
  { method: 'POST', path: '/api/dashboard/trials', body: { count: 'many', days: -1 } },
  { method: 'POST', path: '/api/dashboard/lightning', body: { campaign: 42 } },
  { method: 'POST', path: '/api/dashboard/reports/year-end-run', body: { year: 'last' } },
  { method: 'POST', path: '/api/dashboard/sponsorships', body: { sponsoredsId: 'x' } },
  { method: 'GET', path: '/api/dashboard/records/imports/not-a-number' },
  { method: 'GET', path: '/api/jobs/not-a-uuid/progress' },
];

describe('staff routes check access before they validate', () => {
  it('answers an anonymous caller 401 with the sign-in text, not the invalid fields', async () => {
    for (const call of INVALID_CALLS) {
      const res = await t.client('demo.localhost').request(call.method, call.path, call.body);
      expect({ call: call.path, status: res.status, text: res.text }).toEqual({
        call: call.path,
        status: 401,
        text: 'You must be logged in to do this.',
      });
    }
  });

  it('answers a signed-in person without a staff role 403, not the invalid fields', async () => {
    for (const call of INVALID_CALLS) {
      const res = await donor.request(call.method, call.path, call.body);
      expect({ call: call.path, status: res.status, text: res.text }).toEqual({
        call: call.path,
        status: 403,
        text: 'You do not have permission to do this.',
      });
    }
  });

  it('still answers staff the field errors', async () => {
    for (const call of INVALID_CALLS) {
      const res = await admin.request(call.method, call.path, call.body);
      expect({ call: call.path, status: res.status }).toEqual({ call: call.path, status: 400 });
    }
  });

  it('keeps the partners a person staffs open to any signed-in person', async () => {
    const res = await donor.get('/api/dashboard/partners?partnersId=2');
    expect([res.status, res.json()]).toEqual([200, []]);
    const bad = await donor.get('/api/dashboard/partners?partnersId=2&partnersId=3');
    expect(bad.status).toBe(400);
  });

  it("holds on every area's staff routes: what staff are told is invalid, a visitor is told to sign in", async () => {
    const staffRoutes = t.app.routeList.filter(
      (r) => /^\/api\/(dashboard|jobs)\//.test(r.url) && r.method !== 'OPTIONS' && r.method !== 'HEAD',
    );
    const answers: string[] = [];
    for (const route of staffRoutes) {
      const path = `${route.url.replace(/:[A-Za-z]+\??/g, 'not-a-number')}?offset=x&limit=-1`;
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : [];
      const asStaff = await admin.request(route.method, path, body);
      if (asStaff.headers['x-error-code'] !== 'validation_failed') continue;
      const asVisitor = await t.client('demo.localhost').request(route.method, path, body);
      answers.push(`${route.method} ${route.url} ${asVisitor.status} ${asVisitor.headers['x-error-code']}`);
    }
    // Staff's field errors on most staff routes, so the inputs above do reach validation.
    expect(answers.length).toBeGreaterThan(20);
    // Every area registers the gate (registerStaffGate): a route it missed would show a visitor the 400.
    expect(answers.filter((a) => !a.endsWith(' 401 unauthenticated'))).toEqual([]);
  });
});
