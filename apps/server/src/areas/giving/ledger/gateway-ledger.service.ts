import { ERRORS } from '@kinship/domain';
import type { Db, Tx } from '../../../db/types.ts';
import { SYSTEM_ACTOR, recordAudit, type AuditActor } from '../../../platform/audit.ts';
import { refuse } from '../../../platform/errors.ts';
import type {
  GatewayDispute,
  GatewayDisputeStatus,
  GatewayEvent,
  GatewayRefund,
  GatewayRefundStatus,
  PaymentGateway,
} from '../../../platform/payments/gateway.ts';
import { emit } from '../../../platform/events.ts';
import {
  adjustRefundedAmount,
  hasPendingRefunds,
  insertDispute,
  insertRefund,
  lockDispute,
  lockPayment,
  lockPaymentByRefs,
  lockRefund,
  lockRefundByGatewayId,
  paymentExistsForRefs,
  setPaymentStatus,
  updateDispute,
  updateRefund,
  type PaymentRowForUpdate,
  type RefundRow,
} from './giving.repository.ts';

/*
 * One refund ledger (decision 055): refunds made by staff in Kinship, refunds made at the provider
 * (the partner's dashboard) and disputes the partner lost are all rows of payment_refunds, reserved
 * on payments.refunded_amount, so the receipt, the reports, the Donations section and a sponsor's
 * giving count them alike. Provider events are applied under the payment's row lock; a refund's and
 * a dispute's states only move forward, so any delivery order and any redelivery end in one state.
 */

export const OUTSIDE_REFUND_REASON = 'Refunded at the payment provider';
export const disputeLostReason = (reason: string | null) =>
  reason ? `Dispute lost (${reason.replace(/_/g, ' ')})` : 'Dispute lost';
export const REFUND_EXCEEDS_PAYMENT =
  'The provider reports a refund larger than what remains of the payment; a refund still pending here must settle first.';

type LedgerStatus = 'pending' | 'succeeded' | 'failed';

const REFUND_RANK: Record<LedgerStatus, number> = { pending: 0, succeeded: 1, failed: 2 };
const ledgerStatusOf = (status: GatewayRefundStatus): LedgerStatus =>
  status === 'canceled' ? 'failed' : status;

/**
 * A pending refund is confirmed: the payment's status follows (refunded when nothing remains), the
 * audit trail records it and, unless it is a dispute (the donor asked their bank, not the
 * partner), the donor is told through the outbox.
 */
export async function confirmRefund(
  tx: Tx,
  refund: RefundRow,
  gatewayRefundId: string | null,
  actor: AuditActor,
): Promise<void> {
  const settledAt = new Date();
  await updateRefund(tx, refund.id, {
    status: 'succeeded',
    ...(gatewayRefundId ? { gatewayRefundId } : {}),
    settledAt,
  });
  const current = await lockPayment(tx, refund.partnersId, refund.paymentsId);
  if (current && current.refundedAmount >= current.amount && !(await hasPendingRefunds(tx, current.id))) {
    await setPaymentStatus(tx, current.id, 'refunded');
  }
  await recordAudit(tx, {
    actor,
    partnersId: refund.partnersId,
    action: 'payment.refunded',
    entityType: 'payment',
    entityId: refund.paymentsId,
    details: {
      refundId: refund.id,
      amount: refund.amount,
      reason: refund.reason,
      gatewayRefundId: gatewayRefundId ?? refund.gatewayRefundId,
      source: refund.source,
    },
  });
  if (refund.source !== 'dispute') {
    await emit(tx, 'payment.refunded', {
      partnersId: refund.partnersId,
      paymentsId: refund.paymentsId,
      refundId: refund.id,
      amount: refund.amount,
      settledAt: settledAt.toISOString(),
    });
  }
}

/** A refund that did not happen: its reservation is released and the payment is paid again. */
export async function releaseRefund(
  tx: Tx,
  refund: RefundRow,
  message: string,
  actor: AuditActor,
): Promise<void> {
  await updateRefund(tx, refund.id, { status: 'failed', failureMessage: message, settledAt: new Date() });
  await adjustRefundedAmount(tx, refund.paymentsId, -refund.amount);
  const current = await lockPayment(tx, refund.partnersId, refund.paymentsId);
  if (current?.status === 'refunded' && current.refundedAmount < current.amount) {
    await setPaymentStatus(tx, current.id, 'succeeded');
  }
  await recordAudit(tx, {
    actor,
    partnersId: refund.partnersId,
    action: 'payment.refund_failed',
    entityType: 'payment',
    entityId: refund.paymentsId,
    details: { refundId: refund.id, amount: refund.amount, message },
  });
}

