import {
  boostCents,
  nearestBoostPercent,
  sponsoredRecordName,
  sponsorshipFeePercent,
  ERRORS,
  type PaymentInterval,
  type SubscriptionDetail,
} from '@kinship/domain';
import type { Db, Tx } from '../../../db/client.ts';
import { badRequest, refuse } from '../../../platform/errors.ts';
import { actorOf, gatewayActor, recordAudit } from '../../../platform/audit.ts';
import type { JobSender } from '../../../platform/jobs.ts';
import type { PaymentGateway, SubscriptionResult } from '../../../platform/payments/gateway.ts';
import { gatewayAccountOf } from '../../../platform/payments/index.ts';
import type { SandboxRenewal } from '../../../platform/payments/sandbox-gateway.ts';
import { currentLinePrices } from '../checkout/checkout.service.ts';
import { recordFailedPayment, recordSucceededPayment } from '../orders/orders.service.ts';
import {
  ensureGatewayCustomer,
  invalidRequest,
  payerOf,
  savedPaymentMethodById,
  usablePaymentMethod,
} from '../payment-methods/payment-methods.service.ts';
import { assertSiteOpen, type SiteContext } from '../../../platform/site-context.ts';
import {
  findSubscriptionById,
  findSubscriptionByOrder,
  findSubscriptionLines,
  lockSubscriptionByGatewayId,
  updateSubscription,
  type SubscriptionRow,
} from './subscriptions.repository.ts';
import { endSponsorshipsOf, updateLineAmount } from '../../sponsorships/index.ts';
import {
  markPaymentMethodFailed,
  markPaymentMethodPaid,
} from '../payment-methods/payment-methods.repository.ts';
import { findPartnerById } from '../../partners/index.ts';

/**
 * Subscriptions as Kinship records them, kept in step with the gateway by the webhooks (Stripe)
 * and the renewal job (sandbox), and the person's own subscription pages.
 */

export type SubscriptionStatus = SubscriptionResult['status'];

/** Statuses that end a subscription's sponsorships and free their slots. They are final for Kinship. */
export const ENDED_STATUSES: readonly SubscriptionStatus[] = ['canceled', 'unpaid', 'incomplete_expired'];
const isEnded = (status: string) => (ENDED_STATUSES as readonly string[]).includes(status);

export const SUBSCRIPTION_NOT_FOUND = 'Subscription not found.';
export const SUBSCRIPTION_ENDED = 'This subscription has ended.';

// ---------------------------------------------------------------------------------- contract

/**
 * Applies a subscription status reported by the gateway. Ending statuses (canceled, unpaid,
 * incomplete_expired) end its sponsorships and free their slots in the same transaction, once:
 * they are final, so a late 'active' or 'past_due' changes nothing (events may arrive in any
 * order; 'canceled' still replaces 'unpaid' as the recorded reason). A report naming an older
 * period than the one recorded is stale and ignored; the period end never moves back. Unknown
 * gateway ids are ignored. Idempotent.
 */
export async function applySubscriptionStatus(
  db: Db,
  input: { gatewaySubscriptionId: string; status: SubscriptionStatus; currentPeriodEnd: Date | null },
): Promise<{ applied: boolean; endedSponsorships: number }> {
  return db.transaction(async (tx) => {
    const sub = await lockSubscriptionByGatewayId(tx, input.gatewaySubscriptionId);
    if (!sub) return { applied: false, endedSponsorships: 0 };
    const periodEnd =
      input.currentPeriodEnd && (!sub.currentPeriodEnd || input.currentPeriodEnd > sub.currentPeriodEnd)
        ? input.currentPeriodEnd
        : sub.currentPeriodEnd;
    if (isEnded(sub.status)) {
      if (input.status === 'canceled' && sub.status !== 'canceled') {
        await updateSubscription(tx, sub.id, { status: 'canceled' });
        return { applied: true, endedSponsorships: 0 };
      }
      return { applied: false, endedSponsorships: 0 };
    }
    if (isEnded(input.status)) {
      await updateSubscription(tx, sub.id, {
        status: input.status,
        canceledAt: new Date(),
        currentPeriodEnd: periodEnd,
      });
      return { applied: true, endedSponsorships: await endSponsorshipsOf(tx, sub.id) };
    }
    const stale =
      input.currentPeriodEnd && sub.currentPeriodEnd && input.currentPeriodEnd < sub.currentPeriodEnd;
    if (stale) return { applied: false, endedSponsorships: 0 };
    await updateSubscription(tx, sub.id, { status: input.status, currentPeriodEnd: periodEnd });
    return { applied: true, endedSponsorships: 0 };
  });
}

/**
 * Records a successful payment of a subscription (a renewal, or the first one if its webhook
 * arrives); payment.succeeded, emitted in the same transaction, queues its receipt. Idempotent on the charge id; unknown
 * gateway subscriptions are ignored (null).
 */
