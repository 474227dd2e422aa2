import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_TOO_DEEP_MESSAGE } from '../src/platform/json-body.ts';
import { DEMO_ACCOUNTS } from '../src/seed/demo.ts';
import type { TestClient } from './http-client.ts';
import { createPeople, signedSessionCookie } from './people.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/*
 * No 5xx for anything a client can send: every API route the server has, as a visitor, as a
 * signed-in person and as the partner's administrator, with path parameters, query strings and
 * bodies that are wrong in every way a client can make them wrong. Each answer must be a 4xx (or a
 * 2xx where the input happens to be acceptable), never a server error.
 */

const PARAMS = ['0', '-1', 'abc', '1.5', '1e309', '99999999999999999999', "'%3B--", '%00', '%F0%9F%92%A9'];
const QUERIES = [
  '',
  '?partnersId=abc&offset=-5&limit=100000',
  '?partnersId=2&offset=abc&limit=-1&page=x&status=nope&isFullySponsored=maybe&gender[]=1',
  '?partnersId=99999999999999999999&partnerSponsoredTypesId=%00',
  '?partnersId=2&partnerSponsoredTypesId=99999999999999999999&offset=99999999999999999999&limit=1e400',
  '?partnersId=2&partnerSponsoredTypesId=1&entitiesId=99999999999999999999&grade=-1&ageBand=%FF&month=13',
  '?partnersId=2&partnersId=3&subdomain=' + 'x'.repeat(500),
];
const BODIES: unknown[] = [
  {},
  [],
  'text',
  null,
  42,
  {
    partnersId: 'x',
    amount: 'ten',
    email: 7,
    userSponsoreds: 'all',
    baseAmount: -1,
    additionalAmount: 1e308,
    stripePaymentIntent: {},
    firstName: ['a'],
    state: null,
    authorizationCode: 5,
  },
  { partnersId: 2, amount: 1e21, userSponsoreds: [{ sponsoredsId: 'x', slots: -3 }], baseAmount: 1e21 },
  {
    partnersId: 2,
    firstName: 'a\u0000b',
    lastName: '\u0000',
    email: 'nul\u0000@example.org',
    note: '\u0000',
    state: '\u0000',
    authorizationCode: '\u0000',
    amount: 10,
  },
  { nested: { deeper: { deepest: Array.from({ length: 50 }, (_, i) => ({ i })) } } },
];

let t: TestApp;
const viewers = new Map<string, TestClient>();
let routes: { method: string; url: string }[] = [];

beforeAll(async () => {
  t = await startTestApp();
  viewers.set('visitor', t.client('demo.localhost'));
  const [person] = await createPeople(t.database, 1, 'malformed');
  viewers.set(
    'person',
    t.client('demo.localhost').setCookie('kinship.session_token', signedSessionCookie(person!.sessionToken)),
  );
  const admin = t.client('demo.localhost');
  const account = DEMO_ACCOUNTS.find((a) => a.email === 'partner-admin@demo.example.org')!;
  await admin.signIn(account.email, account.password);
  viewers.set('admin', admin);
  routes = t.app.routeList.filter((r) => r.url.startsWith('/api/') && r.method !== 'OPTIONS');
});

afterAll(async () => {
  await t?.close();
});

/** Every concrete path a route pattern gives with each bad parameter value. */
function pathsOf(url: string): string[] {
  if (!url.includes(':') && !url.includes('*')) return [url];
  return PARAMS.map((value) => url.replace(/:[A-Za-z]+\??/g, value).replace('*', value));
}