/** Kinship's own refund named by the key it gave the provider (`refund:{id}`), on this payment. */
async function ownRefundOf(tx: Tx, payment: PaymentRowForUpdate, kinshipKey: string | null) {
  const id = kinshipKey ? /^refund:(\d+)$/.exec(kinshipKey)?.[1] : undefined;
  if (!id) return null;
  const own = await lockRefund(tx, Number(id));
  return own && own.paymentsId === payment.id ? own : null;
}

/**
 * Applies the provider's state of one refund: a refund Kinship made (found by its provider id, or
 * by the key Kinship gave it) moves forward; a refund made outside Kinship is added once (its
 * provider id is unique) and reserved like a staff refund. Answers what happened.
 */
export async function recordGatewayRefund(
  tx: Tx,
  refund: GatewayRefund,
): Promise<'recorded' | 'updated' | 'unchanged' | 'unmatched'> {
  const payment = await lockPaymentByRefs(tx, refund.paymentRefs);
  if (!payment) return 'unmatched';
  const status = ledgerStatusOf(refund.status);
  let row = await lockRefundByGatewayId(tx, refund.refundId);
  if (!row) {
    row = await ownRefundOf(tx, payment, refund.kinshipKey);
    if (row && !row.gatewayRefundId) {
      await updateRefund(tx, row.id, { gatewayRefundId: refund.refundId });
      row = { ...row, gatewayRefundId: refund.refundId };
    }
  }
  if (row) {
    const current = row.status as LedgerStatus;
    if (REFUND_RANK[status] <= REFUND_RANK[current]) return 'unchanged';
    if (status === 'succeeded') await confirmRefund(tx, row, refund.refundId, SYSTEM_ACTOR);
    else await releaseRefund(tx, row, 'The payment provider reports that the refund failed.', SYSTEM_ACTOR);
    return 'updated';
  }
  // Made outside Kinship. A failed one is kept (so a late "pending" of it changes nothing) unreserved.
  if (status !== 'failed' && refund.amount > payment.amount - payment.refundedAmount) {
    throw refuse(ERRORS.REFUND_EXCEEDS_PAYMENT, REFUND_EXCEEDS_PAYMENT);
  }
  const inserted = await insertRefund(tx, {
    partnersId: payment.partnersId,
    paymentsId: payment.id,
    amount: refund.amount,
    reason: OUTSIDE_REFUND_REASON,
    requestKey: `gateway:${refund.refundId}`,
    status: status === 'failed' ? 'failed' : 'pending',
    gatewayRefundId: refund.refundId,
    source: 'gateway',
    ...(status === 'failed' ? { settledAt: new Date() } : {}),
  });
  if (status === 'failed') return 'recorded';
  await adjustRefundedAmount(tx, payment.id, refund.amount);
  await recordAudit(tx, {
    actor: SYSTEM_ACTOR,
    partnersId: payment.partnersId,
    action: 'payment.refund_recorded',
    entityType: 'payment',
    entityId: payment.id,
    before: { refundedAmount: payment.refundedAmount },
    after: { refundedAmount: payment.refundedAmount + refund.amount },
    details: {
      refundId: inserted.id,
      gatewayRefundId: refund.refundId,
      amount: refund.amount,
      source: 'gateway',
    },
  });
  if (status === 'succeeded') await confirmRefund(tx, inserted, refund.refundId, SYSTEM_ACTOR);
  return 'recorded';
}

/** Stages of a dispute: it only moves forward, and a closed one (won, lost, warning closed) is final. */
const DISPUTE_RANK: Record<GatewayDisputeStatus, number> = {
  warning_needs_response: 0,
  needs_response: 0,
  warning_under_review: 1,
  under_review: 1,
  warning_closed: 2,
  won: 2,
  lost: 2,
};

/**
 * Applies the provider's state of a dispute: the dispute row follows its stages (audited); a lost
 * dispute is booked once in the refund ledger (`dispute:{id}`, source dispute) for what remained
 * of the payment, so the receipt, the reports and the Donations section count it like a refund.
 */
