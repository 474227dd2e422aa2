import {
  BOOST_NOT_ALLOWED_MESSAGE,
  CART_ISSUE_MESSAGE,
  MESSAGES,
  PAYMENT_INTERVALS,
  boostPercentOf,
  priceChangedMessage,
  sponsoredRecordName,
  sponsorshipFeePercent,
  ERRORS,
  type PaymentInterval,
  type UserSponsoredLine,
  type Locale,
} from '@kinship/domain';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import type { OrderPaymentDetails } from '../../../db/schema/index.ts';
import { priceChangedIn } from '../../../platform/error-messages.ts';
import { badRequest, HttpError, refuse } from '../../../platform/errors.ts';
import {
  assertPaymentAllowed,
  paymentLimitsOf,
  recordPaymentAttempt,
  recordPaymentFailure,
  type PaymentClient,
} from '../../../platform/payment-limits.ts';
import {
  GatewayInvalidRequestError,
  GatewayUnavailableError,
  PaymentDeclinedError,
  type PaymentGateway,
  type SubscriptionResult,
} from '../../../platform/payments/gateway.ts';
import { actorOf, recordAudit, SYSTEM_ACTOR, type AuditActor } from '../../../platform/audit.ts';
import type { JobSender } from '../../../platform/jobs.ts';
import { gatewayAccountOf } from '../../../platform/payments/index.ts';
import type { UserRow } from '../../../platform/viewer.ts';
import {
  failOrder,
  isCheckViolation,
  isUniqueViolation,
  orderByIdempotencyKey,
  recordSucceededPayment,
  replayOrder,
  siteUrlConfigOf,
} from '../orders/orders.service.ts';
import type { PartnerRow } from '../../../db/types.ts';
import {
  ensureGatewayCustomer,
  payerOf,
  settleDeclinedPaymentMethod,
  usablePaymentMethod,
} from '../payment-methods/payment-methods.service.ts';
import { compensate } from '../compensations/compensations.service.ts';
import { receiptUrl } from '../receipts/receipts.service.ts';
import { assertSiteOpen, type SiteContext } from '../../../platform/site-context.ts';
import { finishDonationOrder } from '../donations/donations.service.ts';
import {
  findActiveSponsorships,
  findPricing,
  insertSubscription,
  lockSponsoreds,
  readSlots,
  type PricingRow,
} from './checkout.repository.ts';
import { changeFilledSlots } from '../../records/index.ts';
import { convertManualSponsorship, insertSponsorships } from '../../sponsorships/index.ts';
import {
  type OrderRow,
  findHoldsOfOrder,
  findPaymentRequest,
  findStalePendingOrders,
  insertHolds,
  insertOrder,
  insertPaymentRequest,
  lockOrder,
  markOrderSucceeded,
  releaseHoldsOfOrder,
} from '../orders/orders.repository.ts';
import { markPaymentMethodPaid } from '../payment-methods/payment-methods.repository.ts';
import { findPartnerById } from '../../partners/index.ts';
import { heldSlotsBySponsored } from '../orders/orders.repository.ts';

/**
 * Checkout of sponsorships (a monthly or annual subscription of one or more records' slots).
 *
 * The money path, in three steps so no database transaction is ever open across a gateway call:
 * 1. hold: one short transaction creates the pending order, locks each sponsored row
 *    (SELECT ... FOR UPDATE, in id order), counts its filled slots plus unexpired holds, and
 *    inserts holds that expire after HOLD_SECONDS; a record without room answers 409 with the
 *    cart-issue message and nothing is kept;
 * 2. charge: the person's customer and method at the gateway, then the subscription with its
 *    first period charged, under an idempotency key derived from the order;
 * 3. confirm: one transaction turns the holds into sponsorships (slots_filled += slots, whose
 *    CHECK is the last line), records the subscription, the payment and its receipt email.
 * A decline releases the holds and fails the order (402 with the provider's message). A request
 * that dies between 2 and 3 leaves a pending order that resumeStaleOrders finishes by replaying
 * the same gateway call (the idempotency key answers the first result).
 */

