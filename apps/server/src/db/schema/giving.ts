import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { partners } from './partners.ts';
import { partnerSponsoredTypes, sponsoreds } from './sponsoreds.ts';
import { users } from './users.ts';

/** One checkout or donation attempt; amounts are recomputed by the server, never taken from the browser. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    partnersId: integer('partners_id')
      .notNull()
      .references(() => partners.id),
    usersId: integer('users_id').references(() => users.id),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('pending'),
    interval: text('interval'),
    baseAmount: integer('base_amount').notNull(),
    additionalAmount: integer('additional_amount').notNull().default(0),
    currency: text('currency').notNull().default('usd'),
    idempotencyKey: text('idempotency_key'),
    receiptCode: text('receipt_code').unique(),
    failureMessage: text('failure_message'),
    /** The lightning link the sponsorship came through, if any (decision 049). */
    lightningLinksId: integer('lightning_links_id'),
    /** The language the order was placed in (decision 070): its receipt's, when the payer saved none. */
    locale: text('locale'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    unique('orders_idempotency').on(t.partnersId, t.idempotencyKey),
    check('orders_kind', sql`${t.kind} IN ('subscription', 'donation', 'gift')`),
    check('orders_status', sql`${t.status} IN ('pending', 'succeeded', 'failed')`),
    check('orders_amounts', sql`${t.baseAmount} >= 0 AND ${t.additionalAmount} >= 0`),
    index('orders_user_idx').on(t.usersId),
  ],
);

/** A slot reservation taken under the sponsored row's lock; turned into a sponsorship on payment. */
export const slotHolds = pgTable(
  'slot_holds',
  {
    id: serial('id').primaryKey(),
    partnersId: integer('partners_id')
      .notNull()
      .references(() => partners.id),
    sponsoredsId: integer('sponsoreds_id')
      .notNull()
      .references(() => sponsoreds.id),
    usersId: integer('users_id').references(() => users.id),
    ordersId: integer('orders_id').references(() => orders.id),
    numSlots: integer('num_slots').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('slot_holds_positive', sql`${t.numSlots} >= 1`),
    index('slot_holds_sponsored_idx').on(t.sponsoredsId, t.expiresAt),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    partnersId: integer('partners_id')
      .notNull()
      .references(() => partners.id),
    usersId: integer('users_id')
      .notNull()
      .references(() => users.id),
    ordersId: integer('orders_id').references(() => orders.id),
    gatewaySubscriptionId: text('gateway_subscription_id').unique(),
    status: text('status').notNull().default('active'),
    interval: text('interval').notNull(),
    /** Cents per interval before boost. */
    baseAmount: integer('base_amount').notNull(),
    additionalAmount: integer('additional_amount').notNull().default(0),
    paymentMethodsId: integer('payment_methods_id'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** Why staff cancelled it (the Donations section); null when the donor or the gateway ended it. */
    cancelReason: text('cancel_reason'),
    /** When staff last sent the donor the failed-renewal reminder (the delinquent list). */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
  },
  (t) => [
    check('subscriptions_interval', sql`${t.interval} IN ('month', 'year')`),
    check(
      'subscriptions_status',
      sql`${t.status} IN ('active', 'past_due', 'canceled', 'unpaid', 'incomplete', 'incomplete_expired')`,
    ),
    index('subscriptions_user_idx').on(t.usersId),
  ],
);

export const donations = pgTable(
  'donations',
  {
    id: serial('id').primaryKey(),
    partnersId: integer('partners_id')
      .notNull()
      .references(() => partners.id),
    usersId: integer('users_id').references(() => users.id),
    ordersId: integer('orders_id').references(() => orders.id),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    amount: integer('amount').notNull(),
    initiative: text('initiative'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('donations_minimum', sql`${t.amount} >= 100`),
    check('donations_note_length', sql`${t.note} IS NULL OR char_length(${t.note}) <= 500`),
  ],
);

/** Every charge the gateway made: first payments and renewals. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    partnersId: integer('partners_id')
      .notNull()
      .references(() => partners.id),
    ordersId: integer('orders_id').references(() => orders.id),
    subscriptionsId: integer('subscriptions_id').references(() => subscriptions.id),
    donationsId: integer('donations_id').references(() => donations.id),
    gatewayChargeId: text('gateway_charge_id').unique(),
    amount: integer('amount').notNull(),
    applicationFee: integer('application_fee').notNull().default(0),
    currency: text('currency').notNull().default('usd'),
    status: text('status').notNull(),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    receiptCode: text('receipt_code').unique(),
    /** A failed payment's decline: the gateway's code (card_declined, insufficient_funds, ...) and message. */
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_partner_created_idx').on(t.partnersId, t.createdAt),
    index('payments_subscription_idx').on(t.subscriptionsId),
    check('payments_status', sql`${t.status} IN ('succeeded', 'failed', 'refunded', 'pending')`),
    check(
      'payments_refund_within_amount',
      sql`${t.refundedAmount} >= 0 AND ${t.refundedAmount} <= ${t.amount}`,
    ),
  ],
);

