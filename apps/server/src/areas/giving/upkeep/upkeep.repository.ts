import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';

type RawRow = Record<string, unknown>;
const rowsOf = (result: unknown) => ((result as { rows?: RawRow[] }).rows ?? []) as RawRow[];

/**
 * Marks expired, unreleased holds released. An expired hold already stops counting against a
 * record's slots; this is housekeeping. Holds of orders still pending are left to the order
 * reconciliation, which settles the order and its holds together.
 */
export async function releaseExpiredHolds(db: Db, now: Date, limit = 1000): Promise<number> {
  const result = await db.execute(sql`
    UPDATE slot_holds SET released_at = ${now}
     WHERE id IN (
       SELECT h.id FROM slot_holds h
         LEFT JOIN orders o ON o.id = h.orders_id
        WHERE h.released_at IS NULL
          AND h.expires_at <= ${now}
          AND (o.id IS NULL OR o.status <> 'pending')
        ORDER BY h.id
        LIMIT ${limit}
        FOR UPDATE OF h SKIP LOCKED)
    RETURNING id`);
  return rowsOf(result).length;
}

/**
 * Renewal charges the sandbox made for Kinship subscriptions that have no payments row: the
 * worker died between the sandbox's renewal and its recording. Oldest first.
 */
export async function findUnrecordedSandboxRenewals(db: Db, limit = 200) {
  const result = await db.execute(sql`
    SELECT c.id AS charge_id, c.subscription_id, c.amount, c.status, c.failure_code, c.failure_message, c.created_at
      FROM sandbox_charges c
      JOIN subscriptions s ON s.gateway_subscription_id = c.subscription_id
      LEFT JOIN payments p ON p.gateway_charge_id = c.id
     WHERE p.id IS NULL
       AND (c.idempotency_key LIKE 'renewal:%' OR c.idempotency_key LIKE 'retry:%')
     ORDER BY c.created_at, c.id
     LIMIT ${limit}`);
  return rowsOf(result).map((r) => ({
    chargeId: String(r.charge_id),
    subscriptionId: String(r.subscription_id),
    amount: Number(r.amount),
    succeeded: r.status === 'succeeded',
    message: r.failure_message == null ? null : String(r.failure_message),
    declineCode: r.failure_code == null ? null : String(r.failure_code),
    created: r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at)),
  }));
}
