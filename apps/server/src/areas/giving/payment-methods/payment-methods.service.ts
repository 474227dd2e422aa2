import { ERRORS } from '@kinship/domain';
import type { SavedPaymentMethod } from '@kinship/domain';
import type { Db } from '../../../db/client.ts';
import { actorOf, recordAudit } from '../../../platform/audit.ts';
import { badRequest, forbidden, unauthorized, refuse } from '../../../platform/errors.ts';
import {
  GatewayInvalidRequestError,
  type GatewayPaymentMethod,
  type PaymentGateway,
} from '../../../platform/payments/gateway.ts';
import type { JobSender } from '../../../platform/jobs.ts';
import { gatewayAccountOf } from '../../../platform/payments/index.ts';
import type { UserRow } from '../../../platform/viewer.ts';
import { compensate } from '../compensations/compensations.service.ts';
import type { PartnerRow } from '../../../db/types.ts';
import { assertSiteOpen, type SiteContext } from '../../../platform/site-context.ts';
import {
  deletePaymentMethod,
  deletePaymentMethodsNotIn,
  findGatewayCustomer,
  findPaymentMethodByGatewayId,
  findPaymentMethodById,
  findPaymentMethodsOf,
  insertPaymentMethod,
  isPayingLiveSubscription,
  saveGatewayCustomer,
  markPaymentMethodFailed,
  setDefaultPaymentMethodRow,
  type PaymentMethodRow,
} from './payment-methods.repository.ts';

export interface PaymentDeps {
  db: Db;
  gateway: PaymentGateway;
  /** Compensations the gateway fails are retried from the job queue. */
  jobs: JobSender;
}

export const PROFILE_REQUIRED = 'Please complete your profile before making a payment.';
export const BANKS_NOT_ALLOWED = 'Bank payments are not accepted here. Please use a card.';
export const PAYMENT_METHOD_NOT_FOUND = 'Payment method not found.';
export const FOREIGN_PAYMENT_METHOD = 'This payment method cannot be used.';
export const PAYMENT_METHOD_IN_USE =
  'This payment method pays for an active sponsorship. Choose another payment method for it first.';

/** The signed-in person's record, or 401 (signed out) / 400 (no person record yet). */
export function payerOf(ctx: SiteContext): UserRow {
  if (!ctx.viewer) throw unauthorized();
  if (!ctx.viewer.user) throw badRequest(PROFILE_REQUIRED);
  return ctx.viewer.user;
}

function nameOf(user: UserRow, fallback: string): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || fallback;
}

/** The person's customer at the partner's gateway account, created once (under a key per person) and reused. */
export async function ensureGatewayCustomer(
  deps: PaymentDeps,
  partner: PartnerRow,
  user: UserRow,
  contact: { email: string; name?: string },
): Promise<string> {
  const existing = await findGatewayCustomer(deps.db, partner.id, user.id);
  if (existing) return existing;
  const customerId = await deps.gateway.ensureCustomer(
    gatewayAccountOf(partner),
    { email: contact.email, name: contact.name ?? nameOf(user, contact.email) },
    `customer:${partner.id}:${user.id}`,
  );
  return saveGatewayCustomer(deps.db, partner.id, user.id, customerId);
}

export function invalidRequest(error: unknown): never {
  if (error instanceof GatewayInvalidRequestError) throw badRequest(error.message);
  throw error;
}

function rowValuesOf(partner: PartnerRow, user: UserRow, method: GatewayPaymentMethod) {
  return {
    partnersId: partner.id,
    usersId: user.id,
    gatewayPaymentMethodId: method.id,
    type: method.type,
    brand: method.card?.brand ?? null,
    last4: method.card?.last4 ?? method.usBankAccount?.last4 ?? method.acssDebit?.last4 ?? null,
    expMonth: method.card?.expMonth ?? null,
    expYear: method.card?.expYear ?? null,
    bankName: method.usBankAccount?.bankName ?? method.acssDebit?.bankName ?? null,
  };
}

