import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { and, asc, count, eq, exists, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import {
  ACTIONS,
  can,
  isMaskedCode,
  maskCode,
  Role,
  type Action,
  type StaffedPartner,
} from '@kinship/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jobProgress,
  orders,
  partnerSponsoredTypes,
  partnerUserEntities,
  partnerUserRoles,
  partnerUsers,
  sponsoredImages,
  sponsoreds,
  subscriptions,
  messages,
  updatePosts,
  updates,
  userSponsoreds,
  users,
} from '../src/db/schema/index.ts';
import { givingAccess } from '../src/areas/giving/giving.access.ts';
import { insightAccess } from '../src/areas/insight/insight.access.ts';
import { partnersAccess } from '../src/areas/partners/partners.access.ts';
import { peopleAccess } from '../src/areas/people/people.access.ts';
import { recordsAccess } from '../src/areas/records/records.access.ts';
import { sponsorshipsAccess } from '../src/areas/sponsorships/sponsorships.access.ts';
import { DEMO_ACCOUNTS, DEMO_EXPIRED_TRIAL_CODE, DEMO_IDS, DEMO_LIGHTNING_CODE } from '../src/seed/demo.ts';
import {
  MASK_VIEWERS,
  VIEWERS,
  type AccessRow,
  type AreaAccess,
  type MaskedRecord,
  type MaskObjects,
  type MaskRow,
  type MaskViewer,
  type Objects,
  type PartnerObjects,
  type StaffExpectation,
  type Target,
  type Viewer,
} from './access-rows.ts';
import { freshAddress, insertRecord, line } from './giving-fixtures.ts';
import type { TestClient, TestResponse } from './http-client.ts';
import { pdfText } from './pdf-text.ts';
import { platformAccess } from './platform.access.ts';
import { clientAs, createPeople, signedSessionCookie } from './people.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/*
 * THE ACCESS MATRIX: every API route the server has, against every kind of viewer, on objects of
 * partner A (demo) and partner B (maple). One row per route (a route may have several rows for
 * several cases); each row gives the exact status per viewer, in the order of VIEWERS:
 *
 *   anonymous  donor  sponsor  adminA  programA  adminB  platform
 *
 * Targets: A = an object of partner A asked on A's site; B = an object of partner B asked on B's
 * site; BonA = partner B's object asked through A's site (a tenant must never reach another's).
 * The sponsor sponsors the masked record of both partners. A new route fails the coverage test
 * until it has a row. Every answer is also checked for leaks: a viewer who is neither sponsor
 * nor administrator of a masked record never receives its last name, birthday or pictures, and a
 * denied answer never carries the other partner's data.
 *
 * THE ROWS live with their routes: each area's in `src/areas/<area>/<area>.access.ts`, the auth
 * routes' in `platform.access.ts` (what a row says: `access-rows.ts`). This file runs them all, in
 * the order of AREAS and each area's own order, except that a row which removes what other rows
 * use (`destroys`) runs after every other row.
 *
 * THE ACTION AXIS: beside those seven, every row runs on A as each staff role alone (Administrator,
 * Reporting, Management, Messages, DonorManagement), partner-wide and limited to the program
 * administrator's program: ten people of partner A. A row's `staff` says what they get: one status
 * for all, or the action the route requires with its status when granted and when denied; who is
 * granted is read from ACTION_AXIS, the role map written out (decision 022). An action without a
 * row in ACTION_AXIS fails the axis tests, and the server's own view of each person's actions
 * (GET dashboard/partners) must match it too.
 *
 * Set KINSHIP_MATRIX_OBSERVED=path to write the observed table (handy when adding a row).
 */

/** The staff roles of the action axis, each held alone, partner-wide and in one program. */
const STAFF_ROLES = [
  ['Administrator', Role.Administrator],
  ['Reporting', Role.Reporting],
  ['Management', Role.Management],
  ['Messages', Role.Messages],
  ['DonorManagement', Role.DonorManagement],
] as const;

interface StaffViewer {
  name: string;
  role: number;
  /** Limited to the program administrator's program (DEMO_IDS.programAdminEntity). */
  scoped: boolean;
}

const STAFF: StaffViewer[] = STAFF_ROLES.flatMap(([name, role]) => [
  { name, role, scoped: false },
  { name: `${name} in a program`, role, scoped: true },
]);

/*
 * The role map written out: per action, for each staff viewer in the order of STAFF (each role
 * partner-wide P, then in a program S), whether they may do it (in their program, for S).
 */
// prettier-ignore
const ACTION_AXIS: Record<Action, string> = {
  //                     Admin  Report  Manage  Messag  Donors
  //                     P S    P S     P S     P S     P S
  'records.view':      'y y    y y     y y     y y     y y',
  'records.manage':    'y y    - -     y y     - -     - -',
  'pictures.manage':   'y y    - -     y y     - -     - -',
  'types.manage':      'y -    - -     - -     - -     - -',
  'programs.manage':   'y y    - -     y y     - -     - -',
  'updates.manage':    'y y    - -     y y     y y     - -',
  'sponsors.view':     'y y    y y     - -     - -     y y',
  'sponsors.manage':   'y y    - -     - -     - -     y y',
  'donations.view':    'y y    y y     - -     - -     y y',
  'donations.refund':  'y -    - -     - -     - -     y -',
  'donations.manage':  'y -    - -     - -     - -     y -',
  'codes.manage':      'y -    - -     - -     - -     y -',
  'reports.view':      'y y    y y     - -     - -     - -',
  'letters.moderate':  'y y    - -     - -     y y     - -',
  'settings.manage':   'y -    - -     - -     - -     - -',
  'team.manage':       'y -    - -     - -     - -     - -',
  'audit.view':        'y -    - -     - -     - -     - -',
  'platform.console':  '- -    - -     - -     - -     - -',
};

/** Whether the axis grants a staff viewer an action, at a program (undefined: the partner as a whole). */
function axisGrants(action: Action, staff: StaffViewer, entitiesId: number | undefined): boolean {
  const granted = ACTION_AXIS[action].split(/\s+/)[STAFF.indexOf(staff)] === 'y';
  return granted && (!staff.scoped || entitiesId === undefined || entitiesId === DEMO_IDS.programAdminEntity);
}

const LOGINS: Record<Exclude<Viewer, 'anonymous'>, string> = {
  donor: 'donor@demo.example.org',
  sponsor: 'sponsor@demo.example.org',
  adminA: 'partner-admin@demo.example.org',
  programA: 'program-admin@demo.example.org',
  adminB: 'admin@maple.example.org',
  platform: 'admin@kinship.example.org',
};

/** Who may see a masked record of each partner in full: its sponsor and whoever administers its program. */
const PRIVILEGED: Record<Target, readonly Viewer[]> = {
  A: ['sponsor', 'adminA', 'programA', 'platform'],
  B: ['sponsor', 'adminB', 'platform'],
  BonA: [],
};

/** Every area's part of the matrix. */
const AREAS: readonly AreaAccess[] = [
  platformAccess,
  partnersAccess,
  recordsAccess,
  peopleAccess,
  givingAccess,
  sponsorshipsAccess,
  insightAccess,
];

/**
 * The table: every area's rows in order, then the rows that remove an object other rows use, then
 * those that remove a viewer's account (the donor's deletion ends the table). On BonA the object is
 * partner B's but the call is made on A's site (and the partnersId of the query is A's).
 */
const PHASES: AccessRow['destroys'][] = [undefined, 'object', 'viewer'];
const MATRIX: AccessRow[] = PHASES.flatMap((destroys) =>
  AREAS.flatMap((area) => area.rows.filter((row) => row.destroys === destroys)),
);

/** Routes that are not part of the API (none when the built web app is absent, as in tests). */
const NOT_API = new Set(['GET /*']);

let t: TestApp;
let objects: Objects;
const clients = new Map<Viewer, { A: TestClient; B: TestClient }>();
/** The staff viewers of the action axis, signed in on A's site. */
const staffClients = new Map<StaffViewer, TestClient>();

/** People of partner A holding one role each, partner-wide or in the program administrator's program. */
async function createStaff(): Promise<void> {
  const people = await createPeople(t.database, STAFF.length, 'matrix-staff');
  const db = t.database.db;
  const rows = await db
    .insert(partnerUsers)
    .values(people.map((p) => ({ partnersId: DEMO_IDS.partners.demo, usersId: p.usersId })))
    .returning({ id: partnerUsers.id, usersId: partnerUsers.usersId });
  const rowOf = (i: number) => rows.find((r) => r.usersId === people[i]!.usersId)!.id;
  await db
    .insert(partnerUserRoles)
    .values(STAFF.map((s, i) => ({ partnerUsersId: rowOf(i), rolesId: s.role })));
  await db
    .insert(partnerUserEntities)
    .values(
      STAFF.flatMap((s, i) =>
        s.scoped ? [{ partnerUsersId: rowOf(i), entitiesId: DEMO_IDS.programAdminEntity }] : [],
      ),
    );
  STAFF.forEach((s, i) => staffClients.set(s, clientAs(t.port, people[i]!, 'demo.localhost')));
}

async function maskedRecordOf(partnersId: number, id: number): Promise<MaskedRecord> {
  const db = t.database.db;
  const [row] = await db.select().from(sponsoreds).where(eq(sponsoreds.id, id));
  const images = await db
    .select()
    .from(sponsoredImages)
    .where(eq(sponsoredImages.sponsoredsId, id))
    .orderBy(asc(sponsoredImages.id));
  expect(row!.partnersId).toBe(partnersId);
  return {
    id,
    entitiesId: row!.entitiesId,
    lastName: row!.lastName!,
    birthday: row!.birthday!,
    imagePaths: [row!.profileImagePath!, ...images.map((i) => i.imagePath)],
    code: row!.code,
  };
}

/** A masked maple student with a free slot, a picture, a gallery and updates. */
async function openMaskedMapleStudent(): Promise<number> {
  const db = t.database.db;
  const [row] = await db
    .select({ id: sponsoreds.id })
    .from(sponsoreds)
    .innerJoin(partnerSponsoredTypes, eq(partnerSponsoredTypes.id, sponsoreds.partnerSponsoredTypesId))
    .where(
      and(
        eq(sponsoreds.partnersId, DEMO_IDS.partners.maple),
        eq(partnerSponsoredTypes.maskProfiles, true),
        eq(sponsoreds.status, 'active'),
        lt(sponsoreds.slotsFilled, sponsoreds.maxSlots),
        isNotNull(sponsoreds.profileImagePath),
        isNotNull(sponsoreds.lastName),
        isNotNull(sponsoreds.birthday),
        exists(
          db
            .select({ one: sql`1` })
            .from(sponsoredImages)
            .where(eq(sponsoredImages.sponsoredsId, sponsoreds.id)),
        ),
        exists(
          db
            .select({ one: sql`1` })
            .from(updates)
            .where(eq(updates.sponsoredsId, sponsoreds.id)),
        ),
      ),
    )
    .orderBy(asc(sponsoreds.id))
    .limit(1);
  return row!.id;
}

/** The sponsor checks out one slot of a record at a partner: an order, a subscription and a saved card. */
async function sponsorCheckout(site: 'A' | 'B', record: number, type: 'students' | 'teachers') {
  const sponsor = clients.get('sponsor')![site];
  const partner = site === 'A' ? 'demo' : 'maple';
  const partnersId = site === 'A' ? 2 : 3;
  const amount = type === 'students' ? 3900 : 5000;
  const res = await sponsor.post(
    `/api/payments/checkout/month?partnersId=${partnersId}`,
    {
      partnersId,
      stripePaymentIntent: 'pm_card_visa',
      userSponsoreds: [line(record, 1, { type, partner })],
      email: 'sam.okafor@example.org',
      firstName: 'Sam',
      lastName: 'Okafor',
      baseAmount: amount,
      additionalAmount: 0,
    },
    freshAddress(),
  );
  if (res.status !== 200) throw new Error(`checkout at ${partner} failed: ${res.status} ${res.text}`);
  return res.json<{ invoice: string }>().invoice.split('/').pop()!;
}

async function objectsOf(
  site: 'A' | 'B',
  masked: number,
  sponsorUserId: number,
  strangerUserId: number,
): Promise<PartnerObjects> {
  const partnersId = site === 'A' ? 2 : 3;
  const sponsor = clients.get('sponsor')![site];
  const partner = site === 'A' ? 'demo' : 'maple';
  if (site === 'B') await sponsorCheckout('B', masked, 'students');
  const subscribed = await insertRecord(t.database, { maxSlots: 5, partner });
  const receiptCode = await sponsorCheckout(site, subscribed, 'teachers');
  const [order] = await t.database.db
    .select({ ordersId: orders.id, subscriptionId: subscriptions.id })
    .from(orders)
    .innerJoin(subscriptions, eq(subscriptions.ordersId, orders.id))
    .where(eq(orders.receiptCode, receiptCode));
  // A second card through a setup intent: not paying for anything, so it may be removed.
  const intent = (await sponsor.get(`/api/payments/setupintent?partnersId=${partnersId}`)).json<{
    id: string;
    clientSecret: string;
  }>();
  const confirmed = await sponsor.post(
    `/api/sandbox/setupintents/${intent.id}/confirm?partnersId=${partnersId}`,
    {
      clientSecret: intent.clientSecret,
      paymentMethod: 'pm_card_mastercard',
    },
  );
  if (confirmed.status !== 200)
    throw new Error(`setup intent at ${partner}: ${confirmed.status} ${confirmed.text}`);
  const methods = (
    await sponsor.get(`/api/payments/${sponsorUserId}/paymentmethods?partnersId=${partnersId}`)
  ).json<{ id: string; card: { brand: string } | null }[]>();
  const setupIntent = (await sponsor.get(`/api/payments/setupintent?partnersId=${partnersId}`)).json<{
    id: string;
    clientSecret: string;
  }>();
  return {
    partnersId,
    subdomain: partner,
    name: site === 'A' ? 'Bright Futures Demo' : 'Maple Schools Network',
    entityId: site === 'A' ? DEMO_IDS.programAdminEntity : DEMO_IDS.mapleEntity,
    masked: await maskedRecordOf(partnersId, masked),
    openRecord: await insertRecord(t.database, { maxSlots: 50, partner }),
    openRecordForHelper: await insertRecord(t.database, { maxSlots: 50, partner }),
    sponsorUserId,
    strangerUserId,
    ordersId: order!.ordersId,
    subscriptionId: order!.subscriptionId,
    receiptCode,
    methodInUse: methods.find((m) => m.card?.brand === 'visa')!.id,
    spareMethod: methods.find((m) => m.card?.brand === 'mastercard')!.id,
    setupIntent,
    jobId: await trackedJobOf(partnersId, {
      action: 'records.manage',
      programScope: [site === 'A' ? DEMO_IDS.programAdminEntity : DEMO_IDS.mapleEntity],
    }),
    ...(await updatesOf(partnersId, masked)),
    ...(await lettersOf(partnersId, masked, sponsorUserId)),
  };
}

/** The sponsor's letters about the masked record: one submitted for review, one draft (issue 24). */
async function lettersOf(partnersId: number, masked: number, sponsorUserId: number) {
  const db = t.database.db;
  const [sponsorship] = await db
    .select({ id: userSponsoreds.id })
    .from(userSponsoreds)
    .where(and(eq(userSponsoreds.sponsoredsId, masked), eq(userSponsoreds.usersId, sponsorUserId)))
    .orderBy(asc(userSponsoreds.id))
    .limit(1);
  const letter = (status: 'submitted' | 'draft') => ({
    partnersId,
    userSponsoredsId: sponsorship!.id,
    sponsoredsId: masked,
    usersId: sponsorUserId,
    direction: 'to_sponsored',
    status,
    body: `Matrix ${status} letter`,
    language: 'en-US',
    writtenByUsersId: sponsorUserId,
    submittedAt: status === 'submitted' ? new Date() : null,
  });
  const [submitted, draft] = await db
    .insert(messages)
    .values([letter('submitted'), letter('draft')])
    .returning({ id: messages.id });
  return { letterId: submitted!.id, draftLetterId: draft!.id };
}

/** The masked record's first update (its page code), and a draft and a sent update post to it. */
async function updatesOf(partnersId: number, masked: number) {
  const db = t.database.db;
  const [update] = await db
    .select({ code: updates.code })
    .from(updates)
    .where(eq(updates.sponsoredsId, masked))
    .orderBy(asc(updates.id))
    .limit(1);
  const [record] = await db
    .select({ entitiesId: sponsoreds.entitiesId })
    .from(sponsoreds)
    .where(eq(sponsoreds.id, masked));
  const post = (status: 'draft' | 'sent') => ({
    partnersId,
    title: `Matrix ${status}`,
    updateMessage: '<p>Matrix</p>',
    audience: { kind: 'records' as const, sponsoredsIds: [masked] },
    sponsoredsIds: [masked],
    entityIds: [record!.entitiesId],
    status,
    distributeAt: status === 'sent' ? new Date() : null,
    sentAt: status === 'sent' ? new Date() : null,
  });
  const [draft, sent] = await db
    .insert(updatePosts)
    .values([post('draft'), post('sent')])
    .returning({ id: updatePosts.id });
  return { updateCode: update!.code, draftPostId: draft!.id, sentPostId: sent!.id };
}

/** A tracked job as `jobs.send` records it: the action and programs of whoever started it. */
async function trackedJobOf(
  partnersId: number,
  startedWith: { action: Action; programScope: number[] | null },
): Promise<string> {
  const id = randomUUID();
  await t.database.db
    .insert(jobProgress)
    .values({ id, name: 'matrix.import', partnersId, done: 3, total: 10, ...startedWith });
  return id;
}

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'loopback' } });
  clients.set('anonymous', { A: t.client('demo.localhost'), B: t.client('maple.localhost') });
  for (const viewer of VIEWERS) {
    if (viewer === 'anonymous') continue;
    const email = LOGINS[viewer];
    const client = t.client('demo.localhost');
    await client.signIn(email, DEMO_ACCOUNTS.find((a) => a.email === email)!.password);
    clients.set(viewer, { A: client, B: client.withHost('maple.localhost') });
  }
  const idRows = await t.database.db.select({ id: users.id, email: users.email }).from(users);
  const idOf = (email: string) => idRows.find((r) => r.email === email)!.id;
  const userIds = Object.fromEntries(
    Object.entries(LOGINS).map(([viewer, email]) => [viewer, idOf(email)]),
  ) as Objects['userIds'];
  await createStaff();
  const strangers = await createPeople(t.database, 2, 'matrix-stranger');
  const mapleMasked = await openMaskedMapleStudent();
  const A = await objectsOf('A', DEMO_IDS.maskedSponsoredOfSponsor, userIds.sponsor, strangers[0]!.usersId);
  const B = await objectsOf('B', mapleMasked, userIds.sponsor, strangers[1]!.usersId);
  const outsideProgram = await maskedRecordOf(2, DEMO_IDS.maskedNotSponsoredOtherEntity);
  objects = {
    A,
    B,
    userIds,
    outsideProgram,
    otherProgramJobId: await trackedJobOf(2, {
      action: 'records.manage',
      programScope: [outsideProgram.entitiesId],
    }),
    yearEndJobId: await trackedJobOf(2, { action: 'donations.manage', programScope: null }),
  };
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** Every object in a JSON value. */
function* objectsIn(value: unknown): Generator<Record<string, unknown>> {
  if (Array.isArray(value)) for (const item of value) yield* objectsIn(item);
  else if (value && typeof value === 'object') {
    yield value as Record<string, unknown>;
    for (const item of Object.values(value)) yield* objectsIn(item);
  }
}

