import { randomUUID } from 'node:crypto';
import { PAYMENT_METHOD_TYPES, type PaymentMethodType } from '@kinship/domain';
import Stripe from 'stripe';
import {
  DISPUTE_STATUSES,
  GatewayInvalidRequestError,
  GatewayUnavailableError,
  PaymentDeclinedError,
  type ChargeResult,
  type GatewayDisputeStatus,
  type GatewayRefund,
  type PaymentRefs,
  type DeclineCode,
  type GatewayAccount,
  type GatewayEvent,
  type GatewayPaymentMethod,
  type PaymentGateway,
  type RenewalRetryResult,
  type SubscriptionResult,
} from './gateway.ts';

export interface StripeGatewayOptions {
  /** The platform's secret key; every call acts on a partner's connected account (Stripe-Account). */
  secretKey: string;
  publishableKey: string;
  /** Signing secret of the Connect webhook endpoint. */
  webhookSecret: string | null;
  /** The platform's Connect client id (ca_...), for the onboarding link. */
  clientId: string | null;
  /** Tests only: where the SDK sends its requests (a local double of the API). */
  api?: { host?: string | undefined; port?: number | undefined; protocol?: 'http' | 'https' | undefined };
  /** The SDK retries connection errors, 409s and 5xx with the same idempotency key. */
  maxNetworkRetries?: number;
  timeoutMs?: number;
}

export const STRIPE_CONNECT_AUTHORIZE_URL = 'https://connect.stripe.com/oauth/authorize';

/** A bad or missing webhook signature (or a body that is not a Stripe event). */
export class WebhookSignatureError extends Error {}

const KNOWN_METHOD_TYPES = new Set<string>(PAYMENT_METHOD_TYPES);

/** Stripe's card error codes reduced to the contract's; anything else is a plain decline. */
export function declineCodeOf(code: string | undefined, declineCode: string | undefined): DeclineCode {
  const codes = [declineCode, code];
  if (codes.includes('insufficient_funds')) return 'insufficient_funds';
  if (codes.includes('expired_card')) return 'expired_card';
  if (codes.includes('incorrect_cvc')) return 'incorrect_cvc';
  if (codes.includes('processing_error')) return 'processing_error';
  return 'card_declined';
}

/**
 * Card errors are declines the donor may see; a provider that cannot be reached, answers 5xx or
 * refuses the platform's credentials is "unavailable" (nothing may be assumed charged); a request
 * Stripe refuses as invalid (an unknown or foreign payment method, a reused idempotency key, a bad
 * authorization code) is GatewayInvalidRequestError with Stripe's message.
 */
export function mapStripeError(error: unknown): unknown {
  if (error instanceof Stripe.errors.StripeCardError) {
    return new PaymentDeclinedError(error.message, declineCodeOf(error.code, error.decline_code));
  }
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripePermissionError ||
    (error instanceof Stripe.errors.StripeError && (error.statusCode ?? 0) >= 500)
  ) {
    return new GatewayUnavailableError(`The payment provider is unavailable: ${error.message}`);
  }
  if (
    error instanceof Stripe.errors.StripeInvalidRequestError ||
    error instanceof Stripe.errors.StripeIdempotencyError ||
    error instanceof Stripe.errors.StripeOAuthError
  ) {
    return new GatewayInvalidRequestError(error.message);
  }
  return error;
}

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';

function subscriptionStatus(status: Stripe.Subscription.Status): SubscriptionResult['status'] {
  switch (status) {
    // A trial is access without a failed payment; a paused subscription collects nothing.
    case 'trialing':
      return 'active';
    case 'paused':
      return 'unpaid';
    case 'active':
    case 'past_due':
    case 'canceled':
    case 'unpaid':
    case 'incomplete':
    case 'incomplete_expired':
      return status as SubscriptionResult['status'];
    default:
      // A status newer than this code: treat as not paid up rather than guess access.
      return 'incomplete';
  }
}

/** The subscription's current period end: under current API versions it lives on the items. */
function periodEndOf(subscription: Stripe.Subscription): Date | null {
  const ends = subscription.items.data
    .map((item) => item.current_period_end)
    .filter((n) => typeof n === 'number');
  return ends.length ? new Date(Math.max(...ends) * 1000) : null;
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

function subscriptionOfInvoice(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription);
}

