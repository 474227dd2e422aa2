import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { DEMO_IDS } from '../../seed/demo.ts';
import type { AreaAudit, AuditContext } from '../../../test/audit-rows.ts';
import { freshAddress, insertRecord, line } from '../../../test/giving-fixtures.ts';
import type { TestClient } from '../../../test/http-client.ts';
import { clientAs, createPeople, type TestPerson } from '../../../test/people.ts';

/*
 * The giving area's scenarios of the audit trail (apps/server/test/audit-trail.test.ts): payment methods,
 * subscriptions, checkout, donations, gifts, trials and lightning links, and the Donations section. Each
 * write route of the area has a scenario here, keyed by the route as registered, or a reason in
 * `notAudited`; what a scenario says and how it runs: apps/server/test/audit-rows.ts.
 */

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

async function subscribe(
  { t, rows }: AuditContext,
  who: TestPerson,
): Promise<{ ordersId: number; subscriptionsId: number }> {
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
async function failedRenewal(ctx: AuditContext): Promise<number> {
  const { t, rows, person } = ctx;
  const { subscriptionsId } = await subscribe(ctx, await person());
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
async function deliveredGift({ t, rows }: AuditContext): Promise<{ code: string; manageCode: string }> {
  const record = await insertRecord(t.database, { maxSlots: 1 });
  const to = `audit-friend-${++giftCounter}-${Date.now()}@example.org`;
  const res = await t.client().post('/api/gifts?partnersId=2', giftBody(record, to), freshAddress());
  expect(res.status, res.text).toBe(200);
  const [gift] = await rows(sql`SELECT id, code, manage_code FROM gift_codes WHERE recipient_email = ${to}`);
  await t.runJob('gifts.deliver', { giftsId: Number(gift!.id) });
  return { code: String(gift!.code), manageCode: String(gift!.manage_code) };
}

export const givingAudit: AreaAudit = {
  scenarios: {
    'DELETE /api/payments/paymentmethod/:id': async ({ t, rows, person }) => {
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
          (await rows(sql`SELECT 1 FROM payment_methods WHERE gateway_payment_method_id = ${spare}`))
            .length === 0,
        action: 'payment_method.deleted',
        entityType: 'payment_method',
        usersId: who.usersId,
      };
    },
    'PUT /api/payments/updatedefaultpaymentmethod/:id': async ({ t, rows, person }) => {
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
            await rows(
              sql`SELECT is_default FROM payment_methods WHERE gateway_payment_method_id = ${second}`,
            )
          )[0]!.is_default === true,
        action: 'payment_method.made_default',
        entityType: 'payment_method',
        usersId: who.usersId,
        changes: { isDefault: { before: false, after: true } },
      };
    },
    'PUT /api/payments/updatesubscriptionpayment/:ordersId': async (ctx) => {
      const { t, rows, person } = ctx;
      const who = await person();
      const { ordersId, subscriptionsId } = await subscribe(ctx, who);
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
    'PUT /api/payments/resetsubscriptionprice/:id': async (ctx) => {
      const { t, rows, person } = ctx;
      const who = await person();
      const { subscriptionsId } = await subscribe(ctx, who);
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
    'POST /api/payments/checkout/:interval': async ({ t, rows, person }) => {
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
    'POST /api/payments/checkout': async ({ t, rows, person }) => {
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
    'POST /api/payments': async ({ t, rows }) => {
      const email = `audit-donor-${Date.now()}-${Math.random().toString(36).slice(2)}@example.org`;
      return {
        call: () =>
          t.client().post(
            '/api/payments?partnersId=2',
            {
              partnersId: 2,
              amount: 15,
              firstName: 'Ada',
              lastName: 'Donor',
              email,
              token: 'pm_card_visa',
            },
            freshAddress(),
          ),
        written: async () => (await rows(sql`SELECT 1 FROM donations WHERE email = ${email}`)).length === 1,
        action: 'donation.created',
        entityType: 'donation',
        usersId: null,
      };
    },
    // ------------------------------------------------------------------ issue 15: gifts, trials, lightning
    'POST /api/gifts': async ({ t, rows, partnerAdmin }) => {
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
    'POST /api/gifts/redeem/:code': async (ctx) => {
      const { t, rows } = ctx;
      const { code } = await deliveredGift(ctx);
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
    'POST /api/gifts/manage/:code': async (ctx) => {
      const { rows, partnerAdmin } = ctx;
      const { manageCode } = await deliveredGift(ctx);
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
    'POST /api/trials/redeem/:code': async ({ t, rows }) => {
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
    // issue 21: codes withdrawn (decision 059)
    'POST /api/dashboard/trials/:id/withdraw': async ({ rows, partnerAdmin }) => {
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
    'POST /api/dashboard/lightning/:id/withdraw': async ({ rows, partnerAdmin }) => {
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
    'POST /api/dashboard/trials': async ({ rows, partnerAdmin }) => {
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
    'POST /api/dashboard/lightning': async ({ rows, partnerAdmin }) => {
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
    // Issue 13: the Donations section.
    'POST /api/dashboard/donations/payments/:id/refund': async ({ t, rows, partnerAdmin }) => {
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
    'POST /api/dashboard/donations/subscriptions/:id/cancel': async (ctx) => {
      const { rows, person, partnerAdmin } = ctx;
      const { client, usersId } = await partnerAdmin();
      const { subscriptionsId } = await subscribe(ctx, await person());
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
    'POST /api/dashboard/donations/subscriptions/:id/retry': async (ctx) => {
      const { rows, partnerAdmin } = ctx;
      const { client, usersId } = await partnerAdmin();
      const subscriptionsId = await failedRenewal(ctx);
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
    'POST /api/dashboard/donations/subscriptions/:id/remind': async (ctx) => {
      const { rows, partnerAdmin } = ctx;
      const { client, usersId } = await partnerAdmin();
      const subscriptionsId = await failedRenewal(ctx);
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
  },
  notAudited: {
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
  },
};
