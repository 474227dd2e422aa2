import { ERRORS } from '@kinship/domain';
import type { Config } from '../../../config.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { refuse } from '../../../platform/errors.ts';
import type { GatewayEvent, PaymentGateway } from '../../../platform/payments/gateway.ts';
import {
  recordGatewayDispute,
  recordGatewayRefund,
  withPaymentReferences,
} from '../ledger/gateway-ledger.service.ts';
import { noteAccountStatus } from '../../partners/index.ts';
import {
  applySubscriptionStatus,
  recordSubscriptionPayment,
  recordSubscriptionPaymentFailure,
} from '../subscriptions/subscriptions.service.ts';
import {
  lockEvent,
  lockSubject,
  markEventProcessed,
  newerEventProcessed,
  recordEventArrival,
} from './webhooks.repository.ts';

export const INVALID_WEBHOOK_SIGNATURE = 'Invalid webhook signature.';

interface WebhookDeps {
  db: Db;
  gateway: PaymentGateway;
  config?: Config;
}

/** What the event is about, for ordering: state events of one subject are applied newest-wins. */
function subjectOf(event: GatewayEvent): string | null {
  switch (event.type) {
    case 'payment.succeeded':
    case 'payment.failed':
      return event.subscriptionId;
    case 'subscription.updated':
    case 'subscription.deleted':
      return event.subscriptionId;
    case 'account.updated':
      return event.accountId;
    // Refunds and disputes are also serialised by their payment's row lock.
    case 'refund.updated':
      return `refund:${event.refund.refundId}`;
    case 'dispute.updated':
      return `dispute:${event.dispute.disputeId}`;
    default:
      return null;
  }
}

const storedType = (event: GatewayEvent) =>
  event.type === 'ignored' ? `ignored:${event.providerType}` : event.type;

/**
 * Reconciles Kinship's records from the event's own object. Subscription and account events are
 * states: one older than a state already applied is skipped, and a deleted subscription stays
 * deleted, so any delivery order ends in the same state. Payments are facts recorded once per charge.
 */
async function applyEvent(tx: Tx, event: GatewayEvent): Promise<void> {
  switch (event.type) {
    case 'payment.succeeded':
      // One-off charges are recorded when they are made; only subscription payments arrive here first.
      if (event.subscriptionId) {
        await recordSubscriptionPayment(tx, {
          gatewaySubscriptionId: event.subscriptionId,
          chargeId: event.chargeId,
          amount: event.amount,
          created: event.created,
        });
      }
      return;
    case 'payment.failed':
      if (event.subscriptionId) {
        await recordSubscriptionPaymentFailure(tx, {
          gatewaySubscriptionId: event.subscriptionId,
          chargeId: event.chargeId,
          message: event.message,
          declineCode: event.declineCode ?? null,
        });
      }
      return;
    case 'subscription.updated':
    case 'subscription.deleted': {
      if (event.type === 'subscription.updated') {
        const superseded = await newerEventProcessed(tx, {
          subjectId: event.subscriptionId,
          types: ['subscription.updated', 'subscription.deleted'],
          id: event.id,
          eventCreatedAt: event.created,
        });
        if (superseded) return;
      }
      await applySubscriptionStatus(tx, {
        gatewaySubscriptionId: event.subscriptionId,
        status: event.type === 'subscription.deleted' ? 'canceled' : event.status,
        currentPeriodEnd: event.currentPeriodEnd,
      });
      return;
    }
    case 'account.updated': {
      const superseded = await newerEventProcessed(tx, {
        subjectId: event.accountId,
        types: ['account.updated'],
        id: event.id,
        eventCreatedAt: event.created,
      });
      if (!superseded) await noteAccountStatus(tx, event.accountId, event.chargesEnabled);
      return;
    }
    // Refunds and disputes, Kinship's own or made at the provider, reach the one refund ledger
    // (decision 055); their states only move forward, so the order of delivery does not matter.
    case 'refund.updated':
      await recordGatewayRefund(tx, event.refund);
      return;
    case 'charge.refunded':
      for (const refund of event.refunds) await recordGatewayRefund(tx, refund);
      return;
    case 'dispute.updated':
      await recordGatewayDispute(tx, event.dispute);
      return;
    default:
      return;
  }
}

/**
 * Processes a verified event exactly once: its arrival is noted first (insert, or nothing on a
 * redelivery), then, under a lock on its subject and its row, it is applied and marked processed
 * in one transaction, so a crash in between leaves it to the provider's next delivery. The
 * processing makes no network call.
 */
export async function processGatewayEvent(
  deps: { db: Db; config?: Config },
  event: GatewayEvent,
): Promise<'processed' | 'duplicate'> {
  const subjectId = subjectOf(event);
  await recordEventArrival(deps.db, {
    id: event.id,
    type: storedType(event),
    subjectId,
    eventCreatedAt: event.created,
  });
  return deps.db.transaction(async (tx) => {
    if (subjectId) await lockSubject(tx, subjectId);
    const row = await lockEvent(tx, event.id);
    if (row?.processedAt) return 'duplicate';
    await applyEvent(tx, event);
    await markEventProcessed(tx, event.id);
    return 'processed';
  });
}

/** POST payments/webhook: verifies the delivery on its raw body, then processes it once. */
export async function receiveWebhook(
  deps: WebhookDeps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ received: true; duplicate: boolean }> {
  let event: GatewayEvent;
  try {
    event = deps.gateway.verifyWebhook(rawBody, signature);
  } catch {
    throw refuse(ERRORS.WEBHOOK_SIGNATURE_INVALID, INVALID_WEBHOOK_SIGNATURE);
  }
  event = await withPaymentReferences(deps, event);
  const outcome = await processGatewayEvent(deps, event);
  return { received: true, duplicate: outcome === 'duplicate' };
}