/**
 * StripeGateway: the official SDK with the platform's secret key, acting on each partner's
 * connected account (Stripe Connect, `stripeAccount` = partner.stripeUserId).
 *
 * The reference of a subscription payment is its Stripe INVOICE id (in_...): since API version
 * 2025-03-31 an invoice names no charge or payment intent, so `invoice.paid` (what a renewal
 * delivers) carries only the invoice; using it for the first payment too keeps one reference per
 * payment. `refund` resolves an invoice to its payment intent. One-off charges are referenced by
 * their charge id (ch_...).
 */
export class StripeGateway implements PaymentGateway {
  readonly kind = 'stripe' as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeGatewayOptions) {
    // A half-configured Stripe is refused at start-up rather than failing on the first donor.
    if (!options.publishableKey)
      throw new Error('STRIPE_PUBLISHABLE_KEY must be set with STRIPE_SECRET_KEY.');
    if (!options.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET must be set with STRIPE_SECRET_KEY.');
    this.publishableKey = options.publishableKey;
    const api = options.api ?? {};
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      timeout: options.timeoutMs ?? 30_000,
      appInfo: { name: 'Kinship' },
      ...(api.host ? { host: api.host } : {}),
      ...(api.port ? { port: api.port } : {}),
      ...(api.protocol ? { protocol: api.protocol } : {}),
    });
  }

  /** Request options of a read on the partner's account. */
  private on(account: GatewayAccount): Stripe.RequestOptions {
    return { stripeAccount: account.accountId };
  }

  /**
   * Request options of a write: always an idempotency key, the caller's where the contract gives
   * one (so a retried checkout replays instead of charging twice), else a fresh one per call (so
   * the SDK's own retries of that call are safe).
   */
  private write(account: GatewayAccount, idempotencyKey?: string): Stripe.RequestOptions {
    return { stripeAccount: account.accountId, idempotencyKey: idempotencyKey ?? `kinship-${randomUUID()}` };
  }

  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw mapStripeError(error);
    }
  }

  /** Cards always; the partner's bank debit (ACH in USD, ACSS in CAD) only when banks are allowed. */
  private methodTypes(account: GatewayAccount): ('card' | 'us_bank_account' | 'acss_debit')[] {
    if (!account.allowBanks) return ['card'];
    return account.currency.toLowerCase() === 'cad' ? ['card', 'acss_debit'] : ['card', 'us_bank_account'];
  }

  async ensureCustomer(
    account: GatewayAccount,
    person: { email: string; name: string; existingCustomerId?: string | null },
    idempotencyKey: string,
  ): Promise<string> {
    return this.call(async () => {
      if (person.existingCustomerId) {
        try {
          const existing = await this.stripe.customers.retrieve(
            person.existingCustomerId,
            {},
            this.on(account),
          );
          if (!('deleted' in existing && existing.deleted)) return existing.id;
        } catch (error) {
          // A customer deleted at Stripe (or of another account) is replaced by a new one.
          if (!isMissing(error)) throw error;
        }
      }
      const customer = await this.stripe.customers.create(
        { email: person.email, name: person.name },
        this.write(account, idempotencyKey),
      );
      return customer.id;
    });
  }

  async createSetupIntent(
    account: GatewayAccount,
    customerId: string,
  ): Promise<{ id: string; clientSecret: string }> {
    const types = this.methodTypes(account);
    const intent = await this.call(() =>
      this.stripe.setupIntents.create(
        {
          customer: customerId,
          usage: 'off_session',
          allowed_payment_method_types: types,
          ...(types.includes('acss_debit')
            ? {
                payment_method_options: {
                  acss_debit: {
                    currency: 'cad',
                    mandate_options: {
                      payment_schedule: 'interval',
                      interval_description: 'Each monthly or annual sponsorship payment',
                      transaction_type: 'personal',
                    },
                  },
                },
              }
            : {}),
        },
        this.write(account),
      ),
    );
    if (!intent.client_secret)
      throw new GatewayUnavailableError('The payment provider returned no client secret.');
    return { id: intent.id, clientSecret: intent.client_secret };
  }

  async attachPaymentMethod(
    account: GatewayAccount,
    customerId: string,
    paymentMethodId: string,
    idempotencyKey: string,
  ): Promise<GatewayPaymentMethod> {
    const method = await this.call(() =>
      this.stripe.paymentMethods.attach(
        paymentMethodId,
        { customer: customerId },
        this.write(account, idempotencyKey),
      ),
    );
    const mapped = toGatewayMethod(method);
    if (!mapped) throw new Error(`Payment method type ${method.type} is not supported.`);
    return mapped;
  }

  async listPaymentMethods(account: GatewayAccount, customerId: string): Promise<GatewayPaymentMethod[]> {
    const page = await this.call(() =>
      this.stripe.customers.listPaymentMethods(customerId, { limit: 100 }, this.on(account)),
    );
    return page.data.map(toGatewayMethod).filter((m): m is GatewayPaymentMethod => m !== null);
  }

  async detachPaymentMethod(account: GatewayAccount, paymentMethodId: string): Promise<void> {
    await this.call(async () => {
      try {
        await this.stripe.paymentMethods.detach(paymentMethodId, {}, this.write(account));
      } catch (error) {
        // Already detached: the outcome the caller asked for.
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError &&
          error.code === 'payment_method_unexpected_state'
        ) {
          return;
        }
        throw error;
      }
    });
  }

  async setDefaultPaymentMethod(
    account: GatewayAccount,
    customerId: string,
    paymentMethodId: string,
  ): Promise<void> {
    await this.call(() =>
      this.stripe.customers.update(
        customerId,
        { invoice_settings: { default_payment_method: paymentMethodId } },
        this.write(account),
      ),
    );
  }

  async charge(
    account: GatewayAccount,
    input: {
      customerId: string | null;
      paymentMethodId: string;
      amount: number;
      applicationFeeAmount: number;
      description: string;
      metadata: Record<string, string>;
    },
    idempotencyKey: string,
  ): Promise<ChargeResult> {
    const intent = await this.call(() =>
      this.stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: account.currency.toLowerCase(),
          ...(input.customerId ? { customer: input.customerId } : {}),
          payment_method: input.paymentMethodId,
          // One-off gifts are card payments confirmed on the server: a card that needs 3-D Secure
          // is declined (authentication_required) rather than left waiting for the browser.
          allowed_payment_method_types: ['card'],
          confirm: true,
          error_on_requires_action: true,
          description: input.description,
          metadata: input.metadata,
          ...(input.applicationFeeAmount > 0 ? { application_fee_amount: input.applicationFeeAmount } : {}),
        },
        this.write(account, idempotencyKey),
      ),
    );
    if (intent.status !== 'succeeded') {
      throw new PaymentDeclinedError(
        intent.last_payment_error?.message ?? 'The payment could not be completed.',
        declineCodeOf(intent.last_payment_error?.code, intent.last_payment_error?.decline_code),
      );
    }
    return {
      chargeId: idOf(intent.latest_charge) ?? intent.id,
      amount: intent.amount_received,
      status: 'succeeded',
    };
  }

  async createSubscription(
    account: GatewayAccount,
    input: {
      customerId: string;
      paymentMethodId: string;
      interval: 'month' | 'year';
      unitAmount: number;
      quantity: number;
      applicationFeePercent: number;
      description: string;
      metadata: Record<string, string>;
    },
    idempotencyKey: string,
  ): Promise<SubscriptionResult> {
    return this.call(async () => {
      // Two writes under keys derived from the caller's: a replay answers both from Stripe's record.
      const price = await this.stripe.prices.create(
        {
          currency: account.currency.toLowerCase(),
          unit_amount: input.unitAmount,
          recurring: { interval: input.interval },
          product_data: { name: input.description.slice(0, 250) || 'Sponsorship' },
        },
        this.write(account, `${idempotencyKey}:price`),
      );
      const subscription = await this.stripe.subscriptions.create(
        {
          customer: input.customerId,
          items: [{ price: price.id, quantity: input.quantity }],
          default_payment_method: input.paymentMethodId,
          payment_behavior: 'error_if_incomplete',
          payment_settings: { payment_method_types: this.methodTypes(account) },
          ...(input.applicationFeePercent > 0
            ? { application_fee_percent: input.applicationFeePercent }
            : {}),
          description: input.description,
          metadata: input.metadata,
          expand: ['latest_invoice'],
        },
        this.write(account, `${idempotencyKey}:subscription`),
      );
      return subscriptionResult(subscription);
    });
  }

  async updateSubscriptionPaymentMethod(
    account: GatewayAccount,
    subscriptionId: string,
    paymentMethodId: string,
  ): Promise<void> {
    await this.call(() =>
      this.stripe.subscriptions.update(
        subscriptionId,
        { default_payment_method: paymentMethodId },
        this.write(account),
      ),
    );
  }

  /** The new amount applies from the next period (no proration). */
  async updateSubscriptionPrice(
    account: GatewayAccount,
    subscriptionId: string,
    input: { unitAmount: number; quantity: number },
    idempotencyKey: string,
  ): Promise<void> {
    await this.call(async () => {
      const subscription = await this.stripe.subscriptions.retrieve(subscriptionId, {}, this.on(account));
      const item = subscription.items.data[0];
      if (!item?.price.recurring) throw new Error(`Subscription ${subscriptionId} has no recurring item.`);
      const price = await this.stripe.prices.create(
        {
          currency: item.price.currency,
          unit_amount: input.unitAmount,
          recurring: {
            interval: item.price.recurring.interval,
            interval_count: item.price.recurring.interval_count,
          },
          product: idOf(item.price.product)!,
        },
        this.write(account, `${idempotencyKey}:price`),
      );
      await this.stripe.subscriptions.update(
        subscriptionId,
        { items: [{ id: item.id, price: price.id, quantity: input.quantity }], proration_behavior: 'none' },
        this.write(account, `${idempotencyKey}:subscription`),
      );
    });
  }

  async cancelSubscription(account: GatewayAccount, subscriptionId: string): Promise<void> {
    await this.call(async () => {
      try {
        await this.stripe.subscriptions.cancel(subscriptionId, {}, this.on(account));
      } catch (error) {
        // Cancelling twice is done, not an error.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        const current = await this.stripe.subscriptions.retrieve(subscriptionId, {}, this.on(account));
        if (current.status !== 'canceled') throw error;
      }
    });
  }

  /** Pays the subscription's open (failed) latest invoice again with its default payment method. */
  async retrySubscriptionPayment(
    account: GatewayAccount,
    subscriptionId: string,
    idempotencyKey: string,
  ): Promise<RenewalRetryResult> {
    return this.call(async () => {
      const sub = await this.stripe.subscriptions.retrieve(
        subscriptionId,
        { expand: ['latest_invoice'] },
        this.on(account),
      );
      const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
      const end = periodEndOf(sub);
      if (!invoice?.id || !end)
        throw new GatewayInvalidRequestError('This subscription has no failed payment to retry.');
      // A paid invoice is asked again under the key: Stripe replays this retry's own answer, and
      // refuses any other attempt (invoice_already_paid), which is "nothing to retry".
      if (invoice.status !== 'open' && invoice.status !== 'paid') {
        throw new GatewayInvalidRequestError('This subscription has no failed payment to retry.');
      }
      const method = idOf(sub.default_payment_method);
      try {
        const paid = await this.stripe.invoices.pay(
          invoice.id,
          method ? { payment_method: method } : {},
          this.write(account, idempotencyKey),
        );
        const after = await this.stripe.subscriptions.retrieve(subscriptionId, {}, this.on(account));
        return {
          outcome: 'paid',
          chargeId: paid.id!,
          amount: paid.amount_paid,
          declineCode: null,
          message: null,
          status: subscriptionStatus(after.status),
          currentPeriodEnd: periodEndOf(after) ?? end,
        };
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
        return {
          outcome: 'failed',
          chargeId: invoice.id,
          amount: invoice.amount_due,
          declineCode: declineCodeOf(error.code, error.decline_code),
          message: error.message,
          status: subscriptionStatus(sub.status),
          currentPeriodEnd: end,
        };
      }
    });
  }

  async refund(
    account: GatewayAccount,
    chargeId: string,
    amount: number | null,
    idempotencyKey: string,
  ): Promise<{ refundId: string }> {
    return this.call(async () => {
      let target: { charge: string } | { payment_intent: string };
      if (chargeId.startsWith('in_')) {
        const invoice = await this.stripe.invoices.retrieve(
          chargeId,
          { expand: ['payments'] },
          this.on(account),
        );
        const payments = invoice.payments?.data ?? [];
        const paid = payments.find((p) => p.status === 'paid') ?? payments[0];
        const intent = idOf(paid?.payment.payment_intent);
        const charge = idOf(paid?.payment.charge);
        if (intent) target = { payment_intent: intent };
        else if (charge) target = { charge };
        else throw new Error(`Invoice ${chargeId} has no payment to refund.`);
      } else if (chargeId.startsWith('pi_')) {
        target = { payment_intent: chargeId };
      } else {
        target = { charge: chargeId };
      }
      const refund = await this.stripe.refunds.create(
        {
          ...target,
          ...(amount === null ? {} : { amount }),
          // Names Kinship's refund in the provider's refund events (decision 055).
          metadata: { [KINSHIP_REFUND_KEY]: idempotencyKey },
        },
        this.write(account, idempotencyKey),
      );
      return { refundId: refund.id };
    });
  }

  async paymentReferencesOf(account: GatewayAccount, refs: PaymentRefs): Promise<PaymentRefs> {
    return this.call(async () => {
      const all = new Set(refs);
      for (const intent of refs.filter((r) => r.startsWith('pi_'))) {
        const paid = await this.stripe.invoicePayments.list(
          { payment: { type: 'payment_intent', payment_intent: intent }, limit: 10 },
          this.on(account),
        );
        for (const p of paid.data) {
          const invoice = idOf(p.invoice);
          if (invoice) all.add(invoice);
        }
      }
      return [...all];
    });
  }

  onboardingUrl(state: string, returnUrl: string): string {
    if (!this.options.clientId)
      throw new Error('STRIPE_CLIENT_ID is not configured: partner onboarding is unavailable.');
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: this.options.clientId,
      scope: 'read_write',
      state,
      redirect_uri: returnUrl,
    });
    return `${STRIPE_CONNECT_AUTHORIZE_URL}?${query.toString()}`;
  }

  async completeOnboarding(authorizationCode: string): Promise<{ accountId: string }> {
    try {
      const token = await this.stripe.oauth.token({
        grant_type: 'authorization_code',
        code: authorizationCode,
      });
      if (!token.stripe_user_id) throw new Error('Stripe returned no connected account.');
      return { accountId: token.stripe_user_id };
    } catch (error) {
      throw mapStripeError(error);
    }
  }

  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): GatewayEvent {
    if (!this.options.webhookSecret)
      throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not configured.');
    if (!signatureHeader) throw new WebhookSignatureError('Missing Stripe-Signature header.');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signatureHeader, this.options.webhookSecret);
    } catch (error) {
      throw new WebhookSignatureError((error as Error).message);
    }
    return toGatewayEvent(event);
  }
}

