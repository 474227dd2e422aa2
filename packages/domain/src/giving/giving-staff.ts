import { z } from 'zod';

/*
 * The Donations section of the partner dashboard (decision 041): payments and subscriptions with
 * their status, refunds and cancellations with a reason, and the delinquent list of failed renewals.
 * The server validates with these schemas and the web app reads its answers with them.
 */

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** What a payment was for: a sponsorship (a subscription's payment), a general donation, or a gift to an initiative. */
export const GIVING_KINDS = ['sponsorship', 'donation', 'initiative'] as const;
export type GivingKind = (typeof GIVING_KINDS)[number];
export const GIVING_KIND_LABELS: Record<GivingKind, string> = {
  sponsorship: 'Sponsorship',
  donation: 'General donation',
  initiative: 'Initiative',
};

/** A payment's status as staff see it: a partly refunded payment is told apart from a whole refund. */
export const PAYMENT_LIST_STATUSES = [
  'succeeded',
  'partially_refunded',
  'refunded',
  'failed',
  'pending',
] as const;
export type PaymentListStatus = (typeof PAYMENT_LIST_STATUSES)[number];
export const PAYMENT_STATUS_LABELS: Record<PaymentListStatus, string> = {
  succeeded: 'Paid',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
  failed: 'Failed',
  pending: 'Pending',
};

export const SUBSCRIPTION_LIST_STATUSES = [
  'active',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete',
  'incomplete_expired',
] as const;
export type SubscriptionListStatus = (typeof SUBSCRIPTION_LIST_STATUSES)[number];
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionListStatus, string> = {
  active: 'Active',
  past_due: 'Past due',
  unpaid: 'Unpaid',
  canceled: 'Canceled',
  incomplete: 'Incomplete',
  incomplete_expired: 'Expired',
};

/** A date range filter: `YYYY-MM-DD..YYYY-MM-DD` (both ends included, UTC days). */
export const dateRangeSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}\.\.\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD..YYYY-MM-DD')
  .refine((value) => {
    const [from, to] = value.split('..') as [string, string];
    const a = Date.parse(`${from}T00:00:00Z`);
    const b = Date.parse(`${to}T00:00:00Z`);
    return Number.isFinite(a) && Number.isFinite(b) && a <= b;
  }, 'date must be two real days, the first not after the second');

const paging = {
  partnersId: z.string().optional(),
  q: z.string().trim().max(200).optional(),
  entitiesId: id.optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(25),
};

export const paymentListQuerySchema = z.object({
  ...paging,
  status: z.enum(PAYMENT_LIST_STATUSES).optional(),
  kind: z.enum(GIVING_KINDS).optional(),
  date: dateRangeSchema.optional(),
  sort: z.enum(['date', 'amount']).default('date'),
});
export type PaymentListQuery = z.infer<typeof paymentListQuerySchema>;

export const givingRefundSchema = z.object({
  id: z.number(),
  amount: z.number(),
  reason: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  /** Made in Kinship (staff), at the payment provider (gateway), or a dispute lost (decision 055). */
  source: z.enum(['staff', 'gateway', 'dispute']).optional(),
  createdAt: z.string(),
});
export type GivingRefund = z.infer<typeof givingRefundSchema>;

export const paymentRowSchema = z.object({
  id: z.number(),
  date: z.string(),
  kind: z.enum(GIVING_KINDS),
  status: z.enum(PAYMENT_LIST_STATUSES),
  amount: z.number(),
  refundedAmount: z.number(),
  /** What may still be refunded (0 unless the payment succeeded). */
  refundable: z.number(),
  currency: z.string(),
  donorName: z.string().nullable(),
  donorEmail: z.string().nullable(),
  description: z.string().nullable(),
  receiptCode: z.string().nullable(),
  subscriptionsId: z.number().nullable(),
  failureCode: z.string().nullable(),
  failureMessage: z.string().nullable(),
  refunds: z.array(givingRefundSchema),
  /** The payment's latest dispute (chargeback) at the provider, with the provider's status. */
  dispute: z
    .object({ status: z.string(), amount: z.number(), reason: z.string().nullable() })
    .nullable()
    .optional(),
});
export type GivingPaymentRow = z.infer<typeof paymentRowSchema>;

