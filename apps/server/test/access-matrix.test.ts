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
  updatePosts,
  updates,
  userSponsoreds,
  users,
} from '../src/db/schema/index.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_EXPIRED_GIFT_CODE,
  DEMO_EXPIRED_TRIAL_CODE,
  DEMO_IDS,
  DEMO_LIGHTNING_CODE,
} from '../src/seed/demo.ts';
import { freshAddress, insertRecord, line } from './giving-fixtures.ts';
import type { TestClient, TestResponse } from './http-client.ts';
import { pdfText } from './pdf-text.ts';
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
 * until it has a row here. Every answer is also checked for leaks: a viewer who is neither sponsor
 * nor administrator of a masked record never receives its last name, birthday or pictures, and a
 * denied answer never carries the other partner's data.
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

const VIEWERS = ['anonymous', 'donor', 'sponsor', 'adminA', 'programA', 'adminB', 'platform'] as const;
type Viewer = (typeof VIEWERS)[number];
type Target = 'A' | 'B' | 'BonA';

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

/** What the staff viewers get on a row: one status for all, or the status by the action's grant. */
type StaffExpectation =
  | number
  | {
      action: Action;
      /** The program of the object asked about; omitted for a list of the partner. */
      at?: (all: Objects) => number;
      granted: number;
      denied: number;
    };

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

interface MaskedRecord {
  id: number;
  entitiesId: number;
  lastName: string;
  birthday: string;
  imagePaths: string[];
  code: string;
}

/** The objects of one partner that the rows point at. */
interface PartnerObjects {
  partnersId: number;
  subdomain: string;
  name: string;
  entityId: number;
  /** Masked, sponsored by the sponsor, with a profile picture, a gallery and updates. */
  masked: MaskedRecord;
  /** Records open for checkout by anyone (many slots), one per checkout route. */
  openRecord: number;
  openRecordForHelper: number;
  sponsorUserId: number;
  /** A person none of the viewers is. */
  strangerUserId: number;
  /** The sponsor's order, subscription and payment methods at this partner. */
  ordersId: number;
  subscriptionId: number;
  receiptCode: string;
  methodInUse: string;
  spareMethod: string;
  setupIntent: { id: string; clientSecret: string };
  /** A tracked job's progress row. */
  jobId: string;
  /** A record update of the masked record (its page code), a draft and a sent update post to it. */
  updateCode: string;
  draftPostId: number;
  sentPostId: number;
}

interface Objects {
  A: PartnerObjects;
  B: PartnerObjects;
  /** A masked record of partner A in another program than the program administrator's, sponsored by nobody. */
  outsideProgram: MaskedRecord;
  /** Person records of the viewers. */
  userIds: Record<Exclude<Viewer, 'anonymous'>, number>;
  /** Partner A's tracked jobs: an import started in the outside program, and a year-end run. */
  otherProgramJobId: string;
  yearEndJobId: string;
}

interface Call {
  path: string;
  body?: unknown;
}

interface Row {
  /** The route as registered: METHOD and URL pattern. */
  route: string;
  /** What this row asks, when a route has several rows. */
  case?: string;
  call: (o: PartnerObjects, all: Objects, target: Target) => Call;
  expect: Partial<Record<Target, string>>;
  /** What each staff viewer of the action axis gets on A (rows with an A target). */
  staff: StaffExpectation;
  /** The masked record this row is about, when not the target's own (with who may see it in full). */
  masked?: { record: (all: Objects) => MaskedRecord; privileged: readonly Viewer[] };
}

/** The students type of the partner of a target (the Records section lists one type at a time). */
const studentsOf = (o: PartnerObjects) =>
  o.partnersId === DEMO_IDS.partners.maple ? DEMO_IDS.types.maple.students! : DEMO_IDS.types.demo.students!;

const all = (status: number) => VIEWERS.map(() => String(status)).join(' ');
const q = (o: PartnerObjects) => `partnersId=${o.partnersId}`;
/** A sponsored type of the row's partner (W3). */
const typeOf = (o: PartnerObjects) =>
  o.subdomain === 'maple' ? DEMO_IDS.types.maple.students : DEMO_IDS.types.demo.students;

let emailCounter = 0;
/** A payer email of its own per call, so the card-testing limits per email stay out of the table. */
const payerEmail = () => `payer-${++emailCounter}@example.org`;

function checkoutBody(o: PartnerObjects, interval?: 'month' | 'year') {
  const partner = o.subdomain === 'maple' ? 'maple' : 'demo';
  return {
    partnersId: o.partnersId,
    stripePaymentIntent: 'pm_card_visa',
    userSponsoreds: [line(interval ? o.openRecordForHelper : o.openRecord, 1, { type: 'teachers', partner })],
    email: payerEmail(),
    firstName: 'Matrix',
    lastName: 'Checkout',
    // The teachers plan: 50.00 a month, 12 times that a year.
    baseAmount: interval === 'year' ? 60000 : 5000,
    additionalAmount: 0,
    ...(interval ? { paymentInterval: interval } : {}),
  };
}

/**
 * The table. On BonA the object is partner B's but the call is made on A's site (and the
 * partnersId of the query is A's).
 */