/** The masked record a row is about on a target. */
function maskedRecordOfRow(row: AccessRow, target: Target): MaskedRecord {
  if (row.masked) return row.masked.record(objects);
  return target === 'A' ? objects.A.masked : objects.B.masked;
}

/** Whether a viewer of the table may see the row's masked record in full. */
function isPrivileged(row: AccessRow, target: Target, viewer: Viewer): boolean {
  return (row.masked ? row.masked.privileged : PRIVILEGED[target]).includes(viewer);
}

/** A staff viewer sees a masked record in full where they may see records: `records.view` there. */
function isStaffPrivileged(row: AccessRow, staff: StaffViewer): boolean {
  return axisGrants('records.view', staff, maskedRecordOfRow(row, 'A').entitiesId);
}

/** The leak checks of one answer; returns the problems found. */
function leaksIn(res: TestResponse, row: AccessRow, target: Target, privileged: boolean): string[] {
  const problems: string[] = [];
  const otherPartner = target === 'B' ? objects.A : objects.B;
  const record = maskedRecordOfRow(row, target);
  if (!privileged) {
    for (const path of record.imagePaths) if (res.text.includes(path)) problems.push(`picture ${path}`);
    let json: unknown = null;
    try {
      json = JSON.parse(res.text);
    } catch {
      // not JSON (a PDF, a picture, a plain-text error)
    }
    for (const obj of objectsIn(json)) {
      if (obj.id !== record.id || !('partnerSponsoredTypesId' in obj)) continue;
      for (const field of ['lastName', 'birthday', 'birthdayFormatted', 'profileImagePath'] as const) {
        if (obj[field] !== undefined && obj[field] !== null)
          problems.push(`${field} of masked record ${record.id}`);
      }
    }
  }
  if (res.status >= 400) {
    if (res.text.includes(otherPartner.name)) problems.push(`the other partner’s name in a denial`);
    for (const masked of [objects.A.masked, objects.B.masked, objects.outsideProgram]) {
      if (res.text.includes(masked.lastName)) problems.push(`a masked last name in a denial`);
      if (res.text.includes(masked.birthday)) problems.push(`a masked birthday in a denial`);
    }
  }
  return problems;
}