export async function recordGatewayDispute(
  tx: Tx,
  dispute: GatewayDispute,
): Promise<'recorded' | 'updated' | 'unchanged' | 'unmatched'> {
  const payment = await lockPaymentByRefs(tx, dispute.paymentRefs);
  if (!payment) return 'unmatched';
  const existing = await lockDispute(tx, dispute.disputeId);
  let outcome: 'recorded' | 'updated';
  if (!existing) {
    await insertDispute(tx, {
      partnersId: payment.partnersId,
      paymentsId: payment.id,
      gatewayDisputeId: dispute.disputeId,
      amount: dispute.amount,
      status: dispute.status,
      reason: dispute.reason,
    });
    await recordAudit(tx, {
      actor: SYSTEM_ACTOR,
      partnersId: payment.partnersId,
      action: 'payment.disputed',
      entityType: 'payment',
      entityId: payment.id,
      after: { dispute: dispute.status },
      details: { gatewayDisputeId: dispute.disputeId, amount: dispute.amount, reason: dispute.reason },
    });
    outcome = 'recorded';
  } else {
    const before = existing.status as GatewayDisputeStatus;
    if (DISPUTE_RANK[before] === 2 || DISPUTE_RANK[dispute.status] < DISPUTE_RANK[before]) return 'unchanged';
    if (before === dispute.status && existing.amount === dispute.amount) return 'unchanged';
    await updateDispute(tx, existing.id, {
      status: dispute.status,
      amount: dispute.amount,
      reason: dispute.reason ?? existing.reason,
      updatedAt: new Date(),
    });
    await recordAudit(tx, {
      actor: SYSTEM_ACTOR,
      partnersId: payment.partnersId,
      action: 'payment.dispute_updated',
      entityType: 'payment',
      entityId: payment.id,
      before: { dispute: before },
      after: { dispute: dispute.status },
      details: { gatewayDisputeId: dispute.disputeId, amount: dispute.amount },
    });
    outcome = 'updated';
  }
  if (dispute.status === 'lost') await bookLostDispute(tx, payment, dispute);
  return outcome;
}

async function bookLostDispute(tx: Tx, payment: PaymentRowForUpdate, dispute: GatewayDispute) {
  const key = `dispute:${dispute.disputeId}`;
  if (await lockRefundByGatewayId(tx, key)) return;
  const current = (await lockPayment(tx, payment.partnersId, payment.id))!;
  const amount = Math.min(dispute.amount, current.amount - current.refundedAmount);
  if (amount <= 0) return;
  const row = await insertRefund(tx, {
    partnersId: payment.partnersId,
    paymentsId: payment.id,
    amount,
    reason: disputeLostReason(dispute.reason),
    requestKey: key,
    status: 'pending',
    gatewayRefundId: key,
    source: 'dispute',
  });
  await adjustRefundedAmount(tx, payment.id, amount);
  await confirmRefund(tx, row, key, SYSTEM_ACTOR);
}

/** The provider references a refund or dispute event names, or null for other events. */
export function paymentRefsOf(event: GatewayEvent): string[] | null {
  switch (event.type) {
    case 'refund.updated':
      return event.refund.paymentRefs;
    case 'charge.refunded':
      return event.paymentRefs;
    case 'dispute.updated':
      return event.dispute.paymentRefs;
    default:
      return null;
  }
}

/**
 * Before a refund or dispute event is applied: when its references match no payment, asks the
 * provider for the reference Kinship stored (Stripe: the invoice a subscription charge paid), with
 * no transaction open. An event still matching nothing concerns a charge Kinship did not make.
 */
export async function withPaymentReferences(
  deps: { db: Db; gateway: PaymentGateway },
  event: GatewayEvent,
): Promise<GatewayEvent> {
  const refs = paymentRefsOf(event);
  if (!refs || !('accountId' in event) || !event.accountId) return event;
  if (await paymentExistsForRefs(deps.db, refs)) return event;
  let resolved: string[];
  try {
    resolved = await deps.gateway.paymentReferencesOf({ accountId: event.accountId, currency: 'usd' }, refs);
  } catch {
    return event;
  }
  switch (event.type) {
    case 'refund.updated':
      return { ...event, refund: { ...event.refund, paymentRefs: resolved } };
    case 'charge.refunded':
      return {
        ...event,
        paymentRefs: resolved,
        refunds: event.refunds.map((r) => ({ ...r, paymentRefs: resolved })),
      };
    case 'dispute.updated':
      return { ...event, dispute: { ...event.dispute, paymentRefs: resolved } };
    default:
      return event;
  }
}