const MATRIX: Row[] = [
  // ------------------------------------------------------------------ sign-in (better-auth)
  {
    route: 'GET /api/auth/*',
    case: 'get-session',
    call: () => ({ path: '/api/auth/get-session' }),
    staff: 200,
    expect: { A: all(200), B: all(200) },
  },
  {
    route: 'POST /api/auth/*',
    case: 'request-password-reset',
    call: () => ({
      path: '/api/auth/request-password-reset',
      body: { email: 'nobody-in-the-matrix@example.org' },
    }),
    staff: 200,
    expect: { A: all(200), B: all(200) },
  },
  {
    route: 'GET /api/auth-config',
    call: (o) => ({ path: `/api/auth-config?${q(o)}` }),
    staff: 200,
    expect: { A: all(200), B: all(200) },
  },
  // ------------------------------------------------------------------ partners
  {
    route: 'GET /api/partners/:key',
    call: (o) => ({ path: `/api/partners/${o.subdomain}` }),
    // The public partner model, by key on any site.
    staff: 200,
    expect: { A: all(200), B: all(200), BonA: all(200) },
  },
  {
    route: 'GET /api/partners',
    call: (o) => ({ path: `/api/partners?${q(o)}` }),
    staff: 200,
    expect: { A: all(200), B: all(200) },
  },
  {
    route: 'GET /api/partners/:id/onboardurl',
    call: (o, _all, target) => ({
      path: `/api/partners/${o.partnersId}/onboardurl?partnersId=${target === 'BonA' ? 2 : o.partnersId}`,
    }),
    staff: { action: 'settings.manage', granted: 200, denied: 403 },
    expect: {
      A: '401 403 403 200 403 403 200',
      B: '401 403 403 403 403 200 200',
      BonA: '401 400 400 400 400 400 200',
    },
  },
  {
    route: 'POST /api/partners/oauthonboard',
    call: () => ({
      path: '/api/partners/oauthonboard',
      body: { state: 'not-a-state', authorizationCode: 'ac_nothing' },
    }),
    staff: 400,
    expect: { A: all(400), B: all(400) },
  },
  {
    route: 'GET /api/partners/:partnerId/landing',
    call: (o) => ({ path: `/api/partners/${o.partnersId}/landing?${q(o)}` }),
    staff: 200,
    expect: { A: all(200), B: all(200), BonA: all(404) },
  },
  // ------------------------------------------------------------------ sponsored records
  {
    route: 'GET /api/partners/:partnerId/sponsoreds',
    case: 'active listing of the site',
    call: (o) => ({ path: `/api/partners/${o.partnersId}/sponsoreds?${q(o)}&limit=100` }),
    staff: 200,
    expect: { A: all(200), B: all(200), BonA: all(404) },
  },
  {
    route: 'GET /api/partners/:partnerId/sponsoreds',
    case: 'inactive records (administrators only)',
    call: (o) => ({ path: `/api/partners/${o.partnersId}/sponsoreds?${q(o)}&status=inactive` }),
    staff: { action: 'records.view', granted: 200, denied: 403 },
    expect: { A: '401 403 403 200 200 403 200', B: '401 403 403 403 403 200 200' },
  },
  {
    route: 'GET /api/partners/:partnerId/sponsoreds',
    case: 'a program of the other partner',
    call: (o, objects) => {
      const site = o.partnersId === 2 ? objects.A : objects.B;
      const other = o.partnersId === 2 ? objects.B : objects.A;
      return { path: `/api/partners/${site.partnersId}/sponsoreds?${q(site)}&entitiesId=${other.entityId}` };
    },
    staff: 400,
    expect: { A: all(400), B: all(400) },
  },
  {
    route: 'GET /api/sponsoreds/:id',
    call: (o) => ({ path: `/api/sponsoreds/${o.masked.id}` }),
    staff: 200,
    expect: { A: all(200), B: all(200), BonA: all(404) },
  },
  {
    route: 'GET /api/sponsoreds/:id',
    case: 'a masked record outside the program administrator’s program',
    call: (_o, objects) => ({ path: `/api/sponsoreds/${objects.outsideProgram.id}` }),
    staff: 200,
    expect: { A: all(200) },
    masked: { record: (objects) => objects.outsideProgram, privileged: ['adminA', 'platform'] },
  },
  {
    route: 'GET /api/sponsoreds/:id/updates',
    case: 'a masked record outside the program administrator’s program',
    call: (_o, objects) => ({ path: `/api/sponsoreds/${objects.outsideProgram.id}/updates` }),
    staff: { action: 'records.view', at: (all) => all.outsideProgram.entitiesId, granted: 200, denied: 403 },
    expect: { A: '401 403 403 200 403 403 200' },
    masked: { record: (objects) => objects.outsideProgram, privileged: ['adminA', 'platform'] },
  },
  {
    route: 'GET /api/sponsoreds/:id/images',
    call: (o) => ({ path: `/api/sponsoreds/${o.masked.id}/images` }),
    staff: 200,
    expect: { A: all(200), B: all(200), BonA: all(404) },
  },
  {
    route: 'POST /api/sponsoreds/:id/images',
    case: 'a JSON body (the access check comes first, then 415 for a body that is not multipart)',
    call: (o) => ({ path: `/api/sponsoreds/${o.masked.id}/images?${q(o)}`, body: {} }),
    staff: { action: 'pictures.manage', at: (all) => all.A.masked.entitiesId, granted: 415, denied: 403 },
    expect: {
      A: '401 403 403 415 415 403 415',
      B: '401 403 403 403 403 415 415',
      BonA: '401 404 404 404 404 404 404',
    },
  },
  {
    route: 'GET /api/sponsoreds/:id/updates',
    call: (o) => ({ path: `/api/sponsoreds/${o.masked.id}/updates` }),
    staff: { action: 'records.view', at: (all) => all.A.masked.entitiesId, granted: 200, denied: 403 },
    expect: {
      A: '401 403 200 200 200 403 200',
      B: '401 403 200 403 403 200 200',
      BonA: '401 404 404 404 404 404 404',
    },
  },
  {
    route: 'GET /media/*',
    case: 'a gallery picture of the masked record',
    call: (o) => ({ path: `/media/${o.masked.imagePaths.at(-1)!}` }),
    staff: { action: 'records.view', at: (all) => all.A.masked.entitiesId, granted: 200, denied: 404 },
    expect: {
      A: '404 404 200 200 200 404 200',
      B: '404 404 200 404 404 200 200',
      BonA: all(404),
    },
  },
  // ------------------------------------------------------------------ the person's own account
  {
    route: 'GET /api/users/getByToken',
    call: (o) => ({ path: `/api/users/getByToken?${q(o)}` }),
    staff: 200,
    expect: { A: '401 200 200 200 200 200 200', B: '401 200 200 200 200 200 200' },
  },
  {
    route: 'POST /api/users',
    case: 'a second person record',
    call: (o) => ({
      path: `/api/users?${q(o)}`,
      body: {
        firstName: 'A',
        lastName: 'B',
        email: 'x@example.org',
        address1: '1 St',
        city: 'C',
        state: 'S',
        zip: '1',
      },
    }),
    staff: 409,
    expect: { A: '401 409 409 409 409 409 409', B: '401 409 409 409 409 409 409' },
  },
  {
    route: 'GET /api/users/:id/sponsoreds',
    call: (o) => ({ path: `/api/users/${o.sponsorUserId}/sponsoreds?${q(o)}` }),
    staff: { action: 'sponsors.view', granted: 200, denied: 403 },
    expect: { A: '401 403 200 200 200 403 200', B: '401 403 200 403 403 200 200' },
  },
  {
    route: 'PUT /api/users/:id',
    case: 'the sponsor’s own record',
    call: (o) => ({
      path: `/api/users/${o.sponsorUserId}?${q(o)}`,
      body: {
        firstName: 'Sam',
        lastName: 'Okafor',
        address1: '512 Oak Street',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
      },
    }),
    staff: 403,
    expect: { A: '401 403 200 403 403 403 403', B: '401 403 200 403 403 403 403' },
  },
  {
    route: 'PUT /api/users/:id',
    case: 'a stranger’s record',
    call: (o) => ({
      path: `/api/users/${o.strangerUserId}?${q(o)}`,
      body: { firstName: 'Mallory', lastName: 'X', address1: '1 St', city: 'C', state: 'S', zip: '1' },
    }),
    staff: 403,
    expect: { A: '401 403 403 403 403 403 403', B: '401 403 403 403 403 403 403' },
  },
  {
    route: 'GET /api/users/:id/export',
    call: (o) => ({ path: `/api/users/${o.sponsorUserId}/export?${q(o)}` }),
    staff: 403,
    expect: { A: '401 403 200 403 403 403 403', B: '401 403 200 403 403 403 403' },
  },
  {
    route: 'GET /api/users/:id/statement',
    call: (o) => ({ path: `/api/users/${o.sponsorUserId}/statement?${q(o)}` }),
    staff: 403,
    expect: { A: '401 403 200 403 403 403 403', B: '401 403 200 403 403 403 403' },
  },
  // ------------------------------------------------------------------ payments
  {
    route: 'GET /api/payments/config',
    call: (o) => ({ path: `/api/payments/config?${q(o)}` }),
    // The card field's configuration: public, as visitors donate too.
    staff: 200,
    expect: { A: all(200), B: all(200) },
  },
  {
    route: 'GET /api/payments/setupintent',
    call: (o) => ({ path: `/api/payments/setupintent?${q(o)}` }),
    staff: 200,
    expect: { A: '401 200 200 200 200 200 200', B: '401 200 200 200 200 200 200' },
  },
  {
    route: 'GET /api/payments/:userId/paymentmethods',
    call: (o) => ({ path: `/api/payments/${o.sponsorUserId}/paymentmethods?${q(o)}` }),
    staff: 403,
    expect: { A: '401 403 200 403 403 403 403', B: '401 403 200 403 403 403 403' },
  },
  {
    route: 'PUT /api/payments/updatedefaultpaymentmethod/:id',
    call: (o) => ({ path: `/api/payments/updatedefaultpaymentmethod/${o.methodInUse}?${q(o)}` }),
    staff: 404,
    expect: {
      A: '401 404 200 404 404 404 404',
      B: '401 404 200 404 404 404 404',
      BonA: '401 404 404 404 404 404 404',
    },
  },
  {
    route: 'GET /api/payments/subscriptiondetail/:id',
    call: (o) => ({ path: `/api/payments/subscriptiondetail/${o.subscriptionId}?${q(o)}` }),
    staff: 404,
    expect: {
      A: '401 404 200 404 404 404 404',
      B: '401 404 200 404 404 404 404',
      BonA: '401 404 404 404 404 404 404',
    },
  },
  {
    route: 'PUT /api/payments/updatesubscriptionpayment/:ordersId',
    call: (o) => ({
      path: `/api/payments/updatesubscriptionpayment/${o.ordersId}?${q(o)}`,
      body: { ordersId: o.ordersId, paymentMethodId: o.methodInUse },
    }),
    staff: 404,
    expect: {
      A: '401 404 200 404 404 404 404',
      B: '401 404 200 404 404 404 404',
      BonA: '401 404 404 404 404 404 404',
    },
  },
  {
    route: 'PUT /api/payments/resetsubscriptionprice/:id',
    call: (o) => ({ path: `/api/payments/resetsubscriptionprice/${o.subscriptionId}?${q(o)}` }),
    staff: 404,
    expect: {
      A: '401 404 200 404 404 404 404',
      B: '401 404 200 404 404 404 404',
      BonA: '401 404 404 404 404 404 404',
    },
  },
  {
    route: 'POST /api/payments/checkout/:interval',
    call: (o) => ({ path: `/api/payments/checkout/month?${q(o)}`, body: checkoutBody(o) }),
    staff: 200,
    expect: {
      A: '401 200 200 200 200 200 200',
      B: '401 200 200 200 200 200 200',
      BonA: '401 400 400 400 400 400 400',
    },
  },
  {
    route: 'POST /api/payments/checkout',
    call: (o) => ({ path: `/api/payments/checkout?${q(o)}`, body: checkoutBody(o, 'year') }),
    staff: 200,
    expect: {
      A: '401 200 200 200 200 200 200',
      B: '401 200 200 200 200 200 200',
      BonA: '401 400 400 400 400 400 400',
    },
  },
  {
    route: 'POST /api/payments',
    case: 'a general donation',
    call: (o) => ({
      path: `/api/payments?${q(o)}`,
      body: {
        partnersId: o.partnersId,
        amount: 10,
        firstName: 'Matrix',
        lastName: 'Donor',
        email: payerEmail(),
        token: 'pm_card_visa',
      },
    }),
    staff: 200,
    expect: { A: all(200), B: all(200) },
  },
  // ------------------------------------------------------------------ gifts, trials, lightning (decisions 047-049)
  // Maple (B) has the three features off: every call there is the 404 of a page that does not exist.
  {
    route: 'POST /api/gifts',
    case: 'a delivery date in the past (open to visitors; the feature gate, then 400)',
    call: (o) => ({
      path: `/api/gifts?${q(o)}`,
      body: {
        partnersId: o.partnersId,
        sponsoredsId: o.openRecord,
        months: 3,
        amount: 15000,
        recipientName: 'Matrix Friend',
        recipientEmail: 'matrix.friend@example.org',
        deliverOn: '2020-01-01',
        firstName: 'Matrix',
        lastName: 'Giver',
        email: payerEmail(),
        token: 'pm_card_visa',
      },
    }),
    staff: 400,
    expect: { A: all(400), B: all(404) },
  },
  {
    route: 'GET /api/gifts/redeem/:code',
    case: 'an expired code',
    call: (o) => ({ path: `/api/gifts/redeem/${DEMO_EXPIRED_GIFT_CODE}?${q(o)}` }),
    staff: 410,
    expect: { A: all(410), B: all(404) },
  },
  {
    route: 'POST /api/gifts/redeem/:code',
    case: 'an expired code (sign-in first)',
    call: (o) => ({ path: `/api/gifts/redeem/${DEMO_EXPIRED_GIFT_CODE}?${q(o)}`, body: {} }),
    staff: 410,
    expect: { A: '401 410 410 410 410 410 410', B: all(404) },
  },
  {
    route: 'GET /api/gifts/manage/:code',
    case: 'a manage code nobody has',
    call: (o) => ({ path: `/api/gifts/manage/NOSUCHMANAGECODE234?${q(o)}` }),
    staff: 404,
    expect: { A: all(404), B: all(404) },
  },
  {
    route: 'POST /api/gifts/manage/:code',
    case: 'a manage code nobody has',
    call: (o) => ({
      path: `/api/gifts/manage/NOSUCHMANAGECODE234?${q(o)}`,
      body: { recipientEmail: 'x@example.org' },
    }),
    staff: 404,
    expect: { A: all(404), B: all(404) },
  },
  {
    route: 'GET /api/trials/redeem/:code',
    case: 'an expired code',
    call: (o) => ({ path: `/api/trials/redeem/${DEMO_EXPIRED_TRIAL_CODE}?${q(o)}` }),
    staff: 410,
    expect: { A: all(410), B: all(404) },
  },
  {
    route: 'POST /api/trials/redeem/:code',
    case: 'an expired code (sign-in first)',
    call: (o) => ({ path: `/api/trials/redeem/${DEMO_EXPIRED_TRIAL_CODE}?${q(o)}`, body: {} }),
    staff: 410,
    expect: { A: '401 410 410 410 410 410 410', B: all(404) },
  },
  {
    route: 'GET /api/lightning/:sponsoredType/:code',
    call: (o) => ({ path: `/api/lightning/students/${DEMO_LIGHTNING_CODE}?${q(o)}` }),
    staff: 200,
    expect: { A: all(200), B: all(404) },
  },
  {
    route: 'GET /api/lightning/:sponsoredType',
    call: (o) => ({ path: `/api/lightning/students?${q(o)}` }),
    staff: 200,
    expect: { A: all(200), B: all(404) },
  },
  {
    route: 'GET /api/dashboard/giving-codes',
    call: (o) => ({ path: `/api/dashboard/giving-codes?${q(o)}` }),
    staff: { action: 'donations.view', granted: 200, denied: 403 },
    expect: { A: '401 403 403 200 200 403 200', B: all(404) },
  },
  {
    route: 'GET /api/dashboard/gifts',
    call: (o) => ({ path: `/api/dashboard/gifts?${q(o)}&pageSize=5` }),
    staff: { action: 'donations.view', granted: 200, denied: 403 },
    expect: { A: '401 403 403 200 200 403 200', B: all(404) },
  },
  {
    route: 'GET /api/dashboard/gifts/:id',
    case: 'a gift that does not exist',
    call: (o) => ({ path: `/api/dashboard/gifts/99999999?${q(o)}` }),
    staff: { action: 'donations.view', granted: 404, denied: 403 },
    expect: { A: '401 403 403 404 404 403 404', B: all(404) },
  },
  {
    route: 'GET /api/dashboard/trials',
    call: (o) => ({ path: `/api/dashboard/trials?${q(o)}&pageSize=5` }),
    staff: { action: 'donations.view', granted: 200, denied: 403 },
    expect: { A: '401 403 403 200 200 403 200', B: all(404) },
  },
  {
    route: 'GET /api/dashboard/lightning',
    // A program-scoped person gets an empty list: links name no program.
    call: (o) => ({ path: `/api/dashboard/lightning?${q(o)}&pageSize=5` }),
    staff: { action: 'donations.view', granted: 200, denied: 403 },
    expect: { A: '401 403 403 200 200 403 200', B: all(404) },
  },
  {
    route: 'POST /api/dashboard/trials/:id/withdraw',
    case: 'a code that does not exist',
    call: (o) => ({
      path: `/api/dashboard/trials/99999999/withdraw?${q(o)}`,
      body: { action: 'revoke', reason: 'Matrix' },
    }),
    // Withdrawing codes is codes.manage, a partner-level action (decision 059).
    staff: { action: 'codes.manage', granted: 404, denied: 403 },
    expect: { A: '401 403 403 404 403 403 404', B: all(404) },
  },
  {
    route: 'POST /api/dashboard/lightning/:id/withdraw',
    case: 'a link that does not exist',
    call: (o) => ({
      path: `/api/dashboard/lightning/99999999/withdraw?${q(o)}`,
      body: { reason: 'Matrix' },
    }),
    staff: { action: 'codes.manage', granted: 404, denied: 403 },
    expect: { A: '401 403 403 404 403 403 404', B: all(404) },
  },
  {
    route: 'GET /api/dashboard/lightning/:code/qr',
    // The QR code carries the link's code: codes.manage, partner-wide (decision 052).
    call: (o) => ({ path: `/api/dashboard/lightning/${DEMO_LIGHTNING_CODE}/qr?${q(o)}` }),
    staff: { action: 'codes.manage', granted: 200, denied: 403 },
    expect: { A: '401 403 403 200 403 403 200', B: all(404) },
  },
  {
    route: 'POST /api/dashboard/trials',
    case: 'partner-wide codes: a program-scoped person is refused as outside their program',
    call: (o) => ({
      path: `/api/dashboard/trials?${q(o)}`,
      body: { count: 1, days: 7, partnerSponsoredTypesId: null, batch: 'matrix' },
    }),
    // Issuing codes is codes.manage, a partner-level action (decision 052).
    staff: { action: 'codes.manage', granted: 200, denied: 403 },
    expect: { A: '401 403 403 200 403 403 200', B: all(404) },
  },
  {
    route: 'POST /api/dashboard/lightning',
    case: 'partner-wide links: a program-scoped person is refused as outside their program',
    call: (o) => ({
      path: `/api/dashboard/lightning?${q(o)}`,
      body: { campaign: 'Matrix campaign', partnerSponsoredTypesId: studentsOf(o) },
    }),
    // Issuing codes is codes.manage, a partner-level action (decision 052).
    staff: { action: 'codes.manage', granted: 200, denied: 403 },
    expect: { A: '401 403 403 200 403 403 200', B: all(404) },
  },
  {
    route: 'GET /api/receipts/:code',
    call: (o) => ({ path: `/api/receipts/${o.receiptCode}?${q(o)}` }),
    staff: 200,
    expect: { A: all(200), B: all(200), BonA: all(404) },
  },
  {
    route: 'GET /api/receipts/:code/pdf',
    call: (o) => ({ path: `/api/receipts/${o.receiptCode}/pdf?${q(o)}` }),
    staff: 200,
    expect: { A: all(200), B: all(200), BonA: all(404) },
  },
  {
    route: 'GET /api/jobs/:id/progress',
    case: 'an import started in the program administrator’s program',
    call: (o) => ({ path: `/api/jobs/${o.jobId}/progress?${q(o)}` }),
    // Those who could have started the job read it (its action, in its programs); other staff get 404.
    staff: { action: 'records.manage', at: () => DEMO_IDS.programAdminEntity, granted: 200, denied: 404 },
    expect: {
      A: '401 403 403 200 200 403 200',
      B: '401 403 403 403 403 200 200',
      BonA: '401 403 403 404 404 403 404',
    },
  },
  {
    route: 'GET /api/jobs/:id/progress',
    case: 'an import started in another program: a program-scoped viewer of another program gets 404',
    call: (_o, all) => ({ path: `/api/jobs/${all.otherProgramJobId}/progress?partnersId=2` }),
    staff: {
      action: 'records.manage',
      at: (all) => all.outsideProgram.entitiesId,
      granted: 200,
      denied: 404,
    },
    expect: { A: '401 403 403 200 404 403 200' },
  },
  {
    route: 'GET /api/jobs/:id/progress',
    case: 'a year-end run (donations.manage, partner-wide): staff without the action get 404',
    call: (_o, all) => ({ path: `/api/jobs/${all.yearEndJobId}/progress?partnersId=2` }),
    staff: { action: 'donations.manage', granted: 200, denied: 404 },
    expect: { A: '401 403 403 200 404 403 200' },
  },
  {
    route: 'POST /api/payments/webhook',
    case: 'an unsigned delivery',
    call: () => ({ path: '/api/payments/webhook', body: { id: 'evt_forged', type: 'invoice.paid' } }),
    staff: 400,
    expect: { A: all(400), B: all(400) },
  },
  {
    route: 'POST /api/sandbox/paymentmethods',
    call: (o) => ({
      path: `/api/sandbox/paymentmethods?${q(o)}`,
      body: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
    }),
    staff: 200,
    expect: { A: all(200), B: all(200) },
  },
  {
    route: 'POST /api/sandbox/setupintents/:id/confirm',
    case: 'the sponsor’s setup intent with its client secret',
    call: (o) => ({
      path: `/api/sandbox/setupintents/${o.setupIntent.id}/confirm?${q(o)}`,
      body: { clientSecret: o.setupIntent.clientSecret, paymentMethod: 'pm_card_amex' },
    }),
    staff: 400,
    expect: { A: '200 400 400 400 400 400 400', B: '200 400 400 400 400 400 400' },
  },
  {
    route: 'POST /api/sandbox/setupintents/:id/confirm',
    case: 'a setup intent with a guessed client secret',
    call: (o) => ({
      path: `/api/sandbox/setupintents/${o.setupIntent.id}/confirm?${q(o)}`,
      body: { clientSecret: 'seti_guess_secret', paymentMethod: 'pm_card_amex' },
    }),
    staff: 400,
    expect: { A: all(400), B: all(400) },
  },
  // ------------------------------------------------------------------ the dashboard
  {
    route: 'GET /api/dashboard/partners',
    call: (o) => ({ path: `/api/dashboard/partners?${q(o)}` }),
    // The viewer's own memberships (possibly none); the axis tests check what it says.
    staff: 200,
    expect: { A: '401 200 200 200 200 200 200', B: '401 200 200 200 200 200 200' },
  },
  // ------------------------------------------------------------------ W3: types and plans, programs
  {
    route: 'GET /api/dashboard/types',
    call: (o) => ({ path: `/api/dashboard/types?${q(o)}` }),
    staff: { action: 'types.manage', granted: 200, denied: 403 },
    expect: { A: '401 403 403 200 403 403 200', B: '401 403 403 403 403 200 200' },
  },
  {
    route: 'POST /api/dashboard/types',
    case: 'an empty body (the access check comes first, then the field errors)',
    call: (o) => ({ path: `/api/dashboard/types?${q(o)}`, body: {} }),
    staff: { action: 'types.manage', granted: 400, denied: 403 },
    expect: { A: '401 403 403 400 403 403 400', B: '401 403 403 403 403 400 400' },
  },
  {
    route: 'PUT /api/dashboard/types/:id',
    case: 'an empty body',
    call: (o) => ({ path: `/api/dashboard/types/${typeOf(o)}?${q(o)}`, body: {} }),
    staff: { action: 'types.manage', granted: 400, denied: 403 },
    expect: {
      A: '401 403 403 400 403 403 400',
      B: '401 403 403 403 403 400 400',
      BonA: '401 403 403 404 403 403 404',
    },
  },
  {
    route: 'PUT /api/dashboard/types/:id/plan',
    case: 'an empty body',
    call: (o) => ({ path: `/api/dashboard/types/${typeOf(o)}/plan?${q(o)}`, body: {} }),
    staff: { action: 'types.manage', granted: 400, denied: 403 },
    expect: {
      A: '401 403 403 400 403 403 400',
      B: '401 403 403 403 403 400 400',
      BonA: '401 403 403 404 403 403 404',
    },
  },
  {
    route: 'GET /api/dashboard/programs',
    call: (o) => ({ path: `/api/dashboard/programs?${q(o)}` }),
    staff: { action: 'programs.manage', granted: 200, denied: 403 },
    expect: { A: '401 403 403 200 200 403 200', B: '401 403 403 403 403 200 200' },
  },
  {
    route: 'POST /api/dashboard/programs',
    case: 'an empty body; creating a program is partner-wide (as if at a program outside any scope)',
    call: (o) => ({ path: `/api/dashboard/programs?${q(o)}`, body: {} }),
    staff: {
      action: 'programs.manage',
      at: (all) => all.outsideProgram.entitiesId,
      granted: 400,
      denied: 403,
    },
    expect: { A: '401 403 403 400 403 403 400', B: '401 403 403 403 403 400 400' },
  },
  {
    route: 'PUT /api/dashboard/programs/:id',
    case: 'an empty body',
    call: (o) => ({ path: `/api/dashboard/programs/${o.masked.entitiesId}?${q(o)}`, body: {} }),
    staff: { action: 'programs.manage', at: (all) => all.A.masked.entitiesId, granted: 400, denied: 403 },
    expect: {
      A: '401 403 403 400 400 403 400',
      B: '401 403 403 403 403 400 400',
      BonA: '401 403 403 404 404 403 404',
    },
  },
  {
    route: 'POST /api/dashboard/programs/:id/image',
    case: 'a JSON body (the access check comes first, then 415 for a body that is not multipart)',
    call: (o) => ({ path: `/api/dashboard/programs/${o.masked.entitiesId}/image?${q(o)}`, body: {} }),
    staff: { action: 'programs.manage', at: (all) => all.A.masked.entitiesId, granted: 415, denied: 403 },
    expect: {
      A: '401 403 403 415 415 403 415',
      B: '401 403 403 403 403 415 415',
      BonA: '401 403 403 404 404 403 404',
    },
  },
  // ------------------------------------------------------------------ issue 14: Settings, Email templates
  {
    route: 'GET /api/dashboard/settings',
    call: (o) => ({ path: `/api/dashboard/settings?${q(o)}` }),
    staff: { action: 'settings.manage', granted: 200, denied: 403 },
    expect: { A: '401 403 403 200 403 403 200', B: '401 403 403 403 403 200 200' },
  },
  {
    route: 'PUT /api/dashboard/settings',
    case: 'an empty body',
    call: (o) => ({ path: `/api/dashboard/settings?${q(o)}`, body: {} }),
    staff: { action: 'settings.manage', granted: 400, denied: 403 },
    expect: { A: '401 403 403 400 403 403 400', B: '401 403 403 403 403 400 400' },
  },
  {
    route: 'POST /api/dashboard/settings/logo',
    case: 'a JSON body (the access check comes first, then 415 for a body that is not multipart)',
    call: (o) => ({ path: `/api/dashboard/settings/logo?${q(o)}`, body: {} }),
    staff: { action: 'settings.manage', granted: 415, denied: 403 },
    expect: { A: '401 403 403 415 403 403 415', B: '401 403 403 403 403 415 415' },
  },
  {
    route: 'POST /api/dashboard/settings/headerimage',
    case: 'a JSON body (415 after the access check)',
    call: (o) => ({ path: `/api/dashboard/settings/headerimage?${q(o)}`, body: {} }),
    staff: { action: 'settings.manage', granted: 415, denied: 403 },
    expect: { A: '401 403 403 415 403 403 415', B: '401 403 403 403 403 415 415' },
  },
  // Issue 20 (High): "Check now" for an own domain waiting for verification.
  {
    route: 'POST /api/dashboard/settings/domains/:domain/check',
    case: 'a domain the partner does not hold (the access check comes first, then 404)',
    call: (o) => ({ path: `/api/dashboard/settings/domains/nobody.example.org/check?${q(o)}`, body: {} }),
    staff: { action: 'settings.manage', granted: 404, denied: 403 },
    expect: { A: '401 403 403 404 403 403 404', B: '401 403 403 403 403 404 404' },
  },
  {
    route: 'GET /api/dashboard/emailtemplates',
    call: (o) => ({ path: `/api/dashboard/emailtemplates?${q(o)}` }),
    staff: { action: 'settings.manage', granted: 200, denied: 403 },
    expect: { A: '401 403 403 200 403 403 200', B: '401 403 403 403 403 200 200' },
  },
  {
    route: 'PUT /api/dashboard/emailtemplates/:kind',
    case: 'an empty body',
    call: (o) => ({ path: `/api/dashboard/emailtemplates/receipt?${q(o)}`, body: {} }),
    staff: { action: 'settings.manage', granted: 400, denied: 403 },
    expect: { A: '401 403 403 400 403 403 400', B: '401 403 403 403 403 400 400' },
  },
  {
    route: 'DELETE /api/dashboard/emailtemplates/:kind',
    case: 'a kind without a template of its own: nothing to reset',
    call: (o) => ({ path: `/api/dashboard/emailtemplates/reminder?${q(o)}` }),
    staff: { action: 'settings.manage', granted: 200, denied: 403 },
    expect: { A: '401 403 403 200 403 403 200', B: '401 403 403 403 403 200 200' },
  },
  {
    route: 'POST /api/dashboard/emailtemplates/:kind/preview',
    case: 'an empty body',
    call: (o) => ({ path: `/api/dashboard/emailtemplates/receipt/preview?${q(o)}`, body: {} }),
    staff: { action: 'settings.manage', granted: 400, denied: 403 },
    expect: { A: '401 403 403 400 403 403 400', B: '401 403 403 403 403 400 400' },
  },
  {
    route: 'POST /api/dashboard/emailtemplates/:kind/test',
    case: 'an empty body',
    call: (o) => ({ path: `/api/dashboard/emailtemplates/receipt/test?${q(o)}`, body: {} }),
    staff: { action: 'settings.manage', granted: 400, denied: 403 },
    expect: { A: '401 403 403 400 403 403 400', B: '401 403 403 403 403 400 400' },
  },
  // ------------------------------------------------------------------ W1: the Records section
  {
    route: 'GET /api/dashboard/records',
    call: (o) => ({ path: `/api/dashboard/records?${q(o)}&type=${studentsOf(o)}` }),
    staff: { action: 'records.view', granted: 200, denied: 403 },
    expect: {
      A: '401 403 403 200 200 403 200',
      B: '401 403 403 403 403 200 200',
      BonA: '401 403 403 404 404 403 404',
    },
  },
  {
    route: 'GET /api/dashboard/records/:id',
    call: (o) => ({ path: `/api/dashboard/records/${o.masked.id}?${q(o)}` }),
    staff: { action: 'records.view', at: (all) => all.A.masked.entitiesId, granted: 200, denied: 403 },
    expect: {
      A: '401 403 403 200 200 403 200',
      B: '401 403 403 403 403 200 200',
      BonA: '401 403 403 404 404 403 404',
    },
  },
  {
    route: 'POST /api/dashboard/records',
    case: 'a grade that does not exist (the access check comes first, then 400)',
    call: (o) => ({
      path: `/api/dashboard/records?${q(o)}`,
      body: {
        partnerSponsoredTypesId: studentsOf(o),
        entitiesId: o.masked.entitiesId,
        code: 'MX-1',
        gradesId: 999,
      },
    }),
    staff: { action: 'records.manage', at: (all) => all.A.masked.entitiesId, granted: 400, denied: 403 },
    expect: { A: '401 403 403 400 400 403 400', B: '401 403 403 403 403 400 400' },
  },
  {
    route: 'PATCH /api/dashboard/records/:id',
    case: 'a grade that does not exist (the access check comes first, then 400)',
    call: (o) => ({ path: `/api/dashboard/records/${o.masked.id}?${q(o)}`, body: { gradesId: 999 } }),
    staff: { action: 'records.manage', at: (all) => all.A.masked.entitiesId, granted: 400, denied: 403 },
    expect: {
      A: '401 403 403 400 400 403 400',
      B: '401 403 403 403 403 400 400',
      BonA: '401 403 403 404 404 403 404',
    },
  },
  {
    route: 'POST /api/dashboard/records/:id/duplicate',
    case: 'a code already taken (the access check comes first, then 400)',
    call: (o) => ({
      path: `/api/dashboard/records/${o.masked.id}/duplicate?${q(o)}`,
      body: { code: o.masked.code },
    }),
    staff: { action: 'records.manage', at: (all) => all.A.masked.entitiesId, granted: 400, denied: 403 },
    expect: {
      A: '401 403 403 400 400 403 400',
      B: '401 403 403 403 403 400 400',
      BonA: '401 403 403 404 404 403 404',
    },
  },
  {
    route: 'DELETE /api/dashboard/records/:id',
    case: 'a sponsored record (the access check comes first, then 409)',
    call: (o) => ({ path: `/api/dashboard/records/${o.masked.id}?${q(o)}` }),
    staff: { action: 'records.manage', at: (all) => all.A.masked.entitiesId, granted: 409, denied: 403 },
    expect: {
      A: '401 403 403 409 409 403 409',
      B: '401 403 403 403 403 409 409',
      BonA: '401 403 403 404 404 403 404',
    },
  },
  // ------------------------------------------------------------------ issue 13: the Sponsors section
  {
    route: 'GET /api/dashboard/sponsors',
    call: (o) => ({ path: `/api/dashboard/sponsors?${q(o)}` }),
    staff: { action: 'sponsors.view', granted: 200, denied: 403 },
    expect: {
      A: '401 403 403 200 200 403 200',
      B: '401 403 403 403 403 200 200',
    },
  },
  {
    route: 'GET /api/dashboard/sponsors/:id',
    call: (o) => ({ path: `/api/dashboard/sponsors/${o.sponsorUserId}?${q(o)}` }),
    staff: { action: 'sponsors.view', at: (all) => all.A.masked.entitiesId, granted: 200, denied: 403 },
    expect: {
      A: '401 403 403 200 200 403 200',
      B: '401 403 403 403 403 200 200',
    },
  },
  {
    route: 'POST /api/dashboard/sponsorships',
    case: 'a person unknown at the partner (the access check comes first, then 404)',
    call: (o) => ({
      path: `/api/dashboard/sponsorships?${q(o)}`,
      body: { sponsoredsId: o.masked.id, usersId: 999999999 },
    }),
    staff: { action: 'sponsors.manage', at: (all) => all.A.masked.entitiesId, granted: 404, denied: 403 },
    expect: {
      A: '401 403 403 404 404 403 404',
      B: '401 403 403 403 403 404 404',
      BonA: '401 403 403 404 404 403 404',
    },
  },
  {
    route: 'POST /api/dashboard/sponsorships/:id/end',
    case: 'a sponsorship that does not exist (the access check comes first, then 404)',
    call: (o) => ({ path: `/api/dashboard/sponsorships/999999999/end?${q(o)}`, body: { reason: 'Matrix' } }),
    staff: { action: 'sponsors.manage', granted: 404, denied: 403 },
    expect: {
      A: '401 403 403 404 404 403 404',
      B: '401 403 403 403 403 404 404',
    },
  },
  {
    route: 'POST /api/dashboard/sponsorships/:id/move',
    case: 'a sponsorship that does not exist (the access check comes first, then 404)',
    call: (o) => ({
      path: `/api/dashboard/sponsorships/999999999/move?${q(o)}`,
      body: { sponsoredsId: o.masked.id, reason: 'Matrix' },
    }),
    staff: { action: 'sponsors.manage', granted: 404, denied: 403 },
    expect: {
      A: '401 403 403 404 404 403 404',
      B: '401 403 403 403 403 404 404',
    },
  },
  {
    route: 'POST /api/link',
    case: 'a code that is not one (signed in: 404 with the message)',
    call: (o) => ({ path: `/api/link?${q(o)}`, body: { code: 'ABCDE-FGHJK' } }),
    staff: 404,
    expect: { A: '401 404 404 404 404 404 404', B: '401 404 404 404 404 404 404' },
  },
  // ---- W4 (issue 13 item 2): updates to sponsors.
  {
    route: 'GET /api/dashboard/updates',
    call: (o) => ({ path: `/api/dashboard/updates?${q(o)}` }),
    staff: { action: 'updates.manage', granted: 200, denied: 403 },
    expect: {
      A: '401 403 403 200 200 403 200',
      B: '401 403 403 403 403 200 200',
      // A's own list (the site decides the partner): nothing of B's.
      BonA: '401 403 403 200 200 403 200',
    },
  },
  {
    route: 'GET /api/dashboard/updates/recipients',
    call: (o) => ({ path: `/api/dashboard/updates/recipients?${q(o)}&q=a` }),
    staff: { action: 'updates.manage', granted: 200, denied: 403 },
    expect: {
      A: '401 403 403 200 200 403 200',
      B: '401 403 403 403 403 200 200',
      BonA: '401 403 403 200 200 403 200',
    },
  },
  {
    route: 'POST /api/dashboard/updates',
    case: 'a record that does not exist (the access check comes first, then 400)',
    call: (o) => ({
      path: `/api/dashboard/updates?${q(o)}`,
      body: {
        title: 'Matrix',
        updateMessage: '<p>Matrix</p>',
        audience: { kind: 'records', sponsoredsIds: [2_000_000_000] },
        schedule: false,
      },
    }),
    staff: { action: 'updates.manage', granted: 400, denied: 403 },
    expect: { A: '401 403 403 400 400 403 400', B: '401 403 403 403 403 400 400' },
  },
  {
    route: 'GET /api/dashboard/updates/:id',
    call: (o) => ({ path: `/api/dashboard/updates/${o.draftPostId}?${q(o)}` }),
    staff: { action: 'updates.manage', at: (all) => all.A.masked.entitiesId, granted: 200, denied: 403 },
    expect: {
      A: '401 403 403 200 200 403 200',
      B: '401 403 403 403 403 200 200',
      BonA: '401 403 403 404 404 403 404',
    },
  },
  {
    route: 'PATCH /api/dashboard/updates/:id',
    case: 'a record that does not exist (the access check comes first, then 400)',
    call: (o) => ({
      path: `/api/dashboard/updates/${o.draftPostId}?${q(o)}`,
      body: {
        title: 'Matrix',
        updateMessage: '<p>Matrix</p>',
        audience: { kind: 'records', sponsoredsIds: [2_000_000_000] },
        schedule: false,
      },
    }),
    staff: { action: 'updates.manage', at: (all) => all.A.masked.entitiesId, granted: 400, denied: 403 },
    expect: {
      A: '401 403 403 400 400 403 400',
      B: '401 403 403 403 403 400 400',
      BonA: '401 403 403 404 404 403 404',
    },
  },
  {
    route: 'DELETE /api/dashboard/updates/:id',
    case: 'a sent update (the access check comes first, then 409)',
    call: (o) => ({ path: `/api/dashboard/updates/${o.sentPostId}?${q(o)}` }),
    staff: { action: 'updates.manage', at: (all) => all.A.masked.entitiesId, granted: 409, denied: 403 },
    expect: {
      A: '401 403 403 409 409 403 409',
      B: '401 403 403 403 403 409 409',
      BonA: '401 403 403 404 404 403 404',
    },
  },
  {
    route: 'POST /api/dashboard/updates/:id/pictures',
    case: 'a sent update (the access check comes first, then 409)',
    call: (o) => ({ path: `/api/dashboard/updates/${o.sentPostId}/pictures?${q(o)}` }),
    staff: { action: 'updates.manage', at: (all) => all.A.masked.entitiesId, granted: 409, denied: 403 },
    expect: {
      A: '401 403 403 409 409 403 409',
      B: '401 403 403 403 403 409 409',
      BonA: '401 403 403 404 404 403 404',
    },
  },
  {
    route: 'GET /api/sponsored-updates/:code',
    call: (o) => ({ path: `/api/sponsored-updates/${o.updateCode}?${q(o)}` }),
    staff: { action: 'records.view', at: (all) => all.A.masked.entitiesId, granted: 200, denied: 403 },
    expect: {
      A: '401 403 200 200 200 403 200',
      B: '401 403 200 403 403 200 200',
      // B's code on A's site is unknown there: the same refusal as any code one may not read.
      BonA: '401 403 403 403 403 403 403',
    },
  },
  // ------------------------------------------------------------------ issue 13: the Donations section
  ...(['payments', 'subscriptions', 'delinquent'] as const).map((list): Row => ({
    route: `GET /api/dashboard/donations/${list}`,
    call: (o) => ({ path: `/api/dashboard/donations/${list}?${q(o)}` }),
    staff: { action: 'donations.view', granted: 200, denied: 403 },
    expect: { A: '401 403 403 200 200 403 200', B: '401 403 403 403 403 200 200' },
  })),
  {
    route: 'POST /api/dashboard/donations/payments/:id/refund',
    case: 'a payment nobody has (the access check comes first, then 404)',
    call: (o) => ({
      path: `/api/dashboard/donations/payments/99999999/refund?${q(o)}`,
      body: { amount: 100, reason: 'Matrix', requestKey: 'matrix-refund-key' },
    }),
    staff: { action: 'donations.refund', granted: 404, denied: 403 },
    expect: { A: '401 403 403 404 403 403 404', B: '401 403 403 403 403 404 404' },
  },
  ...(['cancel', 'retry', 'remind'] as const).map((act): Row => ({
    route: `POST /api/dashboard/donations/subscriptions/:id/${act}`,
    case: 'a subscription nobody has (the access check comes first, then 404)',
    call: (o) => ({
      path: `/api/dashboard/donations/subscriptions/99999999/${act}?${q(o)}`,
      body:
        act === 'cancel' ? { reason: 'Matrix' } : act === 'retry' ? { requestKey: 'matrix-retry-key' } : {},
    }),
    staff: { action: 'donations.refund', granted: 404, denied: 403 },
    expect: { A: '401 403 403 404 403 403 404', B: '401 403 403 403 403 404 404' },
  })),
  // ------------------------------------------------------------------ destructive rows last
  {
    route: 'DELETE /api/payments/paymentmethod/:id',
    call: (o) => ({ path: `/api/payments/paymentmethod/${o.spareMethod}?${q(o)}` }),
    staff: 404,
    expect: {
      BonA: '401 404 404 404 404 404 404',
      A: '401 404 204 404 404 404 404',
      B: '401 404 204 404 404 404 404',
    },
  },
  // ---- W2 (issue 12 items 3 and 6), before the rows that delete accounts: managing a record's pictures; records import and export.
  {
    route: 'GET /api/sponsoreds/:id/pictures',
    call: (o) => ({ path: `/api/sponsoreds/${o.masked.id}/pictures?${q(o)}` }),
    staff: { action: 'pictures.manage', at: (all) => all.A.masked.entitiesId, granted: 200, denied: 403 },
    expect: {
      A: '401 403 403 200 200 403 200',
      B: '401 403 403 403 403 200 200',
      BonA: '401 404 404 404 404 404 404',
    },
  },
  {
    route: 'PATCH /api/sponsoreds/:id/images/:imageId',
    case: 'a picture the record does not have (the access check comes first, then 404)',
    call: (o) => ({
      path: `/api/sponsoreds/${o.masked.id}/images/999999999?${q(o)}`,
      body: { description: 'x' },
    }),
    staff: { action: 'pictures.manage', at: (all) => all.A.masked.entitiesId, granted: 404, denied: 403 },
    expect: {
      A: '401 403 403 404 404 403 404',
      B: '401 403 403 403 403 404 404',
      BonA: '401 404 404 404 404 404 404',
    },
  },
  {
    route: 'PUT /api/sponsoreds/:id/images/order',
    case: 'an order that leaves the pictures out (the access check comes first, then 400)',
    call: (o) => ({ path: `/api/sponsoreds/${o.masked.id}/images/order?${q(o)}`, body: { ids: [] } }),
    staff: { action: 'pictures.manage', at: (all) => all.A.masked.entitiesId, granted: 400, denied: 403 },
    expect: {
      A: '401 403 403 400 400 403 400',
      B: '401 403 403 403 403 400 400',
      BonA: '401 404 404 404 404 404 404',
    },
  },
  {
    route: 'PUT /api/sponsoreds/:id/profileimage',
    case: 'a picture the record does not have (the access check comes first, then 404)',
    call: (o) => ({
      path: `/api/sponsoreds/${o.masked.id}/profileimage?${q(o)}`,
      body: { imageId: 999999999 },
    }),
    staff: { action: 'pictures.manage', at: (all) => all.A.masked.entitiesId, granted: 404, denied: 403 },
    expect: {
      A: '401 403 403 404 404 403 404',
      B: '401 403 403 403 403 404 404',
      BonA: '401 404 404 404 404 404 404',
    },
  },
  {
    route: 'DELETE /api/sponsoreds/:id/images/:imageId',
    case: 'a picture the record does not have (the access check comes first, then 404)',
    call: (o) => ({ path: `/api/sponsoreds/${o.masked.id}/images/999999999?${q(o)}` }),
    staff: { action: 'pictures.manage', at: (all) => all.A.masked.entitiesId, granted: 404, denied: 403 },
    expect: {
      A: '401 403 403 404 404 403 404',
      B: '401 403 403 403 403 404 404',
      BonA: '401 404 404 404 404 404 404',
    },
  },
  {
    route: 'POST /api/dashboard/records/import/dryrun',
    case: 'a JSON body (the access check comes first, then 415 for a body that is not multipart)',
    call: (o) => ({
      path: `/api/dashboard/records/import/dryrun?${q(o)}&partnerSponsoredTypesId=${studentsOf(o)}`,
      body: {},
    }),
    staff: { action: 'records.manage', granted: 415, denied: 403 },
    expect: {
      A: '401 403 403 415 415 403 415',
      B: '401 403 403 403 403 415 415',
      BonA: '401 403 403 415 415 403 415',
    },
  },
  {
    route: 'POST /api/dashboard/records/import',
    case: 'a JSON body (the access check comes first, then 415 for a body that is not multipart)',
    call: (o) => ({
      path: `/api/dashboard/records/import?${q(o)}&partnerSponsoredTypesId=${studentsOf(o)}`,
      body: {},
    }),
    staff: { action: 'records.manage', granted: 415, denied: 403 },
    expect: {
      A: '401 403 403 415 415 403 415',
      B: '401 403 403 403 403 415 415',
      BonA: '401 403 403 415 415 403 415',
    },
  },
  {
    route: 'GET /api/dashboard/records/imports',
    call: (o) => ({ path: `/api/dashboard/records/imports?${q(o)}` }),
    staff: { action: 'records.manage', granted: 200, denied: 403 },
    expect: {
      A: '401 403 403 200 200 403 200',
      B: '401 403 403 403 403 200 200',
    },
  },
  {
    route: 'GET /api/dashboard/records/imports/:id',
    case: 'an import that does not exist (the access check comes first, then 404)',
    call: (o) => ({ path: `/api/dashboard/records/imports/999999999?${q(o)}` }),
    staff: { action: 'records.manage', granted: 404, denied: 403 },
    expect: {
      A: '401 403 403 404 404 403 404',
      B: '401 403 403 403 403 404 404',
    },
  },
  {
    route: 'GET /api/dashboard/records/export',
    call: (o) => ({
      path: `/api/dashboard/records/export?${q(o)}&partnerSponsoredTypesId=${studentsOf(o)}&format=csv`,
    }),
    staff: { action: 'records.view', granted: 200, denied: 403 },
    expect: {
      A: '401 403 403 200 200 403 200',
      B: '401 403 403 403 403 200 200',
      BonA: '401 403 403 404 404 403 404',
    },
  },
  // ------------------------------------------------------------------ issue 14: team, audit log, platform console
  {
    route: 'GET /api/dashboard/team',
    call: (o) => ({ path: `/api/dashboard/team?${q(o)}` }),
    staff: { action: 'team.manage', granted: 200, denied: 403 },
    expect: { A: '401 403 403 200 403 403 200', B: '401 403 403 403 403 200 200' },
  },
  {
    route: 'PUT /api/dashboard/team/:usersId',
    case: 'a person not on the team (the access check comes first, then 404)',
    call: (o) => ({
      path: `/api/dashboard/team/${o.strangerUserId}?${q(o)}`,
      body: { roles: [3], entityIds: [] },
    }),
    staff: { action: 'team.manage', granted: 404, denied: 403 },
    expect: {
      A: '401 403 403 404 403 403 404',
      B: '401 403 403 403 403 404 404',
      BonA: '401 403 403 404 403 403 404',
    },
  },
  {
    route: 'DELETE /api/dashboard/team/:usersId',
    case: 'a person not on the team (the access check comes first, then 404)',
    call: (o) => ({ path: `/api/dashboard/team/${o.strangerUserId}?${q(o)}` }),
    staff: { action: 'team.manage', granted: 404, denied: 403 },
    expect: {
      A: '401 403 403 404 403 403 404',
      B: '401 403 403 403 403 404 404',
      BonA: '401 403 403 404 403 403 404',
    },
  },
  {
    route: 'GET /api/dashboard/team/invitations',
    call: (o) => ({ path: `/api/dashboard/team/invitations?${q(o)}` }),
    staff: { action: 'team.manage', granted: 200, denied: 403 },
    expect: { A: '401 403 403 200 403 403 200', B: '401 403 403 403 403 200 200' },
  },
  {
    route: 'POST /api/dashboard/team/invitations',
    case: "limited to another partner's program (the access check comes first, then 400)",
    call: (o, objects) => ({
      path: `/api/dashboard/team/invitations?${q(o)}`,
      body: {
        email: payerEmail(),
        roles: [3],
        entityIds: [o.partnersId === objects.A.partnersId ? objects.B.entityId : objects.A.entityId],
      },
    }),
    staff: { action: 'team.manage', granted: 400, denied: 403 },
    expect: { A: '401 403 403 400 403 403 400', B: '401 403 403 403 403 400 400' },
  },
  {
    route: 'POST /api/dashboard/team/invitations/:id/resend',
    case: 'an invitation that does not exist',
    call: (o) => ({ path: `/api/dashboard/team/invitations/999999999/resend?${q(o)}`, body: {} }),
    staff: { action: 'team.manage', granted: 404, denied: 403 },
    expect: { A: '401 403 403 404 403 403 404', B: '401 403 403 403 403 404 404' },
  },
  {
    route: 'POST /api/dashboard/team/invitations/:id/revoke',
    case: 'an invitation that does not exist',
    call: (o) => ({ path: `/api/dashboard/team/invitations/999999999/revoke?${q(o)}`, body: {} }),
    staff: { action: 'team.manage', granted: 404, denied: 403 },
    expect: { A: '401 403 403 404 403 403 404', B: '401 403 403 403 403 404 404' },
  },
  {
    route: 'GET /api/invitations/:token',
    case: 'a link that is not valid (anyone holding a link may read it)',
    call: (o) => ({ path: `/api/invitations/1.not-a-valid-nonce-at-all.x?${q(o)}` }),
    staff: 404,
    expect: { A: all(404), B: all(404) },
  },
  {
    route: 'POST /api/invitations/:token/accept',
    case: 'a link that is not valid (signed in first, then 404)',
    call: (o) => ({ path: `/api/invitations/1.not-a-valid-nonce-at-all.x/accept?${q(o)}`, body: {} }),
    staff: 404,
    expect: { A: '401 404 404 404 404 404 404', B: '401 404 404 404 404 404 404' },
  },
  {
    route: 'GET /api/dashboard/audit',
    call: (o) => ({ path: `/api/dashboard/audit?${q(o)}` }),
    staff: { action: 'audit.view', granted: 200, denied: 403 },
    expect: { A: '401 403 403 200 403 403 200', B: '401 403 403 403 403 200 200' },
  },
  {
    route: 'GET /api/dashboard/audit/export',
    call: (o) => ({ path: `/api/dashboard/audit/export?${q(o)}&entityType=sponsored` }),
    staff: { action: 'audit.view', granted: 200, denied: 403 },
    expect: { A: '401 403 403 200 403 403 200', B: '401 403 403 403 403 200 200' },
  },
  {
    route: 'GET /api/dashboard/setup',
    call: (o) => ({ path: `/api/dashboard/setup?${q(o)}` }),
    staff: { action: 'settings.manage', granted: 200, denied: 403 },
    expect: { A: '401 403 403 200 403 403 200', B: '401 403 403 403 403 200 200' },
  },
  {
    route: 'GET /api/dashboard/platform/partners',
    call: (o) => ({ path: `/api/dashboard/platform/partners?${q(o)}` }),
    staff: { action: 'platform.console', granted: 200, denied: 403 },
    expect: { A: '401 403 403 403 403 403 200', B: '401 403 403 403 403 403 200' },
  },
  {
    route: 'POST /api/dashboard/platform/partners',
    case: 'a subdomain already taken (the access check comes first, then 400)',
    call: (o) => ({
      path: `/api/dashboard/platform/partners?${q(o)}`,
      body: { subdomain: 'maple', name: 'X' },
    }),
    staff: { action: 'platform.console', granted: 400, denied: 403 },
    expect: { A: '401 403 403 403 403 403 400', B: '401 403 403 403 403 403 400' },
  },
  {
    route: 'PATCH /api/dashboard/platform/partners/:id',
    case: 'a partner that does not exist',
    call: (o) => ({ path: `/api/dashboard/platform/partners/999999999?${q(o)}`, body: { demoMode: true } }),
    staff: { action: 'platform.console', granted: 404, denied: 403 },
    expect: { A: '401 403 403 403 403 403 404', B: '401 403 403 403 403 403 404' },
  },
  // Issue 20 (High): the platform administrator verifies a partner's own domain by hand.
  {
    route: 'POST /api/dashboard/platform/partners/:id/domains/:domain/verify',
    case: 'a domain the partner does not hold (the access check comes first, then 404)',
    call: (o) => ({
      path: `/api/dashboard/platform/partners/3/domains/nobody.example.org/verify?${q(o)}`,
      body: {},
    }),
    staff: { action: 'platform.console', granted: 404, denied: 403 },
    expect: { A: '401 403 403 403 403 403 404', B: '401 403 403 403 403 403 404' },
  },
  // ---- end W2
  // ---- issue 13 items 1 and 5: the Overview and the Reports (reports.view; donations only partner-wide)
  {
    route: 'GET /api/dashboard/overview',
    call: (o) => ({ path: `/api/dashboard/overview?${q(o)}` }),
    staff: { action: 'reports.view', granted: 200, denied: 403 },
    expect: {
      A: '401 403 403 200 200 403 200',
      B: '401 403 403 403 403 200 200',
    },
  },
  {
    route: 'GET /api/dashboard/reports/:slug',
    call: (o) => ({ path: `/api/dashboard/reports/giving-by-program?${q(o)}` }),
    staff: { action: 'reports.view', granted: 200, denied: 403 },
    expect: {
      A: '401 403 403 200 200 403 200',
      B: '401 403 403 403 403 200 200',
    },
  },
  {
    route: 'GET /api/dashboard/reports/:slug',
    case: "filtered to a program outside the program administrator's",
    call: (o, all) => ({
      path: `/api/dashboard/reports/giving-by-month?${q(o)}&entitiesId=${o === all.A ? all.outsideProgram.entitiesId : o.entityId}`,
    }),
    staff: { action: 'reports.view', at: (all) => all.outsideProgram.entitiesId, granted: 200, denied: 403 },
    expect: {
      A: '401 403 403 200 403 403 200',
      B: '401 403 403 403 403 200 200',
    },
  },
  {
    route: 'GET /api/dashboard/reports/:slug/export',
    call: (o) => ({ path: `/api/dashboard/reports/year-end-totals/export?${q(o)}&format=csv` }),
    staff: { action: 'reports.view', granted: 200, denied: 403 },
    expect: {
      A: '401 403 403 200 200 403 200',
      B: '401 403 403 403 403 200 200',
    },
  },
  {
    route: 'GET /api/dashboard/reports/year-end-run',
    call: (o) => ({ path: `/api/dashboard/reports/year-end-run?${q(o)}` }),
    staff: { action: 'reports.view', granted: 200, denied: 403 },
    expect: {
      A: '401 403 403 200 200 403 200',
      B: '401 403 403 403 403 200 200',
    },
  },
  {
    route: 'POST /api/dashboard/reports/year-end-run',
    // It mails every donor of the year: donations.manage, partner-wide (decision 052); Reporting previews only.
    call: (o) => ({ path: `/api/dashboard/reports/year-end-run?${q(o)}`, body: { year: 2001 } }),
    staff: { action: 'donations.manage', granted: 202, denied: 403 },
    expect: {
      A: '401 403 403 202 403 403 202',
      B: '401 403 403 403 403 202 202',
    },
  },
  {
    route: 'DELETE /api/users/:id',
    case: 'a stranger’s account',
    call: (o) => ({ path: `/api/users/${o.strangerUserId}?${q(o)}` }),
    staff: 403,
    expect: { A: '401 403 403 403 403 403 403', B: '401 403 403 403 403 403 403' },
  },
  {
    route: 'DELETE /api/users/:id',
    case: 'the donor’s own account (the donor is gone afterwards)',
    call: (_o, objects) => ({ path: `/api/users/${objects.userIds.donor}?partnersId=2` }),
    staff: 403,
    expect: { A: '401 204 403 403 403 403 403' },
  },
];

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
  };
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
function maskedRecordOfRow(row: Row, target: Target): MaskedRecord {
  if (row.masked) return row.masked.record(objects);
  return target === 'A' ? objects.A.masked : objects.B.masked;
}

