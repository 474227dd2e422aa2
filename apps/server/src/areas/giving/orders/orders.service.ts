import { CART_ISSUE_MESSAGE, ERRORS } from '@kinship/domain';
import type { Config } from '../../../config.ts';
import type { Db, Tx } from '../../../db/client.ts';
import type { HttpError } from '../../../platform/errors.ts';
import { badRequest, refuse } from '../../../platform/errors.ts';
import type { PartnerRow } from '../../../db/types.ts';
import { emit } from '../../../platform/events.ts';
import { newReceiptCode, receiptUrl } from '../receipts/receipts.service.ts';
import {
  findOrderById,
  findOrderByIdempotencyKey,
  insertOrder,
  insertPaymentRow,
  lockPaymentByChargeId,
  markOrderFailed,
  updatePaymentRow,
  releaseHoldsOfOrder,
  type NewOrderRow,
  type OrderRow,
  type PaymentRow,
} from './orders.repository.ts';

/**
 * Orders are the money path's ledger: one per checkout or donation attempt, created pending before
 * anything is charged, and ended succeeded (with its receipt) or failed (with the reason) exactly
 * once. The same `Idempotency-Key` request header on a partner's site names the same order, so a
 * retried request replays the first answer instead of charging again.
 */

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_REUSED = 'This Idempotency-Key was already used for a different request.';
export const ORDER_STILL_PROCESSING =
  'This payment is still being processed. Please check again in a minute.';

/** How long a request sent again with the same key waits for the first one to finish. */
const REPLAY_WAIT_MS = 20_000;

/** The Idempotency-Key header, or null when absent (no key is ever derived from the body). */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | null {
  const raw = headers[IDEMPOTENCY_KEY_HEADER];
  if (raw === undefined) return null;
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
    throw badRequest('The Idempotency-Key header must be 1 to 255 visible ASCII characters.');
  }
  return key;
}

export function siteUrlConfigOf(config: Config): { PUBLIC_URL: string | undefined; PORT: number } {
  return { PUBLIC_URL: config.PUBLIC_URL, PORT: config.PORT };
}

function causeOf(error: unknown): { code?: string; constraint?: string } {
  const e = error as { code?: string; constraint?: string; cause?: unknown } | null;
  if (e && typeof e.code === 'string') return e;
  if (e?.cause) return causeOf(e.cause);
  return {};
}

/** A unique violation (of a named constraint or index when given), however the driver wrapped it. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const cause = causeOf(error);
  if (cause.code !== '23505') return false;
  if (!constraint) return true;
  return (
    cause.constraint === constraint ||
    String((error as Error).message ?? '').includes(constraint) ||
    !cause.constraint
  );
}

export function isCheckViolation(error: unknown): boolean {
  return causeOf(error).code === '23514';
}

/** Creates the pending order; null when its idempotency key was taken by a concurrent request. */
export async function createPendingOrder(db: Db, values: NewOrderRow): Promise<OrderRow | null> {
  try {
    return await insertOrder(db, values);
  } catch (error) {
    if (values.idempotencyKey && isUniqueViolation(error, 'orders_idempotency')) return null;
    throw error;
  }
}

/** Ends a pending order as failed and frees its slots. */
export async function failOrder(
  db: Db,
  partnersId: number,
  ordersId: number,
  message: string,
): Promise<void> {
  await markOrderFailed(db, partnersId, ordersId, message);
  await releaseHoldsOfOrder(db, partnersId, ordersId);
}

/**
 * The answer a failed order gave, given again to a replay. An order fails with the cart message
 * only when its slots were taken while it was paid for (checkout's confirmation), so that is
 * `slots_full` (decision 067).
 */
export function failureOf(message: string | null): HttpError {
  if (message === CART_ISSUE_MESSAGE) return refuse(ERRORS.SLOTS_FULL, message);
  return refuse(ERRORS.PAYMENT_DECLINED, message ?? 'The payment failed.');
}

/**
 * The answer to a request sent again with an Idempotency-Key already used on this site: the same
 * receipt, or the same failure. A request still in flight is waited for (up to 20 seconds).
 */