export async function recordSubscriptionPayment(
  db: Db,
  input: { gatewaySubscriptionId: string; chargeId: string; amount: number; created: Date },
): Promise<{ paymentsId: number; created: boolean } | null> {
  return db.transaction(async (tx) => {
    const sub = await lockSubscriptionByGatewayId(tx, input.gatewaySubscriptionId);
    if (!sub) return null;
    const partner = await findPartnerById(tx, sub.partnersId);
    const feePercent = partner ? sponsorshipFeePercent(partner) : 0;
    const { payment, created } = await recordSucceededPayment(tx, {
      partnersId: sub.partnersId,
      ordersId: null,
      subscriptionsId: sub.id,
      donationsId: null,
      gatewayChargeId: input.chargeId,
      amount: input.amount,
      applicationFee: Math.round((input.amount * feePercent) / 100),
      currency: partner?.currency ?? 'usd',
      createdAt: input.created,
    });
    if (created && sub.paymentMethodsId !== null)
      await markPaymentMethodPaid(tx, sub.partnersId, sub.paymentMethodsId);
    return { paymentsId: payment.id, created };
  });
}

/**
 * Records a failed subscription payment (no receipt; an audit entry with the provider's message):
 * the payment row keeps the card's decline code and message for the delinquent list, and the
 * subscription's saved method is marked failed (it loses the default), as a declined checkout
 * marks it. Idempotent.
 */
export async function recordSubscriptionPaymentFailure(
  db: Db,
  input: {
    gatewaySubscriptionId: string;
    chargeId: string | null;
    message: string;
    declineCode?: string | null;
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const sub = await lockSubscriptionByGatewayId(tx, input.gatewaySubscriptionId);
    if (!sub) return false;
    if (sub.paymentMethodsId !== null)
      await markPaymentMethodFailed(tx, sub.partnersId, sub.paymentMethodsId);
    if (input.chargeId) {
      const partner = await findPartnerById(tx, sub.partnersId);
      await recordFailedPayment(tx, {
        partnersId: sub.partnersId,
        ordersId: null,
        subscriptionsId: sub.id,
        donationsId: null,
        gatewayChargeId: input.chargeId,
        amount: sub.baseAmount + sub.additionalAmount,
        currency: partner?.currency ?? 'usd',
        failureCode: input.declineCode ?? null,
        failureMessage: input.message,
      });
    }
    await recordAudit(tx, {
      actor: gatewayActor(),
      partnersId: sub.partnersId,
      action: 'subscription.payment_failed',
      entityType: 'subscription',
      entityId: sub.id,
      details: {
        chargeId: input.chargeId,
        message: input.message,
        declineCode: input.declineCode ?? null,
        subscriberUsersId: sub.usersId,
      },
    });
    return true;
  });
}

/** Records one sandbox renewal (what SandboxGateway.renewDueSubscriptions answers): the payment or failure, then the status. */
export async function recordSandboxRenewal(db: Db, renewal: SandboxRenewal): Promise<void> {
  if (renewal.outcome === 'paid') {
    await recordSubscriptionPayment(db, {
      gatewaySubscriptionId: renewal.subscriptionId,
      chargeId: renewal.chargeId,
      amount: renewal.amount,
      created: renewal.created,
    });
  } else {
    await recordSubscriptionPaymentFailure(db, {
      gatewaySubscriptionId: renewal.subscriptionId,
      chargeId: renewal.chargeId,
      message: renewal.message ?? 'The renewal payment failed.',
      declineCode: renewal.declineCode,
    });
  }
  await applySubscriptionStatus(db, {
    gatewaySubscriptionId: renewal.subscriptionId,
    status: renewal.status,
    currentPeriodEnd: renewal.currentPeriodEnd,
  });
}

// ---------------------------------------------------------------------------------- the person's pages

export interface SubscriptionDeps {
  db: Db;
  gateway: PaymentGateway;
  jobs: JobSender;
}

async function ownSubscription(
  deps: SubscriptionDeps,
  ctx: SiteContext,
  find: () => Promise<SubscriptionRow | null>,
) {
  assertSiteOpen(ctx);
  const user = payerOf(ctx);
  const sub = await find();
  // Another person's subscription is not revealed.
  if (!sub || sub.usersId !== user.id) throw refuse(ERRORS.SUBSCRIPTION_NOT_FOUND, SUBSCRIPTION_NOT_FOUND);
  return { user, sub };
}