/** Whether a viewer of the table may see the row's masked record in full. */
function isPrivileged(row: Row, target: Target, viewer: Viewer): boolean {
  return (row.masked ? row.masked.privileged : PRIVILEGED[target]).includes(viewer);
}

/** A staff viewer sees a masked record in full where they may see records: `records.view` there. */
function isStaffPrivileged(row: Row, staff: StaffViewer): boolean {
  return axisGrants('records.view', staff, maskedRecordOfRow(row, 'A').entitiesId);
}

/** The leak checks of one answer; returns the problems found. */
function leaksIn(res: TestResponse, row: Row, target: Target, privileged: boolean): string[] {
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

const rowName = (row: Row) => (row.case ? `${row.route} (${row.case})` : row.route);
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
 */
const MASK_VIEWERS = [
  'anonymous',
  'sponsor',
  'adminA',
  'programA',
  'adminB',
  'platform',
  'outsider',
] as const;
type MaskViewer = (typeof MASK_VIEWERS)[number];

interface MaskObjects {
  /** The outsider: sponsors `outsideProgram` (a real checkout), and sponsored a masked child of programA's program once. */
  outsiderId: number;
  receiptCode: string;
  subscriptionId: number;
  /** A masked child of the program administrator's own program, whose sponsorship by the outsider ended. */
  endedInProgram: MaskedRecord;
  /** A person known to partner B only (a sponsorship there), and an id nobody has. */
  mapleOnlyPersonId: number;
  missingPersonId: number;
}

interface MaskRow {
  route: string;
  case?: string;
  path: (m: MaskObjects) => string;
  /** Statuses in the order of MASK_VIEWERS. */
  expect: string;
}

/** Routes that never carry a sponsored record's last name, birthday or pictures, and why. */
const CARRIES_NO_SPONSORED_RECORD: Record<string, string> = {
  // Issue 15: a code's or link's record is named only when it is not masked (gifts' codeRecordOf),
  // for every viewer alike; the staff list names records by first name or title only.
  'POST /api/gifts': 'the receipt link and the giver’s manage code',
  'GET /api/gifts/redeem/:code': 'the gift’s record: first name and picture only when not masked',
  'POST /api/gifts/redeem/:code': 'ids and the end date',
  'GET /api/gifts/manage/:code': 'the recipient’s name and address, to the giver',
  'POST /api/gifts/manage/:code': 'the recipient’s name and address, to the giver',
  'GET /api/trials/redeem/:code': 'the trial’s record: first name and picture only when not masked',
  'POST /api/trials/redeem/:code': 'ids and the end date',
  'GET /api/lightning/:sponsoredType/:code': 'the next record: first name and picture only when not masked',
  'GET /api/lightning/:sponsoredType': 'the next record: first name and picture only when not masked',
  'GET /api/dashboard/giving-codes':
    'gifts, codes and links with a record’s first name or title, to donations.view',
  'POST /api/dashboard/trials': 'the new codes',
  'POST /api/dashboard/lightning': 'the new link',
  'GET /api/dashboard/lightning/:code/qr': 'a QR code',
  'GET /api/dashboard/gifts': 'gifts with a record’s first name or title, to donations.view',
  'GET /api/dashboard/gifts/:id': 'a gift with its record’s first name or title and type, to donations.view',
  'GET /api/dashboard/trials': 'trial codes with a record’s first name or title, to donations.view',
  'GET /api/dashboard/lightning': 'links with a record’s first name or title, to donations.view',
  'POST /api/dashboard/trials/:id/withdraw': 'the withdrawn code with a record’s first name or title',
  'POST /api/dashboard/lightning/:id/withdraw': 'the revoked link with a record’s first name or title',
  'GET /api/auth/*': 'sign-in only',
  'POST /api/auth/*': 'sign-in only',
  'GET /api/auth-config': 'sign-in configuration',
  'GET /api/dashboard/partners': 'the partners the viewer staffs and the actions there',
  // W3: types and plans, programs (counts only, never a record).
  'GET /api/dashboard/types': 'the partner’s sponsored types and plans, with counts',
  'POST /api/dashboard/types': 'the new sponsored type',
  'PUT /api/dashboard/types/:id': 'the sponsored type',
  'PUT /api/dashboard/types/:id/plan': 'the sponsored type and a count of kept sponsorships',
  'GET /api/dashboard/programs': 'programs with counts of records and sponsors',
  // Issue 14: the partner's settings and email templates (sample values only).
  'GET /api/dashboard/settings': 'the partner’s settings',
  'PUT /api/dashboard/settings': 'the partner’s settings',
  'POST /api/dashboard/settings/logo': 'the partner’s settings',
  'POST /api/dashboard/settings/headerimage': 'the partner’s settings',
  'GET /api/dashboard/emailtemplates': 'templates and their placeholders',
  'PUT /api/dashboard/emailtemplates/:kind': 'templates and their placeholders',
  'DELETE /api/dashboard/emailtemplates/:kind': 'templates and their placeholders',
  'POST /api/dashboard/emailtemplates/:kind/preview': 'a message rendered with sample values',
  'POST /api/dashboard/emailtemplates/:kind/test': 'the address the test went to',
  'POST /api/dashboard/programs': 'the new program',
  'PUT /api/dashboard/programs/:id': 'the program',
  'POST /api/dashboard/programs/:id/image': 'the program',
  'GET /api/jobs/:id/progress': "a job's counts and message",
  // Issue 14: the staff list, invitations, the audit log (to Administrators, who see every record in
  // full), the platform console and the setup checklist.
  'GET /api/dashboard/team': 'staff names, emails, roles and programs',
  'PUT /api/dashboard/team/:usersId': 'a staff member',
  'DELETE /api/dashboard/team/:usersId': 'no body',
  'GET /api/dashboard/team/invitations': 'invitations',
  'POST /api/dashboard/team/invitations': 'the invitation',
  'POST /api/dashboard/team/invitations/:id/resend': 'the invitation',
  'POST /api/dashboard/team/invitations/:id/revoke': 'the invitation',
  'GET /api/invitations/:token': 'the partner, the address, roles and program names',
  'POST /api/invitations/:token/accept': 'the partner and roles',
  'GET /api/dashboard/audit': 'audit rows, to Administrators only (who see every record in full)',
  'GET /api/dashboard/audit/export': 'audit rows, to Administrators only (who see every record in full)',
  'GET /api/dashboard/setup': 'the setup checklist',
  'GET /api/dashboard/platform/partners': 'partners and counts',
  'POST /api/dashboard/platform/partners': 'the new partner',
  'PATCH /api/dashboard/platform/partners/:id': 'the partner',
  'POST /api/dashboard/settings/domains/:domain/check': 'the partner’s settings',
  'POST /api/dashboard/platform/partners/:id/domains/:domain/verify': 'a partner id, a domain and a date',
  'POST /api/sponsoreds/:id/images': 'the new pictures, to staff who manage them (the matrix row checks who)',
  'POST /api/dashboard/records':
    'a new record, to staff who manage records of its program (the matrix row checks who)',
  'PATCH /api/dashboard/records/:id':
    'the record, to staff who manage records of its program (the matrix row checks who)',
  'POST /api/dashboard/records/:id/duplicate':
    'the copy, to staff who manage records of its program (the matrix row checks who)',
  'DELETE /api/dashboard/records/:id': 'no body',
  // W4: updates answer record names to staff who write updates to their programs (the matrix rows
  // check who); the update page to the record's sponsors and staff with records.view (its row).
  'GET /api/dashboard/updates': 'posts with counts of records, notices and pictures; no record',
  'POST /api/dashboard/updates': 'the post with its records, to staff who write updates to their programs',
  'GET /api/dashboard/updates/:id': 'the post with its records, to staff who write updates to their programs',
  'PATCH /api/dashboard/updates/:id':
    'the post with its records, to staff who write updates to their programs',
  'DELETE /api/dashboard/updates/:id': 'no body',
  'POST /api/dashboard/updates/:id/pictures':
    'the post with its records, to staff who write updates to their programs',
  'GET /api/sponsored-updates/:code':
    "one record's update and name, to its active sponsors and staff with records.view (the matrix row checks who)",
  // W2: the gallery answered to staff who manage pictures (the matrix rows check who).
  'PATCH /api/sponsoreds/:id/images/:imageId': 'the pictures, to staff who manage them',
  'PUT /api/sponsoreds/:id/images/order': 'the pictures, to staff who manage them',
  'PUT /api/sponsoreds/:id/profileimage': 'the pictures, to staff who manage them',
  'DELETE /api/sponsoreds/:id/images/:imageId': 'the pictures, to staff who manage them',
  'POST /api/dashboard/records/import/dryrun': 'row errors name a code, a column and the value sent',
  'POST /api/dashboard/records/import': 'the import’s state and counts',
  'GET /api/dashboard/records/imports': 'imports’ states and counts',
  'GET /api/dashboard/records/imports/:id': 'the import’s state, counts and row errors',
  'GET /api/partners/:key': 'the partner model',
  'GET /api/partners': 'partner models',
  'GET /api/partners/:id/onboardurl': 'a provider address',
  'POST /api/partners/oauthonboard': 'a redirect address',
  'POST /api/users': 'a new person record has no sponsorships',
  'GET /api/payments/config': 'the card field configuration',
  'GET /api/payments/setupintent': 'a setup intent',
  'GET /api/payments/:userId/paymentmethods': 'payment methods',
  'DELETE /api/payments/paymentmethod/:id': 'no body',
  'PUT /api/payments/updatedefaultpaymentmethod/:id': 'payment methods',
  'PUT /api/payments/updatesubscriptionpayment/:ordersId':
    'the subscription detail, self only: covered by its GET',
  'PUT /api/payments/resetsubscriptionprice/:id': 'the subscription detail, self only: covered by its GET',
  'POST /api/payments/checkout/:interval': 'a receipt address; its errors name records by first name',
  'POST /api/payments/checkout': 'a receipt address; its errors name records by first name',
  'POST /api/payments': 'a receipt address',
  'POST /api/payments/webhook': 'a provider delivery',
  'POST /api/sandbox/paymentmethods': 'a payment method',
  'POST /api/sandbox/setupintents/:id/confirm': 'a setup intent',
  'DELETE /api/users/:id': 'no body',
  // Issue 13: figures and reports hold counts, money and type, program and donor names, never a record.
  'GET /api/dashboard/overview': 'counts and money; types by label',
  'GET /api/dashboard/reports/:slug': 'money and counts by month, type, program, fund or donor',
  'GET /api/dashboard/reports/:slug/export': 'the same report as a file',
  'GET /api/dashboard/reports/year-end-run': 'the run’s progress',
  'POST /api/dashboard/reports/year-end-run': 'the run’s progress',
  // Issue 13: the Donations section names records by code only, never by name, birthday or picture.
  'GET /api/dashboard/donations/payments': 'payments with the donor’s contact and record codes',
  'GET /api/dashboard/donations/subscriptions': 'subscriptions with the donor’s contact and record codes',
  'GET /api/dashboard/donations/delinquent': 'failed renewals with the donor’s contact and record codes',
  'POST /api/dashboard/donations/payments/:id/refund': 'the payment with record codes',
  'POST /api/dashboard/donations/subscriptions/:id/cancel': 'the subscription with record codes',
  'POST /api/dashboard/donations/subscriptions/:id/retry': 'the outcome of the attempt',
  'POST /api/dashboard/donations/subscriptions/:id/remind': 'whether the email was queued',
  // Issue 13: the Sponsors section's writes answer one sponsorship (no last name, birthday or picture).
  'POST /api/dashboard/sponsorships':
    'the new sponsorship by record name, to staff who manage sponsorships of its program (the matrix row checks who)',
  'POST /api/dashboard/sponsorships/:id/end':
    'the sponsorship by record name, to staff who manage sponsorships of its program (the matrix row checks who)',
  'POST /api/dashboard/sponsorships/:id/move':
    'the moved sponsorship by record name, to staff who manage sponsorships of both programs (the matrix row checks who)',
  'POST /api/link': 'the linked sponsorship, to the person holding its one-time code',
};

const outsideEntity = DEMO_IDS.otherDemoEntity;

const MASK_ROWS: MaskRow[] = [
  // W4: the Updates editor's record search, by the outside record's code.
  {
    route: 'GET /api/dashboard/updates/recipients',
    path: () =>
      `/api/dashboard/updates/recipients?partnersId=2&q=${encodeURIComponent(objects.outsideProgram.code)}`,
    expect: '401 403 200 200 403 200 403',
  },
  // W1: the Records section
  {
    route: 'GET /api/dashboard/records/:id',
    path: () => `/api/dashboard/records/${objects.outsideProgram.id}?partnersId=2`,
    expect: '401 403 200 403 403 200 403',
  },
  {
    route: 'GET /api/dashboard/records',
    path: () =>
      `/api/dashboard/records?partnersId=2&type=${DEMO_IDS.types.demo.students!}&q=${encodeURIComponent(objects.outsideProgram.code)}`,
    expect: '401 403 200 200 403 200 403',
  },
  {
    route: 'GET /api/partners/:partnerId/landing',
    path: () => `/api/partners/2/landing?partnersId=2`,
    expect: '200 200 200 200 200 200 200',
  },
  {
    route: 'GET /api/partners/:partnerId/sponsoreds',
    path: () =>
      `/api/partners/2/sponsoreds?partnersId=2&partnerSponsoredTypesId=${DEMO_IDS.types.demo.students}&entitiesId=${outsideEntity}&limit=100`,
    expect: '200 200 200 200 200 200 200',
  },
  {
    route: 'GET /api/partners/:partnerId/sponsoreds',
    case: 'fully sponsored records',
    path: () =>
      `/api/partners/2/sponsoreds?partnersId=2&partnerSponsoredTypesId=${DEMO_IDS.types.demo.students}&entitiesId=${outsideEntity}&isFullySponsored=Yes&limit=100`,
    expect: '200 200 200 200 200 200 200',
  },
  {
    route: 'GET /api/sponsoreds/:id',
    path: () => `/api/sponsoreds/${objects.outsideProgram.id}?partnersId=2`,
    expect: '200 200 200 200 200 200 200',
  },
  {
    route: 'GET /api/sponsoreds/:id/images',
    path: () => `/api/sponsoreds/${objects.outsideProgram.id}/images?partnersId=2`,
    expect: '200 200 200 200 200 200 200',
  },
  {
    route: 'GET /api/sponsoreds/:id/updates',
    path: () => `/api/sponsoreds/${objects.outsideProgram.id}/updates?partnersId=2`,
    expect: '401 403 200 403 403 200 200',
  },
  {
    route: 'GET /media/*',
    path: () => `/media/${objects.outsideProgram.imagePaths.at(-1)!}`,
    expect: '404 404 200 404 404 200 200',
  },
  {
    route: 'GET /api/users/getByToken',
    path: () => '/api/users/getByToken?partnersId=2',
    expect: '401 200 200 200 200 200 200',
  },
  {
    route: 'GET /api/users/:id/sponsoreds',
    path: (m) => `/api/users/${m.outsiderId}/sponsoreds?partnersId=2`,
    expect: '401 403 200 200 403 200 200',
  },
  {
    route: 'PUT /api/users/:id',
    path: (m) => `/api/users/${m.outsiderId}?partnersId=2`,
    expect: '401 403 403 403 403 403 200',
  },
  {
    route: 'GET /api/users/:id/export',
    path: (m) => `/api/users/${m.outsiderId}/export?partnersId=2`,
    expect: '401 403 403 403 403 403 200',
  },
  {
    route: 'GET /api/users/:id/statement',
    path: (m) => `/api/users/${m.outsiderId}/statement?partnersId=2`,
    expect: '401 403 403 403 403 403 200',
  },
  {
    route: 'GET /api/payments/subscriptiondetail/:id',
    path: (m) => `/api/payments/subscriptiondetail/${m.subscriptionId}?partnersId=2`,
    expect: '401 404 404 404 404 404 200',
  },
  {
    route: 'GET /api/receipts/:code',
    path: (m) => `/api/receipts/${m.receiptCode}?partnersId=2`,
    expect: '200 200 200 200 200 200 200',
  },
  {
    route: 'GET /api/receipts/:code/pdf',
    path: (m) => `/api/receipts/${m.receiptCode}/pdf?partnersId=2`,
    expect: '200 200 200 200 200 200 200',
  },
  // W2: the export carries records, to staff who see them, only their programs' ones.
  {
    route: 'GET /api/dashboard/records/export',
    path: () =>
      `/api/dashboard/records/export?partnersId=2&partnerSponsoredTypesId=${DEMO_IDS.types.demo.students}&format=csv`,
    expect: '401 403 200 200 403 200 403',
  },
  // Issue 13: the Sponsors section, to staff who see sponsors, of their programs' records only.
  {
    route: 'GET /api/dashboard/sponsors',
    path: () => '/api/dashboard/sponsors?partnersId=2&pageSize=500',
    expect: '401 403 200 200 403 200 403',
  },
  {
    route: 'GET /api/dashboard/sponsors/:id',
    path: (m) => `/api/dashboard/sponsors/${m.outsiderId}?partnersId=2`,
    expect: '401 403 200 200 403 200 403',
  },
  // W2: the staff gallery, to staff who manage pictures of the record's program only.
  {
    route: 'GET /api/sponsoreds/:id/pictures',
    path: () => `/api/sponsoreds/${objects.outsideProgram.id}/pictures?partnersId=2`,
    expect: '401 403 200 403 403 200 403',
  },
];

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
        const { res, text } = await fetchAs(viewer, 'A', method, row.path(m), body);
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