export const HOLD_SECONDS = 15 * 60;
const MAX_LINES = 50;
export const ALREADY_SPONSOR = MESSAGES.alreadySponsor;
export const NO_MANUAL_SPONSORSHIP = 'There is no manual sponsorship of this record to convert.';
export const DUPLICATE_LINES = 'Each sponsored record may appear only once in a checkout.';
export const PROVIDER_UNREACHABLE_NOTHING_CHARGED =
  'We could not reach the payment provider and nothing was charged. Please try again in a few minutes.';
export const PROVIDER_UNAVAILABLE =
  'We could not reach the payment provider. Your payment is being checked; please look at your sponsorships in a few minutes before trying again.';

export interface CheckoutDeps {
  db: Db;
  gateway: PaymentGateway;
  config: Config;
  /** Compensations the gateway fails are retried from the job queue. */
  jobs: JobSender;
}

export interface CheckoutBody {
  partnersId: number;
  stripePaymentIntent: string;
  userSponsoreds: UserSponsoredLine[];
  email?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  baseAmount: number;
  additionalAmount: number;
}

export interface CheckoutRequest {
  /** The lightning link the sponsorship came through (decision 049), resolved by the route. */
  lightningLinksId?: number | null;
  interval: PaymentInterval;
  form: 'checkout' | 'billing';
  body: CheckoutBody;
  idempotencyKey: string | null;
  clientAddress: string;
  /** The language the checkout was made in (its receipt's when the payer saved none). */
  locale?: Locale | null;
}

interface PricedLine {
  sponsoredsId: number;
  numSlots: number;
  isConversion: boolean;
  /** Cents per interval for this line, before the boost. */
  amount: number;
  name: string;
  conversionOf: number | null;
}

const nameOf = (row: Pick<PricingRow, 'firstName' | 'title' | 'id' | 'sponsoredTypesId'>) =>
  sponsoredRecordName(row, `record ${row.id}`);
const intervalWord = (interval: PaymentInterval) => (interval === 'year' ? 'annually' : 'monthly');

/**
 * Why a cart's records cannot be sponsored as asked (decision 067): a record no longer open to
 * sponsorship, or fewer free slots than asked. Both answer 409 with the spec's cart message.
 */
type CartProblem = typeof ERRORS.RECORD_CLOSED | typeof ERRORS.SLOTS_FULL;

/** The slots were taken between the hold and the confirmation: a full record. */
class CartIssue extends Error {}

/** Prices every line from the plan and checks what can be checked before any lock is taken. */
async function priceCart(
  db: Db,
  partner: PartnerRow,
  user: UserRow,
  interval: PaymentInterval,
  lines: UserSponsoredLine[],
): Promise<PricedLine[]> {
  const ids = lines.map((l) => l.sponsoredsId);
  if (ids.length > MAX_LINES) throw badRequest(`A checkout can hold at most ${MAX_LINES} records.`);
  if (new Set(ids).size !== ids.length) throw badRequest(DUPLICATE_LINES);
  const [pricing, sponsorships] = await Promise.all([
    findPricing(db, partner.id, ids),
    findActiveSponsorships(db, partner.id, user.id, ids),
  ]);
  const byId = new Map(pricing.map((p) => [p.id, p]));
  return lines.map((line) => {
    const row = byId.get(line.sponsoredsId);
    // A record that is gone, or no longer open for sponsorship, is an invalid cart item.
    if (!row || row.status !== 'active' || !row.active || !row.typeActive)
      throw refuse(ERRORS.RECORD_CLOSED, CART_ISSUE_MESSAGE);
    if (row.monthlyAmount === null) throw badRequest(MESSAGES.planNotDefined);
    if (row.offeredIntervals !== null && !row.offeredIntervals.includes(interval)) {
      throw badRequest(`${nameOf(row)} cannot be sponsored ${intervalWord(interval)}.`);
    }
    const existing = sponsorships.find((s) => s.sponsoredsId === line.sponsoredsId);
    let conversionOf: number | null = null;
    if (line.isManualSponsorshipConversion) {
      if (!existing?.isManual) throw badRequest(NO_MANUAL_SPONSORSHIP);
      if (existing.numSlots !== line.numSlots) {
        throw badRequest(`The manual sponsorship of ${nameOf(row)} has ${existing.numSlots} slot(s).`);
      }
      conversionOf = existing.id;
    } else {
      if (existing) throw refuse(ERRORS.ALREADY_SPONSORING, ALREADY_SPONSOR(nameOf(row)));
      if (line.numSlots > Math.max(1, row.visibleSlots)) {
        throw badRequest(
          `At most ${Math.max(1, row.visibleSlots)} slot(s) of ${nameOf(row)} can be sponsored at once.`,
        );
      }
    }
    return {
      sponsoredsId: line.sponsoredsId,
      numSlots: line.numSlots,
      isConversion: line.isManualSponsorshipConversion,
      amount: row.monthlyAmount * PAYMENT_INTERVALS[interval].multiplier * line.numSlots,
      name: nameOf(row),
      conversionOf,
    };
  });
}

