import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../../../seed/demo.ts';
import { countQueries } from '../../../../test/query-counter.ts';
import type { TestClient } from '../../../../test/http-client.ts';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';

type Summary = {
  id: number;
  firstName: string;
  lastName: string | null;
  masked: boolean;
  profileImagePath: string | null;
  slotsFilled: number;
  maxSlots: number;
  status: string;
  entitiesId: number;
  gender: string | null;
  age: number | null;
  partnerSponsoredTypesId: number;
};
type Detail = Summary & { birthday: string | null; isSponsor: boolean; canAdminister: boolean };

const password = (email: string) => DEMO_ACCOUNTS.find((a) => a.email === email)!.password;
const studentsType = () => DEMO_IDS.types.demo.students!;

let t: TestApp;
let anonymous: TestClient;
let donor: TestClient;
let sponsor: TestClient;
let partnerAdmin: TestClient;
let programAdmin: TestClient;
let platformAdmin: TestClient;
let mapleAdmin: TestClient;

async function signedIn(email: string): Promise<TestClient> {
  const client = t.client();
  await client.signIn(email, password(email));
  return client;
}

beforeAll(async () => {
  t = await startTestApp();
  anonymous = t.client();
  [donor, sponsor, partnerAdmin, programAdmin, platformAdmin, mapleAdmin] = await Promise.all([
    signedIn('donor@demo.example.org'),
    signedIn('sponsor@demo.example.org'),
    signedIn('partner-admin@demo.example.org'),
    signedIn('program-admin@demo.example.org'),
    signedIn('admin@kinship.example.org'),
    signedIn('admin@maple.example.org'),
  ]);
});
afterAll(async () => {
  await t?.close();
});

const listing = (query: string) =>
  `/api/partners/2/sponsoreds?partnersId=2&status=active&isFullySponsored=No&${query}`;

