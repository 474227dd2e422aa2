import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { and, asc, eq, exists, isNotNull, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jobProgress,
  orders,
  partnerSponsoredTypes,
  sponsoredImages,
  sponsoreds,
  subscriptions,
  updates,
  users,
} from '../src/db/schema/index.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../src/seed/demo.ts';
import { freshAddress, insertRecord, line } from './giving-fixtures.ts';
import type { TestClient, TestResponse } from './http-client.ts';
import { createPeople } from './people.ts';
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
 * Set KINSHIP_MATRIX_OBSERVED=path to write the observed table (handy when adding a row).
 */

const VIEWERS = ['anonymous', 'donor', 'sponsor', 'adminA', 'programA', 'adminB', 'platform'] as const;
type Viewer = (typeof VIEWERS)[number];
type Target = 'A' | 'B' | 'BonA';

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
  lastName: string;
  birthday: string;
  imagePaths: string[];
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
}

interface Objects {
  A: PartnerObjects;
  B: PartnerObjects;
  /** A masked record of partner A in another program than the program administrator's, sponsored by nobody. */
  outsideProgram: MaskedRecord;
  /** Person records of the viewers. */
  userIds: Record<Exclude<Viewer, 'anonymous'>, number>;
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
  /** The masked record this row is about, when not the target's own (with who may see it in full). */
  masked?: { record: (all: Objects) => MaskedRecord; privileged: readonly Viewer[] };
}