export const subscriptionListQuerySchema = z.object({
  ...paging,
  status: z.enum(SUBSCRIPTION_LIST_STATUSES).optional(),
  date: dateRangeSchema.optional(),
  sort: z.enum(['date', 'amount']).default('date'),
});
export type SubscriptionListQuery = z.infer<typeof subscriptionListQuerySchema>;

export const subscriptionRowSchema = z.object({
  id: z.number(),
  createdAt: z.string(),
  status: z.enum(SUBSCRIPTION_LIST_STATUSES),
  interval: z.enum(['month', 'year']),
  amount: z.number(),
  currency: z.string(),
  donorName: z.string().nullable(),
  donorEmail: z.string().nullable(),
  /** The sponsored records of its lines, by name. */
  records: z.string(),
  currentPeriodEnd: z.string().nullable(),
  canceledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  paymentMethod: z.string().nullable(),
});
export type GivingSubscriptionRow = z.infer<typeof subscriptionRowSchema>;

export const delinquentRowSchema = z.object({
  subscriptionsId: z.number(),
  status: z.enum(SUBSCRIPTION_LIST_STATUSES),
  donorName: z.string().nullable(),
  donorEmail: z.string().nullable(),
  records: z.string(),
  amount: z.number(),
  currency: z.string(),
  interval: z.enum(['month', 'year']),
  /** The latest failed renewal: when, the card's decline code and the provider's message. */
  failedAt: z.string(),
  declineCode: z.string().nullable(),
  declineMessage: z.string().nullable(),
  /** Failed attempts since the last successful payment. */
  failedAttempts: z.number(),
  paymentMethod: z.string().nullable(),
  reminderSentAt: z.string().nullable(),
});
export type DelinquentRow = z.infer<typeof delinquentRowSchema>;

export const delinquentQuerySchema = z.object({
  partnersId: z.string().optional(),
  entitiesId: id.optional(),
  q: z.string().trim().max(200).optional(),
});

const reasonSchema = z
  .string()
  .trim()
  .min(1, 'Give a reason.')
  .max(500, 'The reason may be at most 500 characters.');

/** A key the refund dialog makes once: the same key sent again answers the same refund. */
const requestKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, 'requestKey must be 8 to 100 letters, digits, - or _');

export const refundInputSchema = z.object({
  /** Cents to refund; absent refunds everything that remains. */
  amount: z.number().int().min(1, 'The amount must be at least 1 cent.').optional(),
  reason: reasonSchema,
  requestKey: requestKeySchema,
});
export type RefundInput = z.infer<typeof refundInputSchema>;

export const cancelSubscriptionInputSchema = z.object({ reason: reasonSchema });
export type CancelSubscriptionInput = z.infer<typeof cancelSubscriptionInputSchema>;

export const retryRenewalInputSchema = z.object({ requestKey: requestKeySchema });

export const retryRenewalResultSchema = z.object({
  outcome: z.enum(['paid', 'failed']),
  message: z.string().nullable(),
  declineCode: z.string().nullable(),
  status: z.enum(SUBSCRIPTION_LIST_STATUSES),
});
export type RetryRenewalResult = z.infer<typeof retryRenewalResultSchema>;

export const reminderResultSchema = z.object({
  /** False when this failed renewal's reminder was already sent (one per failure). */
  queued: z.boolean(),
  reminderSentAt: z.string(),
});
export type ReminderResult = z.infer<typeof reminderResultSchema>;

/** The payment status staff see from the stored status and refunded amount. */
export function paymentListStatus(status: string, amount: number, refundedAmount: number): PaymentListStatus {
  if (status === 'refunded' || (status === 'succeeded' && refundedAmount >= amount && amount > 0))
    return 'refunded';
  if (status === 'succeeded' && refundedAmount > 0) return 'partially_refunded';
  if (status === 'failed' || status === 'pending') return status;
  return 'succeeded';
}
