import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  DECLINE_MESSAGES,
  SANDBOX_TEST_PAYMENT_METHODS,
  type CardBehaviour,
  type PaymentInterval,
  type PaymentMethodType,
} from '@kinship/domain';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  sandboxCharges,
  sandboxCustomers,
  sandboxPaymentMethods,
  sandboxRefunds,
  sandboxSetupIntents,
  sandboxSubscriptions,
} from '../../db/schema/index.ts';
import {
  GatewayInvalidRequestError,
  PaymentDeclinedError,
  type ChargeResult,
  type DeclineCode,
  type RenewalRetryResult,
  type GatewayAccount,
  type GatewayDisputeStatus,
  type GatewayEvent,
  type GatewayPaymentMethod,
  type PaymentGateway,
  type PaymentRefs,
  type SubscriptionResult,
} from './gateway.ts';

/**
 * SandboxGateway: the embedded default whenever no Stripe keys are configured (and the demo mode).
 * It keeps the provider's side of things in its own tables (sandbox_*), so it survives restarts and
 * several server processes share it. It follows Stripe where Kinship can observe it: test
 * payment-method ids (pm_card_visa, pm_card_chargeDeclined, ...) and test card numbers, decline
 * messages, idempotency keys that replay the first answer (declines included), a subscription's
 * first period charged on creation, and current_period_end one month or one year ahead. Renewals
 * happen only when the worker calls renewDueSubscriptions.
 */

export type SandboxPaymentMethodRow = typeof sandboxPaymentMethods.$inferSelect;

/** A card the sandbox card field tokenised (already checked: the number itself is never stored). */
export interface SandboxCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  behaviour: CardBehaviour;
}

/** One renewal attempt made by renewDueSubscriptions, for the worker to record in Kinship's tables. */
export interface SandboxRenewal {
  subscriptionId: string;
  accountId: string;
  outcome: 'paid' | 'failed';
  chargeId: string;
  /** Cents charged (or attempted). */
  amount: number;
  created: Date;
  /** The decline message and code when the attempt failed. */
  message: string | null;
  declineCode: DeclineCode | null;
  /** The subscription after the attempt: active (paid), past_due (will retry) or canceled (third failure). */
  status: SubscriptionResult['status'];
  currentPeriodEnd: Date;
}

/**
 * The sandbox's webhook signing secret: derived from the installation's AUTH_SECRET (never a
 * published constant), so only this installation can sign its sandbox events.
 */
export function sandboxWebhookSecret(authSecret: string): string {
  return `whsec_${createHmac('sha256', authSecret).update('kinship:sandbox-webhook:v1').digest('base64url')}`;
}
/** Failed renewal attempts are retried daily; the third failure in a row cancels the subscription. */
export const SANDBOX_RENEWAL_RETRY_MS = 24 * 60 * 60 * 1000;
export const SANDBOX_MAX_RENEWAL_ATTEMPTS = 3;
/** Stripe's minimum charge. */
const MINIMUM_CHARGE_CENTS = 50;

const newId = (prefix: string) => `${prefix}_sbx_${randomBytes(12).toString('hex')}`;

