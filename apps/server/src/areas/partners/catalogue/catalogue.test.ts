import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keptPriceMessage, type PartnerPublic, type StaffProgram, type StaffType } from '@kinship/domain';
import { paymentIntervals } from '../../../db/schema/index.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../../../seed/demo.ts';
import { freshAddress, insertRecord, line, rowsWhere } from '../../../../test/giving-fixtures.ts';
import type { TestClient } from '../../../../test/http-client.ts';
import { clientAs, createPeople } from '../../../../test/people.ts';
import { startTestApp, type TestApp } from '../../../../test/test-app.ts';
import { CREATE_PROGRAM_FORBIDDEN, PROGRAM_FORBIDDEN } from './programs.service.ts';
import { IDENTIFIER_TAKEN, INTERVAL_NOT_OFFERED } from './types.service.ts';

/*
 * The dashboard's Types and plans and Programs sections through the whole server: validation in
 * the problem shape, zero-multiplier intervals never offered, a price change that never reprices
 * existing sponsorships by itself, the public site following at once, and program scope.
 */

let t: TestApp;
let admin: TestClient;
let programAdmin: TestClient;
const password = (email: string) => DEMO_ACCOUNTS.find((a) => a.email === email)!.password;

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'loopback' } });
  // A payment interval that exists but must never be offered (SPEC 3: zero multipliers are excluded).
  await t.database.db.insert(paymentIntervals).values({ id: 3, name: 'week', multiplier: 0 });
  admin = t.client();
  await admin.signIn('partner-admin@demo.example.org', password('partner-admin@demo.example.org'));
  programAdmin = t.client();
  await programAdmin.signIn('program-admin@demo.example.org', password('program-admin@demo.example.org'));
});
afterAll(async () => {
  await t?.close();
});

const settings = (over: Record<string, unknown> = {}) => ({
  customLabelSingular: 'Mentor',
  customLabelPlural: 'Mentors',
  customSlotName: 'Seat',
  description: 'People who mentor',
  active: true,
  showSlots: true,
  visibleSlots: 2,
  maxSlots: 4,
  maskProfiles: false,
  showBirthday: false,
  showAge: true,
  showLastName: true,
  gridLayout: 'deck',
  hiddenFilterTypes: [],
  customColumns: [],
  ...over,
});

const publicPartner = async () => (await t.client().get('/api/partners/demo')).json<PartnerPublic>();