/**
 * Every refund of (part of) a payment, one ledger (decision 055): made by staff in Kinship (source
 * `staff`), made outside Kinship at the payment provider and learnt from its webhook (`gateway`), or
 * a dispute the partner lost (`dispute`, gateway_refund_id `dispute:{id}`). `gatewayRefundId` is
 * unique, so a webhook about a refund Kinship made finds its row instead of adding one.
 *
 * A staff refund: the amount is reserved on payments.refunded_amount
 * in the same transaction as this row is written ('pending'), before the gateway is asked, so two
 * refunds never exceed the payment; the gateway call carries `refund:{id}` as its idempotency key
 * and the `donations.refund.settle` job finishes (or releases) a pending one. `requestKey` is the
 * client's key of one refund dialog: the same key replays the same refund (a double click refunds once).
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    partnersId: integer('partners_id')
      .notNull()
      .references(() => partners.id),
    paymentsId: integer('payments_id')
      .notNull()
      .references(() => payments.id),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    requestKey: text('request_key').notNull(),
    /** pending (reserved, gateway not yet confirmed) -> succeeded | failed (released). */
    status: text('status').notNull().default('pending'),
    gatewayRefundId: text('gateway_refund_id'),
    failureMessage: text('failure_message'),
    actorUsersId: integer('actor_users_id').references(() => users.id),
    /** staff (made in Kinship), gateway (made at the provider), dispute (a dispute lost). */
    source: text('source').notNull().default('staff'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    unique('payment_refunds_request').on(t.paymentsId, t.requestKey),
    unique('payment_refunds_gateway_refund').on(t.gatewayRefundId),
    check('payment_refunds_source', sql`${t.source} IN ('staff', 'gateway', 'dispute')`),
    check('payment_refunds_amount', sql`${t.amount} > 0`),
    check('payment_refunds_status', sql`${t.status} IN ('pending', 'succeeded', 'failed')`),
    index('payment_refunds_payment_idx').on(t.paymentsId),
  ],
);

/**
 * A dispute (chargeback) of a payment at the provider, kept as its latest state (decision 055): the
 * provider's status only moves forward (needing a response, under review, then won or lost; a
 * closed dispute never reopens). A lost dispute is booked in payment_refunds (source `dispute`), so
 * it reduces the payment's net wherever refunds do.
 */
export const paymentDisputes = pgTable(
  'payment_disputes',
  {
    id: serial('id').primaryKey(),
    partnersId: integer('partners_id')
      .notNull()
      .references(() => partners.id),
    paymentsId: integer('payments_id')
      .notNull()
      .references(() => payments.id),
    gatewayDisputeId: text('gateway_dispute_id').notNull().unique(),
    amount: integer('amount').notNull(),
    /** The provider's status: warning_needs_response, warning_under_review, warning_closed, needs_response, under_review, won, lost. */
    status: text('status').notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payment_disputes_amount', sql`${t.amount} > 0`),
    index('payment_disputes_payment_idx').on(t.paymentsId),
  ],
);

/** A saved payment method's reference at the gateway; no card numbers are ever stored. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: serial('id').primaryKey(),
    partnersId: integer('partners_id')
      .notNull()
      .references(() => partners.id),
    usersId: integer('users_id')
      .notNull()
      .references(() => users.id),
    gatewayPaymentMethodId: text('gateway_payment_method_id').notNull().unique(),
    type: text('type').notNull(),
    brand: text('brand'),
    last4: text('last4'),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    bankName: text('bank_name'),
    isDefault: boolean('is_default').notNull().default(false),
    /** The last payment with this method that succeeded, and the last that failed (shown in payment settings). */
    lastPaidAt: timestamp('last_paid_at', { withTimezone: true }),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('payment_methods_type', sql`${t.type} IN ('card', 'us_bank_account', 'acss_debit')`)],
);