describe('malformed input never gets a server error', () => {
  it('covers the API routes', () => {
    expect(routes.length).toBeGreaterThan(30);
  });

  it('answers bad path parameters and query strings with a 4xx or a 2xx', async () => {
    const failures: string[] = [];
    for (const [viewer, client] of viewers) {
      for (const route of routes) {
        for (const path of pathsOf(route.url)) {
          for (const query of QUERIES) {
            const body = route.method === 'GET' || route.method === 'HEAD' ? undefined : {};
            const res = await client.request(route.method, `${path}${query}`, body);
            if (res.status >= 500)
              failures.push(
                `${viewer} ${route.method} ${path}${query} -> ${res.status} ${res.text.slice(0, 120)}`,
              );
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('answers hosts that name no site, or are no host at all, with a 4xx', async () => {
    const client = viewers.get('visitor')!;
    for (const host of [
      'demo.localhost:99999',
      '..localhost',
      '-demo.localhost',
      'x'.repeat(300),
      'demo localhost',
    ])
      for (const path of ['/api/partners/current', '/api/auth/get-session', '/'])
        expect(
          (await client.request('GET', path, undefined, { host })).status,
          `${host} ${path}`,
        ).toBeLessThan(500);
  });

  it('answers bad bodies, and bodies that are not JSON at all, with a 4xx (with its error code) or a 2xx', async () => {
    const failures: string[] = [];
    // better-auth's endpoints sit behind one wildcard route: the ones the site uses are named here.
    const authEndpoints = [
      'sign-in/email',
      'sign-up/email',
      'sign-out',
      'request-password-reset',
      'reset-password',
      'send-verification-email',
      'sign-in/oauth2',
      'sign-in/social',
    ].map((endpoint) => ({ method: 'POST', url: `/api/auth/${endpoint}` }));
    const writes = [...routes.filter((r) => r.method !== 'GET' && r.method !== 'HEAD'), ...authEndpoints];
    for (const [viewer, client] of viewers) {
      for (const route of writes) {
        const path = route.url.replace(/:[A-Za-z]+\??/g, '1').replace('*', '1');
        for (const body of BODIES) {
          const res = await client.request(route.method, `${path}?partnersId=2`, body);
          if (res.status >= 500)
            failures.push(
              `${viewer} ${route.method} ${path} ${JSON.stringify(body).slice(0, 60)} -> ${res.status} ${res.text.slice(0, 120)}`,
            );
          // Every refusal carries a stable error code (decision 026), the auth library's too.
          else if (res.status >= 400 && !res.headers['x-error-code'])
            failures.push(`${viewer} ${route.method} ${path} -> ${res.status} without x-error-code`);
        }
        for (const [type, raw] of [
          ['application/json', '{"partnersId": 2,'],
          ['application/json', ''],
          ['text/plain', 'partnersId=2'],
          ['application/x-www-form-urlencoded', 'partnersId=2&amount=5'],
        ] as const) {
          const res = await client.request(
            route.method,
            `${path}?partnersId=2`,
            undefined,
            {
              'content-type': type,
              'content-length': String(Buffer.byteLength(raw)),
            },
            raw,
          );
          if (res.status >= 500)
            failures.push(
              `${viewer} ${route.method} ${path} raw ${type} ${JSON.stringify(raw)} -> ${res.status} ${res.text.slice(0, 120)}`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('answers JSON nested thousands deep with a 400 that says so, on every route that takes a body', async () => {
    const deep = [
      `${'['.repeat(5000)}${']'.repeat(5000)}`,
      `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
      `{"email":"a@example.org","password":"x","name":${'['.repeat(40)}${']'.repeat(40)}}`,
    ];
    const writes = [
      ...routes.filter((r) => r.method !== 'GET' && r.method !== 'HEAD'),
      ...['sign-in/email', 'sign-up/email', 'sign-out', 'request-password-reset', 'reset-password'].map(
        (endpoint) => ({ method: 'POST', url: `/api/auth/${endpoint}` }),
      ),
    ];
    const wrong: string[] = [];
    for (const [viewer, client] of viewers) {
      for (const route of writes) {
        const path = route.url.replace(/:[A-Za-z]+\??/g, '1').replace('*', '1');
        for (const raw of deep) {
          const res = await client.request(
            route.method,
            `${path}?partnersId=2`,
            undefined,
            { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(raw)) },
            raw,
          );
          // The webhook keeps its bytes for the signature, which such a body never carries.
          const expected =
            route.url === '/api/payments/webhook' ? 'Invalid webhook signature.' : JSON_TOO_DEEP_MESSAGE;
          if (res.status !== 400 || res.text !== expected)
            wrong.push(`${viewer} ${route.method} ${path} -> ${res.status} ${res.text.slice(0, 120)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 300_000);
});