const rowName = (row: AccessRow) => (row.case ? `${row.route} (${row.case})` : row.route);
const observed: Record<string, Partial<Record<Target | 'staff', string>>> = {};

/** The status a staff viewer should get on a row, by the action axis. */
function staffStatus(expectation: StaffExpectation, staff: StaffViewer): number {
  if (typeof expectation === 'number') return expectation;
  const at = expectation.at?.(objects);
  return axisGrants(expectation.action, staff, at) ? expectation.granted : expectation.denied;
}

describe('access matrix', () => {
  it('lists every route the server has, and only routes it has', () => {
    const registered = new Set(
      t.app.routeList.map((r) => `${r.method} ${r.url}`).filter((r) => !NOT_API.has(r)),
    );
    const listed = new Set(MATRIX.map((r) => r.route));
    expect([...registered].filter((r) => !listed.has(r)).sort()).toEqual([]);
    expect([...listed].filter((r) => !registered.has(r)).sort()).toEqual([]);
  });

  for (const row of MATRIX) {
    it(rowName(row), async () => {
      const method = row.route.split(' ')[0]!;
      const actual: Partial<Record<Target, string>> = {};
      const problems: string[] = [];
      for (const target of Object.keys(row.expect) as Target[]) {
        const partner = target === 'B' ? objects.B : target === 'A' ? objects.A : objects.B;
        const statuses: string[] = [];
        for (const viewer of VIEWERS) {
          const client = clients.get(viewer)![target === 'B' ? 'B' : 'A'];
          const call = row.call(partner, objects, target);
          let path = call.path;
          // On A's site the query names A, whichever partner owns the object.
          if (target === 'BonA') path = path.replace(/partnersId=3\b/, 'partnersId=2');
          const res = await client.request(method, path, call.body, freshAddress());
          statuses.push(String(res.status));
          for (const problem of leaksIn(res, row, target, isPrivileged(row, target, viewer)))
            problems.push(`${target} ${viewer}: ${problem}`);
        }
        actual[target] = statuses.join(' ');
      }
      // The action axis: the staff of A, on A.
      const expected: Partial<Record<Target | 'staff', string>> = { ...row.expect };
      const actualWithStaff: Partial<Record<Target | 'staff', string>> = { ...actual };
      if (row.expect.A !== undefined) {
        const statuses: string[] = [];
        for (const staff of STAFF) {
          const call = row.call(objects.A, objects, 'A');
          const res = await staffClients.get(staff)!.request(method, call.path, call.body, freshAddress());
          statuses.push(String(res.status));
          for (const problem of leaksIn(res, row, 'A', isStaffPrivileged(row, staff)))
            problems.push(`A ${staff.name}: ${problem}`);
        }
        actualWithStaff.staff = statuses.join(' ');
        expected.staff = STAFF.map((staff) => String(staffStatus(row.staff, staff))).join(' ');
      }
      observed[rowName(row)] = actualWithStaff;
      expect(actualWithStaff).toEqual(expected);
      expect(problems).toEqual([]);
    });
  }

  afterAll(() => {
    const out = process.env.KINSHIP_MATRIX_OBSERVED;
    if (out) fs.writeFileSync(out, JSON.stringify(observed, null, 2));
  });
});