/**
 * A payment method the person may pay with: one of their saved methods, or a new one from the card
 * field (attached to their customer and saved as a reference). Another person's method is refused;
 * a bank method only where the partner allows banks.
 */
export async function usablePaymentMethod(
  deps: PaymentDeps,
  partner: PartnerRow,
  user: UserRow,
  customerId: string,
  gatewayPaymentMethodId: string,
  idempotencyKey: string,
): Promise<PaymentMethodRow & { attachedNow: boolean }> {
  // A card saved in payment settings (a setup intent confirmed in the browser) is known to the
  // gateway before it is listed here: bring the list in step so it is not taken for a new card.
  const saved =
    (await findPaymentMethodByGatewayId(deps.db, gatewayPaymentMethodId)) ??
    (await syncPaymentMethods(deps, partner, user)).rows.get(gatewayPaymentMethodId) ??
    null;
  if (saved) {
    if (saved.usersId !== user.id || saved.partnersId !== partner.id)
      throw badRequest(FOREIGN_PAYMENT_METHOD);
    if (saved.type !== 'card' && !partner.allowBanks)
      throw refuse(ERRORS.BANKS_NOT_ALLOWED, BANKS_NOT_ALLOWED);
    return { ...saved, attachedNow: false };
  }
  const account = gatewayAccountOf(partner);
  const method = await deps.gateway
    .attachPaymentMethod(account, customerId, gatewayPaymentMethodId, idempotencyKey)
    .catch(invalidRequest);
  if (method.type !== 'card' && !partner.allowBanks) {
    // A detach the gateway fails is recorded and retried by the job queue until it succeeds.
    await compensate(
      deps,
      account,
      { partnersId: partner.id },
      { action: 'detach_payment_method', paymentMethodId: method.id },
    );
    throw refuse(ERRORS.BANKS_NOT_ALLOWED, BANKS_NOT_ALLOWED);
  }
  const row = await insertPaymentMethod(deps.db, rowValuesOf(partner, user, method), {
    defaultWhenFirst: false,
  });
  return { ...row, attachedNow: true };
}

/**
 * After a declined payment: a method entered for this payment is detached at the gateway and
 * forgotten (never kept, never a default); a saved one is marked as failed and loses the default.
 */
export async function settleDeclinedPaymentMethod(
  deps: PaymentDeps,
  partner: PartnerRow,
  paymentMethodsId: number | null | undefined,
  attachedNow: boolean,
): Promise<void> {
  if (paymentMethodsId === null || paymentMethodsId === undefined) return;
  const row = await findPaymentMethodById(deps.db, partner.id, paymentMethodsId);
  if (!row) return;
  if (
    attachedNow &&
    !row.isDefault &&
    row.lastPaidAt === null &&
    !(await isPayingLiveSubscription(deps.db, partner.id, row.id))
  ) {
    await deps.gateway
      .detachPaymentMethod(gatewayAccountOf(partner), row.gatewayPaymentMethodId)
      .catch(() => undefined);
    await deletePaymentMethod(deps.db, partner.id, row.id);
    return;
  }
  await deps.db.transaction((tx) => markPaymentMethodFailed(tx, partner.id, row.id));
}

function savedView(row: PaymentMethodRow, method: GatewayPaymentMethod | null): SavedPaymentMethod {
  const lastPaymentFailed =
    row.lastFailedAt !== null && (row.lastPaidAt === null || row.lastPaidAt < row.lastFailedAt);
  if (method) return { ...method, isDefault: row.isDefault, lastPaymentFailed };
  return {
    id: row.gatewayPaymentMethodId,
    type: row.type as SavedPaymentMethod['type'],
    card:
      row.type === 'card'
        ? {
            brand: row.brand ?? 'unknown',
            last4: row.last4 ?? '',
            expMonth: row.expMonth ?? 0,
            expYear: row.expYear ?? 0,
          }
        : null,
    usBankAccount:
      row.type === 'us_bank_account'
        ? { bankName: row.bankName, last4: row.last4 ?? '', routingNumber: null, accountType: null }
        : null,
    acssDebit: row.type === 'acss_debit' ? { bankName: row.bankName, last4: row.last4 ?? '' } : null,
    isDefault: row.isDefault,
    lastPaymentFailed,
  };
}