/**
 * Step 1: the pending order and its slot holds, in one short transaction. Else the cart's problem
 * (a record closed, or its slots taken), or null when another request with the same idempotency
 * key got there first.
 */
async function holdSlots(
  db: Db,
  partner: PartnerRow,
  user: UserRow,
  request: CheckoutRequest,
  lines: PricedLine[],
  amounts: { base: number; additional: number },
): Promise<{ order: OrderRow } | { problem: CartProblem } | null> {
  const slotLines = lines.filter((l) => !l.isConversion);
  const ids = slotLines.map((l) => l.sponsoredsId).sort((a, b) => a - b);
  const problemOf = (
    rows: Awaited<ReturnType<typeof lockSponsoreds>>,
    held: Map<number, number>,
  ): CartProblem | null => {
    for (const line of slotLines) {
      const row = rows.find((r) => r.id === line.sponsoredsId);
      if (!row || row.status !== 'active' || !row.active) return ERRORS.RECORD_CLOSED;
      const remaining = row.maxSlots - row.slotsFilled - (held.get(line.sponsoredsId) ?? 0);
      if (remaining < line.numSlots) return ERRORS.SLOTS_FULL;
    }
    return null;
  };
  // A look without locks first: when the slots are already taken or held, answer at once instead of
  // queueing for the row lock (a crowd on a popular record is answered in parallel).
  const seen = problemOf(await readSlots(db, partner.id, ids), await heldSlotsBySponsored(db, ids));
  if (seen) return { problem: seen };
  let problem: CartProblem | null = null;
  try {
    const order = await db.transaction(async (tx) => {
      const locked = await lockSponsoreds(tx, partner.id, ids);
      problem = problemOf(locked, await heldSlotsBySponsored(tx, ids));
      if (problem) throw new CartIssue();
      const order = await insertOrder(tx, {
        partnersId: partner.id,
        usersId: user.id,
        kind: 'subscription',
        interval: request.interval,
        baseAmount: amounts.base,
        additionalAmount: amounts.additional,
        currency: partner.currency,
        idempotencyKey: request.idempotencyKey,
        lightningLinksId: request.lightningLinksId ?? null,
        locale: request.locale ?? null,
      });
      await insertHolds(
        tx,
        slotLines.map((l) => ({
          partnersId: partner.id,
          sponsoredsId: l.sponsoredsId,
          usersId: user.id,
          ordersId: order.id,
          numSlots: l.numSlots,
        })),
        HOLD_SECONDS,
      );
      return order;
    });
    return { order };
  } catch (error) {
    if (error instanceof CartIssue && problem) return { problem };
    if (request.idempotencyKey && isUniqueViolation(error, 'orders_idempotency')) return null;
    throw error;
  }
}

