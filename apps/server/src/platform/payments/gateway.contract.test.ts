import { randomUUID } from 'node:crypto';
import { donationFeeCents, sponsorshipFeePercent } from '@kinship/domain';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeDouble, stripeEvent, type StripeDouble } from '../../../test/stripe-double.ts';
import { openTestDatabase } from '../../../test/test-database.ts';
import { sandboxSubscriptions } from '../../db/schema/index.ts';
import {
  GatewayInvalidRequestError,
  GatewayUnavailableError,
  PaymentDeclinedError,
  type GatewayAccount,
  type GatewayDisputeStatus,
  type GatewayEvent,
  type PaymentGateway,
} from './gateway.ts';
import { loadConfig } from '../../config.ts';
import { createGateway } from './index.ts';
import {
  SandboxGateway,
  sandboxWebhookSecret,
  signSandboxEvent,
  signSandboxWebhook,
} from './sandbox-gateway.ts';
import { StripeGateway, STRIPE_CONNECT_AUTHORIZE_URL } from './stripe-gateway.ts';

/**
 * One contract, every gateway: the sandbox (the embedded default) and Stripe (the official SDK
 * against a local double of the Stripe API) must behave the same for everything Kinship relies on.
 */

const SANDBOX_SECRET = sandboxWebhookSecret(randomUUID());

interface SignedDelivery {
  raw: Buffer;
  signature: string;
}

interface Harness {
  gateway: PaymentGateway;
  account: GatewayAccount;
  /** The provider's own signed delivery of "a subscription payment succeeded". */
  paidDelivery(input: { subscriptionId: string; chargeId: string; amount: number }): SignedDelivery;
  /** The provider's own signed delivery of "the subscription was deleted". */
  deletedDelivery(subscriptionId: string): SignedDelivery;
  /** A subscription as the provider itself holds it (its own tables, or Stripe's API), not as the gateway reports it. */
  subscriptionAtProvider(subscriptionId: string): Promise<ProviderSubscription>;
  /** The provider's own renewal of the subscription coming due now (charged to its payment method). */
  renew(subscriptionId: string): Promise<void>;
  /** A refund made at the provider outside Kinship (its dashboard), and the provider's deliveries about it. */
  outsideRefund(
    ref: string,
    amount: number | null,
  ): Promise<{ refundId: string; deliveries: SignedDelivery[] }>;
  /** The provider's deliveries about a refund (Kinship's own, say) of the charge behind `ref`. */
  refundDeliveries(refundId: string, ref: string): Promise<SignedDelivery[]>;
  /** The provider's delivery of a dispute of the charge behind `ref` in this state. */
  disputeDelivery(ref: string, status: GatewayDisputeStatus): Promise<SignedDelivery>;
  /** A code the provider's authorization page would hand back, and the account it stands for. */
  authorizationCode(onboardingUrl: string): { code: string; accountId: string | RegExp };
  close(): Promise<void>;
}

/** What a subscription charges, on what, and whether it runs, at the provider. */
interface ProviderSubscription {
  status: string;
  paymentMethodId: string | null;
  unitAmount: number | null;
  quantity: number;
  interval: string | null;
  latestChargeId: string | null;
}

interface Subject {
  name: 'sandbox' | 'stripe';
  start(): Promise<Harness>;
}

const SANDBOX_ACCOUNT: GatewayAccount = { accountId: 'acct_sandbox_contract', currency: 'usd' };

const sandboxSubject: Subject = {
  name: 'sandbox',
  async start() {
    const database = await openTestDatabase();
    // The sandbox's webhook body is a GatewayEvent as JSON, signed t=...,v1=HMAC (its own format).
    const sign = (event: Record<string, unknown>): SignedDelivery => {
      const payload = JSON.stringify({
        id: `evt_sbx_${randomUUID()}`,
        created: new Date().toISOString(),
        ...event,
      });
      return { raw: Buffer.from(payload), signature: signSandboxWebhook(payload, SANDBOX_SECRET) };
    };
    const sandbox = new SandboxGateway(database.db, { webhookSecret: SANDBOX_SECRET });
    return {
      gateway: sandbox,
      renew: async (subscriptionId) => {
        // Only this subscription's period ends now; the worker's renewal run then charges it.
        await database.db
          .update(sandboxSubscriptions)
          .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
          .where(eq(sandboxSubscriptions.id, subscriptionId));
        await sandbox.renewDueSubscriptions(new Date());
      },
      account: { accountId: 'acct_sandbox_contract', currency: 'usd' },
      outsideRefund: async (ref, amount) => {
        const made = await sandbox.refundOutside(SANDBOX_ACCOUNT, ref, amount);
        return {
          refundId: made.refundId,
          deliveries: made.events.map((e) => signSandboxEvent(e, SANDBOX_SECRET)),
        };
      },
      refundDeliveries: async (refundId) =>
        (await sandbox.refundEvents(SANDBOX_ACCOUNT, refundId)).map((e) =>
          signSandboxEvent(e, SANDBOX_SECRET),
        ),
      disputeDelivery: async (ref, status) =>
        signSandboxEvent(await sandbox.disputeEvent(SANDBOX_ACCOUNT, ref, status), SANDBOX_SECRET),
      paidDelivery: ({ subscriptionId, chargeId, amount }) =>
        sign({ type: 'payment.succeeded', chargeId, subscriptionId, amount }),
      deletedDelivery: (subscriptionId) =>
        sign({ type: 'subscription.deleted', subscriptionId, status: 'canceled', currentPeriodEnd: null }),
      subscriptionAtProvider: async (subscriptionId) => {
        const [row] = await database.db
          .select()
          .from(sandboxSubscriptions)
          .where(eq(sandboxSubscriptions.id, subscriptionId));
        if (!row) throw new Error(`No sandbox subscription ${subscriptionId}`);
        return {
          status: row.status,
          paymentMethodId: row.paymentMethodId,
          unitAmount: row.unitAmount,
          quantity: row.quantity,
          interval: row.interval,
          latestChargeId: row.latestChargeId,
        };
      },
      authorizationCode: (onboardingUrl) => ({
        code: new URL(onboardingUrl).searchParams.get('code') ?? '',
        accountId: /^acct_sandbox_[0-9a-f]+$/,
      }),
      close: () => database.close(),
    };
  },
};

