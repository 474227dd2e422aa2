import type {
  DelinquentRow,
  GivingKind,
  GivingPaymentRow,
  GivingRefund,
  GivingSubscriptionRow,
  PaymentListQuery,
  PaymentListStatus,
  SubscriptionListQuery,
} from '@kinship/domain';
import { paymentListStatus } from '@kinship/domain';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Queryable, Tx } from '../../../db/types.ts';
import { paymentDisputes, paymentRefunds, payments, subscriptions, users } from '../../../db/schema/index.ts';

/*
 * The Donations section's queries. Every list is one statement for the page and one for the count
 * (refunds of the page's payments in one more), whatever the page size: no query per row. A
 * program-scoped person's rows are those whose sponsored records (a subscription's lines, a
 * donation's initiative) belong to their programs; `programCondition` is `scopeCondition` on
 * `sponsoreds.entities_id`, used inside the EXISTS below.
 */

type RawRow = Record<string, unknown>;
const rowsOf = (result: unknown) => ((result as { rows?: RawRow[] }).rows ?? []) as RawRow[];
const asDate = (v: unknown): Date | null => (v == null ? null : v instanceof Date ? v : new Date(String(v)));
const iso = (v: unknown): string | null => asDate(v)?.toISOString() ?? null;
const text = (v: unknown): string | null => (v == null ? null : String(v));

/** `%q%` for ILIKE with the user's own % and _ taken literally. */
const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function dayRange(value: string): { from: Date; to: Date } {
  const [from, to] = value.split('..') as [string, string];
  return {
    from: new Date(`${from}T00:00:00Z`),
    to: new Date(new Date(`${to}T00:00:00Z`).getTime() + 86_400_000),
  };
}

/** The payer of a payment: the donation's person, else the subscription's, else the order's. */
const FROM_PAYMENTS = sql`
  FROM payments p
  LEFT JOIN orders o ON o.id = p.orders_id
  LEFT JOIN subscriptions sub ON sub.id = p.subscriptions_id
  LEFT JOIN donations d ON d.id = p.donations_id
  LEFT JOIN users u ON u.id = COALESCE(d.users_id, sub.users_id, o.users_id)`;

/** The payment's latest dispute at the provider, if any (decision 055). */
const LATEST_DISPUTE = sql`LEFT JOIN LATERAL (SELECT x.status, x.amount, x.reason FROM payment_disputes x
  WHERE x.payments_id = p.id ORDER BY x.id DESC LIMIT 1) dp ON true`;

const KIND = sql`CASE WHEN p.subscriptions_id IS NOT NULL OR o.kind = 'subscription' THEN 'sponsorship'
  WHEN COALESCE(d.initiative, '') <> '' THEN 'initiative' ELSE 'donation' END`;
const DONOR_NAME = sql`CASE WHEN d.id IS NOT NULL AND COALESCE(d.first_name, d.last_name) IS NOT NULL
  THEN NULLIF(TRIM(CONCAT_WS(' ', d.first_name, d.last_name)), '')
  ELSE NULLIF(TRIM(CONCAT_WS(' ', u.first_name, u.last_name)), '') END`;
const DONOR_EMAIL = sql`COALESCE(NULLIF(d.email, ''), u.email)`;
const INITIATIVE_ID = sql`CASE WHEN d.initiative ~ '^[0-9]{1,9}$' THEN d.initiative::int END`;

/** The records of a subscription by code, for staff (codes, never a masked record's name). */
const SUBSCRIPTION_RECORDS = (subscriptionId: SQL) => sql`(SELECT STRING_AGG(s.code, ', ' ORDER BY s.code)
  FROM user_sponsoreds us JOIN sponsoreds s ON s.id = us.sponsoreds_id WHERE us.subscriptions_id = ${subscriptionId})`;

