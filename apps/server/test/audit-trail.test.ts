import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { newLinkCode } from '../src/areas/sponsorships/sponsors/sponsors.service.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '../src/seed/demo.ts';
import { freshAddress, insertRecord, line } from './giving-fixtures.ts';
import type { TestClient, TestResponse } from './http-client.ts';
import { startDnsDouble, type DnsDouble } from './dns-double.ts';
import { clientAs, createPeople, type TestPerson } from './people.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/*
 * THE AUDIT TRAIL: every write route the server has, called twice. Once while the database
 * refuses audit rows (a trigger): the call fails and its write is not there either (the audit row
 * and the write are one transaction). Then normally: the write is there with its audit row, which
 * names the action, the entity, the actor, the request id (the x-request-id answered) and the
 * client address. A new write route fails the coverage test until it has a scenario here.
 */

type Row = Record<string, unknown>;

let t: TestApp;
/** Answers the TXT records of own domains checked by "Check now" (issue 20). */
let dns: DnsDouble;
beforeAll(async () => {
  dns = await startDnsDouble();
  t = await startTestApp({ env: { TRUST_PROXY: 'loopback', DNS_SERVERS: dns.server } });
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

async function rows(query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

async function refuseAuditRows(on: boolean) {
  if (on) {
    await t.database.db.execute(sql`
      CREATE OR REPLACE FUNCTION refuse_audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit rows are refused (test)'; END $$`);
    await t.database.db.execute(sql`
      CREATE TRIGGER refuse_audit_row BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_audit_row()`);
  } else {
    await t.database.db.execute(sql`DROP TRIGGER IF EXISTS refuse_audit_row ON audit_log`);
  }
}

async function person(): Promise<TestPerson> {
  return (await createPeople(t.database, 1, 'audit'))[0]!;
}

/** A saved card of the person at partner 2, through a setup intent (as the payment settings page does). */
async function savedCard(client: TestClient, card = 'pm_card_mastercard'): Promise<string> {
  const intent = (await client.get('/api/payments/setupintent?partnersId=2')).json<{
    id: string;
    clientSecret: string;
  }>();
  const confirmed = await client.post(`/api/sandbox/setupintents/${intent.id}/confirm?partnersId=2`, {
    clientSecret: intent.clientSecret,
    paymentMethod: card,
  });
  expect(confirmed.status).toBe(200);
  return confirmed.json<{ paymentMethod: string }>().paymentMethod;
}

async function subscribe(who: TestPerson): Promise<{ ordersId: number; subscriptionsId: number }> {
  const record = await insertRecord(t.database, { maxSlots: 5 });
  const res = await clientAs(t.port, who).post(
    '/api/payments/checkout/month?partnersId=2',
    checkoutBody(who, record),
    freshAddress(),
  );
  expect(res.status).toBe(200);
  const [sub] = await rows(
    sql`SELECT id, orders_id FROM subscriptions WHERE users_id = ${who.usersId} ORDER BY id DESC LIMIT 1`,
  );
  return { ordersId: Number(sub!.orders_id), subscriptionsId: Number(sub!.id) };
}

function checkoutBody(who: TestPerson, record: number) {
  return {
    partnersId: 2,
    stripePaymentIntent: 'pm_card_visa',
    userSponsoreds: [line(record, 1)],
    email: who.email,
    firstName: who.firstName,
    lastName: who.lastName,
    baseAmount: 5000,
    additionalAmount: 0,
  };
}

/**
 * A subscription whose renewal just failed (the card declined at the provider), its card then
 * fixed at the provider, so a retry pays it.
 */
async function failedRenewal(): Promise<number> {
  const { subscriptionsId } = await subscribe(await person());
  const [sub] = await rows(
    sql`SELECT gateway_subscription_id FROM subscriptions WHERE id = ${subscriptionsId}`,
  );
  const gatewayId = String(sub!.gateway_subscription_id);
  const past = new Date(Date.now() - 1000).toISOString();
  await t.database.db.execute(sql`UPDATE sandbox_payment_methods SET behaviour = 'card_declined'
    WHERE id = (SELECT payment_method_id FROM sandbox_subscriptions WHERE id = ${gatewayId})`);
  await t.database.db.execute(
    sql`UPDATE sandbox_subscriptions SET current_period_end = ${past} WHERE id = ${gatewayId}`,
  );
  await t.database.db.execute(
    sql`UPDATE subscriptions SET current_period_end = ${past} WHERE id = ${subscriptionsId}`,
  );
  await t.runJob('sandbox.renewals');
  await t.database.db.execute(sql`UPDATE sandbox_payment_methods SET behaviour = 'succeed'
    WHERE id = (SELECT payment_method_id FROM sandbox_subscriptions WHERE id = ${gatewayId})`);
  return subscriptionsId;
}

/** The demo partner's administrator, signed in, with their person id. */
async function partnerAdmin(): Promise<{ client: TestClient; usersId: number }> {
  const account = DEMO_ACCOUNTS.find((a) => a.email === 'partner-admin@demo.example.org')!;
  const client = t.client();
  await client.signIn(account.email, account.password);
  const [row] = await rows(sql`SELECT id FROM users WHERE email = ${account.email}`);
  return { client, usersId: Number(row!.id) };
}

let giftCounter = 0;
const today = () => new Date().toISOString().slice(0, 10);
function giftBody(record: number, recipientEmail: string) {
  return {
    partnersId: 2,
    sponsoredsId: record,
    months: 3,
    amount: 15000,
    recipientName: 'Audit Friend',
    recipientEmail,
    deliverOn: today(),
    firstName: 'Audit',
    lastName: 'Giver',
    email: `audit-giver-${++giftCounter}@example.org`,
    token: 'pm_card_visa',
  };
}

/** A paid gift of a fresh record, delivered: its code and the giver's manage code. */
async function deliveredGift(): Promise<{ code: string; manageCode: string }> {
  const record = await insertRecord(t.database, { maxSlots: 1 });
  const to = `audit-friend-${++giftCounter}-${Date.now()}@example.org`;
  const res = await t.client().post('/api/gifts?partnersId=2', giftBody(record, to), freshAddress());
  expect(res.status, res.text).toBe(200);
  const [gift] = await rows(sql`SELECT id, code, manage_code FROM gift_codes WHERE recipient_email = ${to}`);
  await t.runJob('gifts.deliver', { giftsId: Number(gift!.id) });
  return { code: String(gift!.code), manageCode: String(gift!.manage_code) };
}

let catalogueCounter = 0;

// ------------------------------------------------------------------ issue 14: team and console
let teamCounter = 0;

/** A person on partner 2's staff with the Reporting role, made straight in the database. */
async function staffMember(): Promise<TestPerson> {
  const member = await person();
  await rows(sql`
    WITH pu AS (INSERT INTO partner_users (partners_id, users_id) VALUES (2, ${member.usersId}) RETURNING id)
    INSERT INTO partner_user_roles (partner_users_id, roles_id) SELECT id, 3 FROM pu`);
  return member;
}

/** An invitation made through the Team section, with the link mailed for it. */
async function invitation(client: TestClient, email: string): Promise<{ id: number; token: string }> {
  const made = await client.post('/api/dashboard/team/invitations?partnersId=2', { email, roles: [3] });
  expect(made.status, made.text).toBe(201);
  const id = made.json<{ id: number }>().id;
  const [mail] = await rows(
    sql`SELECT body_text FROM email_outbox WHERE kind = 'invitation' AND to_address = ${email} ORDER BY id DESC LIMIT 1`,
  );
  return { id, token: /\/invitation\/(\S+)/.exec(String(mail!.body_text))![1]! };
}

async function platformAdmin(): Promise<{ client: TestClient; usersId: number }> {
  const account = DEMO_ACCOUNTS.find((a) => a.email === 'admin@kinship.example.org')!;
  const client = t.client();
  await client.signIn(account.email, account.password);
  const [row] = await rows(sql`SELECT id FROM users WHERE email = ${account.email}`);
  return { client, usersId: Number(row!.id) };
}

/** A manual sponsorship of a fresh record (1 of 1 slot) held by the person, with a link code. */
async function manualSponsorshipOf(who: TestPerson): Promise<number> {
  const record = await insertRecord(t.database, { maxSlots: 1, slotsFilled: 1 });
  const code = newLinkCode();
  const [row] = await rows(
    sql`INSERT INTO user_sponsoreds (partners_id, users_id, sponsoreds_id, num_slots, amount, interval, is_manual, link_code)
      VALUES (2, ${who.usersId}, ${record}, 1, 5000, 'month', true, ${code}) RETURNING id`,
  );
  return Number(row!.id);
}

async function linkCodeOf(id: number): Promise<string> {
  const [row] = await rows(sql`SELECT link_code FROM user_sponsoreds WHERE id = ${id}`);
  return String(row!.link_code);
}

function typeBody(identifier: string) {
  return {
    sponsoredTypesId: 4,
    identifier,
    settings: {
      customLabelSingular: 'Audit',
      customLabelPlural: 'Audits',
      customSlotName: 'Slot',
      description: null,
      active: true,
      showSlots: true,
      visibleSlots: 1,
      maxSlots: 1,
      maskProfiles: false,
      showBirthday: false,
      showAge: true,
      showLastName: false,
      gridLayout: 'column',
      hiddenFilterTypes: [],
      customColumns: [],
    },
    plan: { monthlyAmount: 1200, paymentIntervalsIds: [1] },
  };
}

async function createdType(client: TestClient): Promise<number> {
  const res = await client.post('/api/dashboard/types?partnersId=2', typeBody(`audit-${++catalogueCounter}`));
  expect(res.status, res.text).toBe(201);
  return res.json<{ id: number }>().id;
}

function programBody(name: string) {
  return { name, city: null, countriesId: null, description: null, latitude: null, longitude: null };
}

async function createdProgram(client: TestClient): Promise<number> {
  const res = await client.post('/api/dashboard/programs?partnersId=2', programBody('pending'));
  expect(res.status, res.text).toBe(201);
  const id = res.json<{ id: number }>().id;
  await rows(sql`UPDATE entities SET name = ${`Audit program ${id}`} WHERE id = ${id}`);
  return id;
}

interface Prepared {
  call: () => Promise<TestResponse>;
  /** Whether the write is in the database. */
  written: () => Promise<boolean>;
  action: string;
  entityType: string;
  /** Who the audit row names (null for a visitor). */
  usersId: number | null;
  /** Changes the audit row must hold, when the write has changed fields. */
  changes?: Record<string, { before: unknown; after: unknown }>;
}

/** One scenario per write route: fresh objects each time it is prepared. */
const SCENARIOS: Record<string, () => Promise<Prepared>> = {
  'POST /api/users': async () => {
    const who = await person();
    // A signed-in login that has not filled in the new-user form yet.
    await t.database.db.delete(users).where(eq(users.id, who.usersId));
    return {
      call: () =>
        clientAs(t.port, who).post(
          '/api/users?partnersId=2',
          {
            firstName: 'Audra',
            lastName: 'Trail',
            email: who.email,
            address1: '2 Audit Lane',
            city: 'Austin',
            state: 'TX',
            zip: '78701',
            phone: '',
          },
          freshAddress(),
        ),
      written: async () =>
        (await rows(sql`SELECT 1 FROM users WHERE auth_user_id = ${who.authUserId}`)).length === 1,
      action: 'user.created',
      entityType: 'user',
      usersId: null,
    };
  },
  'PUT /api/users/:id': async () => {
    const who = await person();
    return {
      call: () =>
        clientAs(t.port, who).request(
          'PUT',
          `/api/users/${who.usersId}?partnersId=2`,
          {
            firstName: who.firstName,
            lastName: who.lastName,
            address1: '1 Test Street',
            city: 'Dallas',
            state: 'TX',
            zip: '78701',
            phone: '',
          },
          freshAddress(),
        ),
      written: async () =>
        (await rows(sql`SELECT city FROM users WHERE id = ${who.usersId}`))[0]!.city === 'Dallas',
      action: 'user.updated',
      entityType: 'user',
      usersId: who.usersId,
      changes: { city: { before: 'Austin', after: 'Dallas' } },
    };
  },
  'DELETE /api/users/:id': async () => {
    const who = await person();
    return {
      call: () =>
        clientAs(t.port, who).request(
          'DELETE',
          `/api/users/${who.usersId}?partnersId=2`,
          undefined,
          freshAddress(),
        ),
      written: async () =>
        (await rows(sql`SELECT erased_at FROM users WHERE id = ${who.usersId}`))[0]!.erased_at !== null,
      action: 'user.erased',
      entityType: 'user',
      usersId: who.usersId,
    };
  },
  'DELETE /api/payments/paymentmethod/:id': async () => {
    const who = await person();
    const client = clientAs(t.port, who);
    await savedCard(client, 'pm_card_visa');
    const spare = await savedCard(client);
    return {
      call: () =>
        client.request(
          'DELETE',
          `/api/payments/paymentmethod/${spare}?partnersId=2`,
          undefined,
          freshAddress(),
        ),
      written: async () =>
        (await rows(sql`SELECT 1 FROM payment_methods WHERE gateway_payment_method_id = ${spare}`)).length ===
        0,
      action: 'payment_method.deleted',
      entityType: 'payment_method',
      usersId: who.usersId,
    };
  },
  'PUT /api/payments/updatedefaultpaymentmethod/:id': async () => {
    const who = await person();
    const client = clientAs(t.port, who);
    await savedCard(client, 'pm_card_visa');
    const second = await savedCard(client);
    await client.get(`/api/payments/${who.usersId}/paymentmethods?partnersId=2`);
    return {
      call: () =>
        client.request(
          'PUT',
          `/api/payments/updatedefaultpaymentmethod/${second}?partnersId=2`,
          {},
          freshAddress(),
        ),
      written: async () =>
        (
          await rows(sql`SELECT is_default FROM payment_methods WHERE gateway_payment_method_id = ${second}`)
        )[0]!.is_default === true,
      action: 'payment_method.made_default',
      entityType: 'payment_method',
      usersId: who.usersId,
      changes: { isDefault: { before: false, after: true } },
    };
  },
  'PUT /api/payments/updatesubscriptionpayment/:ordersId': async () => {
    const who = await person();
    const { ordersId, subscriptionsId } = await subscribe(who);
    const card = await savedCard(clientAs(t.port, who));
    return {
      call: () =>
        clientAs(t.port, who).request(
          'PUT',
          `/api/payments/updatesubscriptionpayment/${ordersId}?partnersId=2`,
          { ordersId, paymentMethodId: card },
          freshAddress(),
        ),
      written: async () =>
        (
          await rows(sql`
            SELECT 1 FROM subscriptions s JOIN payment_methods m ON m.id = s.payment_methods_id
             WHERE s.id = ${subscriptionsId} AND m.gateway_payment_method_id = ${card}`)
        ).length === 1,
      action: 'subscription.payment_method_changed',
      entityType: 'subscription',
      usersId: who.usersId,
    };
  },
  'PUT /api/payments/resetsubscriptionprice/:id': async () => {
    const who = await person();
    const { subscriptionsId } = await subscribe(who);
    // Today's plan price differs from what the subscription pays.
    await t.database.db.execute(
      sql`UPDATE subscriptions SET base_amount = 4000 WHERE id = ${subscriptionsId}`,
    );
    return {
      call: () =>
        clientAs(t.port, who).request(
          'PUT',
          `/api/payments/resetsubscriptionprice/${subscriptionsId}?partnersId=2`,
          {},
          freshAddress(),
        ),
      written: async () =>
        Number(
          (await rows(sql`SELECT base_amount FROM subscriptions WHERE id = ${subscriptionsId}`))[0]!
            .base_amount,
        ) === 5000,
      action: 'subscription.price_reset',
      entityType: 'subscription',
      usersId: who.usersId,
      changes: { baseAmount: { before: 4000, after: 5000 } },
    };
  },
  'POST /api/payments/checkout/:interval': async () => {
    const who = await person();
    const record = await insertRecord(t.database, { maxSlots: 5 });
    return {
      call: () =>
        clientAs(t.port, who).post('/api/payments/checkout/month?partnersId=2', checkoutBody(who, record), {
          ...freshAddress(),
        }),
      written: async () =>
        (await rows(sql`SELECT 1 FROM subscriptions WHERE users_id = ${who.usersId}`)).length === 1,
      action: 'subscription.created',
      entityType: 'subscription',
      usersId: who.usersId,
    };
  },
  'POST /api/payments/checkout': async () => {
    const who = await person();
    const record = await insertRecord(t.database, { maxSlots: 5 });
    return {
      call: () =>
        clientAs(t.port, who).post(
          '/api/payments/checkout?partnersId=2',
          { ...checkoutBody(who, record), paymentInterval: 'month' },
          freshAddress(),
        ),
      written: async () =>
        (await rows(sql`SELECT 1 FROM subscriptions WHERE users_id = ${who.usersId}`)).length === 1,
      action: 'subscription.created',
      entityType: 'subscription',
      usersId: who.usersId,
    };
  },
  'POST /api/payments': async () => {
    const email = `audit-donor-${Date.now()}-${Math.random().toString(36).slice(2)}@example.org`;
    return {
      call: () =>
        t
          .client()
          .post(
            '/api/payments?partnersId=2',
            { partnersId: 2, amount: 15, firstName: 'Ada', lastName: 'Donor', email, token: 'pm_card_visa' },
            freshAddress(),
          ),
      written: async () => (await rows(sql`SELECT 1 FROM donations WHERE email = ${email}`)).length === 1,
      action: 'donation.created',
      entityType: 'donation',
      usersId: null,
    };
  },
  // ------------------------------------------------------------------ issue 15: gifts, trials, lightning
  'POST /api/gifts': async () => {
    const { client, usersId } = await partnerAdmin();
    const record = await insertRecord(t.database, { maxSlots: 1 });
    const to = `audit-gift-${++giftCounter}-${Date.now()}@example.org`;
    return {
      call: () => client.post('/api/gifts?partnersId=2', giftBody(record, to), freshAddress()),
      written: async () =>
        (
          await rows(
            sql`SELECT 1 FROM gift_codes g JOIN orders o ON o.id = g.orders_id WHERE g.recipient_email = ${to} AND o.status = 'succeeded'`,
          )
        ).length === 1,
      action: 'gift.created',
      entityType: 'gift',
      usersId,
    };
  },
  'POST /api/gifts/redeem/:code': async () => {
    const { code } = await deliveredGift();
    const [person] = await createPeople(t.database, 1, 'audit-redeem');
    return {
      call: () =>
        clientAs(t.port, person!).post(`/api/gifts/redeem/${code}?partnersId=2`, {}, freshAddress()),
      written: async () =>
        (await rows(sql`SELECT 1 FROM gift_codes WHERE code = ${code} AND redeemed_at IS NOT NULL`))
          .length === 1,
      action: 'gift.redeemed',
      entityType: 'gift',
      usersId: person!.usersId,
    };
  },
  'POST /api/gifts/manage/:code': async () => {
    const { manageCode } = await deliveredGift();
    const { client, usersId } = await partnerAdmin();
    const to = `audit-resend-${++giftCounter}-${Date.now()}@example.org`;
    return {
      call: () =>
        client.post(`/api/gifts/manage/${manageCode}?partnersId=2`, { recipientEmail: to }, freshAddress()),
      written: async () =>
        (await rows(sql`SELECT 1 FROM gift_codes WHERE recipient_email = ${to}`)).length === 1,
      action: 'gift.resent',
      entityType: 'gift',
      usersId,
    };
  },
  'POST /api/trials/redeem/:code': async () => {
    const record = await insertRecord(t.database, { maxSlots: 1 });
    const code = `AUDITTRIAL${String(++giftCounter).padStart(4, '0')}${Date.now() % 100000}`;
    await t.database.db.execute(
      sql`INSERT INTO trial_codes (partners_id, code, days, sponsoreds_id) VALUES (2, ${code}, 30, ${record})`,
    );
    const [person] = await createPeople(t.database, 1, 'audit-trial');
    return {
      call: () =>
        clientAs(t.port, person!).post(`/api/trials/redeem/${code}?partnersId=2`, {}, freshAddress()),
      written: async () =>
        (await rows(sql`SELECT 1 FROM trial_codes WHERE code = ${code} AND redeemed_at IS NOT NULL`))
          .length === 1,
      action: 'trial.redeemed',
      entityType: 'trial',
      usersId: person!.usersId,
    };
  },
  'POST /api/dashboard/trials': async () => {
    const { client, usersId } = await partnerAdmin();
    const batch = `audit batch ${++giftCounter} ${Date.now()}`;
    return {
      call: () =>
        client.post(
          '/api/dashboard/trials?partnersId=2',
          { count: 2, days: 14, partnerSponsoredTypesId: null, batch },
          freshAddress(),
        ),
      written: async () => (await rows(sql`SELECT 1 FROM trial_codes WHERE batch = ${batch}`)).length === 2,
      action: 'trial.issued',
      entityType: 'trial',
      usersId,
    };
  },
  'POST /api/dashboard/lightning': async () => {
    const { client, usersId } = await partnerAdmin();
    const campaign = `audit campaign ${++giftCounter} ${Date.now()}`;
    return {
      call: () =>
        client.post(
          '/api/dashboard/lightning?partnersId=2',
          { campaign, partnerSponsoredTypesId: DEMO_IDS.types.demo.students },
          freshAddress(),
        ),
      written: async () =>
        (await rows(sql`SELECT 1 FROM lightning_links WHERE campaign = ${campaign}`)).length === 1,
      action: 'lightning.created',
      entityType: 'lightning_link',
      usersId,
    };
  },
  // ------------------------------------------------------------------ issue 21: codes withdrawn (decision 059)
  'POST /api/dashboard/trials/:id/withdraw': async () => {
    const { client, usersId } = await partnerAdmin();
    const code = `AUDITREVOKE${String(++giftCounter).padStart(4, '0')}${Date.now() % 100000}`;
    const [row] = await rows(
      sql`INSERT INTO trial_codes (partners_id, code, days) VALUES (2, ${code}, 30) RETURNING id`,
    );
    return {
      call: () =>
        client.post(
          `/api/dashboard/trials/${Number(row!.id)}/withdraw?partnersId=2`,
          { action: 'revoke', reason: 'Audit trail' },
          freshAddress(),
        ),
      written: async () =>
        (await rows(sql`SELECT 1 FROM trial_codes WHERE code = ${code} AND revoked_at IS NOT NULL`))
          .length === 1,
      action: 'trial.revoked',
      entityType: 'trial',
      usersId,
    };
  },
  'POST /api/dashboard/lightning/:id/withdraw': async () => {
    const { client, usersId } = await partnerAdmin();
    const code = `AUDREV${String(++giftCounter).padStart(4, '0')}`;
    const [row] = await rows(
      sql`INSERT INTO lightning_links (partners_id, code, campaign, partner_sponsored_types_id)
        VALUES (2, ${code}, 'Audit revoke', ${DEMO_IDS.types.demo.students}) RETURNING id`,
    );
    return {
      call: () =>
        client.post(
          `/api/dashboard/lightning/${Number(row!.id)}/withdraw?partnersId=2`,
          { reason: 'Audit trail' },
          freshAddress(),
        ),
      written: async () =>
        (await rows(sql`SELECT 1 FROM lightning_links WHERE code = ${code} AND revoked_at IS NOT NULL`))
          .length === 1,
      action: 'lightning.revoked',
      entityType: 'lightning_link',
      usersId,
    };
  },
  // ------------------------------------------------------------------ W3: types and plans, programs
  'POST /api/dashboard/types': async () => {
    const { client, usersId } = await partnerAdmin();
    const identifier = `audit-${++catalogueCounter}`;
    return {
      call: () => client.post('/api/dashboard/types?partnersId=2', typeBody(identifier), freshAddress()),
      written: async () =>
        (await rows(sql`SELECT 1 FROM partner_sponsored_types WHERE identifier = ${identifier}`)).length ===
        1,
      action: 'sponsored_type.created',
      entityType: 'sponsored_type',
      usersId,
    };
  },
  'PUT /api/dashboard/types/:id': async () => {
    const { client, usersId } = await partnerAdmin();
    const id = await createdType(client);
    const label = `Audited ${catalogueCounter}`;
    return {
      call: () =>
        client.request(
          'PUT',
          `/api/dashboard/types/${id}?partnersId=2`,
          { ...typeBody('x').settings, customLabelPlural: label },
          freshAddress(),
        ),
      written: async () =>
        (
          await rows(
            sql`SELECT 1 FROM partner_sponsored_types WHERE id = ${id} AND custom_label_plural = ${label}`,
          )
        ).length === 1,
      action: 'sponsored_type.updated',
      entityType: 'sponsored_type',
      usersId,
      changes: { customLabelPlural: { before: 'Audits', after: label } },
    };
  },
  'PUT /api/dashboard/types/:id/plan': async () => {
    const { client, usersId } = await partnerAdmin();
    const id = await createdType(client);
    return {
      call: () =>
        client.request(
          'PUT',
          `/api/dashboard/types/${id}/plan?partnersId=2`,
          { monthlyAmount: 4321, paymentIntervalsIds: [1] },
          freshAddress(),
        ),
      written: async () =>
        (
          await rows(
            sql`SELECT 1 FROM sponsored_type_plans WHERE partner_sponsored_types_id = ${id} AND monthly_amount = 4321 AND current`,
          )
        ).length === 1,
      action: 'sponsored_type.plan_changed',
      entityType: 'sponsored_type',
      usersId,
      changes: { monthlyAmount: { before: 1200, after: 4321 } },
    };
  },
  'PUT /api/dashboard/team/:usersId': async () => {
    const { client, usersId } = await partnerAdmin();
    const member = await staffMember();
    return {
      call: () =>
        client.request(
          'PUT',
          `/api/dashboard/team/${member.usersId}?partnersId=2`,
          { roles: [5], entityIds: [] },
          freshAddress(),
        ),
      written: async () =>
        (
          await rows(sql`SELECT 1 FROM partner_user_roles r JOIN partner_users pu ON pu.id = r.partner_users_id
            WHERE pu.users_id = ${member.usersId} AND pu.partners_id = 2 AND r.roles_id = 5`)
        ).length === 1,
      action: 'team_member.updated',
      entityType: 'user',
      usersId,
      changes: { roles: { before: [3], after: [5] } },
    };
  },
  'DELETE /api/dashboard/team/:usersId': async () => {
    const { client, usersId } = await partnerAdmin();
    const member = await staffMember();
    return {
      call: () =>
        client.request(
          'DELETE',
          `/api/dashboard/team/${member.usersId}?partnersId=2`,
          undefined,
          freshAddress(),
        ),
      written: async () =>
        (await rows(sql`SELECT 1 FROM partner_users WHERE users_id = ${member.usersId} AND partners_id = 2`))
          .length === 0,
      action: 'team_member.removed',
      entityType: 'user',
      usersId,
    };
  },
  'POST /api/dashboard/team/invitations': async () => {
    const { client, usersId } = await partnerAdmin();
    const email = `audit-invite-${++teamCounter}-${randomUUID().slice(0, 8)}@example.org`;
    return {
      call: () =>
        client.post('/api/dashboard/team/invitations?partnersId=2', { email, roles: [3] }, freshAddress()),
      written: async () =>
        (await rows(sql`SELECT 1 FROM staff_invitations WHERE email = ${email}`)).length === 1 &&
        (await rows(sql`SELECT 1 FROM email_outbox WHERE to_address = ${email}`)).length === 1,
      action: 'invitation.created',
      entityType: 'invitation',
      usersId,
    };
  },
  'POST /api/dashboard/team/invitations/:id/resend': async () => {
    const { client, usersId } = await partnerAdmin();
    const email = `audit-resend-${++teamCounter}-${randomUUID().slice(0, 8)}@example.org`;
    const { id } = await invitation(client, email);
    const [before] = await rows(sql`SELECT nonce_hash FROM staff_invitations WHERE id = ${id}`);
    return {
      call: () =>
        client.post(`/api/dashboard/team/invitations/${id}/resend?partnersId=2`, {}, freshAddress()),
      written: async () =>
        (await rows(sql`SELECT nonce_hash FROM staff_invitations WHERE id = ${id}`))[0]!.nonce_hash !==
        before!.nonce_hash,
      action: 'invitation.resent',
      entityType: 'invitation',
      usersId,
    };
  },
  'POST /api/dashboard/team/invitations/:id/revoke': async () => {
    const { client, usersId } = await partnerAdmin();
    const email = `audit-revoke-${++teamCounter}-${randomUUID().slice(0, 8)}@example.org`;
    const { id } = await invitation(client, email);
    return {
      call: () =>
        client.post(`/api/dashboard/team/invitations/${id}/revoke?partnersId=2`, {}, freshAddress()),
      written: async () =>
        (await rows(sql`SELECT status FROM staff_invitations WHERE id = ${id}`))[0]!.status === 'revoked',
      action: 'invitation.revoked',
      entityType: 'invitation',
      usersId,
      changes: { status: { before: 'pending', after: 'revoked' } },
    };
  },
  'POST /api/invitations/:token/accept': async () => {
    const { client } = await partnerAdmin();
    const invitee = await person();
    const { token } = await invitation(client, invitee.email);
    return {
      call: () =>
        clientAs(t.port, invitee).post(`/api/invitations/${token}/accept?partnersId=2`, {}, freshAddress()),
      written: async () =>
        (await rows(sql`SELECT 1 FROM partner_users WHERE users_id = ${invitee.usersId} AND partners_id = 2`))
          .length === 1,
      action: 'invitation.accepted',
      entityType: 'user',
      usersId: invitee.usersId,
      changes: { roles: { before: [], after: [3] } },
    };
  },
  'POST /api/dashboard/platform/partners': async () => {
    const { client, usersId } = await platformAdmin();
    const subdomain = `audit-partner-${++teamCounter}`;
    return {
      call: () =>
        client.post(
          '/api/dashboard/platform/partners?partnersId=2',
          { subdomain, name: `Audit partner ${teamCounter}` },
          freshAddress(),
        ),
      written: async () =>
        (await rows(sql`SELECT 1 FROM partners WHERE subdomain = ${subdomain}`)).length === 1,
      action: 'partner.created',
      entityType: 'partner',
      usersId,
    };
  },
  'PATCH /api/dashboard/platform/partners/:id': async () => {
    const { client, usersId } = await platformAdmin();
    const [row] = await rows(sql`SELECT demo_mode FROM partners WHERE id = 3`);
    const next = !row!.demo_mode;
    return {
      call: () =>
        client.request(
          'PATCH',
          '/api/dashboard/platform/partners/3?partnersId=2',
          { demoMode: next },
          freshAddress(),
        ),
      written: async () =>
        (await rows(sql`SELECT demo_mode FROM partners WHERE id = 3`))[0]!.demo_mode === next,
      action: 'partner.updated',
      entityType: 'partner',
      usersId,
      changes: { demoMode: { before: !next, after: next } },
    };
  },
  // Issue 20 (High): own domains are verified by their TXT record ("Check now") or by hand.
  'POST /api/dashboard/settings/domains/:domain/check': async () => {
    const { client, usersId } = await partnerAdmin();
    const domain = `audit-check-${++teamCounter}.demo-school.example`;
    const [row] = await rows(
      sql`INSERT INTO partner_domains (partners_id, domain) VALUES (2, ${domain}) RETURNING verification_token`,
    );
    dns.setTxt(`_kinship-verify.${domain}`, [`kinship-verify=${String(row!.verification_token)}`]);
    return {
      call: () =>
        client.post(`/api/dashboard/settings/domains/${domain}/check?partnersId=2`, {}, freshAddress()),
      written: async () =>
        (await rows(sql`SELECT 1 FROM partner_domains WHERE domain = ${domain} AND verified_at IS NOT NULL`))
          .length === 1,
      action: 'partner.domain_verified',
      entityType: 'partner',
      usersId,
      changes: { verified: { before: false, after: true } },
    };
  },
  'POST /api/dashboard/platform/partners/:id/domains/:domain/verify': async () => {
    const { client, usersId } = await platformAdmin();
    const domain = `audit-hand-${++teamCounter}.maple-school.example`;
    await rows(sql`INSERT INTO partner_domains (partners_id, domain) VALUES (3, ${domain})`);
    return {
      call: () =>
        client.post(
          `/api/dashboard/platform/partners/3/domains/${domain}/verify?partnersId=2`,
          {},
          freshAddress(),
        ),
      written: async () =>
        (await rows(sql`SELECT 1 FROM partner_domains WHERE domain = ${domain} AND verified_at IS NOT NULL`))
          .length === 1,
      action: 'partner.domain_verified',
      entityType: 'partner',
      usersId,
      changes: { verified: { before: false, after: true } },
    };
  },
  'POST /api/dashboard/programs': async () => {
    const { client, usersId } = await partnerAdmin();
    const name = `Audit program ${++catalogueCounter}`;
    return {
      call: () => client.post('/api/dashboard/programs?partnersId=2', programBody(name), freshAddress()),
      written: async () => (await rows(sql`SELECT 1 FROM entities WHERE name = ${name}`)).length === 1,
      action: 'program.created',
      entityType: 'program',
      usersId,
    };
  },
  'PUT /api/dashboard/programs/:id': async () => {
    const { client, usersId } = await partnerAdmin();
    const id = await createdProgram(client);
    return {
      call: () =>
        client.request(
          'PUT',
          `/api/dashboard/programs/${id}?partnersId=2`,
          { ...programBody('x'), name: `Renamed ${id}` },
          freshAddress(),
        ),
      written: async () =>
        (await rows(sql`SELECT 1 FROM entities WHERE name = ${`Renamed ${id}`}`)).length === 1,
      action: 'program.updated',
      entityType: 'program',
      usersId,
      changes: { name: { before: `Audit program ${id}`, after: `Renamed ${id}` } },
    };
  },
  'POST /api/dashboard/programs/:id/image': async () => {
    const { client, usersId } = await partnerAdmin();
    const id = await createdProgram(client);
    const form = new FormData();
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
      'base64',
    );
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'p.png');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const body = Buffer.from(await request.arrayBuffer());
    return {
      call: () =>
        client.request(
          'POST',
          `/api/dashboard/programs/${id}/image?partnersId=2`,
          undefined,
          { ...freshAddress(), 'content-type': request.headers.get('content-type')! },
          body,
        ),
      written: async () =>
        (await rows(sql`SELECT 1 FROM entities WHERE id = ${id} AND image_url IS NOT NULL`)).length === 1,
      action: 'program.image_changed',
      entityType: 'program',
      usersId,
    };
  },
  // Issue 14: Settings and Email templates.
  'PUT /api/dashboard/settings': async () => {
    const { client, usersId } = await partnerAdmin();
    const current = (await client.get('/api/dashboard/settings?partnersId=2')).json<
      Record<string, unknown>
    >();
    const { partnersId, name, subdomain, logo, headerImage, dnsTarget, payments, ...form } = current;
    void [partnersId, name, subdomain, logo, headerImage, dnsTarget, payments];
    const tagline = `Audit tagline ${++catalogueCounter}`;
    return {
      call: () =>
        client.request('PUT', '/api/dashboard/settings?partnersId=2', { ...form, tagline }, freshAddress()),
      written: async () =>
        (await rows(sql`SELECT 1 FROM partners WHERE id = 2 AND tagline = ${tagline}`)).length === 1,
      action: 'partner.settings_updated',
      entityType: 'partner',
      usersId,
      changes: { tagline: { before: current.tagline, after: tagline } },
    };
  },
  ...Object.fromEntries(
    (
      [
        ['logo', 'logo', 'partner.logo_changed'],
        ['headerimage', 'header_image', 'partner.header_image_changed'],
      ] as const
    ).map(([path, column, action]) => [
      `POST /api/dashboard/settings/${path}`,
      async (): Promise<Prepared> => {
        const { client, usersId } = await partnerAdmin();
        const { body, contentType } = await multipartPicture();
        const [before] = await rows(sql.raw(`SELECT ${column} AS v FROM partners WHERE id = 2`));
        return {
          call: () =>
            client.request(
              'POST',
              `/api/dashboard/settings/${path}?partnersId=2`,
              undefined,
              { ...freshAddress(), 'content-type': contentType },
              body,
            ),
          written: async () =>
            (await rows(sql.raw(`SELECT ${column} AS v FROM partners WHERE id = 2`)))[0]!.v !== before!.v,
          action,
          entityType: 'partner',
          usersId,
        };
      },
    ]),
  ),
  'PUT /api/dashboard/emailtemplates/:kind': async () => {
    const { client, usersId } = await partnerAdmin();
    const subject = `Audit subject ${++catalogueCounter}`;
    return {
      call: () =>
        client.request(
          'PUT',
          '/api/dashboard/emailtemplates/reminder?partnersId=2',
          { subject, body: 'Hello {{donorName}}' },
          freshAddress(),
        ),
      written: async () =>
        (await rows(sql`SELECT 1 FROM email_templates WHERE partners_id = 2 AND subject = ${subject}`))
          .length === 1,
      action: 'email_template.saved',
      entityType: 'email_template',
      usersId,
    };
  },
  'DELETE /api/dashboard/emailtemplates/:kind': async () => {
    const { client, usersId } = await partnerAdmin();
    await rows(
      sql`INSERT INTO email_templates (partners_id, kind, subject, body) VALUES (2, 'invitation', 'Join', 'Hello')
          ON CONFLICT (partners_id, kind) DO NOTHING`,
    );
    return {
      call: () =>
        client.request(
          'DELETE',
          '/api/dashboard/emailtemplates/invitation?partnersId=2',
          undefined,
          freshAddress(),
        ),
      written: async () =>
        (await rows(sql`SELECT 1 FROM email_templates WHERE partners_id = 2 AND kind = 'invitation'`))
          .length === 0,
      action: 'email_template.reset',
      entityType: 'email_template',
      usersId,
      changes: { subject: { before: 'Join', after: null }, body: { before: 'Hello', after: null } },
    };
  },
  'POST /api/dashboard/emailtemplates/:kind/test': async () => {
    const { client, usersId } = await partnerAdmin();
    const subject = `Audit test ${++catalogueCounter}`;
    return {
      call: () =>
        client.post(
          '/api/dashboard/emailtemplates/receipt/test?partnersId=2',
          { subject, body: 'Dear {{donorName}}' },
          freshAddress(),
        ),
      written: async () =>
        (await rows(sql`SELECT 1 FROM email_outbox WHERE subject = ${`[Test] ${subject}`}`)).length === 1,
      action: 'email_template.test_sent',
      entityType: 'email_template',
      usersId,
    };
  },
  'POST /api/partners/oauthonboard': async () => {
    const admin = t.client();
    const account = DEMO_ACCOUNTS.find((a) => a.email === 'partner-admin@demo.example.org')!;
    await admin.signIn(account.email, account.password);
    const url = new URL(
      (await admin.get('/api/partners/2/onboardurl?partnersId=2')).json<{ url: string }>().url,
    );
    const [before] = await rows(sql`SELECT stripe_user_id FROM partners WHERE id = 2`);
    const [adminRow] = await rows(sql`SELECT id FROM users WHERE email = ${account.email}`);
    return {
      call: () =>
        t
          .client()
          .post(
            '/api/partners/oauthonboard?partnersId=2',
            { state: url.searchParams.get('state'), authorizationCode: url.searchParams.get('code') },
            freshAddress(),
          ),
      written: async () =>
        (await rows(sql`SELECT stripe_user_id FROM partners WHERE id = 2`))[0]!.stripe_user_id !==
        before!.stripe_user_id,
      action: 'partner.payment_account_connected',
      entityType: 'partner',
      usersId: Number(adminRow!.id),
    };
  }, // ---- W2 (issue 12 items 3 and 6)
  'POST /api/sponsoreds/:id/images': async () => {
    const { client, usersId } = await partnerAdmin();
    const record = await insertRecord(t.database, { maxSlots: 1 });
    const { body, contentType } = await multipartPicture();
    return {
      call: () =>
        client.request(
          'POST',
          `/api/sponsoreds/${record}/images?partnersId=2`,
          undefined,
          { 'content-type': contentType, ...freshAddress() },
          body,
        ),
      written: async () =>
        (await rows(sql`SELECT 1 FROM sponsored_images WHERE sponsoreds_id = ${record}`)).length === 1,
      action: 'sponsored.pictures_added',
      entityType: 'sponsored',
      usersId,
    };
  },
  // ------------------------------------------------------------------ issue 13: the Sponsors section
  'POST /api/dashboard/sponsorships': async () => {
    const admin = await partnerAdmin();
    const record = await insertRecord(t.database, { maxSlots: 1 });
    const email = `audit-manual-${record}@example.org`;
    return {
      call: () =>
        admin.client.post(
          '/api/dashboard/sponsorships?partnersId=2',
          { sponsoredsId: record, firstName: 'Audit', lastName: 'Manual', email },
          freshAddress(),
        ),
      written: async () =>
        (await rows(sql`SELECT 1 FROM user_sponsoreds WHERE sponsoreds_id = ${record} AND is_manual`))
          .length === 1 &&
        (await rows(sql`SELECT 1 FROM sponsoreds WHERE id = ${record} AND slots_filled = 1`)).length === 1,
      action: 'sponsorship.manual_recorded',
      entityType: 'user_sponsored',
      usersId: admin.usersId,
    };
  },
  'POST /api/dashboard/sponsorships/:id/end': async () => {
    const admin = await partnerAdmin();
    const id = await manualSponsorshipOf(await person());
    return {
      call: () =>
        admin.client.post(
          `/api/dashboard/sponsorships/${id}/end?partnersId=2`,
          { reason: 'Audit ending' },
          freshAddress(),
        ),
      written: async () =>
        (await rows(sql`SELECT 1 FROM user_sponsoreds WHERE id = ${id} AND date_ended IS NOT NULL`))
          .length === 1,
      action: 'sponsorship.ended',
      entityType: 'user_sponsored',
      usersId: admin.usersId,
      changes: { endReason: { before: null, after: 'Audit ending' } },
    };
  },
  'POST /api/dashboard/sponsorships/:id/move': async () => {
    const admin = await partnerAdmin();
    const id = await manualSponsorshipOf(await person());
    const to = await insertRecord(t.database, { maxSlots: 1 });
    return {
      call: () =>
        admin.client.post(
          `/api/dashboard/sponsorships/${id}/move?partnersId=2`,
          { sponsoredsId: to, reason: 'left the program' },
          freshAddress(),
        ),
      written: async () =>
        (await rows(sql`SELECT 1 FROM user_sponsoreds WHERE sponsoreds_id = ${to} AND date_ended IS NULL`))
          .length === 1,
      action: 'sponsorship.moved',
      entityType: 'user_sponsored',
      usersId: admin.usersId,
    };
  },
  'POST /api/link': async () => {
    const holder = await person();
    const code = await linkCodeOf(await manualSponsorshipOf(holder));
    const who = await person();
    return {
      call: () => clientAs(t.port, who).post('/api/link?partnersId=2', { code }, freshAddress()),
      written: async () =>
        (
          await rows(
            sql`SELECT 1 FROM user_sponsoreds WHERE link_code = ${code} AND users_id = ${who.usersId}`,
          )
        ).length === 1,
      action: 'sponsorship.linked',
      entityType: 'user_sponsored',
      usersId: who.usersId,
      changes: { usersId: { before: holder.usersId, after: who.usersId } },
    };
  },
  // ------------------------------------------------------------------ W1: the Records section
  'POST /api/dashboard/records': async () => {
    const admin = await partnerAdmin();
    const code = `AUD-${Math.random().toString(36).slice(2, 10)}`;
    return {
      call: () =>
        admin.client.post(
          '/api/dashboard/records?partnersId=2',
          {
            partnerSponsoredTypesId: DEMO_IDS.types.demo.students,
            entitiesId: DEMO_IDS.programAdminEntity,
            code,
            firstName: 'Audra',
            funFacts: [{ description: 'Likes', value: 'Maths' }],
          },
          freshAddress(),
        ),
      written: async () => (await rows(sql`SELECT 1 FROM sponsoreds WHERE code = ${code}`)).length === 1,
      action: 'sponsored.created',
      entityType: 'sponsored',
      usersId: admin.usersId,
    };
  },
  'PATCH /api/dashboard/records/:id': async () => {
    const admin = await partnerAdmin();
    const record = await insertRecord(t.database, { maxSlots: 2 });
    return {
      call: () =>
        admin.client.request(
          'PATCH',
          `/api/dashboard/records/${record}?partnersId=2`,
          { homeroom: 'Room 7' },
          freshAddress(),
        ),
      written: async () =>
        (await rows(sql`SELECT 1 FROM sponsoreds WHERE id = ${record} AND homeroom = 'Room 7'`)).length === 1,
      action: 'sponsored.updated',
      entityType: 'sponsored',
      usersId: admin.usersId,
      changes: { homeroom: { before: null, after: 'Room 7' } },
    };
  },
  'POST /api/dashboard/records/:id/duplicate': async () => {
    const admin = await partnerAdmin();
    const record = await insertRecord(t.database, { maxSlots: 2 });
    const code = `DUP-${Math.random().toString(36).slice(2, 10)}`;
    return {
      call: () =>
        admin.client.post(
          `/api/dashboard/records/${record}/duplicate?partnersId=2`,
          { code },
          freshAddress(),
        ),
      written: async () => (await rows(sql`SELECT 1 FROM sponsoreds WHERE code = ${code}`)).length === 1,
      action: 'sponsored.created',
      entityType: 'sponsored',
      usersId: admin.usersId,
    };
  },
  'DELETE /api/dashboard/records/:id': async () => {
    const admin = await partnerAdmin();
    const record = await insertRecord(t.database, { maxSlots: 2 });
    return {
      call: () =>
        admin.client.request(
          'DELETE',
          `/api/dashboard/records/${record}?partnersId=2`,
          undefined,
          freshAddress(),
        ),
      written: async () => (await rows(sql`SELECT 1 FROM sponsoreds WHERE id = ${record}`)).length === 0,
      action: 'sponsored.deleted',
      entityType: 'sponsored',
      usersId: admin.usersId,
    };
  },
  'PATCH /api/sponsoreds/:id/images/:imageId': async () => {
    const { client, usersId } = await partnerAdmin();
    const { record, imageId } = await recordWithPicture();
    return {
      call: () =>
        client.request(
          'PATCH',
          `/api/sponsoreds/${record}/images/${imageId}?partnersId=2`,
          { description: 'On the playground' },
          freshAddress(),
        ),
      written: async () =>
        (await rows(sql`SELECT description FROM sponsored_images WHERE id = ${imageId}`))[0]!.description ===
        'On the playground',
      action: 'sponsored_image.updated',
      entityType: 'sponsored_image',
      usersId,
      changes: { description: { before: null, after: 'On the playground' } },
    };
  },
  'PUT /api/sponsoreds/:id/images/order': async () => {
    const { client, usersId } = await partnerAdmin();
    const first = await recordWithPicture();
    const [second] = await rows(
      sql`INSERT INTO sponsored_images (sponsoreds_id, image_path, sort_order) VALUES (${first.record}, 'x/y.webp', 1) RETURNING id`,
    );
    const order = [Number(second!.id), first.imageId];
    return {
      call: () =>
        client.request(
          'PUT',
          `/api/sponsoreds/${first.record}/images/order?partnersId=2`,
          { ids: order },
          freshAddress(),
        ),
      written: async () =>
        Number(
          (await rows(sql`SELECT sort_order FROM sponsored_images WHERE id = ${first.imageId}`))[0]!
            .sort_order,
        ) === 1,
      action: 'sponsored.pictures_reordered',
      entityType: 'sponsored',
      usersId,
      changes: { pictureOrder: { before: [first.imageId, order[0]], after: order } },
    };
  },
  'PUT /api/sponsoreds/:id/profileimage': async () => {
    const { client, usersId } = await partnerAdmin();
    const { record, imageId, imagePath } = await recordWithPicture();
    return {
      call: () =>
        client.request(
          'PUT',
          `/api/sponsoreds/${record}/profileimage?partnersId=2`,
          { imageId },
          freshAddress(),
        ),
      written: async () =>
        (await rows(sql`SELECT profile_image_path FROM sponsoreds WHERE id = ${record}`))[0]!
          .profile_image_path === imagePath,
      action: 'sponsored.profile_picture_chosen',
      entityType: 'sponsored',
      usersId,
      changes: { profileImagePath: { before: null, after: imagePath } },
    };
  },
  'DELETE /api/sponsoreds/:id/images/:imageId': async () => {
    const { client, usersId } = await partnerAdmin();
    const { record, imageId } = await recordWithPicture();
    return {
      call: () =>
        client.request(
          'DELETE',
          `/api/sponsoreds/${record}/images/${imageId}?partnersId=2`,
          undefined,
          freshAddress(),
        ),
      written: async () =>
        (await rows(sql`SELECT 1 FROM sponsored_images WHERE id = ${imageId}`)).length === 0,
      action: 'sponsored_image.deleted',
      entityType: 'sponsored_image',
      usersId,
    };
  },
  // ---- W4 (issue 13 item 2): updates to sponsors.
  'POST /api/dashboard/updates': async () => {
    const { client, usersId } = await partnerAdmin();
    const record = await insertRecord(t.database, { maxSlots: 1 });
    const title = `Audit update ${randomUUID().slice(0, 8)}`;
    return {
      call: () =>
        client.post(
          '/api/dashboard/updates?partnersId=2',
          {
            title,
            updateMessage: '<p>Hello</p>',
            audience: { kind: 'records', sponsoredsIds: [record] },
            schedule: false,
          },
          freshAddress(),
        ),
      written: async () => (await rows(sql`SELECT 1 FROM update_posts WHERE title = ${title}`)).length === 1,
      action: 'update_post.created',
      entityType: 'update_post',
      usersId,
    };
  },
  'PATCH /api/dashboard/updates/:id': async () => {
    const { client, usersId } = await partnerAdmin();
    const { post, record } = await draftUpdatePost();
    return {
      call: () =>
        client.request(
          'PATCH',
          `/api/dashboard/updates/${post}?partnersId=2`,
          {
            title: 'Edited',
            updateMessage: '<p>Draft</p>',
            audience: { kind: 'records', sponsoredsIds: [record] },
            schedule: false,
          },
          freshAddress(),
        ),
      written: async () =>
        (await rows(sql`SELECT 1 FROM update_posts WHERE id = ${post} AND title = 'Edited'`)).length === 1,
      action: 'update_post.updated',
      entityType: 'update_post',
      usersId,
      changes: { title: { before: 'Draft', after: 'Edited' } },
    };
  },
  'DELETE /api/dashboard/updates/:id': async () => {
    const { client, usersId } = await partnerAdmin();
    const { post } = await draftUpdatePost();
    return {
      call: () =>
        client.request('DELETE', `/api/dashboard/updates/${post}?partnersId=2`, undefined, freshAddress()),
      written: async () => (await rows(sql`SELECT 1 FROM update_posts WHERE id = ${post}`)).length === 0,
      action: 'update_post.deleted',
      entityType: 'update_post',
      usersId,
    };
  },
  'POST /api/dashboard/updates/:id/pictures': async () => {
    const { client, usersId } = await partnerAdmin();
    const { post } = await draftUpdatePost();
    const { body, contentType } = await multipartPicture();
    return {
      call: () =>
        client.request(
          'POST',
          `/api/dashboard/updates/${post}/pictures?partnersId=2`,
          undefined,
          {
            ...freshAddress(),
            'content-type': contentType,
          },
          body,
        ),
      written: async () =>
        (await rows(sql`SELECT 1 FROM update_posts WHERE id = ${post} AND cardinality(picture_paths) = 1`))
          .length === 1,
      action: 'update_post.pictures_added',
      entityType: 'update_post',
      usersId,
    };
  },
  'POST /api/dashboard/records/import': async () => {
    const { client, usersId } = await partnerAdmin();
    const code = `AUD-${randomUUID().slice(0, 8)}`;
    const csv = `Code,First name,Last name,Program\n${code},Audra,Import,Antigua Community School\n`;
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'audit.csv');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const body = Buffer.from(await request.arrayBuffer());
    return {
      call: () =>
        client.request(
          'POST',
          `/api/dashboard/records/import?partnersId=2&partnerSponsoredTypesId=${DEMO_IDS.types.demo.students}`,
          undefined,
          { 'content-type': request.headers.get('content-type')!, ...freshAddress() },
          body,
        ),
      written: async () =>
        (
          await rows(
            sql`SELECT 1 FROM record_imports WHERE file_name = 'audit.csv' AND convert_from(file, 'UTF8') LIKE ${'%' + code + '%'}`,
          )
        ).length === 1,
      action: 'record_import.started',
      entityType: 'record_import',
      usersId,
    };
  },
  // Issue 13: the Donations section.
  'POST /api/dashboard/donations/payments/:id/refund': async () => {
    const { client, usersId } = await partnerAdmin();
    const donor = `refund-${randomUUID().slice(0, 8)}@example.org`;
    const res = await t.client().post(
      '/api/payments?partnersId=2',
      {
        partnersId: 2,
        amount: 30,
        firstName: 'Rae',
        lastName: 'Fund',
        email: donor,
        token: 'pm_card_visa',
      },
      freshAddress(),
    );
    expect(res.status).toBe(200);
    const [payment] = await rows(
      sql`SELECT p.id FROM payments p JOIN donations d ON d.id = p.donations_id WHERE d.email = ${donor}`,
    );
    const paymentsId = Number(payment!.id);
    return {
      call: () =>
        client.post(
          `/api/dashboard/donations/payments/${paymentsId}/refund?partnersId=2`,
          { amount: 1000, reason: 'Audit refund', requestKey: `audit-${randomUUID()}` },
          freshAddress(),
        ),
      written: async () =>
        (await rows(sql`SELECT 1 FROM payment_refunds WHERE payments_id = ${paymentsId}`)).length === 1,
      action: 'payment.refund_requested',
      entityType: 'payment',
      usersId,
      changes: { refundedAmount: { before: 0, after: 1000 } },
    };
  },
  'POST /api/dashboard/donations/subscriptions/:id/cancel': async () => {
    const { client, usersId } = await partnerAdmin();
    const { subscriptionsId } = await subscribe(await person());
    return {
      call: () =>
        client.post(
          `/api/dashboard/donations/subscriptions/${subscriptionsId}/cancel?partnersId=2`,
          { reason: 'Audit cancel' },
          freshAddress(),
        ),
      written: async () =>
        (await rows(sql`SELECT status FROM subscriptions WHERE id = ${subscriptionsId}`))[0]!.status ===
        'canceled',
      action: 'subscription.canceled',
      entityType: 'subscription',
      usersId,
      changes: { status: { before: 'active', after: 'canceled' } },
    };
  },
  'POST /api/dashboard/donations/subscriptions/:id/retry': async () => {
    const { client, usersId } = await partnerAdmin();
    const subscriptionsId = await failedRenewal();
    return {
      call: () =>
        client.post(
          `/api/dashboard/donations/subscriptions/${subscriptionsId}/retry?partnersId=2`,
          { requestKey: `audit-${randomUUID()}` },
          freshAddress(),
        ),
      written: async () =>
        (await rows(sql`SELECT status FROM subscriptions WHERE id = ${subscriptionsId}`))[0]!.status ===
        'active',
      action: 'subscription.renewal_retried',
      entityType: 'subscription',
      usersId,
    };
  },
  'POST /api/dashboard/donations/subscriptions/:id/remind': async () => {
    const { client, usersId } = await partnerAdmin();
    const subscriptionsId = await failedRenewal();
    return {
      call: () =>
        client.post(
          `/api/dashboard/donations/subscriptions/${subscriptionsId}/remind?partnersId=2`,
          {},
          freshAddress(),
        ),
      written: async () =>
        (
          await rows(
            sql`SELECT 1 FROM email_outbox WHERE dedupe_key LIKE ${`reminder:subscription:${subscriptionsId}:%`}`,
          )
        ).length === 1,
      action: 'subscription.reminder_sent',
      entityType: 'subscription',
      usersId,
    };
  },
  // ---- issue 13 item 5: the year-end receipts run
  'POST /api/dashboard/reports/year-end-run': async () => {
    const { client, usersId } = await partnerAdmin();
    const year = 2000 + Math.floor(Math.random() * 20);
    return {
      call: () => client.post('/api/dashboard/reports/year-end-run?partnersId=2', { year }, freshAddress()),
      written: async () =>
        (
          await rows(
            sql`SELECT 1 FROM job_progress WHERE name = 'reports.year_end_statements' AND partners_id = 2 AND users_id = ${usersId}`,
          )
        ).length >= 1,
      action: 'year_end_run.started',
      entityType: 'year_end_run',
      usersId,
    };
  },
  // ---- end W2
};

