import {
  DONATION,
  Feature,
  MESSAGES,
  dollarsToCents,
  donationFeeCents,
  ERRORS,
  type DonationRequest,
  type Locale,
} from '@kinship/domain';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { actorOf, recordAudit, SYSTEM_ACTOR, type AuditActor } from '../../../platform/audit.ts';
import type { OrderPaymentDetails } from '../../../db/schema/index.ts';
import { badRequest, refuse } from '../../../platform/errors.ts';
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
  type ChargeResult,
  type PaymentGateway,
} from '../../../platform/payments/gateway.ts';
import { gatewayAccountOf } from '../../../platform/payments/index.ts';
import {
  createPendingOrder,
  failOrder,
  ORDER_STILL_PROCESSING,
  orderByIdempotencyKey,
  recordSucceededPayment,
  replayOrder,
  siteUrlConfigOf,
} from '../orders/orders.service.ts';
import type { PartnerRow } from '../../../db/types.ts';
import { receiptUrl } from '../receipts/receipts.service.ts';
import { assertSiteOpen, type SiteContext } from '../../../platform/site-context.ts';
import { findInitiative, insertDonation, partnerHasFeature } from './donations.repository.ts';
import {
  type OrderPaymentRequestRow,
  type OrderRow,
  insertPaymentRequest,
  lockOrder,
  markOrderSucceeded,
} from '../orders/orders.repository.ts';

export const DONATIONS_DISABLED = 'General donations are not enabled for this site.';
export const PROVIDER_UNAVAILABLE =
  'We could not reach the payment provider. Your donation is being checked; please look for its receipt email before trying again.';

export interface DonationDeps {
  db: Db;
  gateway: PaymentGateway;
  config: Config;
}

/**
 * POST payments: a one-off general donation, signed in or not. The amount comes in dollars (the
 * form's unit, at least 1, two decimals at most) and is charged in cents. A filled honeypot
 * (`website`) is refused with the donation failure text and nothing is recorded. Answers the
 * receipt URL; a decline answers 402 with the provider's message.
 */
export async function donate(
  deps: DonationDeps,
  ctx: SiteContext,
  body: DonationRequest,
  request: { idempotencyKey: string | null; clientAddress: string; locale?: Locale | null },
): Promise<string> {
  assertSiteOpen(ctx);
  const { partner, viewer } = ctx;
  if (body.partnersId !== partner.id) throw badRequest('partnersId does not match this site.');
  // A bot fills every field; a person never sees this one.
  if (body.website && body.website.trim() !== '') throw badRequest(MESSAGES.donationErrorBody);
  if (!(await partnerHasFeature(deps.db, partner.id, Feature.GeneralDonations)))
    throw refuse(ERRORS.DONATIONS_OFF, DONATIONS_DISABLED);
  gatewayAccountOf(partner);
  const amount = dollarsToCents(body.amount);
  if (amount === null || amount < DONATION.min * 100) {
    throw badRequest(`amount must be at least ${DONATION.min} with at most 2 decimals.`);
  }
  let initiative: string | null = null;
  if (body.initiative !== undefined && body.initiative !== null) {
    const found = await findInitiative(deps.db, partner.id, body.initiative);
    if (!found) throw badRequest(`Initiative ${body.initiative} was not found.`);
    initiative = String(found.id);
  }
  const usersId = viewer?.user?.id ?? null;

  const previous = await orderByIdempotencyKey(deps.db, partner.id, request.idempotencyKey);
  if (previous) return replayOrder(deps.db, partner, deps.config, previous, { kind: 'donation', usersId });

  const email = body.email.trim();
  const client: PaymentClient = {
    partnersId: partner.id,
    form: 'donation',
    clientAddress: request.clientAddress,
    email,
  };
  await assertPaymentAllowed(deps.db, paymentLimitsOf(deps.config), { ...client, signedIn: viewer !== null });

  const order = await createPendingOrder(deps.db, {
    partnersId: partner.id,
    usersId,
    kind: 'donation',
    baseAmount: amount,
    additionalAmount: 0,
    currency: partner.currency,
    idempotencyKey: request.idempotencyKey,
    locale: request.locale ?? null,
  });
  if (!order) {
    const raced = await orderByIdempotencyKey(deps.db, partner.id, request.idempotencyKey);
    if (!raced) throw refuse(ERRORS.ORDER_IN_PROGRESS, ORDER_STILL_PROCESSING);
    return replayOrder(deps.db, partner, deps.config, raced, { kind: 'donation', usersId });
  }
  const details: OrderPaymentDetails = {
    firstName: body.firstName,
    lastName: body.lastName,
    email,
    note: body.note?.trim() || null,
    initiative,
    applicationFee: donationFeeCents(partner, amount),
  };
  await insertPaymentRequest(deps.db, {
    ordersId: order.id,
    gatewayPaymentMethodId: body.token,
    gatewayCustomerId: null,
    details,
  });
  await recordPaymentAttempt(deps.db, client);
  const code = await finishDonationOrder(
    deps,
    partner,
    order,
    { gatewayPaymentMethodId: body.token, details },
    client,
    actorOf(ctx),
  );
  return receiptUrl(partner, code, siteUrlConfigOf(deps.config));
}