/*
 * MASKED RECORDS IN EVERY ANSWER, BY THE VIEWER'S RIGHTS. Every route whose answer can carry a
 * sponsored record (its card, its name, its pictures) is asked, as every viewer, about a masked
 * child OUTSIDE the program administrator's program that a person (the outsider) sponsors. Only
 * the outsider (its sponsor) and whoever administers its program (adminA, platform) may receive
 * its last name, birthday or pictures; the program administrator may not, even when the answer is
 * about the outsider, who may. The answer of a person unknown to the partner and of an id that
 * does not exist are the same. (The donor's account is gone by now: the matrix deleted it.)
 * Each area lists such a route in its `masked` rows, and every other route in its
 * `carriesNoSponsoredRecord`, with the reason.
 */

/** Routes that never carry a sponsored record's last name, birthday or pictures, and why (every area's). */
const CARRIES_NO_SPONSORED_RECORD: Record<string, string> = Object.fromEntries(
  AREAS.flatMap((area) => Object.entries(area.carriesNoSponsoredRecord)),
);

/** The routes whose answers can carry a sponsored record, asked about the outside record (every area's). */
const MASK_ROWS: MaskRow[] = AREAS.flatMap((area) => area.masked);

/** The details of PUT users/{id}: the outsider's own, unchanged. */
const OUTSIDER_DETAILS = {
  firstName: 'Olu',
  lastName: 'Outsider',
  address1: '1 Test Street',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
};

