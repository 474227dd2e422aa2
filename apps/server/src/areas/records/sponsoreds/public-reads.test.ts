import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db/client.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../../../seed/demo.ts';
import { countQueries } from '../../../../test/query-counter.ts';
import type { TestClient } from '../../../../test/http-client.ts';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';
import { invalidatePartnerCache } from '../../partners/site/partner-cache.ts';

let t: TestApp;
let anonymous: TestClient;
let sponsor: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  anonymous = t.client();
  sponsor = t.client();
  const email = 'sponsor@demo.example.org';
  await sponsor.signIn(email, DEMO_ACCOUNTS.find((a) => a.email === email)!.password);
});
afterAll(async () => {
  await t?.close();
});

const students = () => DEMO_IDS.types.demo.students!;
const listing = (query = '') =>
  `/api/partners/2/sponsoreds?partnersId=2&status=active&isFullySponsored=No&partnerSponsoredTypesId=${students()}${query}`;

/** Statements of one call once the partner is cached (the first call of a process loads it). */
async function statementsOf(client: TestClient, path: string): Promise<number> {
  expect((await client.get(path)).status).toBe(200);
  return countQueries(t.database, async () => expect((await client.get(path)).status).toBe(200));
}

describe('statements per public read (issue 10)', () => {
  it('the listing runs at most 2, at any depth and with any filter, and no session lookup for a visitor', async () => {
    for (const query of [
      '',
      '&offset=50',
      '&gender=Female&ageBand=6-10',
      `&entitiesId=${DEMO_IDS.programAdminEntity}`,
    ]) {
      expect(await statementsOf(anonymous, listing(query))).toBe(1);
      // A signed-in viewer adds the session and viewer lookups (4 today) to the listing's own 2.
      expect(await statementsOf(sponsor, listing(query))).toBeLessThanOrEqual(4 + 2);
    }
  });

  it('the profile runs at most 3, the pictures at most 3, the partner at most 3', async () => {
    const id = DEMO_IDS.maskedNotSponsored;
    expect(await statementsOf(anonymous, `/api/sponsoreds/${id}?partnersId=2`)).toBeLessThanOrEqual(3);
    expect(await statementsOf(anonymous, `/api/sponsoreds/${id}/images?partnersId=2`)).toBeLessThanOrEqual(3);
    expect(await statementsOf(anonymous, '/api/partners/demo')).toBeLessThanOrEqual(3);
    expect(await statementsOf(anonymous, '/api/partners/current')).toBeLessThanOrEqual(3);
    expect(await statementsOf(sponsor, `/api/sponsoreds/${id}?partnersId=2`)).toBeLessThanOrEqual(4 + 3);
  });
});

describe('caching of anonymous answers (issue 10)', () => {
  it('gives a visitor ETag, Last-Modified and a short public Cache-Control, and 304 on a match', async () => {
    for (const path of [
      listing(),
      `/api/sponsoreds/${DEMO_IDS.maskedNotSponsored}?partnersId=2`,
      '/api/partners/demo',
    ]) {
      const first = await anonymous.get(path);
      expect(first.status).toBe(200);
      expect(first.headers.etag).toMatch(/^W\/"[\w-]{27}"$/);
      expect(first.headers['cache-control']).toBe('public, max-age=10, s-maxage=10');
      expect(first.headers.vary).toBe('Cookie, Authorization, Accept-Language');
      expect(Date.parse(first.headers['last-modified']!)).toBeGreaterThan(0);
      const again = await anonymous.get(path, { 'if-none-match': first.headers.etag! });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      const since = await anonymous.get(path, { 'if-modified-since': first.headers['last-modified']! });
      expect(since.status).toBe(304);
      const other = await anonymous.get(path, { 'if-none-match': 'W/"something-else"' });
      expect(other.status).toBe(200);
      expect(other.text).toBe(first.text);
    }
  });

  it('never lets a signed-in viewer’s answer be cached, nor answers it 304', async () => {
    const first = await anonymous.get(listing());
    const res = await sponsor.get(listing(), { 'if-none-match': first.headers.etag! });
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('shows a staff change on the next request and a new tag for it', async () => {
    const before = await anonymous.get('/api/partners/demo');
    await t.database.db.execute(sql`update partners set tagline = 'Changed by staff' where id = 2`);
    await invalidatePartnerCache(t.database.db, 2);
    const after = await anonymous.get('/api/partners/demo', { 'if-none-match': before.headers.etag! });
    expect(after.status).toBe(200);
    expect(after.json<{ tagline: string }>().tagline).toBe('Changed by staff');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const listingBefore = await anonymous.get(listing());
    await t.database.db.execute(
      sql`update partner_sponsored_types set active = false where id = ${students()}`,
    );
    await invalidatePartnerCache(t.database.db, 2);
    const listingAfter = await anonymous.get(listing(), { 'if-none-match': listingBefore.headers.etag! });
    expect(listingAfter.status).toBe(200);
    expect(listingAfter.json()).toEqual([]);
    await t.database.db.execute(
      sql`update partner_sponsored_types set active = true where id = ${students()}`,
    );
    await invalidatePartnerCache(t.database.db, 2);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('the partner cache across processes', () => {
  it('a change announced by one process reaches another process’s cache', async () => {
    const url = t.database.pool!.options.connectionString!;
    const otherDatabase = await openDatabase({ databaseUrl: url, poolSize: 2 });
    const other = await startTestApp({ database: otherDatabase });
    try {
      const read = async () =>
        (await other.client().get('/api/partners/demo')).json<{ tagline: string }>().tagline;
      await read();
      await t.database.db.execute(sql`update partners set tagline = 'Told by NOTIFY' where id = 2`);
      await invalidatePartnerCache(t.database.db, 2);
      const deadline = Date.now() + 5000;
      while ((await read()) !== 'Told by NOTIFY' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await read()).toBe('Told by NOTIFY');
    } finally {
      await other.close();
      await otherDatabase.close();
    }
  });
});