// ---- W2 (issue 12 items 3 and 6): helpers for the pictures and import scenarios.

/** A fresh record with one gallery picture (a row: the routes under test never read the bytes). */
async function recordWithPicture(): Promise<{ record: number; imageId: number; imagePath: string }> {
  const record = await insertRecord(t.database, { maxSlots: 1 });
  const imagePath = `sponsoreds/${record}/gallery/${randomUUID()}/large.webp`;
  const [image] = await rows(
    sql`INSERT INTO sponsored_images (sponsoreds_id, image_path) VALUES (${record}, ${imagePath}) RETURNING id`,
  );
  return { record, imageId: Number(image!.id), imagePath };
}

async function multipartPicture(): Promise<{ body: Buffer; contentType: string }> {
  const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('images', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'a.jpg');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type')!,
  };
}

/** A draft update post to a fresh record of the program administrator's program. */
async function draftUpdatePost(): Promise<{ post: number; record: number }> {
  const record = await insertRecord(t.database, { maxSlots: 1 });
  const [row] = await rows(
    sql`INSERT INTO update_posts (partners_id, title, update_message, audience, sponsoreds_ids, entity_ids, status)
        SELECT 2, 'Draft', '<p>Draft</p>', ${JSON.stringify({ kind: 'records', sponsoredsIds: [record] })}::jsonb,
               ARRAY[id], ARRAY[entities_id], 'draft' FROM sponsoreds WHERE id = ${record} RETURNING id`,
  );
  return { post: Number(row!.id), record };
}

