import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { orders } from './giving.ts';
import { partners } from './partners.ts';
import { users } from './users.ts';

/** A person's customer at a partner's gateway account, created once and reused. */
export const gatewayCustomers = pgTable(
  'gateway_customers',
  {
    id: serial('id').primaryKey(),
    partnersId: integer('partners_id')
      .notNull()
      .references(() => partners.id),
    usersId: integer('users_id')
      .notNull()
      .references(() => users.id),
    gatewayCustomerId: text('gateway_customer_id').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('gateway_customers_person').on(t.partnersId, t.usersId)],
);

/** What the gateway was asked for an order, so an interrupted checkout can be finished by replaying it. */
export type OrderPaymentDetails = {
  lines?: { sponsoredsId: number; numSlots: number; amount: number; isConversion: boolean }[];
  applicationFee?: number;
  applicationFeePercent?: number;
  paymentMethodsId?: number | null;
  /** The method was attached for this order: a declined first payment detaches and forgets it. */
  newPaymentMethod?: boolean;
  firstName?: string;
  lastName?: string;
  email?: string;
  note?: string | null;
  initiative?: string | null;
};

export const orderPaymentRequests = pgTable('order_payment_requests', {
  ordersId: integer('orders_id')
    .primaryKey()
    .references(() => orders.id),
  gatewayPaymentMethodId: text('gateway_payment_method_id').notNull(),
  gatewayCustomerId: text('gateway_customer_id'),
  details: jsonb('details').$type<OrderPaymentDetails>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Card-testing protection: one row per payment attempt or failure, shared by every server process.
 * Counted over sliding windows per client address, per email and per partner form.
 */
export const paymentRateEvents = pgTable(
  'payment_rate_events',
  {
    id: serial('id').primaryKey(),
    partnersId: integer('partners_id').notNull(),
    form: text('form').notNull(),
    outcome: text('outcome').notNull(),
    clientAddress: text('client_address').notNull(),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payment_rate_events_form', sql`${t.form} IN ('checkout', 'donation', 'billing')`),
    check('payment_rate_events_outcome', sql`${t.outcome} IN ('attempt', 'failure')`),
    index('payment_rate_events_address_idx').on(t.clientAddress, t.outcome, t.createdAt),
    index('payment_rate_events_email_idx').on(t.email, t.outcome, t.createdAt),
    index('payment_rate_events_form_idx').on(t.partnersId, t.form, t.outcome, t.createdAt),
  ],
);

/** A partner's donation form in strict mode (after a burst of failures) until strict_until. */
export const paymentFormGuards = pgTable('payment_form_guards', {
  partnersId: integer('partners_id')
    .primaryKey()
    .references(() => partners.id),
  strictUntil: timestamp('strict_until', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A money-path compensation that failed when it was first tried (a cart conflict's cancel or
 * refund, the detach of a refused bank method): recorded so a donor is never left charged with
 * nothing on file, retried by the `payments.compensate` job until the gateway confirms it, and
 * listed for staff.
 */
export const paymentCompensations = pgTable(
  'payment_compensations',
  {
    id: serial('id').primaryKey(),
    partnersId: integer('partners_id')
      .notNull()
      .references(() => partners.id),
    ordersId: integer('orders_id').references(() => orders.id),
    /** cancel_subscription | refund_charge | detach_payment_method */
    action: text('action').notNull(),
    /** The gateway object to act on: a subscription, charge or payment method id. */
    gatewayObjectId: text('gateway_object_id').notNull(),
    /** The idempotency key of a refund, so a retry never refunds twice. */
    idempotencyKey: text('idempotency_key'),
    /** pending (to retry) -> done; the job retries while pending. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(1),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'payment_compensations_action',
      sql`${t.action} IN ('cancel_subscription', 'refund_charge', 'detach_payment_method')`,
    ),
    check('payment_compensations_status', sql`${t.status} IN ('pending', 'done')`),
    index('payment_compensations_partner_idx').on(t.partnersId, t.status, t.createdAt),
  ],
);