/** The text an answer carries: a PDF's drawn text, else the body. */
function answerText(res: TestResponse, raw: Buffer): string {
  return String(res.headers['content-type']).startsWith('application/pdf') ? pdfText(raw) : res.text;
}

/**
 * A masked record's private fields in an answer: its pictures anywhere; in JSON, the fields of the
 * record's own objects (another record may share a surname); in any other answer (a PDF's text, a
 * plain-text error), its last name or birthday anywhere.
 */
function privateFieldsIn(text: string, record: MaskedRecord): string[] {
  const found: string[] = [];
  for (const path of record.imagePaths) if (text.includes(path)) found.push(`picture ${path}`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    if (text.includes(record.lastName)) found.push('last name');
    if (text.includes(record.birthday)) found.push('birthday');
    return found;
  }
  for (const obj of objectsIn(json)) {
    if (obj.id !== record.id || !('partnerSponsoredTypesId' in obj)) continue;
    for (const field of ['lastName', 'birthday', 'birthdayFormatted', 'profileImagePath'] as const) {
      if (obj[field] !== undefined && obj[field] !== null) found.push(`${field} in JSON`);
    }
  }
  return found;
}

describe('masked records in every answer follow the viewer’s rights (a program administrator outside their program)', () => {
  let m: MaskObjects;
  const maskClients = new Map<MaskViewer, { A: TestClient; B: TestClient }>();

  /** GET over real HTTP, keeping the raw bytes (a PDF is not UTF-8). */
  async function fetchAs(viewer: MaskViewer, site: 'A' | 'B', method: string, path: string, body?: unknown) {
    const client = maskClients.get(viewer)![site];
    const res = await client.request(method, path, body, freshAddress());
    let raw = Buffer.from(res.text);
    if (String(res.headers['content-type']).startsWith('application/pdf')) {
      const bytes = await fetch(`http://127.0.0.1:${t.port}${path}`, {
        headers: { cookie: client.cookieHeader, ...freshAddress() },
      });
      raw = Buffer.from(await bytes.arrayBuffer());
    }
    return { res, text: answerText(res, raw) };
  }

  beforeAll(async () => {
    for (const viewer of MASK_VIEWERS) {
      if (viewer !== 'outsider') maskClients.set(viewer, clients.get(viewer)!);
    }
    const [outsider, mapleOnly] = await createPeople(t.database, 2, 'masking-outsider');
    const outsiderClient = t
      .client('demo.localhost')
      .setCookie('kinship.session_token', signedSessionCookie(outsider!.sessionToken));
    maskClients.set('outsider', { A: outsiderClient, B: outsiderClient.withHost('maple.localhost') });
    await t.database.db.update(users).set(OUTSIDER_DETAILS).where(eq(users.id, outsider!.usersId));

    const checkedOut = await outsiderClient.post(
      '/api/payments/checkout/month?partnersId=2',
      {
        partnersId: 2,
        stripePaymentIntent: 'pm_card_visa',
        userSponsoreds: [
          line(objects.outsideProgram.id, 1, { type: 'students', usersId: outsider!.usersId }),
        ],
        email: outsider!.email,
        firstName: 'Olu',
        lastName: 'Outsider',
        baseAmount: 3900,
        additionalAmount: 0,
      },
      freshAddress(),
    );
    if (checkedOut.status !== 200)
      throw new Error(`outsider checkout: ${checkedOut.status} ${checkedOut.text}`);
    const receiptCode = checkedOut.json<{ invoice: string }>().invoice.split('/').pop()!;
    const [order] = await t.database.db
      .select({ subscriptionId: subscriptions.id })
      .from(orders)
      .innerJoin(subscriptions, eq(subscriptions.ordersId, orders.id))
      .where(eq(orders.receiptCode, receiptCode));

    const endedInProgram = await maskedRecordOf(2, DEMO_IDS.maskedNotSponsored);
    await t.database.db.insert(userSponsoreds).values([
      {
        partnersId: 2,
        usersId: outsider!.usersId,
        sponsoredsId: endedInProgram.id,
        numSlots: 1,
        amount: 3900,
        interval: 'month',
        dateStarted: new Date(Date.now() - 400 * 86_400_000),
        dateEnded: new Date(Date.now() - 30 * 86_400_000),
      },
      {
        partnersId: 3,
        usersId: mapleOnly!.usersId,
        sponsoredsId: objects.B.masked.id,
        numSlots: 1,
        amount: 3900,
        interval: 'month',
        dateEnded: new Date(),
      },
    ]);
    m = {
      outsiderId: outsider!.usersId,
      receiptCode,
      subscriptionId: order!.subscriptionId,
      endedInProgram,
      mapleOnlyPersonId: mapleOnly!.usersId,
      missingPersonId: 999_999_999,
    };
  }, 60_000);

  it('classifies every route: it carries sponsored records and has a row here, or it carries none', () => {
    const registered = [...new Set(t.app.routeList.map((r) => `${r.method} ${r.url}`))].filter(
      (r) => !NOT_API.has(r),
    );
    const covered = new Set([...MASK_ROWS.map((r) => r.route), ...Object.keys(CARRIES_NO_SPONSORED_RECORD)]);
    expect(registered.filter((r) => !covered.has(r)).sort()).toEqual([]);
  });

  for (const row of MASK_ROWS) {
    it(row.case ? `${row.route} (${row.case})` : row.route, async () => {
      const method = row.route.split(' ')[0]!;
      const statuses: string[] = [];
      const problems: string[] = [];
      for (const viewer of MASK_VIEWERS) {
        const body = method === 'PUT' ? OUTSIDER_DETAILS : undefined;
        const { res, text } = await fetchAs(viewer, 'A', method, row.path(m, objects), body);
        statuses.push(String(res.status));
        const seesInFull = viewer === 'outsider' || viewer === 'adminA' || viewer === 'platform';
        if (!seesInFull)
          for (const found of privateFieldsIn(text, objects.outsideProgram))
            problems.push(`${viewer}: ${found}`);
      }
      expect(statuses.join(' ')).toBe(row.expect);
      expect(problems).toEqual([]);
    });
  }

  it('shows the program administrator none of another person’s sponsorships outside their program, and one inside it in full', async () => {
    const { res } = await fetchAs(
      'programA',
      'A',
      'GET',
      `/api/users/${m.outsiderId}/sponsoreds?partnersId=2`,
    );
    expect(res.status).toBe(200);
    const cards =
      res.json<{ sponsoredsId: number; dateEnded: string | null; sponsoreds: Record<string, unknown> }[]>();
    // A program-scoped person's lists hold only their programs' rows (decision 022).
    expect(cards.find((c) => c.sponsoredsId === objects.outsideProgram.id)).toBeUndefined();
    // The outsider's sponsorship there has ended, but the program administrator administers it.
    const inside = cards.find((c) => c.sponsoredsId === m.endedInProgram.id)!;
    expect(inside.dateEnded).not.toBeNull();
    expect(inside.sponsoreds).toMatchObject({
      masked: true,
      lastName: m.endedInProgram.lastName,
      profileImagePath: m.endedInProgram.imagePaths[0],
    });
  });

  it('shows the outsider their own active sponsorship in full and the ended one masked, in every answer of theirs', async () => {
    const expectCards = (cards: { sponsoredsId: number; sponsoreds: Record<string, unknown> }[]) => {
      expect(cards.find((c) => c.sponsoredsId === objects.outsideProgram.id)!.sponsoreds).toMatchObject({
        lastName: objects.outsideProgram.lastName,
        profileImagePath: objects.outsideProgram.imagePaths[0],
      });
      expect(cards.find((c) => c.sponsoredsId === m.endedInProgram.id)!.sponsoreds).toMatchObject({
        lastName: null,
        profileImagePath: null,
      });
    };
    const own = await fetchAs('outsider', 'A', 'GET', `/api/users/${m.outsiderId}/sponsoreds?partnersId=2`);
    expectCards(own.res.json());
    const me = await fetchAs('outsider', 'A', 'GET', '/api/users/getByToken?partnersId=2');
    expectCards(me.res.json<{ userSponsoreds: [] }>().userSponsoreds);
    const exported = await fetchAs('outsider', 'A', 'GET', `/api/users/${m.outsiderId}/export?partnersId=2`);
    expectCards(exported.res.json<{ sponsorships: [] }>().sponsorships);
  });

  it('answers a person of another partner and an id nobody has alike, to every viewer', async () => {
    const asked = [
      { site: 'A' as const, partnersId: 2, unknown: m.mapleOnlyPersonId },
      { site: 'B' as const, partnersId: 3, unknown: m.outsiderId },
    ];
    const differences: string[] = [];
    for (const { site, partnersId, unknown } of asked) {
      for (const viewer of MASK_VIEWERS) {
        if (viewer === 'outsider' && unknown === m.outsiderId) continue;
        const answer = async (id: number) => {
          const { res } = await fetchAs(
            viewer,
            site,
            'GET',
            `/api/users/${id}/sponsoreds?partnersId=${partnersId}`,
          );
          return `${res.status} ${res.text.replaceAll(String(id), '{id}')}`;
        };
        const [ofUnknown, ofMissing] = [await answer(unknown), await answer(m.missingPersonId)];
        if (ofUnknown !== ofMissing) differences.push(`${site} ${viewer}: ${ofUnknown} <> ${ofMissing}`);
      }
    }
    expect(differences).toEqual([]);
    const { res } = await fetchAs(
      'adminA',
      'A',
      'GET',
      `/api/users/${m.missingPersonId}/sponsoreds?partnersId=2`,
    );
    expect(res.status).toBe(404);
    expect(res.text).toBe(`User ${m.missingPersonId} was not found.`);
  });
});