/** A saved method as the settings page shows it, from the stored reference alone; null when gone. */
export async function savedPaymentMethodById(
  db: Db,
  partnersId: number,
  id: number | null,
): Promise<SavedPaymentMethod | null> {
  if (id === null) return null;
  const row = await findPaymentMethodById(db, partnersId, id);
  return row ? savedView(row, null) : null;
}

/** GET payments/setupintent: a setup intent for the person's customer at this partner. */
export async function getSetupIntent(
  deps: PaymentDeps,
  ctx: SiteContext,
): Promise<{ id: string; clientSecret: string }> {
  assertSiteOpen(ctx);
  const user = payerOf(ctx);
  const account = gatewayAccountOf(ctx.partner);
  const customerId = await ensureGatewayCustomer(deps, ctx.partner, user, {
    email: user.email ?? ctx.viewer!.email,
  });
  return deps.gateway.createSetupIntent(account, customerId).catch(invalidRequest);
}

/**
 * The person's methods as the gateway has them (methods saved through a setup intent appear there
 * first), with the stored references brought in step: new ones saved, detached ones dropped, and
 * a default flagged when there are any.
 */
async function syncPaymentMethods(
  deps: PaymentDeps,
  partner: PartnerRow,
  user: UserRow,
): Promise<{ methods: GatewayPaymentMethod[]; rows: Map<string, PaymentMethodRow> }> {
  const customerId = await findGatewayCustomer(deps.db, partner.id, user.id);
  if (!customerId) return { methods: [], rows: new Map() };
  const methods = await deps.gateway
    .listPaymentMethods(gatewayAccountOf(partner), customerId)
    .catch(invalidRequest);
  await deletePaymentMethodsNotIn(
    deps.db,
    partner.id,
    user.id,
    methods.map((m) => m.id),
  );
  const rows = new Map(
    (await findPaymentMethodsOf(deps.db, partner.id, user.id)).map((r) => [r.gatewayPaymentMethodId, r]),
  );
  for (const method of methods) {
    if (!rows.has(method.id))
      rows.set(method.id, await insertPaymentMethod(deps.db, rowValuesOf(partner, user, method)));
  }
  if (methods.length > 0 && ![...rows.values()].some((r) => r.isDefault)) {
    await deps.db.transaction((tx) => setDefaultPaymentMethodRow(tx, partner.id, user.id, null));
    for (const row of await findPaymentMethodsOf(deps.db, partner.id, user.id))
      rows.set(row.gatewayPaymentMethodId, row);
  }
  return { methods, rows };
}

/**
 * GET payments/{userId}/paymentmethods: the person's own saved methods at this partner, the default
 * flagged. Bank methods are left out where the partner takes cards only.
 */
export async function listPaymentMethods(
  deps: PaymentDeps,
  ctx: SiteContext,
  usersId: number,
): Promise<SavedPaymentMethod[]> {
  assertSiteOpen(ctx);
  const user = payerOf(ctx);
  if (user.id !== usersId) throw forbidden('You can only see your own payment methods.');
  const { methods, rows } = await syncPaymentMethods(deps, ctx.partner, user);
  return methods
    .filter((m) => m.type === 'card' || ctx.partner.allowBanks)
    .map((m) => savedView(rows.get(m.id)!, m));
}