const DESCRIPTION = sql`CASE
  WHEN p.subscriptions_id IS NOT NULL THEN 'Sponsorship of ' || COALESCE(${SUBSCRIPTION_RECORDS(sql`p.subscriptions_id`)}, 'records')
  WHEN COALESCE(d.initiative, '') <> '' THEN 'Initiative ' || COALESCE((SELECT s.code FROM sponsoreds s WHERE s.id = ${INITIATIVE_ID} AND s.partners_id = p.partners_id), d.initiative)
  WHEN o.kind = 'gift' THEN 'Gift of a sponsorship'
  ELSE 'General donation' END`;

/** A payment is in the programs when a record it paid for is: a subscription's line, a donation's initiative. */
function paymentInPrograms(programCondition: SQL): SQL {
  return sql`(EXISTS (SELECT 1 FROM user_sponsoreds us JOIN sponsoreds ON sponsoreds.id = us.sponsoreds_id
      WHERE us.subscriptions_id = p.subscriptions_id AND ${programCondition})
    OR EXISTS (SELECT 1 FROM sponsoreds WHERE sponsoreds.id = ${INITIATIVE_ID}
      AND sponsoreds.partners_id = p.partners_id AND ${programCondition}))`;
}

function subscriptionInPrograms(programCondition: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM user_sponsoreds us JOIN sponsoreds ON sponsoreds.id = us.sponsoreds_id
    WHERE us.subscriptions_id = sub.id AND ${programCondition})`;
}

const STATUS_CONDITIONS: Record<PaymentListStatus, SQL> = {
  succeeded: sql`p.status = 'succeeded' AND p.refunded_amount = 0`,
  partially_refunded: sql`p.status = 'succeeded' AND p.refunded_amount > 0 AND p.refunded_amount < p.amount`,
  refunded: sql`(p.status = 'refunded' OR (p.status = 'succeeded' AND p.refunded_amount >= p.amount))`,
  failed: sql`p.status = 'failed'`,
  pending: sql`p.status = 'pending'`,
};

export interface ListScope {
  partnersId: number;
  /** scopeCondition(scope, sponsoreds.entitiesId), absent for partner-wide access. */
  programCondition: SQL | undefined;
  /** One subscription only (the row a write answers). */
  subscriptionsId?: number;
}

function paymentWhere(scope: ListScope, query: PaymentListQuery): SQL {
  const parts: SQL[] = [sql`p.partners_id = ${scope.partnersId}`];
  if (scope.programCondition) parts.push(paymentInPrograms(scope.programCondition));
  if (query.entitiesId) parts.push(paymentInPrograms(sql`sponsoreds.entities_id = ${query.entitiesId}`));
  if (query.status) parts.push(STATUS_CONDITIONS[query.status]);
  if (query.kind) parts.push(sql`${KIND} = ${query.kind}`);
  if (query.date) {
    const { from, to } = dayRange(query.date);
    parts.push(sql`p.created_at >= ${from.toISOString()} AND p.created_at < ${to.toISOString()}`);
  }
  if (query.q) {
    const like = likeOf(query.q);
    parts.push(sql`(${DONOR_NAME} ILIKE ${like} OR ${DONOR_EMAIL} ILIKE ${like}
      OR p.receipt_code ILIKE ${like} OR o.receipt_code ILIKE ${like})`);
  }
  return sql.join(parts, sql` AND `);
}

export async function listPayments(
  db: Queryable,
  scope: ListScope,
  query: PaymentListQuery,
): Promise<{ rows: GivingPaymentRow[]; total: number }> {
  const where = paymentWhere(scope, query);
  const order = query.order === 'asc' ? sql`ASC` : sql`DESC`;
  const sortColumn = query.sort === 'amount' ? sql`p.amount` : sql`p.created_at`;
  const offset = (query.page - 1) * query.pageSize;
  const [page, count] = await Promise.all([
    db.execute(sql`SELECT p.id, p.created_at, p.status, p.amount, p.refunded_amount, p.currency,
        COALESCE(p.receipt_code, o.receipt_code) AS receipt_code, p.subscriptions_id,
        p.failure_code, p.failure_message, ${KIND} AS kind, ${DONOR_NAME} AS donor_name,
        ${DONOR_EMAIL} AS donor_email, ${DESCRIPTION} AS description,
        dp.status AS dispute_status, dp.amount AS dispute_amount, dp.reason AS dispute_reason
      ${FROM_PAYMENTS}
      ${LATEST_DISPUTE}
      WHERE ${where}
      ORDER BY ${sortColumn} ${order}, p.id ${order}
      LIMIT ${query.pageSize} OFFSET ${offset}`),
    db.execute(sql`SELECT COUNT(*)::int AS n ${FROM_PAYMENTS} WHERE ${where}`),
  ]);
  const raw = rowsOf(page);
  const refunds = await refundsOfPayments(
    db,
    raw.map((r) => Number(r.id)),
  );
  return {
    rows: raw.map((r) => toPaymentRow(r, refunds.get(Number(r.id)) ?? [])),
    total: Number(rowsOf(count)[0]?.n ?? 0),
  };
}

/** One payment of the partner as the list shows it, or null. */
export async function findPaymentRow(
  db: Queryable,
  partnersId: number,
  paymentsId: number,
): Promise<GivingPaymentRow | null> {
  const [row] = rowsOf(
    await db.execute(sql`SELECT p.id, p.created_at, p.status, p.amount, p.refunded_amount, p.currency,
        COALESCE(p.receipt_code, o.receipt_code) AS receipt_code, p.subscriptions_id,
        p.failure_code, p.failure_message, ${KIND} AS kind, ${DONOR_NAME} AS donor_name,
        ${DONOR_EMAIL} AS donor_email, ${DESCRIPTION} AS description,
        dp.status AS dispute_status, dp.amount AS dispute_amount, dp.reason AS dispute_reason
      ${FROM_PAYMENTS}
      ${LATEST_DISPUTE}
      WHERE p.partners_id = ${partnersId} AND p.id = ${paymentsId}`),
  );
  if (!row) return null;
  const refunds = await refundsOfPayments(db, [paymentsId]);
  return toPaymentRow(row, refunds.get(paymentsId) ?? []);
}

function toPaymentRow(r: RawRow, refunds: GivingRefund[]): GivingPaymentRow {
  const amount = Number(r.amount);
  const refundedAmount = Number(r.refunded_amount);
  const status = paymentListStatus(String(r.status), amount, refundedAmount);
  return {
    id: Number(r.id),
    date: iso(r.created_at)!,
    kind: String(r.kind) as GivingKind,
    status,
    amount,
    refundedAmount,
    refundable: r.status === 'succeeded' ? Math.max(0, amount - refundedAmount) : 0,
    currency: String(r.currency),
    donorName: text(r.donor_name),
    donorEmail: text(r.donor_email),
    description: text(r.description),
    receiptCode: text(r.receipt_code),
    subscriptionsId: r.subscriptions_id == null ? null : Number(r.subscriptions_id),
    failureCode: text(r.failure_code),
    failureMessage: text(r.failure_message),
    refunds,
    dispute:
      r.dispute_status == null
        ? null
        : {
            status: String(r.dispute_status),
            amount: Number(r.dispute_amount),
            reason: text(r.dispute_reason),
          },
  };
}

async function refundsOfPayments(db: Queryable, ids: number[]): Promise<Map<number, GivingRefund[]>> {
  const map = new Map<number, GivingRefund[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select()
    .from(paymentRefunds)
    .where(inArray(paymentRefunds.paymentsId, ids))
    .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
  for (const r of rows) {
    const list = map.get(r.paymentsId) ?? [];
    list.push({
      id: r.id,
      amount: r.amount,
      reason: r.reason,
      status: r.status as GivingRefund['status'],
      source: r.source as NonNullable<GivingRefund['source']>,
      createdAt: r.createdAt.toISOString(),
    });
    map.set(r.paymentsId, list);
  }
  return map;
}

// ------------------------------------------------------------------------------ subscriptions

const FROM_SUBSCRIPTIONS = sql`
  FROM subscriptions sub
  JOIN users u ON u.id = sub.users_id
  LEFT JOIN payment_methods pm ON pm.id = sub.payment_methods_id`;
const SUB_DONOR_NAME = sql`NULLIF(TRIM(CONCAT_WS(' ', u.first_name, u.last_name)), '')`;
const METHOD = sql`CASE WHEN pm.id IS NULL THEN NULL
  WHEN pm.type = 'card' THEN INITCAP(COALESCE(pm.brand, 'card')) || ' ending ' || COALESCE(pm.last4, '')
    || CASE WHEN pm.exp_month IS NOT NULL THEN ' (expires ' || LPAD(pm.exp_month::text, 2, '0') || '/' || pm.exp_year || ')' ELSE '' END
  ELSE COALESCE(pm.bank_name, 'Bank account') || ' ending ' || COALESCE(pm.last4, '') END`;

export async function listSubscriptions(
  db: Queryable,
  scope: ListScope,
  query: SubscriptionListQuery,
): Promise<{ rows: GivingSubscriptionRow[]; total: number }> {
  const parts: SQL[] = [sql`sub.partners_id = ${scope.partnersId}`];
  if (scope.programCondition) parts.push(subscriptionInPrograms(scope.programCondition));
  if (scope.subscriptionsId) parts.push(sql`sub.id = ${scope.subscriptionsId}`);
  if (query.entitiesId) parts.push(subscriptionInPrograms(sql`sponsoreds.entities_id = ${query.entitiesId}`));
  if (query.status) parts.push(sql`sub.status = ${query.status}`);
  if (query.date) {
    const { from, to } = dayRange(query.date);
    parts.push(sql`sub.created_at >= ${from.toISOString()} AND sub.created_at < ${to.toISOString()}`);
  }
  if (query.q) {
    const like = likeOf(query.q);
    parts.push(sql`(${SUB_DONOR_NAME} ILIKE ${like} OR u.email ILIKE ${like})`);
  }
  const where = sql.join(parts, sql` AND `);
  const order = query.order === 'asc' ? sql`ASC` : sql`DESC`;
  const sortColumn =
    query.sort === 'amount' ? sql`(sub.base_amount + sub.additional_amount)` : sql`sub.created_at`;
  const [page, count] = await Promise.all([
    db.execute(sql`SELECT sub.id, sub.created_at, sub.status, sub.interval,
        sub.base_amount + sub.additional_amount AS amount, pt.currency,
        ${SUB_DONOR_NAME} AS donor_name, u.email AS donor_email,
        ${SUBSCRIPTION_RECORDS(sql`sub.id`)} AS records, sub.current_period_end, sub.canceled_at,
        sub.cancel_reason, ${METHOD} AS payment_method
      ${FROM_SUBSCRIPTIONS}
      JOIN partners pt ON pt.id = sub.partners_id
      WHERE ${where}
      ORDER BY ${sortColumn} ${order}, sub.id ${order}
      LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`),
    db.execute(sql`SELECT COUNT(*)::int AS n ${FROM_SUBSCRIPTIONS} WHERE ${where}`),
  ]);
  return {
    rows: rowsOf(page).map((r) => ({
      id: Number(r.id),
      createdAt: iso(r.created_at)!,
      status: String(r.status) as GivingSubscriptionRow['status'],
      interval: String(r.interval) as GivingSubscriptionRow['interval'],
      amount: Number(r.amount),
      currency: String(r.currency ?? 'usd'),
      donorName: text(r.donor_name),
      donorEmail: text(r.donor_email),
      records: text(r.records) ?? '',
      currentPeriodEnd: iso(r.current_period_end),
      canceledAt: iso(r.canceled_at),
      cancelReason: text(r.cancel_reason),
      paymentMethod: text(r.payment_method),
    })),
    total: Number(rowsOf(count)[0]?.n ?? 0),
  };
}

// ------------------------------------------------------------------------------ delinquent

/**
 * Subscriptions whose renewal failed and is not paid yet (past_due, unpaid), each with its latest
 * failed payment's decline and the failed attempts since its last successful payment.
 */
export async function listDelinquent(
  db: Queryable,
  scope: ListScope,
  filters: { entitiesId?: number | undefined; q?: string | undefined; subscriptionsId?: number },
): Promise<(DelinquentRow & { failedPaymentsId: number; usersId: number })[]> {
  const parts: SQL[] = [
    sql`sub.partners_id = ${scope.partnersId}`,
    sql`sub.status IN ('past_due', 'unpaid')`,
  ];
  if (scope.programCondition) parts.push(subscriptionInPrograms(scope.programCondition));
  if (filters.entitiesId)
    parts.push(subscriptionInPrograms(sql`sponsoreds.entities_id = ${filters.entitiesId}`));
  if (filters.subscriptionsId) parts.push(sql`sub.id = ${filters.subscriptionsId}`);
  if (filters.q) {
    const like = likeOf(filters.q);
    parts.push(sql`(${SUB_DONOR_NAME} ILIKE ${like} OR u.email ILIKE ${like})`);
  }
  const result = await db.execute(sql`SELECT sub.id, sub.status, sub.interval, sub.users_id,
      sub.base_amount + sub.additional_amount AS amount, pt.currency,
      ${SUB_DONOR_NAME} AS donor_name, u.email AS donor_email,
      ${SUBSCRIPTION_RECORDS(sql`sub.id`)} AS records, ${METHOD} AS payment_method, sub.reminder_sent_at,
      f.id AS failed_id, f.created_at AS failed_at, f.failure_code, f.failure_message,
      (SELECT COUNT(*)::int FROM payments x WHERE x.subscriptions_id = sub.id AND x.status = 'failed'
         AND x.created_at > COALESCE((SELECT MAX(y.created_at) FROM payments y
           WHERE y.subscriptions_id = sub.id AND y.status IN ('succeeded', 'refunded')), 'epoch'::timestamptz)
      ) AS failed_attempts
    ${FROM_SUBSCRIPTIONS}
    JOIN partners pt ON pt.id = sub.partners_id
    JOIN LATERAL (SELECT f.id, f.created_at, f.failure_code, f.failure_message FROM payments f
      WHERE f.subscriptions_id = sub.id AND f.status = 'failed'
      ORDER BY f.created_at DESC, f.id DESC LIMIT 1) f ON true
    WHERE ${sql.join(parts, sql` AND `)}
    ORDER BY f.created_at DESC, sub.id DESC
    LIMIT 500`);
  return rowsOf(result).map((r) => ({
    subscriptionsId: Number(r.id),
    usersId: Number(r.users_id),
    status: String(r.status) as DelinquentRow['status'],
    donorName: text(r.donor_name),
    donorEmail: text(r.donor_email),
    records: text(r.records) ?? '',
    amount: Number(r.amount),
    currency: String(r.currency ?? 'usd'),
    interval: String(r.interval) as DelinquentRow['interval'],
    failedAt: iso(r.failed_at)!,
    failedPaymentsId: Number(r.failed_id),
    declineCode: text(r.failure_code),
    declineMessage: text(r.failure_message),
    failedAttempts: Number(r.failed_attempts),
    paymentMethod: text(r.payment_method),
    reminderSentAt: iso(r.reminder_sent_at),
  }));
}

// ------------------------------------------------------------------------------ writes

export type PaymentRowForUpdate = typeof payments.$inferSelect;
export type RefundRow = typeof paymentRefunds.$inferSelect;

export async function lockPayment(
  tx: Tx,
  partnersId: number,
  id: number,
): Promise<PaymentRowForUpdate | null> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.partnersId, partnersId), eq(payments.id, id)))
    .for('update');
  return row ?? null;
}

export async function findRefundByRequest(
  db: Queryable,
  paymentsId: number,
  requestKey: string,
): Promise<RefundRow | null> {
  const [row] = await db
    .select()
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentsId, paymentsId), eq(paymentRefunds.requestKey, requestKey)));
  return row ?? null;
}

export async function findRefund(db: Queryable, id: number): Promise<RefundRow | null> {
  const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.id, id));
  return row ?? null;
}

export async function lockRefund(tx: Tx, id: number): Promise<RefundRow | null> {
  const [row] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.id, id)).for('update');
  return row ?? null;
}

export async function insertRefund(tx: Tx, values: typeof paymentRefunds.$inferInsert): Promise<RefundRow> {
  const [row] = await tx.insert(paymentRefunds).values(values).returning();
  return row!;
}

export async function updateRefund(
  tx: Tx,
  id: number,
  values: Partial<typeof paymentRefunds.$inferInsert>,
): Promise<void> {
  await tx.update(paymentRefunds).set(values).where(eq(paymentRefunds.id, id));
}

/** Moves the payment's refunded amount by `delta` (a reservation, or its release), and its status with it. */
export async function adjustRefundedAmount(tx: Tx, paymentsId: number, delta: number): Promise<void> {
  await tx
    .update(payments)
    .set({ refundedAmount: sql`${payments.refundedAmount} + ${delta}` })
    .where(eq(payments.id, paymentsId));
}

export async function setPaymentStatus(tx: Tx, paymentsId: number, status: string): Promise<void> {
  await tx.update(payments).set({ status }).where(eq(payments.id, paymentsId));
}

export async function hasPendingRefunds(tx: Tx, paymentsId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: paymentRefunds.id })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentsId, paymentsId), eq(paymentRefunds.status, 'pending')))
    .limit(1);
  return rows.length > 0;
}

export async function findSubscriptionOfPartner(db: Queryable, partnersId: number, id: number) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.partnersId, partnersId), eq(subscriptions.id, id)));
  return row ?? null;
}

export async function updateSubscriptionStaffFields(
  tx: Tx,
  id: number,
  values: { cancelReason?: string; reminderSentAt?: Date },
): Promise<void> {
  await tx.update(subscriptions).set(values).where(eq(subscriptions.id, id));
}

// ------------------------------------------------------------------------------ the provider's refunds and disputes

export type DisputeRow = typeof paymentDisputes.$inferSelect;

/** The payment stored under any of these provider references, locked (any partner: the provider names it). */
export async function lockPaymentByRefs(tx: Tx, refs: string[]): Promise<PaymentRowForUpdate | null> {
  if (refs.length === 0) return null;
  const [row] = await tx
    .select()
    .from(payments)
    .where(inArray(payments.gatewayChargeId, refs))
    .orderBy(asc(payments.id))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function paymentExistsForRefs(db: Queryable, refs: string[]): Promise<boolean> {
  if (refs.length === 0) return false;
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(inArray(payments.gatewayChargeId, refs))
    .limit(1);
  return rows.length > 0;
}

export async function lockRefundByGatewayId(tx: Tx, gatewayRefundId: string): Promise<RefundRow | null> {
  const [row] = await tx
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.gatewayRefundId, gatewayRefundId))
    .for('update');
  return row ?? null;
}

export async function lockDispute(tx: Tx, gatewayDisputeId: string): Promise<DisputeRow | null> {
  const [row] = await tx
    .select()
    .from(paymentDisputes)
    .where(eq(paymentDisputes.gatewayDisputeId, gatewayDisputeId))
    .for('update');
  return row ?? null;
}

export async function insertDispute(
  tx: Tx,
  values: typeof paymentDisputes.$inferInsert,
): Promise<DisputeRow> {
  const [row] = await tx.insert(paymentDisputes).values(values).returning();
  return row!;
}

export async function updateDispute(
  tx: Tx,
  id: number,
  values: Partial<typeof paymentDisputes.$inferInsert>,
): Promise<void> {
  await tx.update(paymentDisputes).set(values).where(eq(paymentDisputes.id, id));
}

/** The saved language (users.locale) of a subscription's subscriber, or null (decision 073). */
export async function subscriberLocaleOf(db: Queryable, subscriptionsId: number): Promise<string | null> {
  const [row] = await db
    .select({ locale: users.locale })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.usersId))
    .where(eq(subscriptions.id, subscriptionsId));
  return row?.locale ?? null;
}