describe('access matrix: the action axis', () => {
  it('has a row for every action, and only for actions', () => {
    expect(Object.keys(ACTION_AXIS).sort()).toEqual([...ACTIONS].sort());
  });

  it('the domain grants each role alone what the axis says, partner-wide and in the program', () => {
    const granted = (staff: StaffViewer, action: Action, entitiesId?: number) =>
      can(
        {
          userId: staff.name,
          partnerUsers: [
            {
              partnersId: DEMO_IDS.partners.demo,
              roles: [staff.role],
              entityIds: staff.scoped ? [DEMO_IDS.programAdminEntity] : [],
            },
          ],
        },
        action,
        { partnersId: DEMO_IDS.partners.demo, entitiesId },
      );
    for (const action of ACTIONS) {
      const inProgram = STAFF.map((s) => granted(s, action, DEMO_IDS.programAdminEntity));
      const elsewhere = STAFF.map((s) => granted(s, action, DEMO_IDS.otherDemoEntity));
      expect({ action, inProgram }).toEqual({
        action,
        inProgram: STAFF.map((s) => axisGrants(action, s, DEMO_IDS.programAdminEntity)),
      });
      expect({ action, elsewhere }).toEqual({
        action,
        elsewhere: STAFF.map((s) => axisGrants(action, s, DEMO_IDS.otherDemoEntity)),
      });
    }
  });

  it('the server reads each person’s roles and scope into the actions the axis says (GET dashboard/partners)', async () => {
    for (const staff of STAFF) {
      const res = await staffClients.get(staff)!.get('/api/dashboard/partners?partnersId=2');
      expect(res.status).toBe(200);
      const partners = res.json<StaffedPartner[]>();
      expect(partners.map((p) => p.id)).toEqual([DEMO_IDS.partners.demo]);
      expect({ who: staff.name, actions: partners[0]!.actions }).toEqual({
        who: staff.name,
        actions: ACTIONS.filter((action) => axisGrants(action, staff, undefined)),
      });
    }
  });
});

