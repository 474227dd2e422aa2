import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

/**
 * Provider-side state of the sandbox payment gateway (the embedded default when no Stripe keys are
 * configured). These tables play the part of Stripe's own records, keyed by the partner's account
 * id; Kinship's records (orders, payments, subscriptions) only hold references to them. They live
 * in the database so the sandbox survives restarts and works across server processes. No card
 * number is ever stored: only brand, last 4 digits, expiry and the test behaviour.
 */

export const sandboxCustomers = pgTable(
  'sandbox_customers',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    defaultPaymentMethodId: text('default_payment_method_id'),
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('sandbox_customers_idempotency').on(t.accountId, t.idempotencyKey)],
);

export const sandboxPaymentMethods = pgTable(
  'sandbox_payment_methods',
  {
    id: text('id').primaryKey(),
    /** The account it was created on (tokenized on a partner's site); null for account-less test ids. */
    accountId: text('account_id'),
    customerId: text('customer_id'),
    type: text('type').notNull(),
    brand: text('brand'),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    bankName: text('bank_name'),
    routingNumber: text('routing_number'),
    accountType: text('account_type'),
    /** What a charge on this method does: 'succeed' or a decline code. */
    behaviour: text('behaviour').notNull(),
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    detachedAt: timestamp('detached_at', { withTimezone: true }),
  },
  (t) => [
    unique('sandbox_payment_methods_idempotency').on(t.accountId, t.idempotencyKey),
    check('sandbox_payment_methods_type', sql`${t.type} IN ('card', 'us_bank_account', 'acss_debit')`),
    index('sandbox_payment_methods_customer_idx').on(t.customerId),
  ],
);

export const sandboxSetupIntents = pgTable('sandbox_setup_intents', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  customerId: text('customer_id').notNull(),
  clientSecret: text('client_secret').notNull(),
  status: text('status').notNull().default('requires_payment_method'),
  paymentMethodId: text('payment_method_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxSubscriptions = pgTable(
  'sandbox_subscriptions',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    customerId: text('customer_id').notNull(),
    paymentMethodId: text('payment_method_id').notNull(),
    interval: text('interval').notNull(),
    unitAmount: integer('unit_amount').notNull(),
    quantity: integer('quantity').notNull(),
    applicationFeePercent: doublePrecision('application_fee_percent').notNull().default(0),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    /** Consecutive failed renewal attempts; the third makes the subscription unpaid. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    latestChargeId: text('latest_charge_id'),
    description: text('description').notNull().default(''),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
  },
  (t) => [
    unique('sandbox_subscriptions_idempotency').on(t.accountId, t.idempotencyKey),
    check('sandbox_subscriptions_interval', sql`${t.interval} IN ('month', 'year')`),
    check('sandbox_subscriptions_quantity', sql`${t.quantity} >= 1 AND ${t.unitAmount} >= 0`),
    index('sandbox_subscriptions_due_idx').on(t.status, t.currentPeriodEnd),
  ],
);

export const sandboxCharges = pgTable(
  'sandbox_charges',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    customerId: text('customer_id'),
    paymentMethodId: text('payment_method_id').notNull(),
    subscriptionId: text('subscription_id'),
    amount: integer('amount').notNull(),
    applicationFeeAmount: integer('application_fee_amount').notNull().default(0),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    description: text('description').notNull().default(''),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('sandbox_charges_idempotency').on(t.accountId, t.idempotencyKey),
    check('sandbox_charges_status', sql`${t.status} IN ('succeeded', 'failed')`),
    check(
      'sandbox_charges_refund_within_amount',
      sql`${t.refundedAmount} >= 0 AND ${t.refundedAmount} <= ${t.amount}`,
    ),
    index('sandbox_charges_subscription_idx').on(t.subscriptionId),
  ],
);

export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    chargeId: text('charge_id').notNull(),
    amount: integer('amount').notNull(),
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('sandbox_refunds_idempotency').on(t.accountId, t.idempotencyKey)],
);
