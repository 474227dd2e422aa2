import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../../seed/demo.ts';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/partners/{id or subdomain}', () => {
  it('answers the demo partner by subdomain with its nested lists and no payment secrets', async () => {
    const res = await t.client().get('/api/partners/demo?partnersId=2');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const partner = res.json<Record<string, unknown> & { partnerSponsoredTypes: { identifier: string }[] }>();
    expect(partner.id).toBe(DEMO_IDS.partners.demo);
    expect(partner.landingPageTemplatesId).toBe(2);
    expect(partner.countriesId).toBe(10);
    expect(partner.demoMode).toBe(true);
    expect(partner.paymentsConfigured).toBe(true);
    expect(partner).not.toHaveProperty('stripeUserId');
    expect(partner).toHaveProperty('auth0ClientId');
    expect(partner.partnerSponsoredTypes.map((t) => t.identifier)).toEqual(
      expect.arrayContaining(['students', 'teachers', 'classes', 'initiatives']),
    );
    expect(partner.partnerFeatures).toEqual(
      expect.arrayContaining([{ featuresId: 7 }, { featuresId: 5 }, { featuresId: 9 }]),
    );
  });

  it('answers the same partner by numeric id', async () => {
    const byId = await t.client().get('/api/partners/2');
    const bySubdomain = await t.client().get('/api/partners/demo');
    expect(byId.status).toBe(200);
    expect(byId.json()).toEqual(bySubdomain.json());
  });

  it('carries each sponsored type its current plan with monthly and annual intervals and its filters', async () => {
    const partner = (await t.client().get('/api/partners/demo')).json<{
      partnerSponsoredTypes: {
        identifier: string;
        currentSponsoredTypePlans: {
          monthlyAmount: number;
          partnerSponsoredTypePlanIntervals: { paymentIntervals: { name: string; multiplier: number } }[];
        }[];
        filterTypes: { filterField: string; type: string; options: { id: unknown; value: string }[] }[];
      }[];
      entities: { id: number }[];
    }>();
    const students = partner.partnerSponsoredTypes.find((p) => p.identifier === 'students')!;
    expect(students.currentSponsoredTypePlans).toHaveLength(1);
    expect(
      students.currentSponsoredTypePlans[0]!.partnerSponsoredTypePlanIntervals.map((i) => i.paymentIntervals),
    ).toEqual([
      { id: 1, name: 'month', multiplier: 1 },
      { id: 2, name: 'year', multiplier: 12 },
    ]);
    const program = students.filterTypes.find((f) => f.filterField === 'entitiesId')!;
    expect(program.type).toBe('dynamic');
    expect(program.options.map((o) => o.id).sort()).toEqual(partner.entities.map((e) => e.id).sort());
    const age = students.filterTypes.find((f) => f.filterField === 'ageBand')!;
    expect(age.options.map((o) => o.value)).toEqual(['0-5', '6-10', '11-15', '16-21', '21+']);
  });

  it('answers 404 with a plain-text message for an unknown partner', async () => {
    const res = await t.client().get('/api/partners/nosuchpartner');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toBe('Partner nosuchpartner was not found.');
  });

  it('answers current with the partner of the host', async () => {
    const res = await t.client('maple.localhost').get('/api/partners/current');
    expect(res.status).toBe(200);
    expect(res.json<{ id: number; countriesId: number }>()).toMatchObject({ id: 3, countriesId: 8 });
  });
});

describe('GET /api/partners', () => {
  it('lists public partners and never a private demo', async () => {
    const res = await t.client().get('/api/partners?partnersId=2');
    expect(res.status).toBe(200);
    const ids = res.json<{ id: number }[]>().map((p) => p.id);
    expect(ids).toEqual([1, 2, 3]);
  });

  it('filters by subdomain', async () => {
    const res = await t.client().get('/api/partners?partnersId=2&subdomain=maple');
    expect(res.json<{ id: number }[]>().map((p) => p.id)).toEqual([3]);
  });

  it('rejects a malformed boolean filter with 400', async () => {
    const res = await t.client().get('/api/partners?isSupportSite=maybe');
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/^Invalid querystring: isSupportSite/);
  });
});

describe('tenant resolution', () => {
  it('answers 404 for a host that names no partner', async () => {
    const res = await t.client('nobody.localhost').get('/api/sponsoreds/1');
    expect(res.status).toBe(404);
    expect(res.text).toBe('No partner site is found at this address.');
  });

  it('refuses a partnersId that contradicts the host', async () => {
    const res = await t.client('demo.localhost').get('/api/partners/2/sponsoreds?partnersId=3');
    expect(res.status).toBe(400);
    expect(res.text).toBe('partnersId does not match this site.');
  });

  it('finds the partner by one of its own domains', async () => {
    const res = await t.client('demo.kinship.example').get('/api/partners/current');
    expect(res.json<{ id: number }>().id).toBe(2);
  });

  it('on a bare localhost uses partnersId, then ?partner=, then the default partner', async () => {
    expect(
      (await t.client('localhost').get('/api/partners/current?partnersId=3')).json<{ id: number }>().id,
    ).toBe(3);
    expect(
      (await t.client('localhost').get('/api/partners/current?partner=maple')).json<{ id: number }>().id,
    ).toBe(3);
    expect((await t.client('localhost').get('/api/partners/current')).json<{ id: number }>().id).toBe(2);
  });
});
