import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEMO_IDS } from '../../../seed/demo.ts';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';
import { invalidatePartnerCache } from '../../partners/site/partner-cache.ts';
import { birthdayYearsAgo } from './sponsoreds.service.ts';

type Card = { id: number };
type PartnerModel = {
  partnerSponsoredTypes: { id: number; identifier: string; filterTypes: { filterField: string }[] }[];
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const students = () => DEMO_IDS.types.demo.students!;
const teachers = () => DEMO_IDS.types.demo.teachers!;
const listing = (type: number, query = '') =>
  `/api/partners/2/sponsoreds?partnersId=2&status=active&isFullySponsored=No&limit=100&partnerSponsoredTypesId=${type}${query}`;

async function rowsOf(query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
}

async function idsOf(path: string): Promise<{ ids: number[]; total: string | undefined }> {
  const res = await t.client().get(path);
  expect(res.status).toBe(200);
  return { ids: res.json<Card[]>().map((c) => c.id), total: res.headers['x-total-count'] as string };
}

describe('listing filters never reveal what a type hides (issue 8)', () => {
  it('ignores a birth month on masked students, whose birthdays are hidden', async () => {
    const all = await idsOf(listing(students()));
    expect(all.ids.length).toBeGreaterThan(10);
    for (let month = 1; month <= 12; month++) {
      expect(await idsOf(listing(students(), `&birthMonth=${month}`))).toEqual(all);
    }
  });

  it('ignores an age band on teachers, whose ages are hidden', async () => {
    const all = await idsOf(listing(teachers()));
    expect(all.ids.length).toBeGreaterThan(0);
    expect(await idsOf(listing(teachers(), '&ageBand=0-5'))).toEqual(all);
    expect(await idsOf(listing(teachers(), '&ageBand=21%2B'))).toEqual(all);
  });

  it('still applies an age band where the type shows ages', async () => {
    const all = await idsOf(listing(students()));
    const young = await idsOf(listing(students(), '&ageBand=0-5'));
    expect(young.ids.length).toBeLessThan(all.ids.length);
  });

  it('does not offer a birth-month filter on a type that hides birthdays', async () => {
    const partner = (await t.client().get('/api/partners/demo')).json<PartnerModel>();
    const fields = partner.partnerSponsoredTypes
      .find((p) => p.id === students())!
      .filterTypes.map((f) => f.filterField);
    expect(fields).not.toContain('birthMonth');
    expect(fields).toEqual(expect.arrayContaining(['ageBand', 'gender', 'gradesId', 'entitiesId']));
  });

  it('applies the birth month where the type shows birthdays, never to a record that hides its own', async () => {
    await t.database.db.execute(
      sql`update partner_sponsored_types set show_birthday = true where id = ${teachers()}`,
    );
    const [hidden] = (await rowsOf(
      sql`update sponsoreds set show_birthday = false where id = (select min(id) from sponsoreds
            where partner_sponsored_types_id = ${teachers()} and status = 'active' and slots_filled < max_slots)
            returning id`,
    )) as { id: number }[];
    await invalidatePartnerCache(t.database.db, 2);
    const birthdays = new Map(
      (
        await rowsOf(
          sql`select id, extract(month from birthday)::int as month from sponsoreds
              where partner_sponsored_types_id = ${teachers()}`,
        )
      ).map((r) => [Number(r.id), Number(r.month)]),
    );
    const all = await idsOf(listing(teachers()));
    const seen: number[] = [];
    for (let month = 1; month <= 12; month++) {
      const { ids, total } = await idsOf(listing(teachers(), `&birthMonth=${month}`));
      expect(ids.every((id) => birthdays.get(id) === month)).toBe(true);
      expect(total).toBe(String(ids.length));
      seen.push(...ids);
    }
    expect(seen).not.toContain(hidden!.id);
    expect(seen.sort((a, b) => a - b)).toEqual(all.ids.filter((id) => id !== hidden!.id));
    const partner = (await t.client().get('/api/partners/demo')).json<PartnerModel>();
    expect(partner.partnerSponsoredTypes.find((p) => p.id === teachers())).toBeDefined();
  });
});

describe('birthdayYearsAgo', () => {
  it('is the same day that many years ago, 28 February for a missing 29th', () => {
    expect(birthdayYearsAgo(10, new Date('2026-11-23T12:00:00Z'))).toBe('2016-11-23');
    expect(birthdayYearsAgo(1, new Date('2024-02-29T12:00:00Z'))).toBe('2023-02-28');
    expect(birthdayYearsAgo(4, new Date('2024-02-29T12:00:00Z'))).toBe('2020-02-29');
  });
});