function toGatewayMethod(method: Stripe.PaymentMethod): GatewayPaymentMethod | null {
  if (!KNOWN_METHOD_TYPES.has(method.type)) return null;
  const type = method.type as PaymentMethodType;
  return {
    id: method.id,
    type,
    card: method.card
      ? {
          brand: method.card.brand,
          last4: method.card.last4,
          expMonth: method.card.exp_month,
          expYear: method.card.exp_year,
        }
      : null,
    usBankAccount: method.us_bank_account
      ? {
          bankName: method.us_bank_account.bank_name ?? null,
          last4: method.us_bank_account.last4 ?? '',
          routingNumber: method.us_bank_account.routing_number ?? null,
          accountType: method.us_bank_account.account_type ?? null,
        }
      : null,
    acssDebit: method.acss_debit
      ? { bankName: method.acss_debit.bank_name ?? null, last4: method.acss_debit.last4 ?? '' }
      : null,
  };
}

function subscriptionResult(subscription: Stripe.Subscription): SubscriptionResult {
  const invoice = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
  const end = periodEndOf(subscription);
  if (!end) throw new Error(`Subscription ${subscription.id} has no current period.`);
  return {
    subscriptionId: subscription.id,
    status: subscriptionStatus(subscription.status),
    currentPeriodEnd: end,
    latestChargeId: invoice?.status === 'paid' ? (invoice.id ?? null) : null,
  };
}