describe('GET /api/partners/{partnerId}/sponsoreds', () => {
  it('answers a page of 25 with the total in x-total-count', async () => {
    const res = await anonymous.get(listing(`partnerSponsoredTypesId=${studentsType()}&offset=0&limit=25`));
    expect(res.status).toBe(200);
    const items = res.json<Summary[]>();
    const total = Number(res.headers['x-total-count']);
    expect(items).toHaveLength(25);
    expect(total).toBeGreaterThan(25);
    expect(items.every((s) => s.partnerSponsoredTypesId === studentsType() && s.status === 'active')).toBe(
      true,
    );
  });

  it('pages without overlap and ends at the total', async () => {
    const first = await anonymous.get(listing(`partnerSponsoredTypesId=${studentsType()}&offset=0&limit=25`));
    const total = Number(first.headers['x-total-count']);
    const last = await anonymous.get(listing(`partnerSponsoredTypesId=${studentsType()}&offset=25&limit=25`));
    const firstIds = first.json<Summary[]>().map((s) => s.id);
    const lastIds = last.json<Summary[]>().map((s) => s.id);
    expect(firstIds.filter((id) => lastIds.includes(id))).toEqual([]);
    expect(lastIds.length).toBe(Math.min(25, total - 25));
  });

  it('leaves out fully sponsored, reserved-only-when-asked and inactive records', async () => {
    const all: Summary[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = (await anonymous.get(listing(`offset=${offset}&limit=100`))).json<Summary[]>();
      all.push(...page);
      if (page.length < 100) break;
    }
    const ids = all.map((s) => s.id);
    expect(ids).not.toContain(DEMO_IDS.fullySponsored);
    expect(ids).not.toContain(DEMO_IDS.fullySponsoredTeacher);
    expect(ids).not.toContain(DEMO_IDS.inactiveSponsored);
    expect(ids).not.toContain(DEMO_IDS.archivedSponsored);
    expect(ids).not.toContain(DEMO_IDS.reservedSponsored);
    expect(all.every((s) => s.slotsFilled < s.maxSlots)).toBe(true);
  });

  it('applies one query key per chosen filter and ignores an empty one', async () => {
    const res = await anonymous.get(
      listing(
        `partnerSponsoredTypesId=${studentsType()}&gender=Female&entitiesId=${DEMO_IDS.programAdminEntity}&ageBand=&limit=100`,
      ),
    );
    const items = res.json<Summary[]>();
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((s) => s.gender === 'Female' && s.entitiesId === DEMO_IDS.programAdminEntity)).toBe(
      true,
    );
    expect(Number(res.headers['x-total-count'])).toBe(items.length);
  });

  it('answers 400 with the partner-model message for a program of another partner', async () => {
    for (const viewer of [anonymous, platformAdmin]) {
      const res = await viewer.get(listing(`entitiesId=${DEMO_IDS.mapleEntity}`));
      expect(res.status).toBe(400);
      expect(res.text).toBe(`Entity ID ${DEMO_IDS.mapleEntity} does not exist for current context partner`);
      expect(res.text).not.toContain('Maple');
    }
    expect((await anonymous.get(listing('entitiesId=999999'))).text).toBe(
      'Entity ID 999999 does not exist for current context partner',
    );
  });

  it('filters by age band', async () => {
    const items = (
      await anonymous.get(listing(`partnerSponsoredTypesId=${studentsType()}&ageBand=6-10&limit=100`))
    ).json<Summary[]>();
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((s) => s.age !== null && s.age >= 6 && s.age <= 10)).toBe(true);
  });

  it('answers 400 with a clear message for a bad filter value', async () => {
    const bad = await anonymous.get(listing('ageBand=7-9'));
    expect(bad.status).toBe(400);
    expect(bad.text).toBe('ageBand must be one of 0-5, 6-10, 11-15, 16-21, 21+.');
    const badLimit = await anonymous.get(listing('limit=1000'));
    expect(badLimit.status).toBe(400);
    expect(badLimit.text).toContain('limit must be between 1 and 100');
    const badGender = await anonymous.get(listing('gender=x'));
    expect(badGender.status).toBe(400);
  });

  it('never sends a masked record’s last name or picture to a visitor or a non-sponsor', async () => {
    for (const viewer of [anonymous, donor]) {
      const items = (await viewer.get(listing(`partnerSponsoredTypesId=${studentsType()}&limit=100`))).json<
        Summary[]
      >();
      const masked = items.filter((s) => s.masked);
      expect(masked.length).toBeGreaterThan(0);
      expect(masked.every((s) => s.lastName === null && s.profileImagePath === null)).toBe(true);
    }
  });

  it('shows the partner admin the unmasked cards', async () => {
    const items = (
      await partnerAdmin.get(listing(`partnerSponsoredTypesId=${studentsType()}&limit=100`))
    ).json<Summary[]>();
    const masked = items.filter((s) => s.masked);
    expect(masked.some((s) => s.lastName !== null && s.profileImagePath !== null)).toBe(true);
  });

  it('only staff who see records may list inactive records', async () => {
    const visitor = await anonymous.get('/api/partners/2/sponsoreds?status=inactive');
    expect([visitor.status, visitor.text]).toEqual([401, 'You must be logged in to do this.']);
    const signedIn = await donor.get('/api/partners/2/sponsoreds?status=inactive');
    expect([signedIn.status, signedIn.text]).toEqual([
      403,
      'Only partner administrators can list inactive or archived records.',
    ]);
    const res = await partnerAdmin.get('/api/partners/2/sponsoreds?status=inactive');
    expect(res.status).toBe(200);
    expect(res.json<Summary[]>().map((s) => s.id)).toContain(DEMO_IDS.inactiveSponsored);
  });

  it('answers 404 for another partner’s id in the path', async () => {
    const res = await anonymous.get('/api/partners/3/sponsoreds');
    expect(res.status).toBe(404);
    expect(res.text).toBe('Partner 3 was not found on this site.');
  });

  it('keeps a private demo closed to people without a permission there', async () => {
    const visitor = t.client('private.localhost');
    const res = await visitor.get('/api/partners/4/sponsoreds?partnersId=4');
    expect(res.status).toBe(403);
    expect(res.text).toBe('This is a private demo. Please contact the provider for access.');
    const admin = platformAdmin.withHost('private.localhost');
    expect((await admin.get('/api/partners/4/sponsoreds?partnersId=4')).status).toBe(200);
  });

  it('runs a constant number of SQL queries whatever the page size', async () => {
    const counts: number[] = [];
    for (const viewer of [anonymous, sponsor]) {
      for (const limit of [1, 25, 100]) {
        counts.push(await countQueries(t.database, () => viewer.get(listing(`limit=${limit}`))));
      }
    }
    expect(counts[0]).toBe(counts[1]);
    expect(counts[1]).toBe(counts[2]);
    expect(counts[3]).toBe(counts[4]);
    expect(counts[4]).toBe(counts[5]);
  });
});