/** One of the person's saved methods at this partner, or 404 (another person's methods are not revealed). */
async function ownMethod(
  deps: PaymentDeps,
  ctx: SiteContext,
  gatewayPaymentMethodId: string,
): Promise<{ user: UserRow; row: PaymentMethodRow }> {
  assertSiteOpen(ctx);
  const user = payerOf(ctx);
  const mine = (row: PaymentMethodRow | null | undefined): row is PaymentMethodRow =>
    Boolean(row && row.usersId === user.id && row.partnersId === ctx.partner.id);
  let row = await findPaymentMethodByGatewayId(deps.db, gatewayPaymentMethodId);
  // Saved through a setup intent and not listed yet: the gateway knows it.
  if (!row)
    row = (await syncPaymentMethods(deps, ctx.partner, user)).rows.get(gatewayPaymentMethodId) ?? null;
  if (!mine(row)) throw refuse(ERRORS.PAYMENT_METHOD_NOT_FOUND, PAYMENT_METHOD_NOT_FOUND);
  return { user, row };
}

/** What the audit trail keeps of a saved method: its kind and last digits, never more of the card. */
function methodFields(row: PaymentMethodRow) {
  return { type: row.type, brand: row.brand, last4: row.last4, isDefault: row.isDefault };
}

/** DELETE payments/paymentmethod/{id}: detaches one of the person's methods (not one paying a live subscription). */
export async function removePaymentMethod(
  deps: PaymentDeps,
  ctx: SiteContext,
  gatewayPaymentMethodId: string,
): Promise<void> {
  const { user, row } = await ownMethod(deps, ctx, gatewayPaymentMethodId);
  if (await isPayingLiveSubscription(deps.db, ctx.partner.id, row.id))
    throw refuse(ERRORS.PAYMENT_METHOD_IN_USE, PAYMENT_METHOD_IN_USE);
  const account = gatewayAccountOf(ctx.partner);
  await deps.gateway.detachPaymentMethod(account, row.gatewayPaymentMethodId).catch(invalidRequest);
  await deps.db.transaction(async (tx) => {
    await deletePaymentMethod(tx, ctx.partner.id, row.id);
    if (row.isDefault) await setDefaultPaymentMethodRow(tx, ctx.partner.id, user.id, null);
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'payment_method.deleted',
      entityType: 'payment_method',
      entityId: row.id,
      before: methodFields(row),
    });
  });
  if (row.isDefault) {
    const next = (await findPaymentMethodsOf(deps.db, ctx.partner.id, user.id)).find((r) => r.isDefault);
    const customerId = await findGatewayCustomer(deps.db, ctx.partner.id, user.id);
    if (next && customerId) {
      await deps.gateway
        .setDefaultPaymentMethod(account, customerId, next.gatewayPaymentMethodId)
        .catch(invalidRequest);
    }
  }
}

/** PUT payments/updatedefaultpaymentmethod/{id}: makes one of the person's methods their default; answers the list. */
export async function makeDefaultPaymentMethod(
  deps: PaymentDeps,
  ctx: SiteContext,
  gatewayPaymentMethodId: string,
): Promise<SavedPaymentMethod[]> {
  const { user, row } = await ownMethod(deps, ctx, gatewayPaymentMethodId);
  const customerId = await findGatewayCustomer(deps.db, ctx.partner.id, user.id);
  if (!customerId) throw refuse(ERRORS.PAYMENT_METHOD_NOT_FOUND, PAYMENT_METHOD_NOT_FOUND);
  await deps.gateway
    .setDefaultPaymentMethod(gatewayAccountOf(ctx.partner), customerId, row.gatewayPaymentMethodId)
    .catch(invalidRequest);
  await deps.db.transaction(async (tx) => {
    await setDefaultPaymentMethodRow(tx, ctx.partner.id, user.id, row.id);
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'payment_method.made_default',
      entityType: 'payment_method',
      entityId: row.id,
      before: { isDefault: row.isDefault },
      after: { isDefault: true },
    });
  });
  return listPaymentMethods(deps, ctx, user.id);
}
