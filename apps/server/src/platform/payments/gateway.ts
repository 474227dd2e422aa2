import type { PaymentInterval, PaymentMethodType } from '@kinship/domain';

/**
 * The payment gateway contract. Two implementations pass one shared contract suite:
 * StripeGateway (the official SDK on each partner's connected account) and SandboxGateway (the
 * embedded default and demo mode: Stripe's test cards, renewals run by the worker).
 * Every write takes an idempotency key; every amount is integer cents.
 */

/** The partner's account at the provider (Stripe Connect: the partner's stripeUserId). */
export interface GatewayAccount {
  accountId: string;
  currency: string;
  /** The partner offers bank debits (ACH in USD, ACSS in CAD) besides cards; absent means cards only. */
  allowBanks?: boolean;
}

export interface GatewayPaymentMethod {
  id: string;
  type: PaymentMethodType;
  card: { brand: string; last4: string; expMonth: number; expYear: number } | null;
  usBankAccount: {
    bankName: string | null;
    last4: string;
    routingNumber: string | null;
    accountType: string | null;
  } | null;
  acssDebit: { bankName: string | null; last4: string } | null;
}

export type DeclineCode =
  'card_declined' | 'insufficient_funds' | 'expired_card' | 'incorrect_cvc' | 'processing_error';

/** The provider refused the payment: the message is the provider's, fit to show the donor. */
export class PaymentDeclinedError extends Error {
  constructor(
    message: string,
    readonly code: DeclineCode,
  ) {
    super(message);
  }
}

/** The provider could not be reached or answered unexpectedly: nothing may be assumed charged. */
export class GatewayUnavailableError extends Error {}

/**
 * The provider refused a request as invalid (an unknown or foreign payment method, a method of a
 * type the account does not take): nothing was charged, and the message may be shown to the payer.
 */
export class GatewayInvalidRequestError extends Error {}

export interface ChargeResult {
  chargeId: string;
  amount: number;
  status: 'succeeded';
}

export interface SubscriptionResult {
  subscriptionId: string;
  status: 'active' | 'past_due' | 'canceled' | 'unpaid' | 'incomplete' | 'incomplete_expired';
  currentPeriodEnd: Date;
  /** The first period's charge. */
  latestChargeId: string | null;
}

/**
 * One more attempt at a subscription's failed (open) renewal, made on staff request: the outcome,
 * the charge (or invoice) it concerns, the decline when it failed, and the subscription after it.
 */
export interface RenewalRetryResult {
  outcome: 'paid' | 'failed';
  chargeId: string;
  /** Cents charged (or attempted). */
  amount: number;
  declineCode: DeclineCode | null;
  /** The provider's decline message when the attempt failed. */
  message: string | null;
  status: SubscriptionResult['status'];
  currentPeriodEnd: Date;
}

/**
 * The references Kinship may have stored a payment under (payments.gateway_charge_id): the charge,
 * its payment intent, and, once resolved (`paymentReferencesOf`), the invoice it paid.
 */
export type PaymentRefs = string[];

export type GatewayRefundStatus = 'pending' | 'succeeded' | 'failed' | 'canceled';

export interface GatewayRefund {
  refundId: string;
  paymentRefs: PaymentRefs;
  amount: number;
  status: GatewayRefundStatus;
  /** The idempotency key Kinship gave when Kinship made it (`refund:{id}`), else null. */
  kinshipKey: string | null;
}

export const DISPUTE_STATUSES = [
  'warning_needs_response',
  'warning_under_review',
  'warning_closed',
  'needs_response',
  'under_review',
  'won',
  'lost',
] as const;
export type GatewayDisputeStatus = (typeof DISPUTE_STATUSES)[number];

export interface GatewayDispute {
  disputeId: string;
  paymentRefs: PaymentRefs;
  amount: number;
  status: GatewayDisputeStatus;
  reason: string | null;
}