describe('GET /api/sponsoreds/{id} and the masking rule', () => {
  const id = () => DEMO_IDS.maskedNotSponsored;

  it('hides last name, birthday and picture of a masked record from a visitor', async () => {
    const res = await anonymous.get(`/api/sponsoreds/${id()}?partnersId=2`);
    expect(res.status).toBe(200);
    const d = res.json<Detail>();
    expect(d.masked).toBe(true);
    expect(d).toMatchObject({
      lastName: null,
      birthday: null,
      profileImagePath: null,
      isSponsor: false,
      canAdminister: false,
    });
    expect(d.firstName.length).toBeGreaterThan(0);
  });

  it('hides them from a signed-in non-sponsor and from another partner’s administrator', async () => {
    const d = (await donor.get(`/api/sponsoreds/${id()}`)).json<Detail>();
    expect(d).toMatchObject({ lastName: null, birthday: null, profileImagePath: null });
    const maple = (await mapleAdmin.get(`/api/sponsoreds/${id()}`)).json<Detail>();
    expect(maple).toMatchObject({
      lastName: null,
      birthday: null,
      profileImagePath: null,
      canAdminister: false,
    });
  });

  it('shows them to the record’s sponsor', async () => {
    const d = (await sponsor.get(`/api/sponsoreds/${DEMO_IDS.maskedSponsoredOfSponsor}`)).json<Detail>();
    expect(d.isSponsor).toBe(true);
    expect(d.lastName).not.toBeNull();
    expect(d.birthday).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(d.profileImagePath).toMatch(/^sponsoreds\//);
  });

  it('shows them to a partner admin and to a program admin within the program only', async () => {
    const admin = (
      await partnerAdmin.get(`/api/sponsoreds/${DEMO_IDS.maskedNotSponsoredOtherEntity}`)
    ).json<Detail>();
    expect(admin).toMatchObject({ canAdminister: true });
    expect(admin.lastName).not.toBeNull();
    const inScope = (await programAdmin.get(`/api/sponsoreds/${id()}`)).json<Detail>();
    expect(inScope.canAdminister).toBe(true);
    expect(inScope.lastName).not.toBeNull();
    const outOfScope = (
      await programAdmin.get(`/api/sponsoreds/${DEMO_IDS.maskedNotSponsoredOtherEntity}`)
    ).json<Detail>();
    expect(outOfScope).toMatchObject({
      canAdminister: false,
      lastName: null,
      birthday: null,
      profileImagePath: null,
    });
  });

  it('answers 404 for a record of another partner and a plain-text 400 for a bad id', async () => {
    const other = await anonymous.get(`/api/sponsoreds/${DEMO_IDS.mapleStudent}`);
    expect(other.status).toBe(404);
    expect(other.text).toBe(`Sponsored record ${DEMO_IDS.mapleStudent} was not found.`);
    const bad = await anonymous.get('/api/sponsoreds/abc');
    expect(bad.status).toBe(400);
    expect(bad.text).toBe('Invalid params: id: id must be a whole number');
  });

  it('hides archived records from visitors but not from administrators', async () => {
    expect((await anonymous.get(`/api/sponsoreds/${DEMO_IDS.archivedSponsored}`)).status).toBe(404);
    expect((await partnerAdmin.get(`/api/sponsoreds/${DEMO_IDS.archivedSponsored}`)).status).toBe(200);
  });
});

describe('GET /api/sponsoreds/{id}/images', () => {
  it('gives visitors and non-sponsors no pictures of a masked record', async () => {
    for (const viewer of [anonymous, donor]) {
      const res = await viewer.get(`/api/sponsoreds/${DEMO_IDS.maskedNotSponsored}/images`);
      expect(res.status).toBe(200);
      expect(res.json()).toEqual([]);
    }
  });

  it('gives the sponsor and the admin the gallery', async () => {
    const mine = (await sponsor.get(`/api/sponsoreds/${DEMO_IDS.maskedSponsoredOfSponsor}/images`)).json<
      { imagePath: string; description: string | null }[]
    >();
    expect(mine.length).toBeGreaterThan(0);
    expect(mine[0]!.imagePath).toMatch(new RegExp(`^sponsoreds/${DEMO_IDS.maskedSponsoredOfSponsor}/`));
    const admin = (await partnerAdmin.get(`/api/sponsoreds/${DEMO_IDS.maskedNotSponsored}/images`)).json<
      unknown[]
    >();
    expect(admin.length).toBeGreaterThan(0);
  });
});

describe('GET /api/sponsoreds/{id}/updates', () => {
  const path = () => `/api/sponsoreds/${DEMO_IDS.maskedNotSponsored}/updates?partnersId=2`;

  it('answers 401 without a session', async () => {
    const res = await anonymous.get(path());
    expect(res.status).toBe(401);
    expect(res.text).toBe('You must be logged in to do this.');
  });

  it('answers 403 to a signed-in viewer who is neither sponsor nor admin', async () => {
    const res = await donor.get(path());
    expect(res.status).toBe(403);
    expect(res.text).toBe('Only sponsors of this profile and partner administrators can see its updates.');
    expect(
      (await programAdmin.get(`/api/sponsoreds/${DEMO_IDS.maskedNotSponsoredOtherEntity}/updates`)).status,
    ).toBe(403);
  });

  it('answers the updates to an admin, newest first', async () => {
    const res = await partnerAdmin.get(path());
    expect(res.status).toBe(200);
    const list = res.json<{ id: number; title: string; distributionDate: string; updateMessage: string }[]>();
    expect(list.length).toBeGreaterThan(0);
    expect(Object.keys(list[0]!).sort()).toEqual(['distributionDate', 'id', 'title', 'updateMessage']);
    const dates = list.map((u) => u.distributionDate);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('answers the sponsor the updates of their own record', async () => {
    expect((await sponsor.get(`/api/sponsoreds/${DEMO_IDS.maskedSponsoredOfSponsor}/updates`)).status).toBe(
      200,
    );
  });
});

describe('GET /media/sponsoreds/...', () => {
  it('serves a masked record’s picture to its admin and never to a visitor', async () => {
    const detail = (await partnerAdmin.get(`/api/sponsoreds/${DEMO_IDS.maskedNotSponsored}`)).json<Detail>();
    const picture = `/media/${detail.profileImagePath}`;
    const asAdmin = await partnerAdmin.get(picture);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.headers['content-type']).toBe('image/webp');
    const asVisitor = await anonymous.get(picture);
    expect(asVisitor.status).toBe(404);
    expect(asVisitor.text).toBe('No such picture.');
  });

  it('refuses paths that try to leave the storage folder', async () => {
    expect((await anonymous.get('/media/../package.json')).status).toBe(404);
    expect((await anonymous.get('/media/partners/%2e%2e/%2e%2e/etc/passwd')).status).toBe(404);
  });
});
