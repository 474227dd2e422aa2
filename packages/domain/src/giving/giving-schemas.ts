import { z } from 'zod';
import { checkoutRequestSchema, paymentIntervalSchema, paymentMethodSchema } from '../shared/schemas.ts';

// API payloads of checkout, saved payment methods, subscriptions and the sandbox card field.
// Amounts are integer cents.

const id = z.int();
const cents = z.int().nonnegative();

/** A saved payment method as the payment settings and the method picker show it. */
export const savedPaymentMethodSchema = paymentMethodSchema.extend({
  /** The method new subscriptions and renewals use unless told otherwise. */
  isDefault: z.boolean(),
  /** The last payment tried with this method failed (and none has succeeded since). */
  lastPaymentFailed: z.boolean().optional(),
});
export type SavedPaymentMethod = z.infer<typeof savedPaymentMethodSchema>;

/** GET payments/setupintent: saves a new method to the signed-in person's customer at this partner. */
export const setupIntentSchema = z.object({ id: z.string(), clientSecret: z.string() });

/**
 * POST payments/checkout (the checkout helper the billing page uses): the checkout body with the
 * interval in it. The names and email default to the signed-in person's record when left out.
 */
export const checkoutHelperRequestSchema = checkoutRequestSchema.extend({
  paymentInterval: paymentIntervalSchema,
  email: checkoutRequestSchema.shape.email.optional(),
  firstName: z.string().trim().min(1).optional(),
  lastName: z.string().trim().min(1).optional(),
});
export type CheckoutHelperRequest = z.infer<typeof checkoutHelperRequestSchema>;

export const subscriptionStatusSchema = z.enum([
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'incomplete',
  'incomplete_expired',
]);

/** GET payments/subscriptiondetail/{id}: one subscription of the signed-in person. */
export const subscriptionDetailSchema = z.object({
  id,
  ordersId: id.nullable(),
  status: subscriptionStatusSchema,
  interval: paymentIntervalSchema,
  /** Cents per interval before the boost. */
  baseAmount: cents,
  additionalAmount: cents,
  /** baseAmount + additionalAmount: what each period charges. */
  totalAmount: cents,
  currency: z.string(),
  /** When the next payment is taken (ISO timestamp), or null once ended. */
  nextPaymentDate: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  canceledAt: z.string().nullable(),
  paymentMethod: savedPaymentMethodSchema.nullable(),
  /** What the subscription would cost at today's plan prices (PUT resetsubscriptionprice applies it). */
  currentPrice: z.object({ baseAmount: cents, additionalAmount: cents, totalAmount: cents }),
  lines: z.array(
    z.object({
      /** The userSponsored (sponsorship) id. */
      id,
      sponsoredsId: id,
      name: z.string(),
      numSlots: z.int().positive(),
      /** Cents per interval for this line, before the boost. */
      amount: cents,
      dateStarted: z.string(),
      dateEnded: z.string().nullable(),
    }),
  ),
});
export type SubscriptionDetail = z.infer<typeof subscriptionDetailSchema>;

/** PUT payments/updatesubscriptionpayment/{ordersId}: the order in the path and the body, and the new method. */
export const updateSubscriptionPaymentRequestSchema = z.object({
  ordersId: id,
  /** A saved method's id, or a new one from the card field (it is then saved to the person). */
  paymentMethodId: z.string().min(1),
});

/** POST sandbox/paymentmethods: the sandbox card field's tokenisation (sandbox mode only). */
export const sandboxCardRequestSchema = z.object({
  number: z.string().min(1).max(40),
  expMonth: z.int(),
  expYear: z.int(),
  cvc: z.string().max(8),
  postalCode: z.string().max(20).optional(),
});

export const sandboxPaymentMethodSchema = z.object({
  id: z.string(),
  card: z.object({ brand: z.string(), last4: z.string(), expMonth: z.int(), expYear: z.int() }),
});

/** POST sandbox/setupintents/{id}/confirm: the sandbox's stand-in for confirming a setup intent in the browser. */
export const sandboxConfirmSetupRequestSchema = z.object({
  clientSecret: z.string().min(1),
  paymentMethod: z.string().min(1),
});
export const sandboxConfirmSetupResponseSchema = z.object({
  id: z.string(),
  status: z.literal('succeeded'),
  paymentMethod: z.string(),
});

/**
 * GET payments/config: how the browser takes card details on this partner's site. In sandbox mode
 * the site's own card field tokenises through POST sandbox/paymentmethods; in Stripe mode Stripe.js
 * is loaded with the publishable key on the partner's connected account.
 */
export const paymentConfigSchema = z.object({
  gateway: z.enum(['sandbox', 'stripe']),
  /** Stripe's publishable key in Stripe mode; null in sandbox mode. */
  publishableKey: z.string().nullable(),
  /** The partner's connected account Stripe.js acts on, in Stripe mode; null otherwise. */
  stripeAccount: z.string().nullable(),
  /** Bank methods (us_bank_account, acss_debit) are offered only when the partner allows banks. */
  allowBanks: z.boolean(),
  /** False when the partner has no gateway account (it takes no payments). */
  paymentsConfigured: z.boolean(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;