/** One calendar month or year after `from` (the 31st becomes the month's last day, as Stripe does). */
export function addInterval(from: Date, interval: PaymentInterval): Date {
  const next = new Date(from.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  if (interval === 'month') next.setUTCMonth(next.getUTCMonth() + 1);
  else next.setUTCFullYear(next.getUTCFullYear() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

function declineOf(behaviour: string): PaymentDeclinedError | null {
  if (behaviour === 'succeed') return null;
  const code = behaviour as Exclude<CardBehaviour, 'succeed'>;
  return new PaymentDeclinedError(DECLINE_MESSAGES[code] ?? DECLINE_MESSAGES.card_declined, code);
}

function toGatewayMethod(row: SandboxPaymentMethodRow): GatewayPaymentMethod {
  const type = row.type as PaymentMethodType;
  return {
    id: row.id,
    type,
    card:
      type === 'card'
        ? {
            brand: row.brand ?? 'unknown',
            last4: row.last4,
            expMonth: row.expMonth ?? 12,
            expYear: row.expYear ?? 2099,
          }
        : null,
    usBankAccount:
      type === 'us_bank_account'
        ? {
            bankName: row.bankName,
            last4: row.last4,
            routingNumber: row.routingNumber,
            accountType: row.accountType,
          }
        : null,
    acssDebit: type === 'acss_debit' ? { bankName: row.bankName, last4: row.last4 } : null,
  };
}

/** Signs a sandbox webhook body the way verifyWebhook checks it (Stripe's t=...,v1=... scheme). */
export function signSandboxWebhook(
  rawBody: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** A sandbox event as its webhook delivers it: the JSON body and its signature header. */
export function signSandboxEvent(event: GatewayEvent, secret: string): { raw: Buffer; signature: string } {
  const payload = JSON.stringify(event);
  return { raw: Buffer.from(payload), signature: signSandboxWebhook(payload, secret) };
}

export class SandboxGateway implements PaymentGateway {
  readonly kind = 'sandbox' as const;
  readonly publishableKey = null;

  constructor(
    private readonly db: Db,
    /** Without a webhook secret, a random one of its own: no event from outside verifies. */
    private readonly options: { webhookSecret: string } = { webhookSecret: randomBytes(32).toString('hex') },
  ) {}

  // ------------------------------------------------------------------ customers and methods

  async ensureCustomer(
    account: GatewayAccount,
    person: { email: string; name: string; existingCustomerId?: string | null },
    idempotencyKey: string,
  ): Promise<string> {
    if (person.existingCustomerId) {
      const [existing] = await this.db
        .select({ id: sandboxCustomers.id })
        .from(sandboxCustomers)
        .where(
          and(
            eq(sandboxCustomers.id, person.existingCustomerId),
            eq(sandboxCustomers.accountId, account.accountId),
          ),
        );
      if (existing) return existing.id;
    }
    await this.db
      .insert(sandboxCustomers)
      .values({
        id: newId('cus'),
        accountId: account.accountId,
        email: person.email,
        name: person.name,
        idempotencyKey,
      })
      .onConflictDoNothing();
    const [row] = await this.db
      .select({ id: sandboxCustomers.id })
      .from(sandboxCustomers)
      .where(
        and(
          eq(sandboxCustomers.accountId, account.accountId),
          eq(sandboxCustomers.idempotencyKey, idempotencyKey),
        ),
      );
    return row!.id;
  }

  private async customer(account: GatewayAccount, customerId: string) {
    const [row] = await this.db
      .select()
      .from(sandboxCustomers)
      .where(and(eq(sandboxCustomers.id, customerId), eq(sandboxCustomers.accountId, account.accountId)));
    if (!row) throw new GatewayInvalidRequestError(`No such customer: '${customerId}'.`);
    return row;
  }

  async createSetupIntent(
    account: GatewayAccount,
    customerId: string,
  ): Promise<{ id: string; clientSecret: string }> {
    await this.customer(account, customerId);
    const id = newId('seti');
    const clientSecret = `${id}_secret_${randomBytes(16).toString('hex')}`;
    await this.db
      .insert(sandboxSetupIntents)
      .values({ id, accountId: account.accountId, customerId, clientSecret });
    return { id, clientSecret };
  }

  /**
   * The browser side of a setup intent (Stripe.js confirmCardSetup): saves the tokenised method to
   * the intent's customer. Confirming again with the same method answers the same.
   */
  async confirmSetupIntent(
    setupIntentId: string,
    clientSecret: string,
    paymentMethodId: string,
  ): Promise<{ id: string; status: 'succeeded'; paymentMethod: string }> {
    const [intent] = await this.db
      .select()
      .from(sandboxSetupIntents)
      .where(eq(sandboxSetupIntents.id, setupIntentId));
    const secretOk =
      intent !== undefined &&
      intent.clientSecret.length === clientSecret.length &&
      timingSafeEqual(Buffer.from(intent.clientSecret), Buffer.from(clientSecret));
    if (!intent || !secretOk)
      throw new GatewayInvalidRequestError(`No such setup intent: '${setupIntentId}'.`);
    if (intent.status === 'succeeded') {
      if (intent.paymentMethodId !== paymentMethodId) {
        throw new GatewayInvalidRequestError(
          'This setup intent has already been confirmed with another payment method.',
        );
      }
      return { id: intent.id, status: 'succeeded', paymentMethod: paymentMethodId };
    }
    const account = { accountId: intent.accountId, currency: 'usd' };
    const method = await this.attachPaymentMethod(
      account,
      intent.customerId,
      paymentMethodId,
      `seti:${intent.id}`,
    );
    await this.db
      .update(sandboxSetupIntents)
      .set({ status: 'succeeded', paymentMethodId: method.id })
      .where(eq(sandboxSetupIntents.id, intent.id));
    return { id: intent.id, status: 'succeeded', paymentMethod: method.id };
  }

  /** The sandbox card field's tokenisation: a new unattached payment method on the partner's account. */
  async createCardPaymentMethod(accountId: string | null, card: SandboxCard): Promise<GatewayPaymentMethod> {
    const [row] = await this.db
      .insert(sandboxPaymentMethods)
      .values({
        id: newId('pm'),
        accountId,
        type: 'card',
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        behaviour: card.behaviour,
      })
      .returning();
    return toGatewayMethod(row!);
  }

  private async paymentMethodRow(
    account: GatewayAccount,
    paymentMethodId: string,
  ): Promise<SandboxPaymentMethodRow> {
    const [row] = await this.db
      .select()
      .from(sandboxPaymentMethods)
      .where(eq(sandboxPaymentMethods.id, paymentMethodId));
    if (!row || (row.accountId !== null && row.accountId !== account.accountId)) {
      throw new GatewayInvalidRequestError(`No such PaymentMethod: '${paymentMethodId}'.`);
    }
    if (row.detachedAt) {
      throw new GatewayInvalidRequestError(
        'This payment method was detached from its customer and cannot be used again.',
      );
    }
    return row;
  }

  async attachPaymentMethod(
    account: GatewayAccount,
    customerId: string,
    paymentMethodId: string,
    idempotencyKey: string,
  ): Promise<GatewayPaymentMethod> {
    await this.customer(account, customerId);
    const test = SANDBOX_TEST_PAYMENT_METHODS[paymentMethodId];
    let row: SandboxPaymentMethodRow;
    if (test) {
      // As at Stripe, attaching a test id saves a new method cloned from it.
      await this.db
        .insert(sandboxPaymentMethods)
        .values({
          id: newId('pm'),
          accountId: account.accountId,
          customerId,
          type: test.type,
          brand: test.brand,
          last4: test.last4,
          expMonth: test.type === 'card' ? 12 : null,
          expYear: test.type === 'card' ? new Date().getUTCFullYear() + 3 : null,
          bankName: test.type === 'card' ? null : 'STRIPE TEST BANK',
          routingNumber: test.type === 'us_bank_account' ? '110000000' : null,
          accountType: test.type === 'us_bank_account' ? 'checking' : null,
          behaviour: test.behaviour,
          idempotencyKey,
        })
        .onConflictDoNothing();
      const [saved] = await this.db
        .select()
        .from(sandboxPaymentMethods)
        .where(
          and(
            eq(sandboxPaymentMethods.accountId, account.accountId),
            eq(sandboxPaymentMethods.idempotencyKey, idempotencyKey),
          ),
        );
      row = saved!;
    } else {
      row = await this.paymentMethodRow(account, paymentMethodId);
      if (row.customerId && row.customerId !== customerId) {
        throw new GatewayInvalidRequestError('This payment method is attached to another customer.');
      }
      if (!row.customerId) {
        const [claimed] = await this.db
          .update(sandboxPaymentMethods)
          .set({ customerId, accountId: account.accountId })
          .where(and(eq(sandboxPaymentMethods.id, row.id), isNull(sandboxPaymentMethods.customerId)))
          .returning();
        if (!claimed) return this.attachPaymentMethod(account, customerId, paymentMethodId, idempotencyKey);
        row = claimed;
      }
    }
    return toGatewayMethod(row);
  }

  /**
   * As with StripeGateway: one-off charges take cards only; subscriptions take the partner's bank
   * debit too when banks are allowed.
   */
  private assertTypeAllowed(account: GatewayAccount, type: string, use: 'charge' | 'subscription'): void {
    if (type === 'card') return;
    if (use === 'charge' || account.allowBanks === false) {
      throw new GatewayInvalidRequestError(
        `The payment method type ${type} is not accepted for this payment.`,
      );
    }
  }

  async listPaymentMethods(account: GatewayAccount, customerId: string): Promise<GatewayPaymentMethod[]> {
    const rows = await this.db
      .select()
      .from(sandboxPaymentMethods)
      .where(
        and(
          eq(sandboxPaymentMethods.customerId, customerId),
          eq(sandboxPaymentMethods.accountId, account.accountId),
          isNull(sandboxPaymentMethods.detachedAt),
        ),
      )
      .orderBy(asc(sandboxPaymentMethods.createdAt), asc(sandboxPaymentMethods.id));
    return rows.map(toGatewayMethod);
  }

  async detachPaymentMethod(account: GatewayAccount, paymentMethodId: string): Promise<void> {
    await this.db
      .update(sandboxPaymentMethods)
      .set({ detachedAt: new Date() })
      .where(
        and(
          eq(sandboxPaymentMethods.id, paymentMethodId),
          eq(sandboxPaymentMethods.accountId, account.accountId),
          isNull(sandboxPaymentMethods.detachedAt),
        ),
      );
  }

  async setDefaultPaymentMethod(
    account: GatewayAccount,
    customerId: string,
    paymentMethodId: string,
  ): Promise<void> {
    const method = await this.paymentMethodRow(account, paymentMethodId);
    if (method.customerId !== customerId) {
      throw new GatewayInvalidRequestError('This payment method is not attached to the customer.');
    }
    await this.db
      .update(sandboxCustomers)
      .set({ defaultPaymentMethodId: paymentMethodId })
      .where(and(eq(sandboxCustomers.id, customerId), eq(sandboxCustomers.accountId, account.accountId)));
  }

  /** The behaviour of a method used for a payment: a test id, or a tokenised method of this account and customer. */
  private async behaviourFor(
    account: GatewayAccount,
    customerId: string | null,
    paymentMethodId: string,
    use: 'charge' | 'subscription',
  ): Promise<string> {
    const test = SANDBOX_TEST_PAYMENT_METHODS[paymentMethodId];
    if (test) {
      this.assertTypeAllowed(account, test.type, use);
      return test.behaviour;
    }
    const row = await this.paymentMethodRow(account, paymentMethodId);
    if (row.customerId && row.customerId !== customerId) {
      throw new GatewayInvalidRequestError('This payment method belongs to another customer.');
    }
    this.assertTypeAllowed(account, row.type, use);
    return row.behaviour;
  }

  // ------------------------------------------------------------------ charges

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
    const replay = await this.chargeByKey(account, idempotencyKey);
    if (replay) return this.answerOf(replay, input.amount);
    if (!Number.isInteger(input.amount) || input.amount < MINIMUM_CHARGE_CENTS) {
      throw new GatewayInvalidRequestError('Amount must be at least 50 cents.');
    }
    const behaviour = await this.behaviourFor(account, input.customerId, input.paymentMethodId, 'charge');
    const decline = declineOf(behaviour);
    await this.db
      .insert(sandboxCharges)
      .values({
        id: newId('ch'),
        accountId: account.accountId,
        customerId: input.customerId,
        paymentMethodId: input.paymentMethodId,
        amount: input.amount,
        applicationFeeAmount: decline ? 0 : input.applicationFeeAmount,
        currency: account.currency.toLowerCase(),
        status: decline ? 'failed' : 'succeeded',
        failureCode: decline?.code ?? null,
        failureMessage: decline?.message ?? null,
        description: input.description,
        metadata: input.metadata,
        idempotencyKey,
      })
      .onConflictDoNothing();
    return this.answerOf((await this.chargeByKey(account, idempotencyKey))!, input.amount);
  }

  private async chargeByKey(account: GatewayAccount, idempotencyKey: string) {
    const [row] = await this.db
      .select()
      .from(sandboxCharges)
      .where(
        and(
          eq(sandboxCharges.accountId, account.accountId),
          eq(sandboxCharges.idempotencyKey, idempotencyKey),
        ),
      );
    return row ?? null;
  }

  /** A charge's answer, the same on every replay of its idempotency key (a decline is thrown again). */
  private answerOf(row: typeof sandboxCharges.$inferSelect, requestedAmount: number): ChargeResult {
    if (row.amount !== requestedAmount) {
      throw new GatewayInvalidRequestError(
        'Keys for idempotent requests can only be used with the same parameters they were first used with.',
      );
    }
    if (row.status === 'failed') {
      throw declineOf(row.failureCode ?? 'card_declined')!;
    }
    return { chargeId: row.id, amount: row.amount, status: 'succeeded' };
  }

  // ------------------------------------------------------------------ subscriptions

  async createSubscription(
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
  ): Promise<SubscriptionResult> {
    const existing = await this.subscriptionByKey(account, idempotencyKey);
    if (existing) return this.subscriptionAnswer(account, existing);
    await this.customer(account, input.customerId);
    if (!SANDBOX_TEST_PAYMENT_METHODS[input.paymentMethodId]) {
      const method = await this.paymentMethodRow(account, input.paymentMethodId);
      if (method.customerId !== input.customerId) {
        throw new GatewayInvalidRequestError(
          'The payment method must be attached to the customer before it can pay a subscription.',
        );
      }
    }
    const total = input.unitAmount * input.quantity;
    if (!Number.isInteger(total) || total < MINIMUM_CHARGE_CENTS || input.quantity < 1) {
      throw new GatewayInvalidRequestError('A subscription must charge at least 50 cents per period.');
    }
    const behaviour = await this.behaviourFor(
      account,
      input.customerId,
      input.paymentMethodId,
      'subscription',
    );
    const decline = declineOf(behaviour);
    const now = new Date();
    const id = newId('sub');
    const chargeId = newId('ch');
    const periodEnd = addInterval(now, input.interval);
    // One transaction: the subscription and its first charge exist together or not at all.
    await this.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(sandboxSubscriptions)
        .values({
          id,
          accountId: account.accountId,
          customerId: input.customerId,
          paymentMethodId: input.paymentMethodId,
          interval: input.interval,
          unitAmount: input.unitAmount,
          quantity: input.quantity,
          applicationFeePercent: input.applicationFeePercent,
          currency: account.currency.toLowerCase(),
          // With error_if_incomplete a refused first payment leaves nothing to pay later.
          status: decline ? 'incomplete_expired' : 'active',
          currentPeriodStart: now,
          currentPeriodEnd: periodEnd,
          latestChargeId: chargeId,
          description: input.description,
          metadata: input.metadata,
          idempotencyKey,
        })
        .onConflictDoNothing()
        .returning({ id: sandboxSubscriptions.id });
      if (!inserted) return;
      await tx.insert(sandboxCharges).values({
        id: chargeId,
        accountId: account.accountId,
        customerId: input.customerId,
        paymentMethodId: input.paymentMethodId,
        subscriptionId: id,
        amount: total,
        applicationFeeAmount: decline ? 0 : Math.round((total * input.applicationFeePercent) / 100),
        currency: account.currency.toLowerCase(),
        status: decline ? 'failed' : 'succeeded',
        failureCode: decline?.code ?? null,
        failureMessage: decline?.message ?? null,
        description: input.description,
        metadata: input.metadata,
      });
    });
    return this.subscriptionAnswer(account, (await this.subscriptionByKey(account, idempotencyKey))!);
  }

  private async subscriptionByKey(account: GatewayAccount, idempotencyKey: string) {
    const [row] = await this.db
      .select()
      .from(sandboxSubscriptions)
      .where(
        and(
          eq(sandboxSubscriptions.accountId, account.accountId),
          eq(sandboxSubscriptions.idempotencyKey, idempotencyKey),
        ),
      );
    return row ?? null;
  }

  private async subscriptionAnswer(
    account: GatewayAccount,
    row: typeof sandboxSubscriptions.$inferSelect,
  ): Promise<SubscriptionResult> {
    if (row.status === 'incomplete_expired' && row.latestChargeId) {
      const [charge] = await this.db
        .select()
        .from(sandboxCharges)
        .where(eq(sandboxCharges.id, row.latestChargeId));
      if (charge?.status === 'failed') throw declineOf(charge.failureCode ?? 'card_declined')!;
    }
    return {
      subscriptionId: row.id,
      status: row.status as SubscriptionResult['status'],
      currentPeriodEnd: row.currentPeriodEnd,
      latestChargeId: row.latestChargeId,
    };
  }

  private async subscription(account: GatewayAccount, subscriptionId: string) {
    const [row] = await this.db
      .select()
      .from(sandboxSubscriptions)
      .where(
        and(
          eq(sandboxSubscriptions.id, subscriptionId),
          eq(sandboxSubscriptions.accountId, account.accountId),
        ),
      );
    if (!row) throw new GatewayInvalidRequestError(`No such subscription: '${subscriptionId}'.`);
    return row;
  }

  async updateSubscriptionPaymentMethod(
    account: GatewayAccount,
    subscriptionId: string,
    paymentMethodId: string,
  ): Promise<void> {
    const subscription = await this.subscription(account, subscriptionId);
    const method = await this.paymentMethodRow(account, paymentMethodId);
    if (method.customerId !== subscription.customerId) {
      throw new GatewayInvalidRequestError(
        'The payment method must be attached to the subscription’s customer.',
      );
    }
    await this.db
      .update(sandboxSubscriptions)
      .set({ paymentMethodId })
      .where(eq(sandboxSubscriptions.id, subscriptionId));
  }

  /** The new amount applies from the next period (no proration), as with Stripe. */
  async updateSubscriptionPrice(
    account: GatewayAccount,
    subscriptionId: string,
    input: { unitAmount: number; quantity: number },
    _idempotencyKey: string,
  ): Promise<void> {
    const subscription = await this.subscription(account, subscriptionId);
    if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
      throw new GatewayInvalidRequestError('A canceled subscription cannot be updated.');
    }
    if (input.unitAmount * input.quantity < MINIMUM_CHARGE_CENTS || input.quantity < 1) {
      throw new GatewayInvalidRequestError('A subscription must charge at least 50 cents per period.');
    }
    await this.db
      .update(sandboxSubscriptions)
      .set({ unitAmount: input.unitAmount, quantity: input.quantity })
      .where(eq(sandboxSubscriptions.id, subscriptionId));
  }

  async cancelSubscription(account: GatewayAccount, subscriptionId: string): Promise<void> {
    await this.subscription(account, subscriptionId);
    await this.db
      .update(sandboxSubscriptions)
      .set({ status: 'canceled', canceledAt: new Date(), nextAttemptAt: null })
      .where(
        and(
          eq(sandboxSubscriptions.id, subscriptionId),
          sql`${sandboxSubscriptions.status} NOT IN ('canceled', 'incomplete_expired')`,
        ),
      );
  }

  async retrySubscriptionPayment(
    account: GatewayAccount,
    subscriptionId: string,
    idempotencyKey: string,
  ): Promise<RenewalRetryResult> {
    return this.db.transaction(async (tx) => {
      const [sub] = await tx
        .select()
        .from(sandboxSubscriptions)
        .where(
          and(
            eq(sandboxSubscriptions.id, subscriptionId),
            eq(sandboxSubscriptions.accountId, account.accountId),
          ),
        )
        .for('update');
      if (!sub) throw new GatewayInvalidRequestError(`No such subscription: '${subscriptionId}'.`);
      const [replay] = await tx
        .select()
        .from(sandboxCharges)
        .where(
          and(
            eq(sandboxCharges.accountId, account.accountId),
            eq(sandboxCharges.idempotencyKey, `retry:${idempotencyKey}`),
          ),
        );
      const result = (charge: typeof sandboxCharges.$inferSelect, after: typeof sub): RenewalRetryResult => ({
        outcome: charge.status === 'succeeded' ? 'paid' : 'failed',
        chargeId: charge.id,
        amount: charge.amount,
        declineCode: (charge.failureCode as DeclineCode | null) ?? null,
        message: charge.failureMessage,
        status: after.status as SubscriptionResult['status'],
        currentPeriodEnd: after.currentPeriodEnd,
      });
      if (replay) return result(replay, sub);
      if (sub.status !== 'past_due' || sub.failedAttempts === 0) {
        throw new GatewayInvalidRequestError('This subscription has no failed payment to retry.');
      }
      const [method] = await tx
        .select()
        .from(sandboxPaymentMethods)
        .where(eq(sandboxPaymentMethods.id, sub.paymentMethodId));
      const behaviour =
        SANDBOX_TEST_PAYMENT_METHODS[sub.paymentMethodId]?.behaviour ??
        (method && !method.detachedAt ? method.behaviour : 'card_declined');
      const decline = declineOf(behaviour);
      const amount = sub.unitAmount * sub.quantity;
      const now = new Date();
      const [charge] = await tx
        .insert(sandboxCharges)
        .values({
          id: newId('ch'),
          accountId: sub.accountId,
          customerId: sub.customerId,
          paymentMethodId: sub.paymentMethodId,
          subscriptionId: sub.id,
          amount,
          applicationFeeAmount: decline ? 0 : Math.round((amount * sub.applicationFeePercent) / 100),
          currency: sub.currency,
          status: decline ? 'failed' : 'succeeded',
          failureCode: decline?.code ?? null,
          failureMessage: decline?.message ?? null,
          description: sub.description,
          metadata: sub.metadata,
          idempotencyKey: `retry:${idempotencyKey}`,
          createdAt: now,
        })
        .returning();
      if (decline) {
        // A staff retry that fails leaves the automatic retries as they were.
        await tx
          .update(sandboxSubscriptions)
          .set({ latestChargeId: charge!.id })
          .where(eq(sandboxSubscriptions.id, sub.id));
        return result(charge!, sub);
      }
      const [after] = await tx
        .update(sandboxSubscriptions)
        .set({
          status: 'active',
          currentPeriodStart: sub.currentPeriodEnd,
          currentPeriodEnd: addInterval(sub.currentPeriodEnd, sub.interval as PaymentInterval),
          failedAttempts: 0,
          nextAttemptAt: null,
          latestChargeId: charge!.id,
        })
        .where(eq(sandboxSubscriptions.id, sub.id))
        .returning();
      return result(charge!, after!);
    });
  }

  async refund(
    account: GatewayAccount,
    chargeId: string,
    amount: number | null,
    idempotencyKey: string,
  ): Promise<{ refundId: string }> {
    return this.db.transaction(async (tx) => {
      const [previous] = await tx
        .select()
        .from(sandboxRefunds)
        .where(
          and(
            eq(sandboxRefunds.accountId, account.accountId),
            eq(sandboxRefunds.idempotencyKey, idempotencyKey),
          ),
        );
      if (previous) return { refundId: previous.id };
      const [charge] = await tx
        .select()
        .from(sandboxCharges)
        .where(and(eq(sandboxCharges.id, chargeId), eq(sandboxCharges.accountId, account.accountId)))
        .for('update');
      if (!charge || charge.status !== 'succeeded')
        throw new GatewayInvalidRequestError(`No such charge: '${chargeId}'.`);
      const refundable = charge.amount - charge.refundedAmount;
      const value = amount ?? refundable;
      if (value <= 0 || value > refundable) {
        throw new GatewayInvalidRequestError(`Refund amount must be between 1 and ${refundable} cents.`);
      }
      const id = newId('re');
      await tx
        .insert(sandboxRefunds)
        .values({ id, accountId: account.accountId, chargeId, amount: value, idempotencyKey });
      await tx
        .update(sandboxCharges)
        .set({ refundedAmount: charge.refundedAmount + value })
        .where(eq(sandboxCharges.id, chargeId));
      return { refundId: id };
    });
  }

  async paymentReferencesOf(_account: GatewayAccount, refs: PaymentRefs): Promise<PaymentRefs> {
    // Sandbox payments are referenced by their charge, which every event names.
    return refs;
  }

  /**
   * Simulates a refund made outside Kinship (the partner's dashboard at the provider): the refund
   * is made at the sandbox, and the events the provider would deliver are answered (a refund
   * event and the charge's refunds), to be signed with `signSandboxEvent` and delivered.
   */
  async refundOutside(
    account: GatewayAccount,
    chargeId: string,
    amount: number | null,
  ): Promise<{ refundId: string; events: GatewayEvent[] }> {
    const { refundId } = await this.refund(account, chargeId, amount, `outside:${randomUUID()}`);
    await this.db.update(sandboxRefunds).set({ idempotencyKey: null }).where(eq(sandboxRefunds.id, refundId));
    return { refundId, events: await this.refundEvents(account, refundId) };
  }

  /** The events the provider delivers about a refund: its own state, then the charge's refunds. */
  async refundEvents(account: GatewayAccount, refundId: string): Promise<GatewayEvent[]> {
    const [refund] = await this.db
      .select()
      .from(sandboxRefunds)
      .where(and(eq(sandboxRefunds.id, refundId), eq(sandboxRefunds.accountId, account.accountId)));
    if (!refund) throw new GatewayInvalidRequestError(`No such refund: '${refundId}'.`);
    const all = await this.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.chargeId, refund.chargeId))
      .orderBy(asc(sandboxRefunds.createdAt));
    const view = (r: typeof refund) => ({
      refundId: r.id,
      paymentRefs: [r.chargeId],
      amount: r.amount,
      status: 'succeeded' as const,
      kinshipKey: r.idempotencyKey?.startsWith('refund:') ? r.idempotencyKey : null,
    });
    const created = new Date();
    return [
      {
        id: newId('evt'),
        type: 'refund.updated',
        refund: view(refund),
        accountId: account.accountId,
        created,
      },
      {
        id: newId('evt'),
        type: 'charge.refunded',
        paymentRefs: [refund.chargeId],
        refunds: all.map(view),
        accountId: account.accountId,
        created,
      },
    ];
  }

  /**
   * Simulates a dispute of a charge at the provider, in the state given (the sandbox keeps no
   * dispute of its own: the event carries it). The dispute id is the charge's, so successive
   * states of one dispute name the same dispute.
   */
  async disputeEvent(
    account: GatewayAccount,
    chargeId: string,
    status: GatewayDisputeStatus,
    options: { amount?: number; reason?: string; created?: Date } = {},
  ): Promise<GatewayEvent> {
    const [charge] = await this.db
      .select()
      .from(sandboxCharges)
      .where(and(eq(sandboxCharges.id, chargeId), eq(sandboxCharges.accountId, account.accountId)));
    if (!charge || charge.status !== 'succeeded')
      throw new GatewayInvalidRequestError(`No such charge: '${chargeId}'.`);
    return {
      id: newId('evt'),
      type: 'dispute.updated',
      dispute: {
        disputeId: `dp_${chargeId}`,
        paymentRefs: [chargeId],
        amount: options.amount ?? charge.amount - charge.refundedAmount,
        status,
        reason: options.reason ?? 'fraudulent',
      },
      accountId: account.accountId,
      created: options.created ?? new Date(),
    };
  }

  /**
   * Charges every subscription whose period has ended (or whose failed renewal is due for a retry)
   * once: success advances the period; a failure makes it past_due and retries a day later; the
   * third failure in a row cancels it. Each subscription is locked (SKIP LOCKED) while it is
   * charged, so several workers never charge the same period twice. Returns what happened, for the
   * worker to record through the subscriptions service.
   */
  async renewDueSubscriptions(now: Date = new Date(), limit = 200): Promise<SandboxRenewal[]> {
    const due = await this.db
      .select({ id: sandboxSubscriptions.id })
      .from(sandboxSubscriptions)
      .where(
        and(
          inArray(sandboxSubscriptions.status, ['active', 'past_due']),
          or(
            and(isNull(sandboxSubscriptions.nextAttemptAt), lte(sandboxSubscriptions.currentPeriodEnd, now)),
            lte(sandboxSubscriptions.nextAttemptAt, now),
          ),
        ),
      )
      .orderBy(asc(sandboxSubscriptions.currentPeriodEnd))
      .limit(limit);
    const results: SandboxRenewal[] = [];
    for (const { id } of due) {
      const result = await this.db.transaction(async (tx) => {
        const [sub] = await tx
          .select()
          .from(sandboxSubscriptions)
          .where(eq(sandboxSubscriptions.id, id))
          .for('update', { skipLocked: true });
        if (!sub || (sub.status !== 'active' && sub.status !== 'past_due')) return null;
        const dueAt = sub.nextAttemptAt ?? sub.currentPeriodEnd;
        if (dueAt.getTime() > now.getTime()) return null;
        const [method] = await tx
          .select()
          .from(sandboxPaymentMethods)
          .where(eq(sandboxPaymentMethods.id, sub.paymentMethodId));
        const behaviour =
          SANDBOX_TEST_PAYMENT_METHODS[sub.paymentMethodId]?.behaviour ??
          (method && !method.detachedAt ? method.behaviour : 'card_declined');
        const decline = declineOf(behaviour);
        const amount = sub.unitAmount * sub.quantity;
        const chargeId = newId('ch');
        const attempt = sub.failedAttempts + 1;
        await tx.insert(sandboxCharges).values({
          id: chargeId,
          accountId: sub.accountId,
          customerId: sub.customerId,
          paymentMethodId: sub.paymentMethodId,
          subscriptionId: sub.id,
          amount,
          applicationFeeAmount: decline ? 0 : Math.round((amount * sub.applicationFeePercent) / 100),
          currency: sub.currency,
          status: decline ? 'failed' : 'succeeded',
          failureCode: decline?.code ?? null,
          failureMessage: decline?.message ?? null,
          description: sub.description,
          metadata: sub.metadata,
          idempotencyKey: `renewal:${sub.id}:${sub.currentPeriodEnd.toISOString()}:${attempt}`,
          createdAt: now,
        });
        let status: SubscriptionResult['status'];
        let periodEnd = sub.currentPeriodEnd;
        if (!decline) {
          status = 'active';
          periodEnd = addInterval(sub.currentPeriodEnd, sub.interval as PaymentInterval);
          await tx
            .update(sandboxSubscriptions)
            .set({
              status,
              currentPeriodStart: sub.currentPeriodEnd,
              currentPeriodEnd: periodEnd,
              failedAttempts: 0,
              nextAttemptAt: null,
              latestChargeId: chargeId,
            })
            .where(eq(sandboxSubscriptions.id, sub.id));
        } else if (attempt >= SANDBOX_MAX_RENEWAL_ATTEMPTS) {
          status = 'canceled';
          await tx
            .update(sandboxSubscriptions)
            .set({
              status,
              failedAttempts: attempt,
              nextAttemptAt: null,
              canceledAt: now,
              latestChargeId: chargeId,
            })
            .where(eq(sandboxSubscriptions.id, sub.id));
        } else {
          status = 'past_due';
          await tx
            .update(sandboxSubscriptions)
            .set({
              status,
              failedAttempts: attempt,
              nextAttemptAt: new Date(now.getTime() + SANDBOX_RENEWAL_RETRY_MS),
              latestChargeId: chargeId,
            })
            .where(eq(sandboxSubscriptions.id, sub.id));
        }
        const renewal: SandboxRenewal = {
          subscriptionId: sub.id,
          accountId: sub.accountId,
          outcome: decline ? 'failed' : 'paid',
          chargeId,
          amount,
          created: now,
          message: decline?.message ?? null,
          declineCode: decline?.code ?? null,
          status,
          currentPeriodEnd: periodEnd,
        };
        return renewal;
      });
      if (result) results.push(result);
    }
    return results;
  }

  /** The provider's view of a subscription (tests and the demo tools read it). */
  async retrieveSubscription(subscriptionId: string) {
    const [row] = await this.db
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.id, subscriptionId));
    return row ?? null;
  }

  // ------------------------------------------------------------------ onboarding and webhooks

  /** The sandbox has no provider page: it sends the partner straight back with a local authorization code. */
  onboardingUrl(state: string, returnUrl: string): string {
    const url = new URL(returnUrl);
    url.searchParams.set('code', `sbx_auth_${randomBytes(12).toString('hex')}`);
    url.searchParams.set('state', state);
    return url.toString();
  }

  async completeOnboarding(authorizationCode: string): Promise<{ accountId: string }> {
    const match = /^sbx_auth_([0-9a-f]{24})$/.exec(authorizationCode);
    if (!match) throw new GatewayInvalidRequestError('Authorization code is invalid or expired.');
    // The same code always names the same account, so a replayed completion changes nothing.
    return { accountId: `acct_sandbox_${match[1]!.slice(0, 16)}` };
  }

  /**
   * Sandbox webhooks carry a GatewayEvent as JSON (dates as ISO strings), signed like Stripe's:
   * header `t={unix seconds},v1={hex HMAC-SHA256 of "t.body"}`, within five minutes.
   */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): GatewayEvent {
    const secret = this.options.webhookSecret;
    const parts = Object.fromEntries(
      (signatureHeader ?? '').split(',').map((part) => {
        const at = part.indexOf('=');
        return [part.slice(0, at).trim(), part.slice(at + 1).trim()];
      }),
    );
    const timestamp = Number(parts.t);
    if (!signatureHeader || !Number.isInteger(timestamp) || !parts.v1)
      throw new Error('Missing or malformed signature header.');
    if (Math.abs(Date.now() / 1000 - timestamp) > 300) throw new Error('The webhook signature is too old.');
    const expected = createHmac('sha256', secret)
      .update(`${timestamp}.${rawBody.toString('utf8')}`)
      .digest('hex');
    const given = Buffer.from(String(parts.v1));
    if (given.length !== expected.length || !timingSafeEqual(given, Buffer.from(expected))) {
      throw new Error('The webhook signature does not match.');
    }
    const event = JSON.parse(rawBody.toString('utf8')) as Record<string, unknown>;
    const dates = ['created', 'currentPeriodEnd'] as const;
    for (const key of dates) {
      if (typeof event[key] === 'string') event[key] = new Date(event[key]);
    }
    if (typeof event.id !== 'string' || typeof event.type !== 'string' || !(event.created instanceof Date)) {
      throw new Error('The webhook body is not a sandbox event.');
    }
    return event as unknown as GatewayEvent;
  }
}