/** POST payments/checkout/{interval} and the checkout helper: answers the receipt URL of the first payment. */
export async function checkout(
  deps: CheckoutDeps,
  ctx: SiteContext,
  request: CheckoutRequest,
): Promise<{ invoice: string }> {
  assertSiteOpen(ctx);
  if (!ctx.viewer) throw new HttpError(401, MESSAGES.checkoutLoginRequired);
  const { partner } = ctx;
  const { body, interval } = request;
  if (body.partnersId !== partner.id) throw badRequest('partnersId does not match this site.');
  const user = payerOf(ctx);
  gatewayAccountOf(partner);

  const previous = await orderByIdempotencyKey(deps.db, partner.id, request.idempotencyKey);
  if (previous)
    return {
      invoice: await replayOrder(deps.db, partner, deps.config, previous, {
        kind: 'subscription',
        usersId: user.id,
      }),
    };

  const lines = await priceCart(deps.db, partner, user, interval, body.userSponsoreds);
  const base = lines.reduce((sum, l) => sum + l.amount, 0);
  if (body.baseAmount !== base)
    throw refuse(ERRORS.PRICE_CHANGED, priceChangedMessage(base)).sayingIn(
      priceChangedIn(partner.currency, base),
    );
  if (boostPercentOf(base, body.additionalAmount) === null) throw badRequest(BOOST_NOT_ALLOWED_MESSAGE);
  const additional = body.additionalAmount;

  const email = (body.email ?? user.email ?? ctx.viewer.email).trim();
  const client: PaymentClient = {
    partnersId: partner.id,
    form: request.form,
    clientAddress: request.clientAddress,
    email,
  };
  const limits = paymentLimitsOf(deps.config);
  await assertPaymentAllowed(deps.db, limits, { ...client, signedIn: true });

  const held = await holdSlots(deps.db, partner, user, request, lines, { base, additional });
  if (!held || 'problem' in held) {
    // The same request sent at the same moment holds the slots: answer its outcome, not a cart issue.
    const raced = await orderByIdempotencyKey(deps.db, partner.id, request.idempotencyKey);
    if (!raced) throw refuse(held?.problem ?? ERRORS.CONFLICT, CART_ISSUE_MESSAGE);
    return {
      invoice: await replayOrder(deps.db, partner, deps.config, raced, {
        kind: 'subscription',
        usersId: user.id,
      }),
    };
  }
  const { order } = held;

  // Step 2: the person's customer and payment method, then the charge. No transaction is open.
  let paymentRequest: { customerId: string; paymentMethodId: string; details: OrderPaymentDetails };
  try {
    const name =
      [body.firstName ?? user.firstName, body.lastName ?? user.lastName].filter(Boolean).join(' ') || email;
    const customerId = await ensureGatewayCustomer(deps, partner, user, { email, name });
    const method = await usablePaymentMethod(
      deps,
      partner,
      user,
      customerId,
      body.stripePaymentIntent,
      `order:${order.id}:attach`,
    );
    paymentRequest = {
      customerId,
      paymentMethodId: method.gatewayPaymentMethodId,
      details: {
        lines: lines.map((l) => ({
          sponsoredsId: l.sponsoredsId,
          numSlots: l.numSlots,
          amount: l.amount,
          isConversion: l.isConversion,
        })),
        applicationFeePercent: sponsorshipFeePercent(partner),
        paymentMethodsId: method.id,
        newPaymentMethod: method.attachedNow,
        email,
      },
    };
    await insertPaymentRequest(deps.db, {
      ordersId: order.id,
      gatewayPaymentMethodId: paymentRequest.paymentMethodId,
      gatewayCustomerId: customerId,
      details: paymentRequest.details,
    });
    await recordPaymentAttempt(deps.db, client);
  } catch (error) {
    // Nothing was charged: free the slots.
    const message = error instanceof HttpError ? error.message : 'The checkout could not be started.';
    await failOrder(deps.db, partner.id, order.id, message);
    if (error instanceof HttpError && error.statusCode === 400)
      await recordPaymentFailure(deps.db, limits, client);
    if (error instanceof GatewayUnavailableError)
      throw refuse(ERRORS.PROVIDER_UNAVAILABLE, PROVIDER_UNREACHABLE_NOTHING_CHARGED);
    throw error;
  }
  const code = await chargeAndConfirm(deps, partner, order, paymentRequest, lines, client, actorOf(ctx));
  return { invoice: receiptUrl(partner, code, siteUrlConfigOf(deps.config)) };
}