describe('access matrix: program scope in lists', () => {
  const staffNamed = (name: string) => staffClients.get(STAFF.find((s) => s.name === name)!)!;

  it('a program-scoped person’s list of inactive records and its count hold their program’s rows only', async () => {
    const inProgram = await insertRecord(t.database, { maxSlots: 1 });
    const elsewhere = await insertRecord(t.database, { maxSlots: 1 });
    await t.database.db
      .update(sponsoreds)
      .set({ status: 'inactive', active: false })
      .where(inArray(sponsoreds.id, [inProgram, elsewhere]));
    await t.database.db
      .update(sponsoreds)
      .set({ entitiesId: DEMO_IDS.otherDemoEntity })
      .where(eq(sponsoreds.id, elsewhere));
    const countOf = async (entitiesId: number | null) => {
      const rows = await t.database.db
        .select({ n: count() })
        .from(sponsoreds)
        .innerJoin(partnerSponsoredTypes, eq(partnerSponsoredTypes.id, sponsoreds.partnerSponsoredTypesId))
        .where(
          and(
            eq(sponsoreds.partnersId, DEMO_IDS.partners.demo),
            eq(sponsoreds.status, 'inactive'),
            eq(partnerSponsoredTypes.active, true),
            entitiesId === null ? undefined : eq(sponsoreds.entitiesId, entitiesId),
          ),
        );
      return rows[0]!.n;
    };
    const path = '/api/partners/2/sponsoreds?partnersId=2&status=inactive&limit=100';

    const scoped = await staffNamed('Reporting in a program').get(path);
    expect(scoped.status).toBe(200);
    const scopedItems = scoped.json<{ id: number; entitiesId: number }[]>();
    expect(new Set(scopedItems.map((i) => i.entitiesId))).toEqual(new Set([DEMO_IDS.programAdminEntity]));
    expect(scopedItems.map((i) => i.id)).toContain(inProgram);
    expect(Number(scoped.headers['x-total-count'])).toBe(await countOf(DEMO_IDS.programAdminEntity));

    const wide = await staffNamed('Reporting').get(path);
    const wideItems = wide.json<{ id: number }[]>();
    expect(wideItems.map((i) => i.id)).toEqual(expect.arrayContaining([inProgram, elsewhere]));
    expect(Number(wide.headers['x-total-count'])).toBe(await countOf(null));
  });

  it('a program-scoped person sees another person’s sponsorships of their program’s records only', async () => {
    const sponsor = objects.userIds.sponsor;
    const path = `/api/users/${sponsor}/sponsoreds?partnersId=2`;
    const programOf = async (ids: number[]) =>
      (await t.database.db.select({ id: sponsoreds.id, e: sponsoreds.entitiesId }).from(sponsoreds)).filter(
        (r) => ids.includes(r.id),
      );
    const wide = (await staffNamed('DonorManagement').get(path)).json<{ sponsoredsId: number }[]>();
    const scopedRes = await staffNamed('DonorManagement in a program').get(path);
    expect(scopedRes.status).toBe(200);
    const scoped = scopedRes.json<{ sponsoredsId: number }[]>();
    const wideRecords = await programOf(wide.map((s) => s.sponsoredsId));
    // The demo sponsor sponsors records in more than one program, so the scope shows.
    expect(new Set(wideRecords.map((r) => r.e)).size).toBeGreaterThan(1);
    expect(scoped.map((s) => s.sponsoredsId).sort()).toEqual(
      wide
        .map((s) => s.sponsoredsId)
        .filter((id) => wideRecords.find((r) => r.id === id)!.e === DEMO_IDS.programAdminEntity)
        .sort(),
    );
    expect(scoped.length).toBeGreaterThan(0);
  });
});