const stripeSubject: Subject = {
  name: 'stripe',
  async start() {
    const double = await startStripeDouble();
    const gateway = stripeGatewayFor(double);
    const sign = (type: string, object: Record<string, unknown>): SignedDelivery => {
      const { payload } = stripeEvent(type, object, { account: 'acct_contract' });
      return {
        raw: Buffer.from(payload),
        signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: double.webhookSecret }),
      };
    };
    return {
      gateway,
      renew: async (subscriptionId) => {
        double.renew('acct_contract', subscriptionId);
      },
      account: { accountId: 'acct_contract', currency: 'usd' },
      outsideRefund: async (ref, amount) => {
        const { refund, charge } = double.refundOutside('acct_contract', ref, amount);
        return {
          refundId: String(refund.id),
          deliveries: [sign('refund.created', refund), sign('charge.refunded', charge)],
        };
      },
      refundDeliveries: async (refundId, ref) => [
        sign('refund.updated', double.object(refundId)!),
        sign('charge.refunded', double.chargeOf('acct_contract', ref)),
      ],
      disputeDelivery: async (ref, status) =>
        sign(
          ['won', 'lost', 'warning_closed'].includes(status)
            ? 'charge.dispute.closed'
            : 'charge.dispute.updated',
          double.dispute('acct_contract', ref, status),
        ),
      paidDelivery: ({ subscriptionId, chargeId, amount }) =>
        sign('invoice.paid', {
          id: chargeId,
          object: 'invoice',
          amount_paid: amount,
          status: 'paid',
          parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
        }),
      deletedDelivery: (subscriptionId) =>
        sign('customer.subscription.deleted', {
          id: subscriptionId,
          object: 'subscription',
          status: 'canceled',
          items: { object: 'list', data: [{ id: 'si_1', current_period_end: 1_900_000_000 }] },
        }),
      subscriptionAtProvider: async (subscriptionId) => {
        const stripe = new Stripe(double.secretKey, {
          host: double.host,
          port: double.port,
          protocol: double.protocol,
          maxNetworkRetries: 0,
        });
        const sub = await stripe.subscriptions.retrieve(
          subscriptionId,
          { expand: ['latest_invoice'] },
          { stripeAccount: 'acct_contract' },
        );
        const item = sub.items.data[0]!;
        const invoice = sub.latest_invoice;
        return {
          status: sub.status,
          paymentMethodId:
            typeof sub.default_payment_method === 'string'
              ? sub.default_payment_method
              : (sub.default_payment_method?.id ?? null),
          unitAmount: item.price.unit_amount,
          quantity: item.quantity ?? 1,
          interval: item.price.recurring?.interval ?? null,
          latestChargeId: typeof invoice === 'string' ? invoice : (invoice?.id ?? null),
        };
      },
      authorizationCode: () => ({
        code: double.issueAuthorizationCode('acct_onboarded_1'),
        accountId: 'acct_onboarded_1',
      }),
      close: () => double.close(),
    };
  },
};

function stripeGatewayFor(
  double: StripeDouble,
  overrides: { maxNetworkRetries?: number; port?: number } = {},
) {
  return new StripeGateway({
    secretKey: double.secretKey,
    publishableKey: double.publishableKey,
    webhookSecret: double.webhookSecret,
    clientId: double.clientId,
    api: { host: double.host, port: overrides.port ?? double.port, protocol: double.protocol },
    maxNetworkRetries: overrides.maxNetworkRetries ?? 0,
  });
}

const subjects: Subject[] = [sandboxSubject, stripeSubject];

const DAY = 86_400_000;
const daysFromNow = (date: Date) => (date.getTime() - Date.now()) / DAY;
const key = () => `test-${randomUUID()}`;