function descriptionOf(interval: PaymentInterval, lines: { name: string; numSlots: number }[]): string {
  const what = lines.map((l) => (l.numSlots > 1 ? `${l.name} (${l.numSlots} slots)` : l.name)).join(', ');
  return `${interval === 'year' ? 'Annual' : 'Monthly'} sponsorship of ${what}`;
}

/**
 * Steps 2 and 3 for an order whose holds exist: asks the gateway for the subscription (replayed
 * safely by its key) and turns the holds into sponsorships. Answers the receipt code.
 */
async function chargeAndConfirm(
  deps: CheckoutDeps,
  partner: PartnerRow,
  order: OrderRow,
  request: { customerId: string; paymentMethodId: string; details: OrderPaymentDetails },
  lines: PricedLine[],
  client: PaymentClient | null,
  actor: AuditActor = SYSTEM_ACTOR,
): Promise<string> {
  const account = gatewayAccountOf(partner);
  const interval = order.interval as PaymentInterval;
  let result: SubscriptionResult;
  try {
    result = await deps.gateway.createSubscription(
      account,
      {
        customerId: request.customerId,
        paymentMethodId: request.paymentMethodId,
        interval,
        // One price per order: the lines' amounts plus the boost, charged each period.
        unitAmount: order.baseAmount + order.additionalAmount,
        quantity: 1,
        applicationFeePercent: request.details.applicationFeePercent ?? 0,
        description: descriptionOf(interval, lines),
        metadata: {
          ordersId: String(order.id),
          partnersId: String(partner.id),
          usersId: String(order.usersId),
        },
      },
      `order:${order.id}:subscription`,
    );
  } catch (error) {
    if (error instanceof PaymentDeclinedError || error instanceof GatewayInvalidRequestError) {
      await failOrder(deps.db, partner.id, order.id, error.message);
      if (error instanceof PaymentDeclinedError)
        await settleDeclinedPaymentMethod(
          deps,
          partner,
          request.details.paymentMethodsId,
          Boolean(request.details.newPaymentMethod),
        );
      if (client) await recordPaymentFailure(deps.db, paymentLimitsOf(deps.config), client);
      throw refuse(
        error instanceof PaymentDeclinedError ? ERRORS.PAYMENT_DECLINED : ERRORS.PAYMENT_INVALID,
        error.message,
      );
    }
    // Unreachable or unexpected: the charge may or may not exist. The order stays pending with
    // its holds, and resumeStaleOrders settles it by replaying this call.
    if (error instanceof GatewayUnavailableError)
      throw refuse(ERRORS.PROVIDER_UNAVAILABLE, PROVIDER_UNAVAILABLE);
    throw error;
  }
  const compensationContext = { partnersId: partner.id, ordersId: order.id };
  if (result.status !== 'active' && result.status !== 'past_due') {
    // A cancel the gateway fails is recorded and retried by the job queue, never dropped.
    await compensate(deps, account, compensationContext, {
      action: 'cancel_subscription',
      subscriptionId: result.subscriptionId,
    });
    await failOrder(deps.db, partner.id, order.id, 'The payment could not be completed.');
    await settleDeclinedPaymentMethod(
      deps,
      partner,
      request.details.paymentMethodsId,
      Boolean(request.details.newPaymentMethod),
    );
    throw refuse(ERRORS.PAYMENT_DECLINED, 'The payment could not be completed.');
  }
  try {
    return await confirmSubscriptionOrder(deps, partner, order, request, lines, result, actor);
  } catch (error) {
    if (!(error instanceof CartIssue)) throw error;
    // The holds expired and the slots were taken meanwhile: undo the charge, never oversell. A
    // cancel or refund the gateway fails is recorded and retried by the job queue until it succeeds.
    await compensate(deps, account, compensationContext, {
      action: 'cancel_subscription',
      subscriptionId: result.subscriptionId,
    });
    if (result.latestChargeId) {
      await compensate(deps, account, compensationContext, {
        action: 'refund_charge',
        chargeId: result.latestChargeId,
        idempotencyKey: `order:${order.id}:refund`,
      });
    }
    // A replay of this order answers the same (orders.service's failureOf).
    await failOrder(deps.db, partner.id, order.id, CART_ISSUE_MESSAGE);
    throw refuse(ERRORS.SLOTS_FULL, CART_ISSUE_MESSAGE);
  }
}