/** Today's price of the lines (a line whose plan is gone keeps its amount) and the subscription's boost on it. */
async function currentPriceOf(
  db: Db,
  sub: SubscriptionRow,
  lines: { sponsoredsId: number; numSlots: number; amount: number }[],
) {
  const prices = await currentLinePrices(db, sub.partnersId, sub.interval as PaymentInterval, lines);
  const baseAmount = prices.reduce<number>((sum, p, i) => sum + (p ?? lines[i]!.amount), 0);
  const additionalAmount = boostCents(baseAmount, nearestBoostPercent(sub.baseAmount, sub.additionalAmount));
  return { baseAmount, additionalAmount, totalAmount: baseAmount + additionalAmount, prices };
}

async function detailOf(db: Db, sub: SubscriptionRow): Promise<SubscriptionDetail> {
  const lines = await findSubscriptionLines(db, sub.partnersId, sub.id);
  const active = lines.filter((l) => l.dateEnded === null);
  const price = await currentPriceOf(db, sub, active);
  const ended = isEnded(sub.status);
  return {
    id: sub.id,
    ordersId: sub.ordersId,
    status: sub.status as SubscriptionDetail['status'],
    interval: sub.interval as PaymentInterval,
    baseAmount: sub.baseAmount,
    additionalAmount: sub.additionalAmount,
    totalAmount: sub.baseAmount + sub.additionalAmount,
    currency: (await findPartnerById(db, sub.partnersId))?.currency ?? 'usd',
    nextPaymentDate: ended || !sub.currentPeriodEnd ? null : sub.currentPeriodEnd.toISOString(),
    currentPeriodEnd: sub.currentPeriodEnd ? sub.currentPeriodEnd.toISOString() : null,
    canceledAt: sub.canceledAt ? sub.canceledAt.toISOString() : null,
    paymentMethod: await savedPaymentMethodById(db, sub.partnersId, sub.paymentMethodsId),
    currentPrice: {
      baseAmount: price.baseAmount,
      additionalAmount: price.additionalAmount,
      totalAmount: price.totalAmount,
    },
    lines: lines.map((l) => ({
      id: l.id,
      sponsoredsId: l.sponsoredsId,
      name: sponsoredRecordName(l, `record ${l.sponsoredsId}`),
      numSlots: l.numSlots,
      amount: l.amount,
      dateStarted: l.dateStarted.toISOString(),
      dateEnded: l.dateEnded ? l.dateEnded.toISOString() : null,
    })),
  };
}

/** GET payments/subscriptiondetail/{id}: one of the person's subscriptions (404 for anyone else's). */
export async function getSubscriptionDetail(
  deps: SubscriptionDeps,
  ctx: SiteContext,
  id: number,
): Promise<SubscriptionDetail> {
  const { sub } = await ownSubscription(deps, ctx, () => findSubscriptionById(deps.db, ctx.partner.id, id));
  return detailOf(deps.db, sub);
}

/** PUT payments/updatesubscriptionpayment/{ordersId}: pays the order's subscription with another (or a new) method. */
export async function updateSubscriptionPayment(
  deps: SubscriptionDeps,
  ctx: SiteContext,
  ordersId: number,
  body: { ordersId: number; paymentMethodId: string },
): Promise<SubscriptionDetail> {
  if (body.ordersId !== ordersId) throw badRequest('ordersId in the body must match the path.');
  const { user, sub } = await ownSubscription(deps, ctx, () =>
    findSubscriptionByOrder(deps.db, ctx.partner.id, ordersId),
  );
  if (isEnded(sub.status)) throw refuse(ERRORS.SUBSCRIPTION_ENDED, SUBSCRIPTION_ENDED);
  const account = gatewayAccountOf(ctx.partner);
  const customerId = await ensureGatewayCustomer(deps, ctx.partner, user, {
    email: user.email ?? ctx.viewer!.email,
  });
  const method = await usablePaymentMethod(
    deps,
    ctx.partner,
    user,
    customerId,
    body.paymentMethodId,
    `subscription:${sub.id}:attach:${body.paymentMethodId}`,
  );
  await deps.gateway
    .updateSubscriptionPaymentMethod(account, sub.gatewaySubscriptionId!, method.gatewayPaymentMethodId)
    .catch(invalidRequest);
  await deps.db.transaction(async (tx) => {
    await updateSubscription(tx, sub.id, { paymentMethodsId: method.id });
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'subscription.payment_method_changed',
      entityType: 'subscription',
      entityId: sub.id,
      before: { paymentMethodsId: sub.paymentMethodsId },
      after: { paymentMethodsId: method.id },
    });
  });
  return detailOf(deps.db, { ...sub, paymentMethodsId: method.id });
}

/**
 * PUT payments/resetsubscriptionprice/{id}: sets the subscription to today's plan price times its
 * slots (keeping its boost percent), from the next period on.
 */