describe.each(subjects)('the $name gateway keeps the payment contract', (subject) => {
  let h: Harness;
  let customerId: string;

  beforeAll(async () => {
    h = await subject.start();
    customerId = await h.gateway.ensureCustomer(
      h.account,
      { email: 'donor@example.org', name: 'Dana Donor' },
      key(),
    );
  });
  afterAll(async () => {
    await h?.close();
  });

  it('creates a customer once and reuses it', async () => {
    expect(customerId).toMatch(/\S/);
    const again = await h.gateway.ensureCustomer(
      h.account,
      { email: 'donor@example.org', name: 'Dana Donor', existingCustomerId: customerId },
      key(),
    );
    expect(again).toBe(customerId);
    const sameKey = key();
    const first = await h.gateway.ensureCustomer(h.account, { email: 'x@example.org', name: 'X' }, sameKey);
    const replay = await h.gateway.ensureCustomer(h.account, { email: 'x@example.org', name: 'X' }, sameKey);
    expect(replay).toBe(first);
    expect(first).not.toBe(customerId);
  });

  it('starts a setup intent for the browser', async () => {
    const intent = await h.gateway.createSetupIntent(h.account, customerId);
    expect(intent.id).toMatch(/\S/);
    expect(intent.clientSecret).toMatch(/\S/);
  });

  it('saves, lists, defaults and removes payment methods', async () => {
    const visa = await h.gateway.attachPaymentMethod(h.account, customerId, 'pm_card_visa', key());
    expect(visa).toMatchObject({
      type: 'card',
      card: { brand: 'visa', last4: '4242' },
      usBankAccount: null,
      acssDebit: null,
    });
    expect(visa.card!.expYear).toBeGreaterThanOrEqual(new Date().getUTCFullYear());
    expect(visa.card!.expMonth).toBeGreaterThanOrEqual(1);
    const master = await h.gateway.attachPaymentMethod(h.account, customerId, 'pm_card_mastercard', key());
    expect(master.card).toMatchObject({ brand: 'mastercard', last4: '4444' });

    const listed = await h.gateway.listPaymentMethods(h.account, customerId);
    expect(listed.map((m) => m.id).sort()).toEqual([visa.id, master.id].sort());
    expect(listed.find((m) => m.id === visa.id)).toEqual(visa);

    await h.gateway.setDefaultPaymentMethod(h.account, customerId, master.id);
    await h.gateway.detachPaymentMethod(h.account, visa.id);
    expect((await h.gateway.listPaymentMethods(h.account, customerId)).map((m) => m.id)).toEqual([master.id]);
    await h.gateway.detachPaymentMethod(h.account, master.id);
    expect(await h.gateway.listPaymentMethods(h.account, customerId)).toEqual([]);
  });

  it('charges a card once and answers the charge id', async () => {
    const charge = await h.gateway.charge(
      h.account,
      {
        customerId: null,
        paymentMethodId: 'pm_card_visa',
        amount: 2500,
        applicationFeeAmount: 0,
        description: 'General donation',
        metadata: { kind: 'donation' },
      },
      key(),
    );
    expect(charge).toEqual({ chargeId: expect.stringMatching(/\S/), amount: 2500, status: 'succeeded' });
  });

  it('charges a saved card of a customer', async () => {
    const visa = await h.gateway.attachPaymentMethod(h.account, customerId, 'pm_card_visa', key());
    const charge = await h.gateway.charge(
      h.account,
      {
        customerId,
        paymentMethodId: visa.id,
        amount: 1000,
        applicationFeeAmount: 0,
        description: 'Gift',
        metadata: {},
      },
      key(),
    );
    expect(charge.amount).toBe(1000);
  });

  it('declines a declined card with card_declined and the provider message', async () => {
    const attempt = h.gateway.charge(
      h.account,
      {
        customerId: null,
        paymentMethodId: 'pm_card_chargeDeclined',
        amount: 2500,
        applicationFeeAmount: 0,
        description: 'General donation',
        metadata: {},
      },
      key(),
    );
    await expect(attempt).rejects.toBeInstanceOf(PaymentDeclinedError);
    await expect(attempt).rejects.toMatchObject({
      code: 'card_declined',
      message: expect.stringMatching(/declined/i),
    });
  });

  it('declines a card without funds with insufficient_funds', async () => {
    const attempt = h.gateway.charge(
      h.account,
      {
        customerId: null,
        paymentMethodId: 'pm_card_chargeDeclinedInsufficientFunds',
        amount: 2500,
        applicationFeeAmount: 0,
        description: 'General donation',
        metadata: {},
      },
      key(),
    );
    await expect(attempt).rejects.toBeInstanceOf(PaymentDeclinedError);
    await expect(attempt).rejects.toMatchObject({
      code: 'insufficient_funds',
      message: expect.stringMatching(/insufficient funds/i),
    });
  });

  it('answers the same charge for the same idempotency key', async () => {
    const k = key();
    const input = {
      customerId: null,
      paymentMethodId: 'pm_card_visa',
      amount: 3000,
      applicationFeeAmount: 0,
      description: 'Donation',
      metadata: {},
    };
    const first = await h.gateway.charge(h.account, input, k);
    const second = await h.gateway.charge(h.account, input, k);
    expect(second.chargeId).toBe(first.chargeId);
    const other = await h.gateway.charge(h.account, input, key());
    expect(other.chargeId).not.toBe(first.chargeId);
  });

  describe('subscriptions', () => {
    let pm: string;
    beforeAll(async () => {
      pm = (await h.gateway.attachPaymentMethod(h.account, customerId, 'pm_card_visa', key())).id;
    });

    const subscribe = (interval: 'month' | 'year', idempotencyKey = key(), paymentMethodId = pm) =>
      h.gateway.createSubscription(
        h.account,
        {
          customerId,
          paymentMethodId,
          interval,
          unitAmount: 3500,
          quantity: 2,
          applicationFeePercent: 0,
          description: 'Sponsorship of Ana (2 slots)',
          metadata: { ordersId: '1' },
        },
        idempotencyKey,
      );

    it('starts a monthly subscription of 2 slots, charged now, ending in about a month', async () => {
      const sub = await subscribe('month');
      expect(sub.status).toBe('active');
      expect(sub.subscriptionId).toMatch(/\S/);
      expect(sub.latestChargeId).toMatch(/\S/);
      expect(daysFromNow(sub.currentPeriodEnd)).toBeGreaterThan(27.9);
      expect(daysFromNow(sub.currentPeriodEnd)).toBeLessThan(31.1);
    });

    it('starts an annual subscription ending in about a year', async () => {
      const sub = await subscribe('year');
      expect(sub.status).toBe('active');
      expect(daysFromNow(sub.currentPeriodEnd)).toBeGreaterThan(364.9);
      expect(daysFromNow(sub.currentPeriodEnd)).toBeLessThan(366.1);
    });

    it('answers the same subscription for the same idempotency key', async () => {
      const k = key();
      const first = await subscribe('month', k);
      const second = await subscribe('month', k);
      expect(second.subscriptionId).toBe(first.subscriptionId);
      expect(second.latestChargeId).toBe(first.latestChargeId);
      expect((await subscribe('month')).subscriptionId).not.toBe(first.subscriptionId);
    });

    it('refuses a subscription on a card that fails', async () => {
      const failing = await h.gateway.attachPaymentMethod(
        h.account,
        customerId,
        'pm_card_chargeCustomerFail',
        key(),
      );
      await expect(subscribe('month', key(), failing.id)).rejects.toMatchObject({ code: 'card_declined' });
    });

    it('changes the payment method and the price, then cancels', async () => {
      const sub = await subscribe('month');
      expect(await h.subscriptionAtProvider(sub.subscriptionId)).toEqual({
        status: 'active',
        paymentMethodId: pm,
        unitAmount: 3500,
        quantity: 2,
        interval: 'month',
        latestChargeId: sub.latestChargeId,
      });

      const other = await h.gateway.attachPaymentMethod(h.account, customerId, 'pm_card_mastercard', key());
      await h.gateway.updateSubscriptionPaymentMethod(h.account, sub.subscriptionId, other.id);
      expect(await h.subscriptionAtProvider(sub.subscriptionId)).toMatchObject({
        status: 'active',
        paymentMethodId: other.id,
        unitAmount: 3500,
        quantity: 2,
      });

      await h.gateway.updateSubscriptionPrice(
        h.account,
        sub.subscriptionId,
        { unitAmount: 4000, quantity: 1 },
        key(),
      );
      // The new price, on the new method, from the next period: nothing charged now (no proration).
      expect(await h.subscriptionAtProvider(sub.subscriptionId)).toEqual({
        status: 'active',
        paymentMethodId: other.id,
        unitAmount: 4000,
        quantity: 1,
        interval: 'month',
        latestChargeId: sub.latestChargeId,
      });

      await h.gateway.cancelSubscription(h.account, sub.subscriptionId);
      expect(await h.subscriptionAtProvider(sub.subscriptionId)).toMatchObject({
        status: 'canceled',
        unitAmount: 4000,
        quantity: 1,
      });
      // Cancelling twice is done, not an error; a canceled subscription takes no new price.
      await h.gateway.cancelSubscription(h.account, sub.subscriptionId);
      expect((await h.subscriptionAtProvider(sub.subscriptionId)).status).toBe('canceled');
      await expect(
        h.gateway.updateSubscriptionPrice(
          h.account,
          sub.subscriptionId,
          { unitAmount: 5000, quantity: 1 },
          key(),
        ),
      ).rejects.toBeInstanceOf(GatewayInvalidRequestError);
      expect((await h.subscriptionAtProvider(sub.subscriptionId)).unitAmount).toBe(4000);
    });

    it('retries a failed renewal: declined while the card fails, paid once the method is changed', async () => {
      const sub = await subscribe('month');
      const failing = await h.gateway.attachPaymentMethod(
        h.account,
        customerId,
        'pm_card_chargeCustomerFail',
        key(),
      );
      await h.gateway.updateSubscriptionPaymentMethod(h.account, sub.subscriptionId, failing.id);
      // Nothing to retry while the subscription is paid up.
      await expect(
        h.gateway.retrySubscriptionPayment(h.account, sub.subscriptionId, key()),
      ).rejects.toBeInstanceOf(GatewayInvalidRequestError);

      await h.renew(sub.subscriptionId);
      expect((await h.subscriptionAtProvider(sub.subscriptionId)).status).toBe('past_due');

      const declined = await h.gateway.retrySubscriptionPayment(h.account, sub.subscriptionId, key());
      expect(declined).toMatchObject({
        outcome: 'failed',
        amount: 7000,
        declineCode: 'card_declined',
        message: 'Your card was declined.',
        status: 'past_due',
      });
      expect(declined.chargeId).toMatch(/\S/);

      await h.gateway.updateSubscriptionPaymentMethod(h.account, sub.subscriptionId, pm);
      const k = key();
      const paid = await h.gateway.retrySubscriptionPayment(h.account, sub.subscriptionId, k);
      expect(paid).toMatchObject({ outcome: 'paid', amount: 7000, declineCode: null, status: 'active' });
      // The next period: about two months from the start.
      expect(daysFromNow(paid.currentPeriodEnd)).toBeGreaterThan(27);
      expect((await h.subscriptionAtProvider(sub.subscriptionId)).status).toBe('active');
      // The same key answers the same attempt; a paid-up subscription has nothing more to retry.
      expect((await h.gateway.retrySubscriptionPayment(h.account, sub.subscriptionId, k)).chargeId).toBe(
        paid.chargeId,
      );
      await expect(
        h.gateway.retrySubscriptionPayment(h.account, sub.subscriptionId, key()),
      ).rejects.toBeInstanceOf(GatewayInvalidRequestError);
      // The retried payment can be refunded like any other.
      expect((await h.gateway.refund(h.account, paid.chargeId, 1000, key())).refundId).toMatch(/\S/);
    });

    it('resolves the charge of a subscription payment refunded outside Kinship to the reference Kinship stored', async () => {
      const sub = await subscribe('month');
      const outside = await h.outsideRefund(sub.latestChargeId!, null);
      const event = outside.deliveries
        .map((d) => h.gateway.verifyWebhook(d.raw, d.signature))
        .find((e) => e.type === 'refund.updated');
      if (event?.type !== 'refund.updated') throw new Error('No refund event was delivered.');
      expect(event.refund).toMatchObject({ refundId: outside.refundId, amount: 7000, status: 'succeeded' });
      expect(await h.gateway.paymentReferencesOf(h.account, event.refund.paymentRefs)).toContain(
        sub.latestChargeId,
      );
    });

    it('refunds a subscription payment', async () => {
      const sub = await subscribe('month');
      const refund = await h.gateway.refund(h.account, sub.latestChargeId!, null, key());
      expect(refund.refundId).toMatch(/\S/);
    });
  });

  it('refunds part of a charge, then the rest, and refuses more', async () => {
    const charge = await h.gateway.charge(
      h.account,
      {
        customerId: null,
        paymentMethodId: 'pm_card_visa',
        amount: 5000,
        applicationFeeAmount: 0,
        description: 'D',
        metadata: {},
      },
      key(),
    );
    const part = await h.gateway.refund(h.account, charge.chargeId, 2000, key());
    const rest = await h.gateway.refund(h.account, charge.chargeId, null, key());
    expect(part.refundId).not.toBe(rest.refundId);
    await expect(h.gateway.refund(h.account, charge.chargeId, 100, key())).rejects.toBeInstanceOf(
      GatewayInvalidRequestError,
    );
    const k = key();
    const again = await h.gateway.charge(
      h.account,
      {
        customerId: null,
        paymentMethodId: 'pm_card_visa',
        amount: 5000,
        applicationFeeAmount: 0,
        description: 'D',
        metadata: {},
      },
      key(),
    );
    expect((await h.gateway.refund(h.account, again.chargeId, 500, k)).refundId).toBe(
      (await h.gateway.refund(h.account, again.chargeId, 500, k)).refundId,
    );
  });

  it('tells a refund made outside Kinship, Kinship’s own refund and a dispute apart in its events', async () => {
    const charge = await h.gateway.charge(
      h.account,
      {
        customerId: null,
        paymentMethodId: 'pm_card_visa',
        amount: 5000,
        applicationFeeAmount: 0,
        description: 'D',
        metadata: {},
      },
      key(),
    );
    const verify = (d: SignedDelivery) => h.gateway.verifyWebhook(d.raw, d.signature);
    const outside = await h.outsideRefund(charge.chargeId, 1500);
    const events = outside.deliveries.map(verify);
    const single = events.find((e) => e.type === 'refund.updated');
    const listed = events.find((e) => e.type === 'charge.refunded');
    if (single?.type !== 'refund.updated' || listed?.type !== 'charge.refunded')
      throw new Error('The refund events were not delivered.');
    expect(single.refund).toMatchObject({
      refundId: outside.refundId,
      amount: 1500,
      status: 'succeeded',
      kinshipKey: null,
    });
    expect(single.refund.paymentRefs).toContain(charge.chargeId);
    expect(listed.paymentRefs).toContain(charge.chargeId);
    expect(listed.refunds).toEqual([expect.objectContaining({ refundId: outside.refundId, amount: 1500 })]);

    // Kinship's own refund carries the key Kinship gave it.
    const own = await h.gateway.refund(h.account, charge.chargeId, 1000, 'refund:4242');
    const ownEvent = (await h.refundDeliveries(own.refundId, charge.chargeId))
      .map(verify)
      .find((e) => e.type === 'refund.updated');
    if (ownEvent?.type !== 'refund.updated') throw new Error('No refund event was delivered.');
    expect(ownEvent.refund).toMatchObject({
      refundId: own.refundId,
      amount: 1000,
      kinshipKey: 'refund:4242',
    });

    const opened = verify(await h.disputeDelivery(charge.chargeId, 'needs_response'));
    const lost = verify(await h.disputeDelivery(charge.chargeId, 'lost'));
    if (opened.type !== 'dispute.updated' || lost.type !== 'dispute.updated')
      throw new Error('No dispute event was delivered.');
    expect(lost.dispute).toMatchObject({ status: 'lost', amount: 2500, reason: 'fraudulent' });
    expect(lost.dispute.paymentRefs).toContain(charge.chargeId);
    expect(opened.dispute).toMatchObject({ status: 'needs_response', disputeId: lost.dispute.disputeId });
  });

  it('verifies webhook deliveries: a good signature maps, a bad one throws', () => {
    const paid = h.paidDelivery({
      subscriptionId: 'sub_contract_1',
      chargeId: 'in_contract_1',
      amount: 7000,
    });
    const event = h.gateway.verifyWebhook(paid.raw, paid.signature);
    expect(event).toMatchObject({
      type: 'payment.succeeded',
      subscriptionId: 'sub_contract_1',
      chargeId: 'in_contract_1',
      amount: 7000,
    } satisfies Partial<GatewayEvent>);
    expect(event.id).toMatch(/\S/);
    expect(event.created).toBeInstanceOf(Date);

    const deleted = h.deletedDelivery('sub_contract_1');
    expect(h.gateway.verifyWebhook(deleted.raw, deleted.signature)).toMatchObject({
      type: 'subscription.deleted',
      subscriptionId: 'sub_contract_1',
      status: 'canceled',
    });

    const tampered = Buffer.from(paid.raw.toString('utf8').replace('7000', '9000'));
    expect(() => h.gateway.verifyWebhook(tampered, paid.signature)).toThrow();
    expect(() => h.gateway.verifyWebhook(paid.raw, undefined)).toThrow();
    expect(() => h.gateway.verifyWebhook(paid.raw, 'nonsense')).toThrow();
  });

  it('onboards a partner: the authorization page carries the state, the code names the account', async () => {
    const url = h.gateway.onboardingUrl('signed-state-123', 'http://demo.localhost:3000/onboard');
    expect(new URL(url).searchParams.get('state')).toBe('signed-state-123');
    const { code, accountId } = h.authorizationCode(url);
    const result = await h.gateway.completeOnboarding(code);
    if (typeof accountId === 'string') expect(result.accountId).toBe(accountId);
    else expect(result.accountId).toMatch(accountId);
    await expect(h.gateway.completeOnboarding('not-a-code')).rejects.toThrow(/\S/);
  });
});