describe('access matrix: codes in full (codes.manage, decision 052)', () => {
  it('shows trial codes and lightning links in full to codes.manage, and their last four to other staff', async () => {
    const full = formatCodeForStaff(DEMO_EXPIRED_TRIAL_CODE);
    for (const staff of STAFF) {
      const res = await staffClients.get(staff)!.get('/api/dashboard/giving-codes?partnersId=2');
      if (!axisGrants('donations.view', staff, undefined)) {
        expect({ who: staff.name, status: res.status }).toEqual({ who: staff.name, status: 403 });
        continue;
      }
      const codes = res.json<{
        trials: { code: string }[];
        lightning: { code: string; path: string | null }[];
      }>();
      const inFull = axisGrants('codes.manage', staff, undefined);
      const shown = [...codes.trials.map((c) => c.code), ...codes.lightning.map((l) => l.code)];
      expect({ who: staff.name, masked: shown.every(isMaskedCode) }).toEqual({
        who: staff.name,
        masked: !inFull,
      });
      if (!staff.scoped) {
        // Partner-wide staff list the demo's expired trial code and its lightning link.
        expect({ who: staff.name, has: codes.trials.map((c) => c.code) }).toEqual({
          who: staff.name,
          has: expect.arrayContaining([inFull ? full : maskCode(DEMO_EXPIRED_TRIAL_CODE)]),
        });
        expect(codes.lightning.map((l) => [l.code, l.path !== null])).toContainEqual(
          inFull ? [DEMO_LIGHTNING_CODE, true] : [maskCode(DEMO_LIGHTNING_CODE), false],
        );
      }
      if (!inFull)
        expect({ who: staff.name, leak: res.text.includes(DEMO_EXPIRED_TRIAL_CODE) }).toEqual({
          who: staff.name,
          leak: false,
        });
    }
  });
});

const formatCodeForStaff = (code: string) => code.match(/.{1,4}/g)!.join('-');