/** A verified provider event, reduced to what Kinship reconciles. */
export type GatewayEvent =
  | {
      id: string;
      type: 'payment.succeeded';
      chargeId: string;
      subscriptionId: string | null;
      amount: number;
      created: Date;
    }
  | {
      id: string;
      type: 'payment.failed';
      chargeId: string | null;
      subscriptionId: string | null;
      message: string;
      /** The card's decline code when the provider names it in the event. */
      declineCode?: DeclineCode | null;
      created: Date;
    }
  | {
      id: string;
      type: 'subscription.updated' | 'subscription.deleted';
      subscriptionId: string;
      status: SubscriptionResult['status'];
      currentPeriodEnd: Date | null;
      created: Date;
    }
  | { id: string; type: 'account.updated'; accountId: string; chargesEnabled: boolean; created: Date }
  | {
      id: string;
      /** A refund's state at the provider, whoever made it (Kinship, or the partner in the provider's dashboard). */
      type: 'refund.updated';
      refund: GatewayRefund;
      /** The connected account the event came from, when the provider names it. */
      accountId: string | null;
      created: Date;
    }
  | {
      id: string;
      /** A charge's refunds as the event lists them (Stripe's charge.refunded). */
      type: 'charge.refunded';
      paymentRefs: string[];
      refunds: GatewayRefund[];
      accountId: string | null;
      created: Date;
    }
  | {
      id: string;
      /** A dispute's state: opened, updated, funds withdrawn or reinstated, closed. */
      type: 'dispute.updated';
      dispute: GatewayDispute;
      accountId: string | null;
      created: Date;
    }
  | { id: string; type: 'ignored'; providerType: string; created: Date };

export interface PaymentGateway {
  readonly kind: 'sandbox' | 'stripe';
  /** The publishable key for the browser (Stripe) or null (sandbox card field). */
  readonly publishableKey: string | null;

  /** The person's customer at the partner's account, created once and reused. */
  ensureCustomer(
    account: GatewayAccount,
    person: { email: string; name: string; existingCustomerId?: string | null },
    idempotencyKey: string,
  ): Promise<string>;
  createSetupIntent(
    account: GatewayAccount,
    customerId: string,
  ): Promise<{ id: string; clientSecret: string }>;
  /** Saves a payment method (a browser token or a test id such as pm_card_visa) to the customer. */
  attachPaymentMethod(
    account: GatewayAccount,
    customerId: string,
    paymentMethodId: string,
    idempotencyKey: string,
  ): Promise<GatewayPaymentMethod>;
  listPaymentMethods(account: GatewayAccount, customerId: string): Promise<GatewayPaymentMethod[]>;
  detachPaymentMethod(account: GatewayAccount, paymentMethodId: string): Promise<void>;
  setDefaultPaymentMethod(
    account: GatewayAccount,
    customerId: string,
    paymentMethodId: string,
  ): Promise<void>;

  /** A one-off charge (general donation). Throws PaymentDeclinedError when refused. */
  charge(
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
  ): Promise<ChargeResult>;

  /** A monthly or annual subscription of `quantity` slots at `unitAmount` each, first period charged now. */
  createSubscription(
    account: GatewayAccount,
    input: {
      customerId: string;
      paymentMethodId: string;
      interval: PaymentInterval;
      unitAmount: number;
      quantity: number;
      applicationFeePercent: number;
      description: string;
      metadata: Record<string, string>;
    },
    idempotencyKey: string,
  ): Promise<SubscriptionResult>;
  updateSubscriptionPaymentMethod(
    account: GatewayAccount,
    subscriptionId: string,
    paymentMethodId: string,
  ): Promise<void>;
  updateSubscriptionPrice(
    account: GatewayAccount,
    subscriptionId: string,
    input: { unitAmount: number; quantity: number },
    idempotencyKey: string,
  ): Promise<void>;
  cancelSubscription(account: GatewayAccount, subscriptionId: string): Promise<void>;
  /**
   * Charges a past-due subscription's failed renewal again now, with the subscription's current
   * payment method. A decline is an outcome (not an error) and does not count towards the
   * provider's automatic retries; a subscription with no failed renewal open is refused with
   * GatewayInvalidRequestError. The same idempotency key answers the same attempt.
   */
  retrySubscriptionPayment(
    account: GatewayAccount,
    subscriptionId: string,
    idempotencyKey: string,
  ): Promise<RenewalRetryResult>;
  /** Refunds `amount` cents of a charge (all that remains when null); more than remains is refused with GatewayInvalidRequestError. */
  refund(
    account: GatewayAccount,
    chargeId: string,
    amount: number | null,
    idempotencyKey: string,
  ): Promise<{ refundId: string }>;

  /**
   * Every reference the payment of a charge may be stored under: the charge and payment intent an
   * event names, plus what Kinship records for it (Stripe: the invoice a subscription charge paid).
   * Asked before applying a refund or dispute event whose references match no payment.
   */
  paymentReferencesOf(account: GatewayAccount, refs: PaymentRefs): Promise<PaymentRefs>;

  /** Connect onboarding: the provider's authorization page, and the code exchanged for the account id. */
  onboardingUrl(state: string, returnUrl: string): string;
  completeOnboarding(authorizationCode: string): Promise<{ accountId: string }>;

  /** Verifies a webhook delivery on its raw body; throws on a bad signature. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): GatewayEvent;
}