describe('Types and plans', () => {
  it('lists the partner’s types with their plans, and offers only intervals with a multiplier', async () => {
    const res = await admin.get('/api/dashboard/types?partnersId=2');
    expect(res.status, res.text).toBe(200);
    const body = res.json<{ types: StaffType[]; paymentIntervals: { id: number; name: string }[] }>();
    expect(body.paymentIntervals.map((i) => i.name)).toEqual(['month', 'year']);
    const teachers = body.types.find((x) => x.id === DEMO_IDS.types.demo.teachers)!;
    expect(teachers.currentPlan).toMatchObject({ monthlyAmount: 5000, paymentIntervalsIds: [1, 2] });
    expect(teachers.filterTypes.length).toBeGreaterThan(0);
  });

  it('refuses a plan with a zero-multiplier interval, naming the field', async () => {
    const res = await admin.post('/api/dashboard/types?partnersId=2', {
      sponsoredTypesId: 2,
      identifier: 'weekly-mentors',
      settings: settings(),
      plan: { monthlyAmount: 2000, paymentIntervalsIds: [1, 3] },
    });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json<{ errors: unknown[] }>().errors).toEqual([
      { field: 'plan.paymentIntervalsIds.1', message: INTERVAL_NOT_OFFERED },
    ]);
    const listed = (await admin.get('/api/dashboard/types?partnersId=2')).json<{ types: StaffType[] }>();
    expect(listed.types.some((x) => x.identifier === 'weekly-mentors')).toBe(false);
  });

  it('answers every invalid field of a new type in the problem shape', async () => {
    const res = await admin.post('/api/dashboard/types?partnersId=2', {
      sponsoredTypesId: 9,
      identifier: 'Not An Address',
      settings: settings({ customLabelSingular: ' ', visibleSlots: 5, maxSlots: 4 }),
      plan: { monthlyAmount: 0, paymentIntervalsIds: [] },
    });
    expect(res.status).toBe(400);
    const fields = res
      .json<{ errors: { field: string }[] }>()
      .errors.map((e) => e.field)
      .sort();
    expect(fields).toEqual([
      'identifier',
      'plan.monthlyAmount',
      'plan.paymentIntervalsIds',
      'settings.customLabelSingular',
      'settings.visibleSlots',
      'sponsoredTypesId',
    ]);
    const taken = await admin.post('/api/dashboard/types?partnersId=2', {
      sponsoredTypesId: 2,
      identifier: 'teachers',
      settings: settings(),
      plan: { monthlyAmount: 2000, paymentIntervalsIds: [1] },
    });
    expect(taken.status).toBe(400);
    expect(taken.json<{ errors: unknown[] }>().errors).toEqual([
      { field: 'identifier', message: IDENTIFIER_TAKEN },
    ]);
  });

  it('a new type, its plan, hidden filters and private columns show on the public site at once', async () => {
    expect((await publicPartner()).partnerSponsoredTypes.some((x) => x.identifier === 'mentors')).toBe(false);
    const filters = (await admin.get('/api/dashboard/types?partnersId=2'))
      .json<{ types: StaffType[] }>()
      .types.find((x) => x.sponsoredTypesId === 2)!.filterTypes;
    const res = await admin.post('/api/dashboard/types?partnersId=2', {
      sponsoredTypesId: 2,
      identifier: 'mentors',
      settings: settings({
        hiddenFilterTypes: [filters[0]!.id],
        customColumns: [
          { name: 'Subject', kind: 'text', public: true },
          { name: 'Salary band', kind: 'number', public: false },
        ],
      }),
      plan: { monthlyAmount: 2500, paymentIntervalsIds: [1] },
    });
    expect(res.status, res.text).toBe(201);
    const created = res.json<StaffType>();
    expect(created.settings.customColumns).toEqual([
      { name: 'Subject', kind: 'text', public: true },
      { name: 'Salary band', kind: 'number', public: false },
    ]);
    const shown = (await publicPartner()).partnerSponsoredTypes.find((x) => x.identifier === 'mentors')!;
    expect(shown).toMatchObject({
      customLabelSingular: 'Mentor',
      customSlotName: 'Seat',
      gridLayout: 'deck',
      customColumns: ['Subject'],
      currentSponsoredTypePlans: [
        { monthlyAmount: 2500, partnerSponsoredTypePlanIntervals: [{ paymentIntervals: { name: 'month' } }] },
      ],
    });
    expect(shown.filterTypes.map((f) => f.id)).not.toContain(filters[0]!.id);
    expect(shown.filterTypes).toHaveLength(filters.length - 1);

    // An edit shows at once too: made inactive, the type leaves the public answer's active ones.
    const edited = await admin.request(
      'PUT',
      `/api/dashboard/types/${created.id}?partnersId=2`,
      settings({ active: false, customLabelPlural: 'Our mentors', hiddenFilterTypes: [] }),
    );
    expect(edited.status, edited.text).toBe(200);
    const after = (await publicPartner()).partnerSponsoredTypes.find((x) => x.identifier === 'mentors');
    if (after) expect(after).toMatchObject({ active: false, customLabelPlural: 'Our mentors' });
  });

  it('a price change serves new sponsorships; existing ones keep their price until the sponsor resets it', async () => {
    const [who] = await createPeople(t.database, 1, 'pricekeeper');
    const record = await insertRecord(t.database, { maxSlots: 5 });
    const checkout = await clientAs(t.port, who!).post(
      '/api/payments/checkout/month?partnersId=2',
      {
        partnersId: 2,
        stripePaymentIntent: 'pm_card_visa',
        userSponsoreds: [line(record, 1)],
        email: who!.email,
        firstName: 'Pat',
        lastName: 'Keeper',
        baseAmount: 5000,
        additionalAmount: 0,
      },
      freshAddress(),
    );
    expect(checkout.status, checkout.text).toBe(200);
    const [sub] = await rowsWhere<{ id: number; base_amount: number }>(
      t.database,
      'subscriptions',
      `users_id = ${who!.usersId}`,
    );

    const res = await admin.request(
      'PUT',
      `/api/dashboard/types/${DEMO_IDS.types.demo.teachers}/plan?partnersId=2`,
      {
        monthlyAmount: 6000,
        paymentIntervalsIds: [1, 2],
      },
    );
    expect(res.status, res.text).toBe(200);
    const answer = res.json<{ type: StaffType; keptSponsorships: number }>();
    expect(answer.type.currentPlan).toMatchObject({ monthlyAmount: 6000, paymentIntervalsIds: [1, 2] });
    expect(answer.keptSponsorships).toBeGreaterThanOrEqual(1);
    expect(keptPriceMessage(answer.keptSponsorships)).toContain(`${answer.keptSponsorships} existing`);
    // ... told by mail (never silently), once per sponsor, by the job the change queued ...
    await t.runJob('catalogue.plan-change-notices', { sponsoredTypePlansId: answer.type.currentPlan!.id });
    const told = await rowsWhere<{ to_address: string; kind: string; body_text: string }>(
      t.database,
      'email_outbox',
      `dedupe_key LIKE 'plan-changed:%' AND to_address = '${who!.email}'`,
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.kind).toBe('update_notice');
    expect(told[0]!.body_text).toContain('$60.00');
    expect(told[0]!.body_text).toContain("Reset to today's price");

    // Not applied silently: the subscription and its line still carry the old price ...
    const [kept] = await rowsWhere<{ base_amount: number }>(t.database, 'subscriptions', `id = ${sub!.id}`);
    expect(kept!.base_amount).toBe(5000);
    const [lineRow] = await rowsWhere<{ amount: number }>(
      t.database,
      'user_sponsoreds',
      `subscriptions_id = ${sub!.id}`,
    );
    expect(lineRow!.amount).toBe(5000);
    // ... the sponsor is offered the new one on the subscription page ...
    const detail = await clientAs(t.port, who!).get(
      `/api/payments/subscriptiondetail/${sub!.id}?partnersId=2`,
    );
    expect(detail.json<{ baseAmount: number; currentPrice: { baseAmount: number } }>()).toMatchObject({
      baseAmount: 5000,
      currentPrice: { baseAmount: 6000 },
    });
    // ... and takes it through the existing price reset.
    const reset = await clientAs(t.port, who!).request(
      'PUT',
      `/api/payments/resetsubscriptionprice/${sub!.id}?partnersId=2`,
      {},
    );
    expect(reset.status, reset.text).toBe(200);
    expect(reset.json<{ baseAmount: number }>().baseAmount).toBe(6000);

    // The public site asks the new price at once.
    const teachers = (await publicPartner()).partnerSponsoredTypes.find(
      (x) => x.id === DEMO_IDS.types.demo.teachers,
    )!;
    expect(teachers.currentSponsoredTypePlans.map((p) => p.monthlyAmount)).toEqual([6000]);
  });

  it('is the partner administrator’s: a program administrator gets 403, a visitor 401', async () => {
    expect((await programAdmin.get('/api/dashboard/types?partnersId=2')).status).toBe(403);
    expect(
      (
        await programAdmin.request(
          'PUT',
          `/api/dashboard/types/${DEMO_IDS.types.demo.students}/plan?partnersId=2`,
          {
            monthlyAmount: 1,
            paymentIntervalsIds: [1],
          },
        )
      ).status,
    ).toBe(403);
    expect((await t.client().get('/api/dashboard/types?partnersId=2')).status).toBe(401);
    // Another partner's type is not found on this site.
    const other = await admin.request(
      'PUT',
      `/api/dashboard/types/${DEMO_IDS.types.maple.students}?partnersId=2`,
      settings(),
    );
    expect(other.status).toBe(404);
  });
});