const all = (status: number) => VIEWERS.map(() => String(status)).join(' ');
const q = (o: PartnerObjects) => `partnersId=${o.partnersId}`;

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
    expect: { A: all(200), B: all(200) },
  },
  {
    route: 'POST /api/auth/*',
    case: 'request-password-reset',
    call: () => ({
      path: '/api/auth/request-password-reset',
      body: { email: 'nobody-in-the-matrix@example.org' },
    }),
    expect: { A: all(200), B: all(200) },
  },
  {
    route: 'GET /api/auth-config',
    call: (o) => ({ path: `/api/auth-config?${q(o)}` }),
    expect: { A: all(200), B: all(200) },
  },
  // ------------------------------------------------------------------ partners
  {
    route: 'GET /api/partners/:key',
    call: (o) => ({ path: `/api/partners/${o.subdomain}` }),
    // The public partner model, by key on any site.
    expect: { A: all(200), B: all(200), BonA: all(200) },
  },
  {
    route: 'GET /api/partners',
    call: (o) => ({ path: `/api/partners?${q(o)}` }),
    expect: { A: all(200), B: all(200) },
  },
  {
    route: 'GET /api/partners/:id/onboardurl',
    call: (o, _all, target) => ({
      path: `/api/partners/${o.partnersId}/onboardurl?partnersId=${target === 'BonA' ? 2 : o.partnersId}`,
    }),
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
    expect: { A: all(400), B: all(400) },
  },
  // ------------------------------------------------------------------ sponsored records
  {
    route: 'GET /api/partners/:partnerId/sponsoreds',
    case: 'active listing of the site',
    call: (o) => ({ path: `/api/partners/${o.partnersId}/sponsoreds?${q(o)}&limit=100` }),
    expect: { A: all(200), B: all(200), BonA: all(404) },
  },
  {
    route: 'GET /api/partners/:partnerId/sponsoreds',
    case: 'inactive records (administrators only)',
    call: (o) => ({ path: `/api/partners/${o.partnersId}/sponsoreds?${q(o)}&status=inactive` }),
    expect: { A: '403 403 403 200 200 403 200', B: '403 403 403 403 403 200 200' },
  },
  {
    route: 'GET /api/partners/:partnerId/sponsoreds',
    case: 'a program of the other partner',
    call: (o, objects) => {
      const site = o.partnersId === 2 ? objects.A : objects.B;
      const other = o.partnersId === 2 ? objects.B : objects.A;
      return { path: `/api/partners/${site.partnersId}/sponsoreds?${q(site)}&entitiesId=${other.entityId}` };
    },
    expect: { A: all(400), B: all(400) },
  },
  {
    route: 'GET /api/sponsoreds/:id',
    call: (o) => ({ path: `/api/sponsoreds/${o.masked.id}` }),
    expect: { A: all(200), B: all(200), BonA: all(404) },
  },
  {
    route: 'GET /api/sponsoreds/:id',
    case: 'a masked record outside the program administrator’s program',
    call: (_o, objects) => ({ path: `/api/sponsoreds/${objects.outsideProgram.id}` }),
    expect: { A: all(200) },
    masked: { record: (objects) => objects.outsideProgram, privileged: ['adminA', 'platform'] },
  },
  {
    route: 'GET /api/sponsoreds/:id/updates',
    case: 'a masked record outside the program administrator’s program',
    call: (_o, objects) => ({ path: `/api/sponsoreds/${objects.outsideProgram.id}/updates` }),
    expect: { A: '401 403 403 200 403 403 200' },
    masked: { record: (objects) => objects.outsideProgram, privileged: ['adminA', 'platform'] },
  },
  {
    route: 'GET /api/sponsoreds/:id/images',
    call: (o) => ({ path: `/api/sponsoreds/${o.masked.id}/images` }),
    expect: { A: all(200), B: all(200), BonA: all(404) },
  },
  {
    route: 'GET /api/sponsoreds/:id/updates',
    call: (o) => ({ path: `/api/sponsoreds/${o.masked.id}/updates` }),
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
    expect: { A: '401 409 409 409 409 409 409', B: '401 409 409 409 409 409 409' },
  },
  {
    route: 'GET /api/users/:id/sponsoreds',
    call: (o) => ({ path: `/api/users/${o.sponsorUserId}/sponsoreds?${q(o)}` }),
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
    expect: { A: '401 403 200 403 403 403 403', B: '401 403 200 403 403 403 403' },
  },
  {
    route: 'PUT /api/users/:id',
    case: 'a stranger’s record',
    call: (o) => ({
      path: `/api/users/${o.strangerUserId}?${q(o)}`,
      body: { firstName: 'Mallory', lastName: 'X', address1: '1 St', city: 'C', state: 'S', zip: '1' },
    }),
    expect: { A: '401 403 403 403 403 403 403', B: '401 403 403 403 403 403 403' },
  },
  {
    route: 'GET /api/users/:id/export',
    call: (o) => ({ path: `/api/users/${o.sponsorUserId}/export?${q(o)}` }),
    expect: { A: '401 403 200 403 403 403 403', B: '401 403 200 403 403 403 403' },
  },
  {
    route: 'GET /api/users/:id/statement',
    call: (o) => ({ path: `/api/users/${o.sponsorUserId}/statement?${q(o)}` }),
    expect: { A: '401 403 200 403 403 403 403', B: '401 403 200 403 403 403 403' },
  },
  // ------------------------------------------------------------------ payments
  {
    route: 'GET /api/payments/config',
    call: (o) => ({ path: `/api/payments/config?${q(o)}` }),
    // The card field's configuration: public, as visitors donate too.
    expect: { A: all(200), B: all(200) },
  },
  {
    route: 'GET /api/payments/setupintent',
    call: (o) => ({ path: `/api/payments/setupintent?${q(o)}` }),
    expect: { A: '401 200 200 200 200 200 200', B: '401 200 200 200 200 200 200' },
  },
  {
    route: 'GET /api/payments/:userId/paymentmethods',
    call: (o) => ({ path: `/api/payments/${o.sponsorUserId}/paymentmethods?${q(o)}` }),
    expect: { A: '401 403 200 403 403 403 403', B: '401 403 200 403 403 403 403' },
  },
  {
    route: 'PUT /api/payments/updatedefaultpaymentmethod/:id',
    call: (o) => ({ path: `/api/payments/updatedefaultpaymentmethod/${o.methodInUse}?${q(o)}` }),
    expect: {
      A: '401 404 200 404 404 404 404',
      B: '401 404 200 404 404 404 404',
      BonA: '401 404 404 404 404 404 404',
    },
  },
  {
    route: 'GET /api/payments/subscriptiondetail/:id',
    call: (o) => ({ path: `/api/payments/subscriptiondetail/${o.subscriptionId}?${q(o)}` }),
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
    expect: {
      A: '401 404 200 404 404 404 404',
      B: '401 404 200 404 404 404 404',
      BonA: '401 404 404 404 404 404 404',
    },
  },
  {
    route: 'PUT /api/payments/resetsubscriptionprice/:id',
    call: (o) => ({ path: `/api/payments/resetsubscriptionprice/${o.subscriptionId}?${q(o)}` }),
    expect: {
      A: '401 404 200 404 404 404 404',
      B: '401 404 200 404 404 404 404',
      BonA: '401 404 404 404 404 404 404',
    },
  },
  {
    route: 'POST /api/payments/checkout/:interval',
    call: (o) => ({ path: `/api/payments/checkout/month?${q(o)}`, body: checkoutBody(o) }),
    expect: {
      A: '401 200 200 200 200 200 200',
      B: '401 200 200 200 200 200 200',
      BonA: '401 400 400 400 400 400 400',
    },
  },
  {
    route: 'POST /api/payments/checkout',
    call: (o) => ({ path: `/api/payments/checkout?${q(o)}`, body: checkoutBody(o, 'year') }),
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
    expect: { A: all(200), B: all(200) },
  },
  {
    route: 'GET /api/receipts/:code',
    call: (o) => ({ path: `/api/receipts/${o.receiptCode}?${q(o)}` }),
    expect: { A: all(200), B: all(200), BonA: all(404) },
  },
  {
    route: 'GET /api/receipts/:code/pdf',
    call: (o) => ({ path: `/api/receipts/${o.receiptCode}/pdf?${q(o)}` }),
    expect: { A: all(200), B: all(200), BonA: all(404) },
  },
  {
    route: 'GET /api/jobs/:id/progress',
    call: (o) => ({ path: `/api/jobs/${o.jobId}/progress?${q(o)}` }),
    expect: {
      A: '401 403 403 200 200 403 200',
      B: '401 403 403 403 403 200 200',
      BonA: '401 403 403 404 404 403 404',
    },
  },
  {
    route: 'POST /api/payments/webhook',
    case: 'an unsigned delivery',
    call: () => ({ path: '/api/payments/webhook', body: { id: 'evt_forged', type: 'invoice.paid' } }),
    expect: { A: all(400), B: all(400) },
  },
  {
    route: 'POST /api/sandbox/paymentmethods',
    call: (o) => ({
      path: `/api/sandbox/paymentmethods?${q(o)}`,
      body: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
    }),
    expect: { A: all(200), B: all(200) },
  },
  {
    route: 'POST /api/sandbox/setupintents/:id/confirm',
    case: 'the sponsor’s setup intent with its client secret',
    call: (o) => ({
      path: `/api/sandbox/setupintents/${o.setupIntent.id}/confirm?${q(o)}`,
      body: { clientSecret: o.setupIntent.clientSecret, paymentMethod: 'pm_card_amex' },
    }),
    expect: { A: '200 400 400 400 400 400 400', B: '200 400 400 400 400 400 400' },
  },
  {
    route: 'POST /api/sandbox/setupintents/:id/confirm',
    case: 'a setup intent with a guessed client secret',
    call: (o) => ({
      path: `/api/sandbox/setupintents/${o.setupIntent.id}/confirm?${q(o)}`,
      body: { clientSecret: 'seti_guess_secret', paymentMethod: 'pm_card_amex' },
    }),
    expect: { A: all(400), B: all(400) },
  },
  // ------------------------------------------------------------------ destructive rows last
  {
    route: 'DELETE /api/payments/paymentmethod/:id',
    call: (o) => ({ path: `/api/payments/paymentmethod/${o.spareMethod}?${q(o)}` }),
    expect: {
      BonA: '401 404 404 404 404 404 404',
      A: '401 404 204 404 404 404 404',
      B: '401 404 204 404 404 404 404',
    },
  },
  {
    route: 'DELETE /api/users/:id',
    case: 'a stranger’s account',
    call: (o) => ({ path: `/api/users/${o.strangerUserId}?${q(o)}` }),
    expect: { A: '401 403 403 403 403 403 403', B: '401 403 403 403 403 403 403' },
  },
  {
    route: 'DELETE /api/users/:id',
    case: 'the donor’s own account (the donor is gone afterwards)',
    call: (_o, objects) => ({ path: `/api/users/${objects.userIds.donor}?partnersId=2` }),
    expect: { A: '401 204 403 403 403 403 403' },
  },
];