describe('the Stripe gateway sends what Stripe expects', () => {
  let double: StripeDouble;
  let gateway: StripeGateway;
  const account: GatewayAccount = { accountId: 'acct_partner_42', currency: 'usd' };
  let customerId: string;
  let pm: string;

  beforeAll(async () => {
    double = await startStripeDouble();
    gateway = stripeGatewayFor(double);
    customerId = await gateway.ensureCustomer(account, { email: 'a@example.org', name: 'A' }, key());
    pm = (await gateway.attachPaymentMethod(account, customerId, 'pm_card_visa', key())).id;
  });
  afterAll(async () => {
    await double?.close();
  });

  const lastRequest = (method: string, path: string | RegExp) => {
    const found = double.requests.filter(
      (r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)),
    );
    return found.at(-1)!;
  };

  it('acts on the partner’s connected account with an idempotency key on every write', async () => {
    double.clearRequests();
    await gateway.ensureCustomer(account, { email: 'b@example.org', name: 'B' }, 'key-customer');
    const visa = await gateway.attachPaymentMethod(account, customerId, 'pm_card_visa', 'key-attach');
    await gateway.listPaymentMethods(account, customerId);
    await gateway.setDefaultPaymentMethod(account, customerId, visa.id);
    await gateway.createSetupIntent(account, customerId);
    const charge = await gateway.charge(
      account,
      {
        customerId,
        paymentMethodId: visa.id,
        amount: 1200,
        applicationFeeAmount: 0,
        description: 'D',
        metadata: {},
      },
      'key-charge',
    );
    const sub = await gateway.createSubscription(
      account,
      {
        customerId,
        paymentMethodId: visa.id,
        interval: 'month',
        unitAmount: 3000,
        quantity: 2,
        applicationFeePercent: 0,
        description: 'Sponsorship',
        metadata: {},
      },
      'key-sub',
    );
    await gateway.updateSubscriptionPaymentMethod(account, sub.subscriptionId, visa.id);
    await gateway.updateSubscriptionPrice(
      account,
      sub.subscriptionId,
      { unitAmount: 3300, quantity: 2 },
      'key-price',
    );
    await gateway.refund(account, charge.chargeId, 200, 'key-refund');
    await gateway.refund(account, sub.latestChargeId!, 100, 'key-refund-sub');
    await gateway.cancelSubscription(account, sub.subscriptionId);
    await gateway.detachPaymentMethod(account, visa.id);

    expect(double.requests.length).toBeGreaterThanOrEqual(16);
    for (const request of double.requests) {
      expect(request.stripeAccount, `${request.method} ${request.path}`).toBe('acct_partner_42');
      expect(request.status, `${request.method} ${request.path}`).toBeLessThan(300);
      expect(request.headers.authorization).toBe(`Bearer ${double.secretKey}`);
      if (request.method === 'POST')
        expect(request.idempotencyKey, `${request.method} ${request.path}`).toMatch(/\S/);
    }
    // The caller's key where the contract gives one; derived keys for multi-step writes.
    expect(lastRequest('POST', '/v1/customers').idempotencyKey).toBe('key-customer');
    expect(lastRequest('POST', /\/attach$/).idempotencyKey).toBe('key-attach');
    expect(lastRequest('POST', '/v1/payment_intents').idempotencyKey).toBe('key-charge');
    expect(lastRequest('POST', '/v1/subscriptions').idempotencyKey).toBe('key-sub:subscription');
    expect(double.requests.find((r) => r.path === '/v1/prices')!.idempotencyKey).toBe('key-sub:price');
    expect(lastRequest('POST', '/v1/prices').idempotencyKey).toBe('key-price:price');
    expect(lastRequest('POST', '/v1/refunds').idempotencyKey).toBe('key-refund-sub');
    // Keys the caller does not give are unique per call.
    const generated = double.requests
      .filter((r) => r.idempotencyKey?.startsWith('kinship-'))
      .map((r) => r.idempotencyKey);
    expect(generated.length).toBeGreaterThanOrEqual(4);
    expect(new Set(generated).size).toBe(generated.length);
  });

  it('creates a subscription with a price for the unit amount and interval, the quantity and no incomplete state', async () => {
    double.clearRequests();
    const sub = await gateway.createSubscription(
      account,
      {
        customerId,
        paymentMethodId: pm,
        interval: 'year',
        unitAmount: 42_000,
        quantity: 3,
        applicationFeePercent: 0,
        description: 'Sponsorship of Ana',
        metadata: { ordersId: '77' },
      },
      key(),
    );
    expect(lastRequest('POST', '/v1/prices').body).toEqual({
      currency: 'usd',
      unit_amount: '42000',
      recurring: { interval: 'year' },
      product_data: { name: 'Sponsorship of Ana' },
    });
    const body = lastRequest('POST', '/v1/subscriptions').body;
    const price = double.requests.find((r) => r.path === '/v1/prices')!;
    expect(body).toMatchObject({
      customer: customerId,
      items: [{ price: expect.stringMatching(/^price_/), quantity: '3' }],
      default_payment_method: pm,
      payment_behavior: 'error_if_incomplete',
      metadata: { ordersId: '77' },
      expand: ['latest_invoice'],
    });
    expect(price.status).toBe(200);
    expect(body).not.toHaveProperty('application_fee_percent');
    // The first charge is the invoice of 3 × 420.00.
    const invoice = double.object(sub.latestChargeId!)!;
    expect(invoice).toMatchObject({ object: 'invoice', amount_paid: 126_000, status: 'paid' });
  });

  it('charges the platform fee of the partner’s fee model: a percent of sponsorships and donations under "fee", none under "tip"', async () => {
    const feePartner = { applicationFeeModel: 'fee', sponsorProcFee: 4.5, generalProcFee: 3 };
    const tipPartner = { applicationFeeModel: 'tip', sponsorProcFee: 4.5, generalProcFee: 3 };
    const donate = (partner: typeof feePartner) =>
      gateway.charge(
        account,
        {
          customerId: null,
          paymentMethodId: 'pm_card_visa',
          amount: 10_000,
          applicationFeeAmount: donationFeeCents(partner, 10_000),
          description: 'Donation',
          metadata: {},
        },
        key(),
      );
    const sponsor = (partner: typeof feePartner) =>
      gateway.createSubscription(
        account,
        {
          customerId,
          paymentMethodId: pm,
          interval: 'month',
          unitAmount: 3000,
          quantity: 1,
          applicationFeePercent: sponsorshipFeePercent(partner),
          description: 'Sponsorship',
          metadata: {},
        },
        key(),
      );

    await donate(feePartner);
    expect(lastRequest('POST', '/v1/payment_intents').body.application_fee_amount).toBe('300');
    await donate(tipPartner);
    expect(lastRequest('POST', '/v1/payment_intents').body).not.toHaveProperty('application_fee_amount');
    await sponsor(feePartner);
    expect(lastRequest('POST', '/v1/subscriptions').body.application_fee_percent).toBe('4.5');
    await sponsor(tipPartner);
    expect(lastRequest('POST', '/v1/subscriptions').body).not.toHaveProperty('application_fee_percent');
  });

  it('offers bank debits only when the partner allows banks: ACH in USD, ACSS in CAD', async () => {
    await gateway.createSetupIntent(account, customerId);
    expect(lastRequest('POST', '/v1/setup_intents').body.allowed_payment_method_types).toEqual(['card']);
    await gateway.createSetupIntent({ ...account, allowBanks: true }, customerId);
    expect(lastRequest('POST', '/v1/setup_intents').body.allowed_payment_method_types).toEqual([
      'card',
      'us_bank_account',
    ]);

    const canadian: GatewayAccount = { accountId: 'acct_partner_ca', currency: 'CAD', allowBanks: true };
    const caCustomer = await gateway.ensureCustomer(canadian, { email: 'c@example.ca', name: 'C' }, key());
    await gateway.createSetupIntent(canadian, caCustomer);
    expect(lastRequest('POST', '/v1/setup_intents').body).toMatchObject({
      allowed_payment_method_types: ['card', 'acss_debit'],
      payment_method_options: {
        acss_debit: { currency: 'cad', mandate_options: { payment_schedule: 'interval' } },
      },
    });

    const subscribe = (target: GatewayAccount) =>
      gateway.createSubscription(
        target,
        {
          customerId,
          paymentMethodId: pm,
          interval: 'month',
          unitAmount: 1000,
          quantity: 1,
          applicationFeePercent: 0,
          description: 'S',
          metadata: {},
        },
        key(),
      );
    await subscribe(account);
    expect(lastRequest('POST', '/v1/subscriptions').body.payment_settings).toEqual({
      payment_method_types: ['card'],
    });
    await subscribe({ ...account, allowBanks: true });
    expect(lastRequest('POST', '/v1/subscriptions').body.payment_settings).toEqual({
      payment_method_types: ['card', 'us_bank_account'],
    });
    // One-off gifts stay card payments whatever the partner allows.
    await gateway.charge(
      { ...account, allowBanks: true },
      {
        customerId: null,
        paymentMethodId: 'pm_card_visa',
        amount: 1000,
        applicationFeeAmount: 0,
        description: 'D',
        metadata: {},
      },
      key(),
    );
    expect(lastRequest('POST', '/v1/payment_intents').body).toMatchObject({
      allowed_payment_method_types: ['card'],
      confirm: 'true',
      currency: 'usd',
    });
  });

  it('maps saved bank accounts', async () => {
    const bank = await gateway.attachPaymentMethod(account, customerId, 'pm_usBankAccount', key());
    expect(bank).toEqual({
      id: bank.id,
      type: 'us_bank_account',
      card: null,
      usBankAccount: {
        bankName: 'STRIPE TEST BANK',
        last4: '6789',
        routingNumber: '110000000',
        accountType: 'checking',
      },
      acssDebit: null,
    });
    const acss = await gateway.attachPaymentMethod(account, customerId, 'pm_acssDebit', key());
    expect(acss).toMatchObject({
      type: 'acss_debit',
      acssDebit: { bankName: 'STRIPE TEST BANK', last4: '6789' },
    });
  });

  it('maps card errors to declines with Stripe’s message and code', async () => {
    const attempt = (paymentMethodId: string) =>
      gateway.charge(
        account,
        {
          customerId: null,
          paymentMethodId,
          amount: 1000,
          applicationFeeAmount: 0,
          description: 'D',
          metadata: {},
        },
        key(),
      );
    await expect(attempt('pm_card_chargeDeclined')).rejects.toEqual(
      new PaymentDeclinedError('Your card was declined.', 'card_declined'),
    );
    await expect(attempt('pm_card_chargeDeclinedInsufficientFunds')).rejects.toMatchObject({
      code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    await expect(attempt('pm_card_chargeDeclinedExpiredCard')).rejects.toMatchObject({
      code: 'expired_card',
    });
    await expect(attempt('pm_card_chargeDeclinedIncorrectCvc')).rejects.toMatchObject({
      code: 'incorrect_cvc',
    });
    expect(lastRequest('POST', '/v1/payment_intents').status).toBe(402);
  });

  it('maps a provider error (5xx) and an unreachable provider to GatewayUnavailableError', async () => {
    double.failNext({ status: 500, shouldRetry: false });
    await expect(gateway.listPaymentMethods(account, customerId)).rejects.toBeInstanceOf(
      GatewayUnavailableError,
    );

    const closedPort = await (async () => {
      const other = await startStripeDouble();
      const port = other.port;
      await other.close();
      return port;
    })();
    const unreachable = stripeGatewayFor(double, { port: closedPort });
    await expect(
      unreachable.charge(
        account,
        {
          customerId: null,
          paymentMethodId: 'pm_card_visa',
          amount: 1000,
          applicationFeeAmount: 0,
          description: 'D',
          metadata: {},
        },
        key(),
      ),
    ).rejects.toBeInstanceOf(GatewayUnavailableError);
  });

  it('retries a 503 with the same idempotency key, so the charge is made once', async () => {
    const retrying = stripeGatewayFor(double, { maxNetworkRetries: 1 });
    double.clearRequests();
    double.failNext({ status: 503, path: /^\/v1\/payment_intents$/ });
    const charge = await retrying.charge(
      account,
      {
        customerId: null,
        paymentMethodId: 'pm_card_visa',
        amount: 1500,
        applicationFeeAmount: 0,
        description: 'D',
        metadata: {},
      },
      'key-retried',
    );
    const attempts = double.requests.filter((r) => r.path === '/v1/payment_intents');
    expect(attempts.map((r) => [r.status, r.idempotencyKey])).toEqual([
      [503, 'key-retried'],
      [200, 'key-retried'],
    ]);
    expect(charge.amount).toBe(1500);
  });

  it('builds the Connect authorization link and exchanges the code with the platform key', async () => {
    const url = new URL(gateway.onboardingUrl('st.ate', 'https://demo.example.org/onboard'));
    expect(`${url.origin}${url.pathname}`).toBe(STRIPE_CONNECT_AUTHORIZE_URL);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: double.clientId,
      scope: 'read_write',
      state: 'st.ate',
      redirect_uri: 'https://demo.example.org/onboard',
    });
    double.clearRequests();
    const code = double.issueAuthorizationCode('acct_new_partner');
    await expect(gateway.completeOnboarding(code)).resolves.toEqual({ accountId: 'acct_new_partner' });
    expect(double.requests[0]).toMatchObject({
      method: 'POST',
      path: '/oauth/token',
      body: { grant_type: 'authorization_code', code },
      stripeAccount: null,
    });
    // A code works once.
    await expect(gateway.completeOnboarding(code)).rejects.toThrow(
      `Authorization code does not exist: ${code}`,
    );
  });

  it('maps each Stripe event to the contract’s event', () => {
    const deliver = (type: string, object: Record<string, unknown>, created = 1_800_000_000) => {
      const { id, payload } = stripeEvent(type, object, { created });
      const event = gateway.verifyWebhook(
        Buffer.from(payload),
        Stripe.webhooks.generateTestHeaderString({ payload, secret: double.webhookSecret }),
      );
      expect(event.id).toBe(id);
      expect(event.created).toEqual(new Date(created * 1000));
      return event;
    };
    expect(
      deliver('payment_intent.succeeded', {
        id: 'pi_1',
        object: 'payment_intent',
        amount_received: 2500,
        latest_charge: 'ch_1',
      }),
    ).toMatchObject({ type: 'payment.succeeded', chargeId: 'ch_1', subscriptionId: null, amount: 2500 });
    expect(
      deliver('invoice.paid', {
        id: 'in_1',
        object: 'invoice',
        amount_paid: 7000,
        parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1' } },
      }),
    ).toMatchObject({ type: 'payment.succeeded', chargeId: 'in_1', subscriptionId: 'sub_1', amount: 7000 });
    expect(
      deliver('invoice.paid', { id: 'in_2', object: 'invoice', amount_paid: 100, parent: null }),
    ).toMatchObject({
      subscriptionId: null,
    });
    expect(
      deliver('invoice.payment_failed', {
        id: 'in_3',
        object: 'invoice',
        number: 'A-0003',
        attempt_count: 2,
        parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1' } },
      }),
    ).toEqual(
      expect.objectContaining({
        type: 'payment.failed',
        chargeId: 'in_3',
        subscriptionId: 'sub_1',
        message: 'The payment of invoice A-0003 failed (attempt 2).',
      }),
    );
    expect(
      deliver('payment_intent.payment_failed', {
        id: 'pi_2',
        object: 'payment_intent',
        latest_charge: 'ch_2',
        last_payment_error: { message: 'Your card was declined.' },
      }),
    ).toMatchObject({
      type: 'payment.failed',
      chargeId: 'ch_2',
      subscriptionId: null,
      message: 'Your card was declined.',
    });
    const items = { object: 'list', data: [{ id: 'si_1', current_period_end: 1_802_592_000 }] };
    expect(
      deliver('customer.subscription.updated', {
        id: 'sub_1',
        object: 'subscription',
        status: 'past_due',
        items,
      }),
    ).toEqual(
      expect.objectContaining({
        type: 'subscription.updated',
        subscriptionId: 'sub_1',
        status: 'past_due',
        currentPeriodEnd: new Date(1_802_592_000_000),
      }),
    );
    expect(
      deliver('customer.subscription.updated', {
        id: 'sub_1',
        object: 'subscription',
        status: 'trialing',
        items,
      }),
    ).toMatchObject({
      status: 'active',
    });
    expect(
      deliver('customer.subscription.deleted', {
        id: 'sub_1',
        object: 'subscription',
        status: 'canceled',
        items,
      }),
    ).toMatchObject({
      type: 'subscription.deleted',
      status: 'canceled',
    });
    expect(
      deliver('account.updated', { id: 'acct_9', object: 'account', charges_enabled: true }),
    ).toMatchObject({
      type: 'account.updated',
      accountId: 'acct_9',
      chargesEnabled: true,
    });
    // Without its refunds listed (not expanded), a charge.refunded names the charge; each refund
    // also has its own refund.* events.
    expect(
      deliver('charge.refunded', { id: 'ch_1', object: 'charge', payment_intent: 'pi_1' }),
    ).toMatchObject({
      type: 'charge.refunded',
      paymentRefs: ['ch_1', 'pi_1'],
      refunds: [],
    });
    expect(deliver('customer.created', { id: 'cus_1', object: 'customer' })).toMatchObject({
      type: 'ignored',
      providerType: 'customer.created',
    });
  });

  it('refuses a delivery signed with another secret or too old', () => {
    const { payload } = stripeEvent('invoice.paid', { id: 'in_1', object: 'invoice', amount_paid: 1 });
    const other = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    expect(() => gateway.verifyWebhook(Buffer.from(payload), other)).toThrow();
    const old = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: double.webhookSecret,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect(() => gateway.verifyWebhook(Buffer.from(payload), old)).toThrow(/tolerance/i);
  });
});