/** Step 3: one transaction turns the order's holds into sponsorships and records the payment. */
async function confirmSubscriptionOrder(
  deps: CheckoutDeps,
  partner: PartnerRow,
  order: OrderRow,
  request: { paymentMethodId: string; details: OrderPaymentDetails },
  lines: PricedLine[],
  result: SubscriptionResult,
  actor: AuditActor,
): Promise<string> {
  try {
    return await deps.db.transaction(async (tx) => {
      const current = await lockOrder(tx, partner.id, order.id);
      if (!current) throw new Error(`Order ${order.id} vanished.`);
      if (current.status === 'succeeded') return current.receiptCode!;
      if (current.status === 'failed') throw new CartIssue();
      const slotLines = lines.filter((l) => !l.isConversion);
      const ids = slotLines.map((l) => l.sponsoredsId).sort((a, b) => a - b);
      const locked = await lockSponsoreds(tx, partner.id, ids);
      // Other orders' live holds still count: this order's own holds are what it converts.
      const othersHeld = await heldSlotsBySponsored(tx, ids, order.id);
      const usersId = current.usersId!;
      const already = await findActiveSponsorships(tx, partner.id, usersId, ids);
      for (const line of slotLines) {
        const row = locked.find((r) => r.id === line.sponsoredsId);
        const room = row ? row.maxSlots - row.slotsFilled - (othersHeld.get(line.sponsoredsId) ?? 0) : 0;
        if (room < line.numSlots || already.some((a) => a.sponsoredsId === line.sponsoredsId))
          throw new CartIssue();
      }
      for (const line of slotLines) await changeFilledSlots(tx, line.sponsoredsId, line.numSlots);
      const subscription = await insertSubscription(tx, {
        partnersId: partner.id,
        usersId,
        ordersId: order.id,
        gatewaySubscriptionId: result.subscriptionId,
        status: result.status,
        interval: current.interval!,
        baseAmount: current.baseAmount,
        additionalAmount: current.additionalAmount,
        paymentMethodsId: request.details.paymentMethodsId ?? null,
        currentPeriodEnd: result.currentPeriodEnd,
      });
      await insertSponsorships(
        tx,
        slotLines.map((l) => ({
          partnersId: partner.id,
          usersId,
          sponsoredsId: l.sponsoredsId,
          numSlots: l.numSlots,
          amount: l.amount,
          interval: current.interval,
          subscriptionsId: subscription.id,
        })),
      );
      for (const line of lines.filter((l) => l.isConversion && l.conversionOf !== null)) {
        await convertManualSponsorship(tx, line.conversionOf!, {
          subscriptionsId: subscription.id,
          amount: line.amount,
          interval: current.interval!,
        });
      }
      await releaseHoldsOfOrder(tx, partner.id, order.id);
      const total = current.baseAmount + current.additionalAmount;
      const { payment } = await recordSucceededPayment(tx, {
        partnersId: partner.id,
        ordersId: order.id,
        subscriptionsId: subscription.id,
        donationsId: null,
        gatewayChargeId: result.latestChargeId,
        amount: total,
        applicationFee: Math.round((total * (request.details.applicationFeePercent ?? 0)) / 100),
        currency: current.currency,
      });
      await markOrderSucceeded(tx, partner.id, order.id, payment.receiptCode!);
      if (request.details.paymentMethodsId)
        await markPaymentMethodPaid(tx, partner.id, request.details.paymentMethodsId);
      await recordAudit(tx, {
        actor,
        partnersId: partner.id,
        action: 'subscription.created',
        entityType: 'subscription',
        entityId: subscription.id,
        after: {
          ordersId: order.id,
          interval: current.interval,
          baseAmount: current.baseAmount,
          additionalAmount: current.additionalAmount,
          sponsoreds: slotLines.map((l) => ({ sponsoredsId: l.sponsoredsId, numSlots: l.numSlots })),
        },
        details: { subscriberUsersId: usersId, paymentsId: payment.id },
      });
      return payment.receiptCode!;
    });
  } catch (error) {
    // The slots CHECK (slots_filled <= max_slots) and the one-active-sponsorship index are the
    // last line: hitting either means the slots were sold meanwhile.
    if (isCheckViolation(error) || isUniqueViolation(error, 'user_sponsoreds_one_active'))
      throw new CartIssue();
    throw error;
  }
}