/** A verified Stripe event reduced to what Kinship reconciles. */
export function toGatewayEvent(event: Stripe.Event): GatewayEvent {
  const created = new Date(event.created * 1000);
  const base = { id: event.id, created };
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      return {
        ...base,
        type: 'payment.succeeded',
        chargeId: idOf(intent.latest_charge) ?? intent.id,
        subscriptionId: null,
        amount: intent.amount_received,
        created,
      };
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      return {
        ...base,
        type: 'payment.succeeded',
        chargeId: invoice.id!,
        subscriptionId: subscriptionOfInvoice(invoice),
        amount: invoice.amount_paid,
      };
    }
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      return {
        ...base,
        type: 'payment.failed',
        chargeId: invoice.id ?? null,
        subscriptionId: subscriptionOfInvoice(invoice),
        message: `The payment of invoice ${invoice.number ?? invoice.id ?? ''} failed (attempt ${invoice.attempt_count}).`,
      };
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      return {
        ...base,
        type: 'payment.failed',
        chargeId: idOf(intent.latest_charge),
        subscriptionId: null,
        message: intent.last_payment_error?.message ?? 'The payment failed.',
      };
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      return {
        ...base,
        type:
          event.type === 'customer.subscription.deleted' ? 'subscription.deleted' : 'subscription.updated',
        subscriptionId: subscription.id,
        status:
          event.type === 'customer.subscription.deleted'
            ? 'canceled'
            : subscriptionStatus(subscription.status),
        currentPeriodEnd: periodEndOf(subscription),
      };
    }
    case 'account.updated': {
      const connected = event.data.object;
      return {
        ...base,
        type: 'account.updated',
        accountId: connected.id,
        chargesEnabled: Boolean(connected.charges_enabled),
      };
    }
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
      return {
        ...base,
        type: 'refund.updated',
        refund: toGatewayRefund(event.data.object),
        accountId: event.account ?? null,
      };
    case 'charge.refunded': {
      const charge = event.data.object;
      return {
        ...base,
        type: 'charge.refunded',
        paymentRefs: refsOf(charge.id, charge.payment_intent),
        // Listed when the event carries them; every refund also has its own refund.* events.
        refunds: (charge.refunds?.data ?? []).map(toGatewayRefund),
        accountId: event.account ?? null,
      };
    }
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.closed':
    case 'charge.dispute.funds_withdrawn':
    case 'charge.dispute.funds_reinstated': {
      const dispute = event.data.object;
      return {
        ...base,
        type: 'dispute.updated',
        dispute: {
          disputeId: dispute.id,
          paymentRefs: refsOf(idOf(dispute.charge), dispute.payment_intent),
          amount: dispute.amount,
          status: (DISPUTE_STATUSES as readonly string[]).includes(dispute.status)
            ? (dispute.status as GatewayDisputeStatus)
            : 'needs_response',
          reason: dispute.reason ?? null,
        },
        accountId: event.account ?? null,
      };
    }
    default:
      return { ...base, type: 'ignored', providerType: event.type };
  }
}

/** The metadata key of Kinship's own refunds: its idempotency key (`refund:{id}`). */
export const KINSHIP_REFUND_KEY = 'kinship_refund_key';

function refsOf(...ids: (string | { id: string } | null | undefined)[]): PaymentRefs {
  return [...new Set(ids.map((id) => idOf(id)).filter((id): id is string => !!id))];
}

function toGatewayRefund(refund: Stripe.Refund): GatewayRefund {
  const status = refund.status;
  return {
    refundId: refund.id,
    paymentRefs: refsOf(idOf(refund.charge), refund.payment_intent),
    amount: refund.amount,
    status: status === 'succeeded' || status === 'failed' || status === 'canceled' ? status : 'pending',
    kinshipKey: refund.metadata?.[KINSHIP_REFUND_KEY] ?? null,
  };
}
