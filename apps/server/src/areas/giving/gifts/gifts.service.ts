import {
  Feature,
  GIFT_CODE_VALID_DAYS,
  MESSAGES,
  priceChangedMessage,
  sponsoredRecordName,
  sponsorshipFeePercent,
  ERRORS,
  type CodeRecord,
  type GiftCreated,
  type GiftPreview,
  type Redeemed,
  type Locale,
} from '@kinship/domain';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import type { PartnerRow, Tx } from '../../../db/types.ts';
import { priceChangedIn } from '../../../platform/error-messages.ts';
import { actorOf, recordAudit, SYSTEM_ACTOR, type AuditActor } from '../../../platform/audit.ts';
import { badRequest, HttpError, notFound, unauthorized, refuse } from '../../../platform/errors.ts';
import type { JobSender } from '../../../platform/jobs.ts';
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
import type { SiteContext } from '../../../platform/site-context.ts';
import { findActiveSponsorships, findPricing, lockSponsoreds } from '../checkout/checkout.repository.ts';
import { compensate } from '../compensations/compensations.service.ts';
import {
  createPendingOrder,
  failOrder,
  recordSucceededPayment,
  siteUrlConfigOf,
} from '../orders/orders.service.ts';
import { receiptUrl } from '../receipts/receipts.service.ts';
import {
  assertNotThrottled,
  codeError,
  countUnknownCode,
  problemOf,
  readCode,
  redeemedBy,
  requireFeature,
  wrongCode,
} from './code-guard.ts';
import { formatCode, newCode } from './codes.ts';
import {
  extendHoldsOfOrder,
  findGiftById,
  findGiftByManageCode,
  findGiftByOrder,
  findGiftByCode,
  findNextAvailable,
  findRecord,
  findType,
  giftsPastPaidPeriod,
  giftsToInvite,
  insertGift,
  insertHold,
  lockGiftByCode,
  releaseHoldsOf,
  sponsorshipState,
  updateGift,
  type GiftRow,
  type RecordRow,
} from './gifts.repository.ts';
import { queueReminderMail } from './gift-mail.ts';
import { emit } from '../../../platform/events.ts';
import { giftDeliverJob } from './gifts.jobs.ts';
import { changeFilledSlots } from '../../records/index.ts';
import { endGrantedSponsorship, insertManualSponsorship } from '../../sponsorships/index.ts';
import {
  type OrderRow,
  findPaymentRequest,
  findStalePendingOrders,
  insertPaymentRequest,
  lockOrder,
  markOrderSucceeded,
} from '../orders/orders.repository.ts';
import { findPartnerById } from '../../partners/index.ts';
import { heldSlotsBySponsored } from '../orders/orders.repository.ts';

/**
 * Gift sponsorships (issue 15, decision 047). A gift is its own order kind on the order path the
 * checkout and donations share (hold, charge with no transaction open, confirm, recover):
 * 1. hold: one transaction locks the record, counts filled slots and live holds (checkout's and
 *    other gifts'), creates the pending 'gift' order, its hold and the gift row with its codes;
 * 2. charge: one charge of the whole period (or the first month of an open-ended gift) under a key
 *    derived from the order, so the recovery replays it safely;
 * 3. confirm: the payment and the giver's receipt, the order succeeded, the hold extended until the
 *    code expires, and the delivery job scheduled for the delivery date, in one transaction.
 * Redeeming converts the hold into a manual sponsorship (slots_filled + 1 with the hold released in
 * the same transaction, so the count never moves), paid through the gift's months; the recipient
 * continues by card from their account (checkout's conversion of a manual sponsorship), else the
 * gifts.sweep job ends it and frees the slot.
 */

export const GIFT_HOLD_PAYING_SECONDS = 15 * 60;
export const DELIVERY_DAYS_AHEAD = 365;
export const GIFT_NO_RECORD = 'Nobody of this type is waiting for a sponsor right now.';
export const ALREADY_SPONSORING = (name: string) => `You already sponsor ${name}.`;
/** A gift has no cart, so its refusals say what happened to the record instead of the cart's words. */
export const GIFT_RECORD_CLOSED =
  'This person is no longer open for sponsorship, so they cannot be given as a gift. Please choose someone else.';