/**
 * Settles orders left pending by a request that died (process killed, provider unreachable)
 * after `olderThanSeconds`: with no payment request recorded nothing was charged, so the order
 * fails and frees its slots; otherwise the same gateway call is replayed under the same
 * idempotency key, which answers the first outcome (or makes the charge the donor asked for if it
 * never reached the provider), and the order is finished or failed accordingly. Safe to run from
 * several processes at once. Answers the number of orders settled.
 */
export async function resumeStaleOrders(
  deps: CheckoutDeps,
  options: { olderThanSeconds?: number; limit?: number } = {},
): Promise<number> {
  const stale = await findStalePendingOrders(deps.db, options.olderThanSeconds ?? 120, options.limit ?? 50);
  let settled = 0;
  const unexpected: unknown[] = [];
  for (const order of stale) {
    const partner = await findPartnerById(deps.db, order.partnersId);
    if (!partner) continue;
    const request = await findPaymentRequest(deps.db, order.id);
    try {
      if (!request) {
        await failOrder(
          deps.db,
          partner.id,
          order.id,
          'The payment was interrupted before the card was charged.',
        );
      } else if (order.kind === 'donation') {
        await finishDonationOrder(deps, partner, order, request, null);
      } else {
        const holds = await findHoldsOfOrder(deps.db, partner.id, order.id);
        const stored =
          request.details.lines ??
          holds.map((h) => ({
            sponsoredsId: h.sponsoredsId,
            numSlots: h.numSlots,
            amount: 0,
            isConversion: false,
          }));
        const lines: PricedLine[] = stored.map((l) => ({
          ...l,
          name: `record ${l.sponsoredsId}`,
          conversionOf: null,
        }));
        const conversions = lines.filter((l) => l.isConversion);
        if (conversions.length && order.usersId) {
          const active = await findActiveSponsorships(
            deps.db,
            partner.id,
            order.usersId,
            conversions.map((l) => l.sponsoredsId),
          );
          for (const line of conversions)
            line.conversionOf =
              active.find((a) => a.sponsoredsId === line.sponsoredsId && a.isManual)?.id ?? null;
        }
        await chargeAndConfirm(
          deps,
          partner,
          order,
          {
            customerId: request.gatewayCustomerId!,
            paymentMethodId: request.gatewayPaymentMethodId,
            details: request.details,
          },
          lines,
          null,
        );
      }
      settled += 1;
    } catch (error) {
      // A decline or a cart issue has settled the order as failed; an unreachable provider leaves it
      // for next time; anything else is reported once every other order has had its turn.
      if (error instanceof HttpError && error.statusCode !== 503) settled += 1;
      else if (!(error instanceof HttpError)) unexpected.push(error);
    }
  }
  if (unexpected.length)
    throw new AggregateError(unexpected, `${unexpected.length} stale order(s) could not be settled.`);
  return settled;
}

/** Today's price (cents per interval, before boost) of each line, from the same pricing as checkout; null without a plan. */
export async function currentLinePrices(
  db: Db,
  partnersId: number,
  interval: PaymentInterval,
  lines: { sponsoredsId: number; numSlots: number }[],
): Promise<(number | null)[]> {
  const pricing = await findPricing(db, partnersId, [...new Set(lines.map((l) => l.sponsoredsId))]);
  return lines.map((line) => {
    const monthly = pricing.find((p) => p.id === line.sponsoredsId)?.monthlyAmount ?? null;
    return monthly === null ? null : monthly * PAYMENT_INTERVALS[interval].multiplier * line.numSlots;
  });
}