/**
 * A gift of a sponsorship (decision 047): bought by a giver (visitor or signed in) for a recipient,
 * delivered by mail on `deliverOn` with its redeem code and gift card; its slot is held (a slot_holds
 * row of the gift's order, expiring with the code) until the recipient redeems it.
 */
export const giftCodes = pgTable(
  'gift_codes',
  {
    id: serial('id').primaryKey(),
    partnersId: integer('partners_id')
      .notNull()
      .references(() => partners.id),
    code: text('code').notNull().unique(),
    purchaserUsersId: integer('purchaser_users_id').references(() => users.id),
    ordersId: integer('orders_id').references(() => orders.id),
    recipientName: text('recipient_name'),
    recipientEmail: text('recipient_email'),
    partnerSponsoredTypesId: integer('partner_sponsored_types_id').references(() => partnerSponsoredTypes.id),
    /** Months paid at once; an open-ended gift pays the first month and the recipient continues. */
    months: integer('months').notNull().default(12),
    openEnded: boolean('open_ended').notNull().default(false),
    amount: integer('amount').notNull(),
    sponsoredsId: integer('sponsoreds_id').references(() => sponsoreds.id),
    giverName: text('giver_name'),
    giverEmail: text('giver_email'),
    message: text('message'),
    /** The day the recipient's mail is sent (a scheduled gifts.deliver job). */
    deliverOn: timestamp('deliver_on', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** The giver's secret for resending or changing the recipient's address before redemption. */
    manageCode: text('manage_code').unique(),
    userSponsoredsId: integer('user_sponsoreds_id'),
    /** The end of the paid period, from redemption. */
    paidThrough: timestamp('paid_through', { withTimezone: true }),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    redeemedByUsersId: integer('redeemed_by_users_id').references(() => users.id),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('gift_codes_months', sql`${t.months} BETWEEN 1 AND 24`),
    index('gift_codes_partner_idx').on(t.partnersId, t.createdAt),
  ],
);

/** A trial code: redeemed, it starts a sponsorship of `days` with no payment (decision 048). */
export const trialCodes = pgTable(
  'trial_codes',
  {
    id: serial('id').primaryKey(),
    partnersId: integer('partners_id')
      .notNull()
      .references(() => partners.id),
    code: text('code').notNull().unique(),
    sponsoredsId: integer('sponsoreds_id').references(() => sponsoreds.id),
    /** The type the code applies to; null for every type of the partner. */
    partnerSponsoredTypesId: integer('partner_sponsored_types_id').references(() => partnerSponsoredTypes.id),
    /** The batch's name (an event), shown to staff. */
    batch: text('batch'),
    createdByUsersId: integer('created_by_users_id').references(() => users.id),
    days: integer('days').notNull().default(30),
    userSponsoredsId: integer('user_sponsoreds_id'),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    redeemedByUsersId: integer('redeemed_by_users_id').references(() => users.id),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Withdrawn by staff (decision 059): refused at redemption with its own message. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Why staff expired or revoked the code, when and who (decision 059). */
    closedReason: text('closed_reason'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedByUsersId: integer('closed_by_users_id').references(() => users.id),
  },
  (t) => [
    check('trial_codes_days', sql`${t.days} BETWEEN 1 AND 365`),
    index('trial_codes_partner_idx').on(t.partnersId, t.createdAt),
  ],
);

/** A lightning link (decision 049): a campaign's link and QR code to sponsor in as few steps as possible. */
export const lightningLinks = pgTable(
  'lightning_links',
  {
    id: serial('id').primaryKey(),
    partnersId: integer('partners_id')
      .notNull()
      .references(() => partners.id),
    code: text('code').notNull().unique(),
    campaign: text('campaign').notNull(),
    partnerSponsoredTypesId: integer('partner_sponsored_types_id').references(() => partnerSponsoredTypes.id),
    sponsoredsId: integer('sponsoreds_id').references(() => sponsoreds.id),
    createdByUsersId: integer('created_by_users_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Revoked by staff (decision 059): its page answers that the link was withdrawn. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    closedReason: text('closed_reason'),
    closedByUsersId: integer('closed_by_users_id').references(() => users.id),
  },
  (t) => [index('lightning_links_partner_idx').on(t.partnersId, t.createdAt)],
);