export const GIFT_RECORD_FULL =
  'Every sponsorship of this person is taken, so they cannot be given as a gift right now. Please choose someone else.';
export const GIFT_RECORD_TAKEN =
  'The last sponsorship of this person was taken while you paid, so your payment has been refunded in full. Please choose someone else.';
export const GIFT_PROVIDER_UNAVAILABLE =
  'We could not reach the payment provider. Your gift is being checked; please look for its receipt email before trying again.';
export const GIFT_ALREADY_REDEEMED = 'This gift was already redeemed: its address can no longer be changed.';

export interface GiftDeps {
  db: Db;
  gateway: PaymentGateway;
  config: Config;
  jobs: JobSender;
}

type GiftBody = {
  partnersId: number;
  sponsoredsId?: number | null | undefined;
  partnerSponsoredTypesId?: number | null | undefined;
  months: 3 | 6 | 12 | null;
  amount: number;
  recipientName: string;
  recipientEmail: string;
  message?: string | undefined;
  deliverOn: string;
  firstName: string;
  lastName: string;
  email: string;
  token: string;
  website?: string | undefined;
};

const DAY_MS = 86_400_000;
const todayUtc = () => new Date(new Date().toISOString().slice(0, 10) + 'T00:00:00Z');

/** The delivery date as the start of that day (UTC); today or within a year. */
export function deliveryDateOf(text: string, today = todayUtc()): Date {
  const date = new Date(`${text}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text)
    throw badRequest('deliverOn is not a real date.');
  if (date.getTime() < today.getTime()) throw badRequest('The delivery date cannot be in the past.');
  if (date.getTime() > today.getTime() + DELIVERY_DAYS_AHEAD * DAY_MS)
    throw badRequest('The delivery date must be within a year.');
  return date;
}

export const recordNameOf = (row: Pick<RecordRow, 'firstName' | 'title' | 'sponsoredTypesId' | 'id'>) =>
  sponsoredRecordName(row, `record ${row.id}`);

/** A record as a code's page shows it: neither name nor picture when masked. */
export async function codeRecordOf(db: Db, partnersId: number, row: RecordRow): Promise<CodeRecord> {
  const type = await findType(db, partnersId, row.partnerSponsoredTypesId);
  return {
    id: row.id,
    name: row.masked ? null : recordNameOf(row),
    picture: row.masked || !row.profileImagePath ? null : `/media/${row.profileImagePath}`,
    typeLabel: type?.label ?? 'sponsorship',
  };
}

/** POST gifts: pays for a gift and schedules its delivery. */
export async function createGift(
  deps: GiftDeps,
  ctx: SiteContext,
  body: GiftBody,
  request: { idempotencyKey: string | null; clientAddress: string; locale?: Locale | null },
): Promise<GiftCreated> {
  await requireFeature(deps.db, ctx, Feature.Gifts);
  const { partner, viewer } = ctx;
  if (body.partnersId !== partner.id) throw badRequest('partnersId does not match this site.');
  if (body.website && body.website.trim() !== '') throw badRequest(MESSAGES.donationErrorBody);
  gatewayAccountOf(partner);
  const deliverOn = deliveryDateOf(body.deliverOn);

  const record = body.sponsoredsId
    ? await findRecord(deps.db, partner.id, body.sponsoredsId)
    : await findNextAvailable(deps.db, partner.id, body.partnerSponsoredTypesId ?? null);
  if (!record) {
    if (body.sponsoredsId) throw notFound(`Sponsored record ${body.sponsoredsId} was not found.`);
    throw refuse(ERRORS.SLOTS_FULL, GIFT_NO_RECORD);
  }
  if (record.status !== 'active' || !record.active || !record.typeActive)
    throw refuse(ERRORS.RECORD_CLOSED, GIFT_RECORD_CLOSED);
  const [pricing] = await findPricing(deps.db, partner.id, [record.id]);
  if (!pricing || pricing.monthlyAmount === null) throw badRequest(MESSAGES.planNotDefined);
  const months = body.months ?? 1;
  const amount = pricing.monthlyAmount * months;
  if (body.amount !== amount)
    throw refuse(ERRORS.PRICE_CHANGED, priceChangedMessage(amount)).sayingIn(
      priceChangedIn(partner.currency, amount),
    );

  const usersId = viewer?.user?.id ?? null;
  const email = body.email.trim();
  const client: PaymentClient = {
    partnersId: partner.id,
    form: 'checkout',
    clientAddress: request.clientAddress,
    email,
  };
  const limits = paymentLimitsOf(deps.config);
  await assertPaymentAllowed(deps.db, limits, { ...client, signedIn: viewer !== null });

  // Step 1: the order, its hold and the gift, under the record's lock.
  const held = await holdForGift(deps.db, partner, record.id, {
    usersId,
    amount,
    idempotencyKey: request.idempotencyKey,
    locale: request.locale ?? null,
    gift: {
      partnersId: partner.id,
      code: newCode(),
      manageCode: newCode(),
      purchaserUsersId: usersId,
      recipientName: body.recipientName.trim(),
      recipientEmail: body.recipientEmail.trim(),
      partnerSponsoredTypesId: record.partnerSponsoredTypesId,
      sponsoredsId: record.id,
      months,
      openEnded: body.months === null,
      amount,
      giverName: `${body.firstName.trim()} ${body.lastName.trim()}`.trim(),
      giverEmail: email,
      message: body.message?.trim() || null,
      deliverOn,
      expiresAt: new Date(deliverOn.getTime() + GIFT_CODE_VALID_DAYS * DAY_MS),
    },
  });
  if (!held) throw refuse(ERRORS.SLOTS_FULL, GIFT_RECORD_FULL);
  const applicationFee = Math.round((amount * sponsorshipFeePercent(partner)) / 100);
  await insertPaymentRequest(deps.db, {
    ordersId: held.order.id,
    gatewayPaymentMethodId: body.token,
    gatewayCustomerId: null,
    details: { firstName: body.firstName, lastName: body.lastName, email, applicationFee },
  });
  await recordPaymentAttempt(deps.db, client);
  const code = await finishGiftOrder(deps, partner, held.order, body.token, client, actorOf(ctx));
  return {
    receipt: receiptUrl(partner, code, siteUrlConfigOf(deps.config)),
    manageCode: held.gift.manageCode!,
    deliverOn: body.deliverOn,
    recipientEmail: held.gift.recipientEmail!,
  };
}

async function holdForGift(
  db: Db,
  partner: PartnerRow,
  sponsoredsId: number,
  input: {
    usersId: number | null;
    amount: number;
    idempotencyKey: string | null;
    /** The language the giver bought it in: the giver's receipt's and the gift mail's (decision 073). */
    locale: Locale | null;
    gift: Omit<Parameters<typeof insertGift>[1], 'ordersId'>;
  },
): Promise<{ order: OrderRow; gift: GiftRow } | null> {
  return db.transaction(async (tx) => {
    const [row] = await lockSponsoreds(tx, partner.id, [sponsoredsId]);
    const held = (await heldSlotsBySponsored(tx, [sponsoredsId])).get(sponsoredsId) ?? 0;
    if (!row || row.maxSlots - row.slotsFilled - held < 1) return null;
    const order = await createPendingOrder(tx as unknown as Db, {
      partnersId: partner.id,
      usersId: input.usersId,
      kind: 'gift',
      baseAmount: input.amount,
      additionalAmount: 0,
      currency: partner.currency,
      idempotencyKey: input.idempotencyKey,
      locale: input.locale,
    });
    if (!order) throw refuse(ERRORS.ORDER_IN_PROGRESS, 'This gift is already being processed.');
    await insertHold(
      tx,
      { partnersId: partner.id, sponsoredsId, usersId: input.usersId, ordersId: order.id },
      GIFT_HOLD_PAYING_SECONDS,
    );
    const gift = await insertGift(tx, { ...input.gift, ordersId: order.id });
    return { order, gift };
  });
}

/**
 * Steps 2 and 3 of a pending gift order (the request's, or the recovery's): the charge under the
 * order's key, then the payment, receipt, extended hold and delivery job in one transaction.
 * Answers the receipt code.
 */
export async function finishGiftOrder(
  deps: GiftDeps,
  partner: PartnerRow,
  order: OrderRow,
  paymentMethodId: string,
  client: PaymentClient | null,
  actor: AuditActor = SYSTEM_ACTOR,
): Promise<string> {
  const gift = await findGiftByOrder(deps.db, order.id);
  if (!gift) throw new Error(`Gift of order ${order.id} is missing.`);
  const account = gatewayAccountOf(partner);
  const applicationFee = Math.round((order.baseAmount * sponsorshipFeePercent(partner)) / 100);
  let charge: ChargeResult;
  try {
    charge = await deps.gateway.charge(
      account,
      {
        customerId: null,
        paymentMethodId,
        amount: order.baseAmount,
        applicationFeeAmount: applicationFee,
        description: `Gift of a sponsorship (${gift.openEnded ? 'first month' : `${gift.months} months`}) to ${partner.name}`,
        metadata: { ordersId: String(order.id), partnersId: String(partner.id), kind: 'gift' },
      },
      `order:${order.id}:charge`,
    );
  } catch (error) {
    if (error instanceof PaymentDeclinedError || error instanceof GatewayInvalidRequestError) {
      await failOrder(deps.db, partner.id, order.id, error.message);
      if (client) await recordPaymentFailure(deps.db, paymentLimitsOf(deps.config), client);
      throw refuse(
        error instanceof PaymentDeclinedError ? ERRORS.PAYMENT_DECLINED : ERRORS.PAYMENT_INVALID,
        error.message,
      );
    }
    if (error instanceof GatewayUnavailableError)
      throw refuse(ERRORS.PROVIDER_UNAVAILABLE, GIFT_PROVIDER_UNAVAILABLE);
    throw error;
  }
  const outcome = await deps.db.transaction(async (tx) => {
    const current = await lockOrder(tx, partner.id, order.id);
    if (!current) throw new Error(`Order ${order.id} vanished.`);
    if (current.status === 'succeeded') return { code: current.receiptCode!, refused: false };
    // A hold that lapsed while the charge was slow still counts if the slot is free.
    const [row] = await lockSponsoreds(tx, partner.id, [gift.sponsoredsId!]);
    const othersHeld =
      (await heldSlotsBySponsored(tx, [gift.sponsoredsId!], order.id)).get(gift.sponsoredsId!) ?? 0;
    if (current.status === 'failed' || !row || row.maxSlots - row.slotsFilled - othersHeld < 1)
      return { code: null, refused: true };
    await releaseHoldsOf(tx, order.id);
    await insertHold(
      tx,
      {
        partnersId: partner.id,
        sponsoredsId: gift.sponsoredsId!,
        usersId: order.usersId,
        ordersId: order.id,
      },
      GIFT_HOLD_PAYING_SECONDS,
    );
    await extendHoldsOfOrder(tx, order.id, gift.expiresAt!);
    const { payment } = await recordSucceededPayment(tx, {
      partnersId: partner.id,
      ordersId: order.id,
      subscriptionsId: null,
      donationsId: null,
      gatewayChargeId: charge.chargeId,
      amount: charge.amount,
      applicationFee,
      currency: order.currency,
    });
    await markOrderSucceeded(tx, partner.id, order.id, payment.receiptCode!);
    await deps.jobs.send(
      giftDeliverJob,
      { giftsId: gift.id },
      { tx, startAfter: gift.deliverOn ?? new Date() },
    );
    await recordAudit(tx, {
      actor,
      partnersId: partner.id,
      action: 'gift.created',
      entityType: 'gift',
      entityId: gift.id,
      after: {
        ordersId: order.id,
        sponsoredsId: gift.sponsoredsId,
        months: gift.months,
        openEnded: gift.openEnded,
        amount: order.baseAmount,
        deliverOn: gift.deliverOn,
      },
      details: { paymentsId: payment.id },
    });
    return { code: payment.receiptCode!, refused: false };
  });
  if (outcome.code) return outcome.code;
  // The slot went meanwhile (the hold lapsed and checkout took it): refund, never oversell.
  await compensate(
    deps,
    account,
    { partnersId: partner.id, ordersId: order.id },
    {
      action: 'refund_charge',
      chargeId: charge.chargeId,
      idempotencyKey: `order:${order.id}:refund`,
    },
  );
  await failOrder(deps.db, partner.id, order.id, GIFT_RECORD_TAKEN);
  throw refuse(ERRORS.SLOTS_FULL, GIFT_RECORD_TAKEN);
}

/** Gift orders left pending by a request that died: replayed under the same key, or failed when nothing was asked of the gateway. */
export async function resumeStaleGiftOrders(
  deps: GiftDeps,
  options: { olderThanSeconds?: number } = {},
): Promise<number> {
  const stale = await findStalePendingOrders(deps.db, options.olderThanSeconds ?? 120, 50, ['gift']);
  let settled = 0;
  for (const order of stale) {
    const partner = await findPartnerById(deps.db, order.partnersId);
    if (!partner) continue;
    const request = await findPaymentRequest(deps.db, order.id);
    try {
      if (!request)
        await failOrder(
          deps.db,
          partner.id,
          order.id,
          'The payment was interrupted before the card was charged.',
        );
      else await finishGiftOrder(deps, partner, order, request.gatewayPaymentMethodId, null);
      settled += 1;
    } catch (error) {
      if (error instanceof HttpError && error.statusCode !== 503) settled += 1;
      else if (!(error instanceof HttpError)) throw error;
    }
  }
  return settled;
}

// ------------------------------------------------------------------------------------ delivery

/** gifts.deliver's work: gift.delivered, whose subscriber queues the recipient's mail, once (a resend is the giver's call). */
export async function deliverGift(tx: Tx, giftsId: number): Promise<boolean> {
  const gift = await findGiftById(tx, giftsId);
  if (!gift || gift.deliveredAt || gift.redeemedAt) return false;
  const partner = await findPartnerById(tx as unknown as Db, gift.partnersId);
  if (!partner) return false;
  await emit(tx, 'gift.delivered', { partnersId: partner.id, giftsId: gift.id, attempt: 1 });
  await updateGift(tx, gift.id, { deliveredAt: new Date() });
  return true;
}

// ------------------------------------------------------------------------------------ giver

/** Manage codes share the wrong-code throttle of the other codes, under their own key. */
const MANAGE_CODE_KIND = 'gift-manage';
export const GIFT_NOT_FOUND = 'This gift was not found.';

/**
 * The gift of a manage code; an unknown one is counted against the address (as every code is), and
 * an address over the limit waits, right codes included.
 */
async function findGiftByManageCodeOrCount(db: Db, ctx: SiteContext, manageCode: string) {
  await assertNotThrottled(db, MANAGE_CODE_KIND, ctx.clientAddress);
  const gift = await findGiftByManageCode(db, ctx.partner.id, manageCode.toUpperCase());
  if (gift) return gift;
  await countUnknownCode(db, MANAGE_CODE_KIND, ctx.clientAddress);
  throw refuse(ERRORS.GIFT_NOT_FOUND, GIFT_NOT_FOUND);
}

/** GET gifts/manage/{manageCode}: the giver's view of their gift. */
export async function getGiftForGiver(db: Db, ctx: SiteContext, manageCode: string) {
  await requireFeature(db, ctx, Feature.Gifts);
  const gift = await findGiftByManageCodeOrCount(db, ctx, manageCode);
  return {
    recipientName: gift.recipientName,
    recipientEmail: gift.recipientEmail,
    deliverOn: gift.deliverOn?.toISOString().slice(0, 10) ?? null,
    deliveredAt: gift.deliveredAt?.toISOString() ?? null,
    redeemed: gift.redeemedAt !== null,
  };
}

/**
 * POST gifts/manage/{manageCode}: the giver changes the recipient's address and/or sends the mail
 * again (at once when the delivery date has come; otherwise the scheduled delivery uses the new address).
 */
export async function resendGift(
  deps: GiftDeps,
  ctx: SiteContext,
  manageCode: string,
  body: { recipientEmail?: string | undefined },
) {
  await requireFeature(deps.db, ctx, Feature.Gifts);
  const found = await findGiftByManageCodeOrCount(deps.db, ctx, manageCode);
  if (found.redeemedAt) throw refuse(ERRORS.CODE_USED, GIFT_ALREADY_REDEEMED);
  await deps.db.transaction(async (tx) => {
    const gift = (await lockGiftByCode(tx, found.code))!;
    if (gift.redeemedAt) throw refuse(ERRORS.CODE_USED, GIFT_ALREADY_REDEEMED);
    const email = body.recipientEmail?.trim() || gift.recipientEmail;
    if (email !== gift.recipientEmail) await updateGift(tx, gift.id, { recipientEmail: email });
    if (gift.deliveredAt) {
      await emit(tx, 'gift.delivered', { partnersId: ctx.partner.id, giftsId: gift.id, attempt: Date.now() });
    }
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'gift.resent',
      entityType: 'gift',
      entityId: gift.id,
      before: { recipientEmail: gift.recipientEmail },
      after: { recipientEmail: email },
    });
  });
  return getGiftForGiver(deps.db, ctx, manageCode);
}

// ------------------------------------------------------------------------------------ redeem

/**
 * The gift of a code that may be used, or its error. With `redeemer`, a gift that person redeemed
 * on this site is answered too (their own success, not "already used").
 */
async function giftOfCode(db: Db, ctx: SiteContext, raw: string, redeemer?: number): Promise<GiftRow> {
  const code = await readCode(db, 'gift', ctx.clientAddress, raw);
  const gift = await findGiftByCode(db, code);
  // A gift whose payment did not go through, or not yet delivered, is not a code anyone was given.
  if (!gift || !gift.deliveredAt) return wrongCode(db, 'gift', ctx.clientAddress, 'unknown');
  if (redeemedBy(gift, ctx, redeemer)) return gift;
  const problem = problemOf(gift, ctx.partner.id);
  if (problem) return wrongCode(db, 'gift', ctx.clientAddress, problem);
  return gift;
}

/** GET gifts/redeem/{code}: what the code gives, or why it cannot be used; its redeemer reads their own success. */
export async function previewGift(db: Db, ctx: SiteContext, raw: string): Promise<GiftPreview> {
  await requireFeature(db, ctx, Feature.Gifts);
  const viewerId = ctx.viewer?.user?.id;
  const gift = await giftOfCode(db, ctx, raw, viewerId);
  const record = await findRecord(db, ctx.partner.id, gift.sponsoredsId!);
  if (!record) throw codeError('unknown');
  return {
    redeemedByYou: redeemedBy(gift, ctx, viewerId)
      ? {
          redeemedAt: gift.redeemedAt!.toISOString(),
          endsAt: gift.paidThrough?.toISOString() ?? null,
          sponsoredsId: gift.sponsoredsId!,
        }
      : null,
    code: formatCode(gift.code),
    record: await codeRecordOf(db, ctx.partner.id, record),
    months: gift.openEnded ? null : gift.months,
    giverName: gift.giverName,
    recipientName: gift.recipientName,
    message: gift.message,
    expiresAt: gift.expiresAt?.toISOString() ?? null,
  };
}

/** POST gifts/redeem/{code}: the signed-in recipient takes up the sponsorship. */
export async function redeemGift(db: Db, ctx: SiteContext, raw: string): Promise<Redeemed> {
  await requireFeature(db, ctx, Feature.Gifts);
  if (!ctx.viewer?.user) throw unauthorized('Please sign in or sign up to redeem your gift.');
  const user = ctx.viewer.user;
  const found = await giftOfCode(db, ctx, raw);
  return db.transaction(async (tx) => {
    const gift = await lockGiftByCode(tx, found.code);
    const problem = gift ? problemOf(gift, ctx.partner.id) : 'unknown';
    if (!gift || problem) throw codeError(problem ?? 'unknown');
    const [row] = await lockSponsoreds(tx, ctx.partner.id, [gift.sponsoredsId!]);
    if (!row) throw codeError('unknown');
    const record = await findRecord(tx, ctx.partner.id, gift.sponsoredsId!);
    const already = await findActiveSponsorships(tx, ctx.partner.id, user.id, [gift.sponsoredsId!]);
    if (already.length)
      throw refuse(
        ERRORS.ALREADY_SPONSORING,
        ALREADY_SPONSORING(record ? recordNameOf(record) : 'this record'),
      );
    // The hold becomes the filled slot in the same transaction: the count never moves.
    await releaseHoldsOf(tx, gift.ordersId!);
    await changeFilledSlots(tx, gift.sponsoredsId!, 1);
    const sponsorship = await insertManualSponsorship(tx, {
      partnersId: ctx.partner.id,
      usersId: user.id,
      sponsoredsId: gift.sponsoredsId!,
    });
    const now = new Date();
    const paidThrough = addMonths(now, gift.months);
    await updateGift(tx, gift.id, {
      redeemedAt: now,
      redeemedByUsersId: user.id,
      userSponsoredsId: sponsorship.id,
      paidThrough,
    });
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'gift.redeemed',
      entityType: 'gift',
      entityId: gift.id,
      after: { userSponsoredsId: sponsorship.id, sponsoredsId: gift.sponsoredsId, paidThrough },
    });
    return {
      sponsoredsId: gift.sponsoredsId!,
      userSponsoredsId: sponsorship.id,
      endsAt: paidThrough.toISOString(),
    };
  });
}

export function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

// ------------------------------------------------------------------------------------ sweep

/**
 * gifts.sweep (every 5 minutes): invites recipients whose paid period ends within
 * GIFT_INVITE_DAYS_BEFORE days to continue by card, and ends the gift sponsorships whose period
 * has passed unconverted (freeing the slot). A converted one (no longer manual) is left as it is.
 */
export async function sweepGifts(
  db: Db,
  config: Config,
  inviteDays: number,
): Promise<{ invited: number; ended: number }> {
  let invited = 0;
  let ended = 0;
  for (const gift of await giftsToInvite(db, inviteDays)) {
    await db.transaction(async (tx) => {
      const state = gift.userSponsoredsId ? await sponsorshipState(tx, gift.userSponsoredsId) : null;
      if (!state || state.dateEnded || !state.isManual) {
        await updateGift(tx, gift.id, {
          invitedAt: new Date(),
          ...(state && !state.isManual ? { endedAt: new Date() } : {}),
        });
        return;
      }
      const partner = await findPartnerById(tx as unknown as Db, gift.partnersId);
      if (partner) await queueReminderMail(tx, partner, 'gift', gift, siteUrlConfigOf(config));
      await updateGift(tx, gift.id, { invitedAt: new Date() });
      invited += 1;
    });
  }
  for (const gift of await giftsPastPaidPeriod(db)) {
    await db.transaction(async (tx) => {
      const state = gift.userSponsoredsId ? await sponsorshipState(tx, gift.userSponsoredsId) : null;
      if (state?.isManual && !state.dateEnded && gift.userSponsoredsId) {
        await endGrantedSponsorship(tx, gift.userSponsoredsId);
        ended += 1;
        await recordAudit(tx, {
          actor: SYSTEM_ACTOR,
          partnersId: gift.partnersId,
          action: 'gift.ended',
          entityType: 'gift',
          entityId: gift.id,
          after: { userSponsoredsId: gift.userSponsoredsId },
        });
      }
      await updateGift(tx, gift.id, { endedAt: new Date() });
    });
  }
  return { invited, ended };
}