/** Write routes whose writes are not Kinship's business records, with the reason. */
const NOT_AUDITED: Record<string, string> = {
  // The sandbox gateway's own pages stand in for the provider's (Stripe.js, the provider's API):
  // they write the provider's records, as Stripe would, not Kinship's.
  'POST /api/sandbox/paymentmethods': 'the sandbox provider',
  'POST /api/sandbox/setupintents/:id/confirm': 'the sandbox provider',
  // A provider event: each event that changes a record is audited as the gateway's
  // (subscription.payment_failed, see webhooks.test.ts); the route itself has no actor.
  // Refunds and disputes from the provider (decision 055) are audited the same way:
  // payment.refund_recorded, payment.refunded, payment.refund_failed, payment.disputed and
  // payment.dispute_updated (see modules/giving/gateway-refunds.test.ts).
  'POST /api/payments/webhook': 'provider events, audited per event',
  // W2: a dry run reads the file and the records; it writes nothing.
  'POST /api/dashboard/records/import/dryrun': 'writes nothing',
  // Issue 14: a template preview renders the draft with sample values; it writes nothing.
  'POST /api/dashboard/emailtemplates/:kind/preview': 'writes nothing',
};

describe('the audit trail', () => {
  it('has a scenario for every write route (better-auth routes aside: the auth library writes its own tables)', () => {
    const writes = t.app.routeList
      .filter((r) => r.method !== 'GET' && r.method !== 'OPTIONS' && !r.url.startsWith('/api/auth/'))
      .map((r) => `${r.method} ${r.url}`);
    const missing = writes.filter((route) => !(route in SCENARIOS) && !(route in NOT_AUDITED));
    expect(missing).toEqual([]);
  });

  // The partner's payment account is replaced last: the money routes run on the seeded one.
  const order = Object.keys(SCENARIOS).sort(
    (a, b) => Number(a.includes('oauthonboard')) - Number(b.includes('oauthonboard')),
  );
  for (const route of order) {
    it(`${route}: the write and its audit row commit together, and roll back together`, async () => {
      const refused = await SCENARIOS[route]!();
      await refuseAuditRows(true);
      let res: TestResponse;
      try {
        res = await refused.call();
      } finally {
        await refuseAuditRows(false);
      }
      expect(res.status, res.text).toBeGreaterThanOrEqual(500);
      expect(await refused.written()).toBe(false);

      const prepared = await SCENARIOS[route]!();
      const before = Number((await rows(sql`SELECT coalesce(max(id), 0) AS n FROM audit_log`))[0]!.n);
      const ok = await prepared.call();
      expect(ok.status, ok.text).toBeLessThan(300);
      expect(await prepared.written()).toBe(true);
      const audit = await rows(
        sql`SELECT * FROM audit_log WHERE id > ${before} AND action = ${prepared.action}`,
      );
      expect(audit).toHaveLength(1);
      const row = audit[0]!;
      expect(row).toMatchObject({
        entity_type: prepared.entityType,
        users_id: prepared.usersId,
        actor_kind: prepared.usersId === null && route === 'POST /api/payments' ? 'visitor' : 'person',
        request_id: ok.headers['x-request-id'],
      });
      expect(row.entity_id).not.toBeNull();
      expect(String(row.client_address)).toMatch(/^10\./);
      if (prepared.changes) expect(row.changes).toMatchObject(prepared.changes);
    });
  }

  it('never stores a secret or card number among the changes', async () => {
    const { changesOf } = await import('../src/platform/audit.ts');
    expect(
      changesOf(
        { password: 'old', last4: '4242', clientSecret: 'seti_1', city: 'Austin' },
        {
          password: 'new',
          last4: '4444',
          clientSecret: 'seti_2',
          city: 'Dallas',
          cardNumber: '4242424242424242',
        },
      ),
    ).toEqual({
      password: { before: '[redacted]', after: '[redacted]' },
      last4: { before: '4242', after: '4444' },
      clientSecret: { before: '[redacted]', after: '[redacted]' },
      city: { before: 'Austin', after: 'Dallas' },
      cardNumber: { before: null, after: '[redacted]' },
    });
  });
});