export async function resetSubscriptionPrice(
  deps: SubscriptionDeps,
  ctx: SiteContext,
  id: number,
): Promise<SubscriptionDetail> {
  const { sub } = await ownSubscription(deps, ctx, () => findSubscriptionById(deps.db, ctx.partner.id, id));
  if (isEnded(sub.status)) throw refuse(ERRORS.SUBSCRIPTION_ENDED, SUBSCRIPTION_ENDED);
  const lines = await findSubscriptionLines(deps.db, sub.partnersId, sub.id, true);
  if (lines.length === 0) throw refuse(ERRORS.SUBSCRIPTION_ENDED, SUBSCRIPTION_ENDED);
  const price = await currentPriceOf(deps.db, sub, lines);
  if (price.prices.some((p) => p === null)) throw badRequest('Current Sponsored Plan not defined');
  const unchanged =
    price.baseAmount === sub.baseAmount &&
    price.additionalAmount === sub.additionalAmount &&
    lines.every((l, i) => l.amount === price.prices[i]);
  const audit = (tx: Tx) =>
    recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'subscription.price_reset',
      entityType: 'subscription',
      entityId: sub.id,
      before: { baseAmount: sub.baseAmount, additionalAmount: sub.additionalAmount },
      after: { baseAmount: price.baseAmount, additionalAmount: price.additionalAmount },
    });
  if (unchanged) await deps.db.transaction(audit);
  else {
    await deps.gateway
      .updateSubscriptionPrice(
        gatewayAccountOf(ctx.partner),
        sub.gatewaySubscriptionId!,
        { unitAmount: price.totalAmount, quantity: 1 },
        `subscription:${sub.id}:price:${price.totalAmount}`,
      )
      .catch(invalidRequest);
    await deps.db.transaction(async (tx) => {
      await updateSubscription(tx, sub.id, {
        baseAmount: price.baseAmount,
        additionalAmount: price.additionalAmount,
      });
      for (const [i, line] of lines.entries()) await updateLineAmount(tx, line.id, price.prices[i]!);
      await audit(tx);
    });
  }
  const fresh = await findSubscriptionById(deps.db, ctx.partner.id, sub.id);
  return detailOf(deps.db, fresh!);
}

// ---------------------------------------------------------------------------------- staff

/** What a subscription becomes when staff end one of its lines (decision 039). */
export interface SubscriptionLineEnd {
  subscriptionsId: number;
  /** Canceled at the gateway: it was the subscription's last active line. */
  canceled: boolean;
  baseAmount: number;
  additionalAmount: number;
}

/**
 * The gateway half of ending one line of a paid subscription, with no transaction open: the last
 * active line cancels the subscription (the path `DELETE users/{id}` uses); otherwise the
 * subscription is charged the remaining lines' amounts with its boost percent, from the next
 * period. Null when the subscription has already ended. The caller writes the answer with
 * `recordSubscriptionLineEnd` in the transaction that ends the sponsorship.
 */
export async function endSubscriptionLine(
  deps: { db: Db; gateway: PaymentGateway },
  partner: Parameters<typeof gatewayAccountOf>[0] & { id: number },
  subscriptionsId: number,
  lineId: number,
): Promise<SubscriptionLineEnd | null> {
  const sub = await findSubscriptionById(deps.db, partner.id, subscriptionsId);
  if (!sub || isEnded(sub.status)) return null;
  const rest = (await findSubscriptionLines(deps.db, sub.partnersId, sub.id, true)).filter(
    (l) => l.id !== lineId,
  );
  const account = gatewayAccountOf(partner);
  if (rest.length === 0) {
    if (sub.gatewaySubscriptionId) await deps.gateway.cancelSubscription(account, sub.gatewaySubscriptionId);
    return {
      subscriptionsId: sub.id,
      canceled: true,
      baseAmount: sub.baseAmount,
      additionalAmount: sub.additionalAmount,
    };
  }
  const baseAmount = rest.reduce((sum, l) => sum + l.amount, 0);
  const additionalAmount = boostCents(baseAmount, nearestBoostPercent(sub.baseAmount, sub.additionalAmount));
  if (sub.gatewaySubscriptionId && baseAmount + additionalAmount !== sub.baseAmount + sub.additionalAmount) {
    await deps.gateway.updateSubscriptionPrice(
      account,
      sub.gatewaySubscriptionId,
      { unitAmount: baseAmount + additionalAmount, quantity: 1 },
      `subscription:${sub.id}:end-line:${lineId}`,
    );
  }
  return { subscriptionsId: sub.id, canceled: false, baseAmount, additionalAmount };
}

/** The database half of `endSubscriptionLine`, in the caller's transaction. */
export async function recordSubscriptionLineEnd(tx: Tx, end: SubscriptionLineEnd): Promise<void> {
  await updateSubscription(
    tx,
    end.subscriptionsId,
    end.canceled
      ? { status: 'canceled', canceledAt: new Date() }
      : { baseAmount: end.baseAmount, additionalAmount: end.additionalAmount },
  );
}