/**
 * Charges a pending donation order (under a key derived from it, so a replay answers the first
 * outcome) and records the donation, its payment and its receipt in one transaction. Used by the
 * request and by the recovery of interrupted orders. Answers the receipt code.
 */
export async function finishDonationOrder(
  deps: DonationDeps,
  partner: PartnerRow,
  order: OrderRow,
  request: Pick<OrderPaymentRequestRow, 'gatewayPaymentMethodId' | 'details'>,
  client: PaymentClient | null,
  actor: AuditActor = SYSTEM_ACTOR,
): Promise<string> {
  const details = request.details;
  let charge: ChargeResult;
  try {
    charge = await deps.gateway.charge(
      gatewayAccountOf(partner),
      {
        customerId: null,
        paymentMethodId: request.gatewayPaymentMethodId,
        amount: order.baseAmount,
        applicationFeeAmount: details.applicationFee ?? 0,
        description: `Donation to ${partner.name}`,
        metadata: { ordersId: String(order.id), partnersId: String(partner.id) },
      },
      `order:${order.id}:charge`,
    );
  } catch (error) {
    if (error instanceof PaymentDeclinedError || error instanceof GatewayInvalidRequestError) {
      const message = error instanceof PaymentDeclinedError ? error.message : MESSAGES.donationErrorBody;
      await failOrder(deps.db, partner.id, order.id, message);
      if (client) await recordPaymentFailure(deps.db, paymentLimitsOf(deps.config), client);
      throw refuse(
        error instanceof PaymentDeclinedError ? ERRORS.PAYMENT_DECLINED : ERRORS.PAYMENT_INVALID,
        message,
      );
    }
    if (error instanceof GatewayUnavailableError)
      throw refuse(ERRORS.PROVIDER_UNAVAILABLE, PROVIDER_UNAVAILABLE);
    throw error;
  }
  return deps.db.transaction(async (tx) => {
    const current = await lockOrder(tx, partner.id, order.id);
    if (current?.status === 'succeeded') return current.receiptCode!;
    const donation = await insertDonation(tx, {
      partnersId: partner.id,
      usersId: order.usersId,
      ordersId: order.id,
      firstName: details.firstName ?? null,
      lastName: details.lastName ?? null,
      email: details.email ?? null,
      amount: order.baseAmount,
      initiative: details.initiative ?? null,
      note: details.note ?? null,
    });
    const { payment } = await recordSucceededPayment(tx, {
      partnersId: partner.id,
      ordersId: order.id,
      subscriptionsId: null,
      donationsId: donation.id,
      gatewayChargeId: charge.chargeId,
      amount: charge.amount,
      applicationFee: details.applicationFee ?? 0,
      currency: order.currency,
    });
    await markOrderSucceeded(tx, partner.id, order.id, payment.receiptCode!);
    await recordAudit(tx, {
      actor,
      partnersId: partner.id,
      action: 'donation.created',
      entityType: 'donation',
      entityId: donation.id,
      after: { ordersId: order.id, amount: charge.amount, currency: order.currency },
      details: { paymentsId: payment.id },
    });
    return payment.receiptCode!;
  });
}