export async function replayOrder(
  db: Db,
  partner: PartnerRow,
  config: Config,
  order: OrderRow,
  expected: { kind: 'subscription' | 'donation'; usersId: number | null },
): Promise<string> {
  if (order.kind !== expected.kind || (order.usersId ?? null) !== expected.usersId) {
    throw refuse(ERRORS.IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_REUSED);
  }
  let current: OrderRow | null = order;
  const deadline = Date.now() + REPLAY_WAIT_MS;
  let pause = 25;
  while (current && current.status === 'pending' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, pause));
    pause = Math.min(pause * 2, 500);
    current = await findOrderById(db, partner.id, order.id);
  }
  if (!current || current.status === 'pending')
    throw refuse(ERRORS.ORDER_IN_PROGRESS, ORDER_STILL_PROCESSING);
  if (current.status === 'failed') throw failureOf(current.failureMessage);
  return receiptUrl(partner, current.receiptCode!, siteUrlConfigOf(config));
}

/** An order named by an Idempotency-Key on this partner's site, if any. */
export function orderByIdempotencyKey(
  db: Db,
  partnersId: number,
  key: string | null,
): Promise<OrderRow | null> {
  return key ? findOrderByIdempotencyKey(db, partnersId, key) : Promise.resolve(null);
}

export interface SucceededPayment {
  partnersId: number;
  ordersId: number | null;
  subscriptionsId: number | null;
  donationsId: number | null;
  gatewayChargeId: string | null;
  amount: number;
  applicationFee: number;
  currency: string;
  createdAt?: Date;
}

/**
 * Records a settled payment with its unguessable receipt code and emits payment.succeeded in the
 * same transaction (its subscriber queues the receipt email, decision 063). Idempotent on the gateway's charge id: a payment already recorded is answered
 * as it is (no second receipt), and one recorded as failed that later succeeded (a retried
 * invoice) becomes succeeded and gets its receipt.
 */
export async function recordSucceededPayment(
  tx: Tx,
  values: SucceededPayment,
): Promise<{ payment: PaymentRow; created: boolean }> {
  const queue = async (payment: PaymentRow) => {
    await emit(tx, 'payment.succeeded', { partnersId: payment.partnersId, paymentsId: payment.id });
    return { payment, created: true };
  };
  const existing = values.gatewayChargeId ? await lockPaymentByChargeId(tx, values.gatewayChargeId) : null;
  if (existing && existing.status !== 'failed') return { payment: existing, created: false };
  const settled = {
    status: 'succeeded',
    receiptCode: newReceiptCode(),
    amount: values.amount,
    applicationFee: values.applicationFee,
  };
  if (existing) return queue(await updatePaymentRow(tx, existing.id, settled));
  const inserted = await insertPaymentRow(tx, {
    partnersId: values.partnersId,
    ordersId: values.ordersId,
    subscriptionsId: values.subscriptionsId,
    donationsId: values.donationsId,
    gatewayChargeId: values.gatewayChargeId,
    currency: values.currency,
    ...settled,
    ...(values.createdAt ? { createdAt: values.createdAt } : {}),
  });
  if (!inserted) {
    // A concurrent writer recorded the same charge first.
    return { payment: (await lockPaymentByChargeId(tx, values.gatewayChargeId!))!, created: false };
  }
  return queue(inserted);
}

/**
 * Records a failed payment attempt (no receipt) with the card's decline code and message;
 * idempotent on the charge id (a failed invoice attempted again keeps one row, with the latest decline).
 */
export async function recordFailedPayment(
  tx: Tx,
  values: Omit<SucceededPayment, 'applicationFee'> & {
    gatewayChargeId: string;
    failureCode?: string | null;
    failureMessage?: string | null;
  },
): Promise<void> {
  const inserted = await insertPaymentRow(tx, {
    partnersId: values.partnersId,
    ordersId: values.ordersId,
    subscriptionsId: values.subscriptionsId,
    donationsId: values.donationsId,
    gatewayChargeId: values.gatewayChargeId,
    amount: values.amount,
    currency: values.currency,
    status: 'failed',
    failureCode: values.failureCode ?? null,
    failureMessage: values.failureMessage ?? null,
    ...(values.createdAt ? { createdAt: values.createdAt } : {}),
  });
  if (inserted || values.failureMessage === undefined) return;
  const existing = await lockPaymentByChargeId(tx, values.gatewayChargeId);
  if (existing?.status === 'failed') {
    await updatePaymentRow(tx, existing.id, {
      failureCode: values.failureCode ?? null,
      failureMessage: values.failureMessage ?? null,
    });
  }
}