/** Routes that are not part of the API (none when the built web app is absent, as in tests). */
const NOT_API = new Set(['GET /*']);

let t: TestApp;
let objects: Objects;
const clients = new Map<Viewer, { A: TestClient; B: TestClient }>();

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
    lastName: row!.lastName!,
    birthday: row!.birthday!,
    imagePaths: [row!.profileImagePath!, ...images.map((i) => i.imagePath)],
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
    jobId: await trackedJobOf(partnersId),
  };
}

async function trackedJobOf(partnersId: number): Promise<string> {
  const id = randomUUID();
  await t.database.db
    .insert(jobProgress)
    .values({ id, name: 'matrix.import', partnersId, done: 3, total: 10 });
  return id;
}

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
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
  const strangers = await createPeople(t.database, 2, 'matrix-stranger');
  const mapleMasked = await openMaskedMapleStudent();
  const A = await objectsOf('A', DEMO_IDS.maskedSponsoredOfSponsor, userIds.sponsor, strangers[0]!.usersId);
  const B = await objectsOf('B', mapleMasked, userIds.sponsor, strangers[1]!.usersId);
  objects = {
    A,
    B,
    userIds,
    outsideProgram: await maskedRecordOf(2, DEMO_IDS.maskedNotSponsoredOtherEntity),
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

/** The leak checks of one answer; returns the problems found. */
function leaksIn(res: TestResponse, row: Row, target: Target, viewer: Viewer): string[] {
  const problems: string[] = [];
  const otherPartner = target === 'B' ? objects.A : objects.B;
  const record = row.masked
    ? row.masked.record(objects)
    : target === 'A'
      ? objects.A.masked
      : objects.B.masked;
  const privileged = row.masked ? row.masked.privileged : PRIVILEGED[target];
  if (!privileged.includes(viewer)) {
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
const observed: Record<string, Partial<Record<Target, string>>> = {};

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
          for (const problem of leaksIn(res, row, target, viewer))
            problems.push(`${target} ${viewer}: ${problem}`);
        }
        actual[target] = statuses.join(' ');
      }
      observed[rowName(row)] = actual;
      expect(actual).toEqual(row.expect);
      expect(problems).toEqual([]);
    });
  }

  afterAll(() => {
    const out = process.env.KINSHIP_MATRIX_OBSERVED;
    if (out) fs.writeFileSync(out, JSON.stringify(observed, null, 2));
  });
});