const program = (over: Record<string, unknown> = {}) => ({
  name: 'Lakeview School',
  city: 'Jinja',
  countriesId: null,
  description:
    '<p>A <strong>school</strong> by the lake.<script>alert(1)</script><img src=x onerror=alert(1)></p>',
  latitude: 0.43,
  longitude: 33.2,
  ...over,
});

describe('Programs', () => {
  it('a partner administrator creates a program: sanitised description, counted, on the public site at once', async () => {
    expect((await publicPartner()).entities.some((e) => e.name === 'Lakeview School')).toBe(false);
    const res = await admin.post('/api/dashboard/programs?partnersId=2', program());
    expect(res.status, res.text).toBe(201);
    const created = res.json<StaffProgram>();
    expect(created).toMatchObject({
      name: 'Lakeview School',
      city: 'Jinja',
      latitude: 0.43,
      longitude: 33.2,
      description: '<p>A <strong>school</strong> by the lake.</p>',
      records: 0,
      sponsors: 0,
    });
    expect((await publicPartner()).entities).toContainEqual({
      id: created.id,
      name: 'Lakeview School',
      city: 'Jinja',
    });
  });

  it('refuses bad coordinates and half a position in the problem shape', async () => {
    const res = await admin.post('/api/dashboard/programs?partnersId=2', program({ latitude: 95, name: '' }));
    expect(res.status).toBe(400);
    expect(
      res
        .json<{ errors: { field: string }[] }>()
        .errors.map((e) => e.field)
        .sort(),
    ).toEqual(['latitude', 'name']);
    const half = await admin.post('/api/dashboard/programs?partnersId=2', program({ longitude: null }));
    expect(half.json<{ errors: unknown[] }>().errors).toEqual([
      { field: 'longitude', message: 'Give both coordinates or neither.' },
    ]);
  });

  it('counts each program’s records and active sponsors', async () => {
    const body = (await admin.get('/api/dashboard/programs?partnersId=2')).json<{
      programs: StaffProgram[];
    }>();
    const antigua = body.programs.find((p) => p.id === DEMO_IDS.programAdminEntity)!;
    const entity = DEMO_IDS.programAdminEntity;
    const result = await t.database.db.execute(sql`
      SELECT (SELECT count(*)::int FROM sponsoreds WHERE entities_id = ${entity}) AS records,
             (SELECT count(DISTINCT us.users_id)::int FROM user_sponsoreds us
                JOIN sponsoreds r ON r.id = us.sponsoreds_id
               WHERE r.entities_id = ${entity} AND us.date_ended IS NULL) AS sponsors`);
    const [expected] = (result as unknown as { rows: { records: number; sponsors: number }[] }).rows;
    expect(antigua.records).toBe(expected!.records);
    expect(antigua.sponsors).toBe(expected!.sponsors);
    expect(antigua.sponsors).toBeGreaterThan(0);
  });

  it('a program administrator sees and edits only their programs, and cannot create one', async () => {
    const list = (await programAdmin.get('/api/dashboard/programs?partnersId=2')).json<{
      programs: StaffProgram[];
      canCreate: boolean;
    }>();
    expect(list.programs.map((p) => p.id)).toEqual([DEMO_IDS.programAdminEntity]);
    expect(list.canCreate).toBe(false);
    const own = list.programs[0]!;
    const edit = await programAdmin.request(
      'PUT',
      `/api/dashboard/programs/${own.id}?partnersId=2`,
      program({ name: own.name, city: 'Antigua Guatemala', description: own.description }),
    );
    expect(edit.status, edit.text).toBe(200);
    expect(edit.json<StaffProgram>().city).toBe('Antigua Guatemala');
    const other = await programAdmin.request(
      'PUT',
      `/api/dashboard/programs/${DEMO_IDS.otherDemoEntity}?partnersId=2`,
      program(),
    );
    expect(other.status).toBe(403);
    expect(other.text).toBe(PROGRAM_FORBIDDEN);
    const create = await programAdmin.post('/api/dashboard/programs?partnersId=2', program({ name: 'Mine' }));
    expect(create.status).toBe(403);
    expect(create.text).toBe(CREATE_PROGRAM_FORBIDDEN);
    const maple = await admin.request(
      'PUT',
      `/api/dashboard/programs/${DEMO_IDS.mapleEntity}?partnersId=2`,
      program(),
    );
    expect(maple.status).toBe(404);
  });

  it('takes a picture through the image pipeline and serves it publicly', async () => {
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'school.png');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const res = await programAdmin.request(
      'POST',
      `/api/dashboard/programs/${DEMO_IDS.programAdminEntity}/image?partnersId=2`,
      undefined,
      { 'content-type': request.headers.get('content-type')! },
      Buffer.from(await request.arrayBuffer()),
    );
    expect(res.status, res.text).toBe(200);
    const imageUrl = res.json<StaffProgram>().imageUrl!;
    expect(imageUrl).toMatch(
      new RegExp(`^entities/${DEMO_IDS.programAdminEntity}/[0-9a-f-]{36}/large\\.webp$`),
    );
    const served = await t.client().get(`/media/${imageUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });
});