describe('choosing the gateway', () => {
  const db = {} as Parameters<typeof createGateway>[1]['db'];

  it('uses Stripe whenever a Stripe key is configured, and the sandbox only without one', () => {
    const stripe = createGateway(
      loadConfig({
        AUTH_SECRET: SANDBOX_SECRET,
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
      }),
      { db },
    );
    expect(stripe).toBeInstanceOf(StripeGateway);
    expect([stripe.kind, stripe.publishableKey]).toEqual(['stripe', 'pk_test_x']);
    const sandbox = createGateway(loadConfig({ AUTH_SECRET: SANDBOX_SECRET }), { db });
    expect(sandbox).toBeInstanceOf(SandboxGateway);
    expect([sandbox.kind, sandbox.publishableKey]).toEqual(['sandbox', null]);
  });

  it('refuses a half-configured Stripe instead of falling back to the sandbox', () => {
    expect(() =>
      createGateway(
        loadConfig({
          AUTH_SECRET: SANDBOX_SECRET,
          STRIPE_SECRET_KEY: 'sk_test_x',
          STRIPE_WEBHOOK_SECRET: 'whsec_x',
        }),
        { db },
      ),
    ).toThrow('STRIPE_PUBLISHABLE_KEY must be set with STRIPE_SECRET_KEY.');
    expect(() =>
      createGateway(
        loadConfig({
          AUTH_SECRET: SANDBOX_SECRET,
          STRIPE_SECRET_KEY: 'sk_test_x',
          STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
        }),
        {
          db,
        },
      ),
    ).toThrow('STRIPE_WEBHOOK_SECRET must be set with STRIPE_SECRET_KEY.');
  });
});
