import type { Db } from '../../../db/client.ts';
import type { JobSender } from '../../../platform/jobs.ts';
import type { GatewayAccount, PaymentGateway } from '../../../platform/payments/gateway.ts';
import { gatewayAccountOf } from '../../../platform/payments/index.ts';
import { compensateJob } from './compensations.jobs.ts';
import {
  findCompensation,
  insertCompensation,
  listCompensations,
  markCompensationAttemptFailed,
  markCompensationDone,
  type CompensationRow,
} from './compensations.repository.ts';

/**
 * Money-path compensations: undoing at the gateway what a failed flow left there (a subscription
 * created for slots that were taken meanwhile, its first charge, a bank method the partner does
 * not accept). One that fails is never dropped: it is recorded in `payment_compensations` and the
 * `payments.compensate` job retries it, with backoff, until the gateway confirms it. Every gateway
 * call used here is idempotent (cancel twice is done, detach twice is done, refunds carry a key).
 */

export type Compensation =
  | { action: 'cancel_subscription'; subscriptionId: string }
  | { action: 'refund_charge'; chargeId: string; idempotencyKey: string }
  | { action: 'detach_payment_method'; paymentMethodId: string };

export interface CompensationDeps {
  db: Db;
  gateway: PaymentGateway;
  jobs: JobSender;
}

function objectIdOf(compensation: Compensation): string {
  switch (compensation.action) {
    case 'cancel_subscription':
      return compensation.subscriptionId;
    case 'refund_charge':
      return compensation.chargeId;
    case 'detach_payment_method':
      return compensation.paymentMethodId;
  }
}

async function perform(
  gateway: PaymentGateway,
  account: GatewayAccount,
  action: string,
  objectId: string,
  idempotencyKey: string | null,
): Promise<void> {
  if (action === 'cancel_subscription') await gateway.cancelSubscription(account, objectId);
  else if (action === 'refund_charge')
    await gateway.refund(account, objectId, null, idempotencyKey ?? `compensation:refund:${objectId}`);
  else if (action === 'detach_payment_method') await gateway.detachPaymentMethod(account, objectId);
  else throw new Error(`Unknown compensation ${action}.`);
}

/**
 * Tries a compensation now; if the gateway fails it, records it and sends its retry job in one
 * transaction, so it is retried even if this process dies next. Never throws for a gateway failure.
 */
export async function compensate(
  deps: CompensationDeps,
  account: GatewayAccount,
  context: { partnersId: number; ordersId?: number | null },
  compensation: Compensation,
): Promise<'done' | 'recorded'> {
  const objectId = objectIdOf(compensation);
  const key = compensation.action === 'refund_charge' ? compensation.idempotencyKey : null;
  try {
    await perform(deps.gateway, account, compensation.action, objectId, key);
    return 'done';
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await deps.db.transaction(async (tx) => {
      const row = await insertCompensation(tx, {
        partnersId: context.partnersId,
        ordersId: context.ordersId ?? null,
        action: compensation.action,
        gatewayObjectId: objectId,
        idempotencyKey: key,
        lastError: message,
      });
      await deps.jobs.send(compensateJob, { compensationId: row.id }, { tx });
    });
    return 'recorded';
  }
}

/** The job's work: one attempt at a recorded compensation; throws (so pg-boss retries) while it fails. */
export async function retryCompensation(
  deps: { db: Db; gateway: PaymentGateway | null },
  compensationId: number,
): Promise<'done' | 'already-done' | 'missing'> {
  const found = await findCompensation(deps.db, compensationId);
  if (!found) return 'missing';
  const { compensation, partner } = found;
  if (compensation.status === 'done') return 'already-done';
  if (!deps.gateway) throw new Error('No payment gateway is configured in this process.');
  try {
    await perform(
      deps.gateway,
      gatewayAccountOf(partner),
      compensation.action,
      compensation.gatewayObjectId,
      compensation.idempotencyKey,
    );
  } catch (error) {
    await markCompensationAttemptFailed(
      deps.db,
      compensation.id,
      error instanceof Error ? error.message : String(error),
    );
    throw error;
  }
  await markCompensationDone(deps.db, compensation.id);
  return 'done';
}

/** A partner's recorded compensations (for the staff dashboard). */
export async function compensationsOf(db: Db, partnersId: number): Promise<CompensationRow[]> {
  return listCompensations(db, partnersId);
}
