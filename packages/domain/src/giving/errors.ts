/** The giving area's error codes (decision 065); their statuses are in shared/error-status.ts. */
export const GivingError = {
  /** The price the client saw is no longer the price. */
  PRICE_CHANGED: 'price_changed',
  /** The card or bank refused the payment. */
  PAYMENT_DECLINED: 'payment_declined',
  /** The provider refused the payment's details (not a decline). */
  PAYMENT_INVALID: 'payment_invalid',
  /** The payment provider could not be reached. */
  PROVIDER_UNAVAILABLE: 'provider_unavailable',
  ORDER_IN_PROGRESS: 'order_in_progress',
  IDEMPOTENCY_KEY_REUSED: 'idempotency_key_reused',
  DONATIONS_OFF: 'donations_off',
  GIFT_NOT_FOUND: 'gift_not_found',
  LINK_NOT_FOUND: 'link_not_found',
  PAYMENT_NOT_FOUND: 'payment_not_found',
  RECEIPT_NOT_FOUND: 'receipt_not_found',
  ALREADY_REFUNDED: 'already_refunded',
  NOT_REFUNDABLE: 'not_refundable',
  REFUND_EXCEEDS_PAYMENT: 'refund_exceeds_payment',
  SUBSCRIPTION_NOT_FOUND: 'subscription_not_found',
  SUBSCRIPTION_ENDED: 'subscription_ended',
  PAYMENT_METHOD_NOT_FOUND: 'payment_method_not_found',
  PAYMENT_METHOD_IN_USE: 'payment_method_in_use',
  BANKS_NOT_ALLOWED: 'banks_not_allowed',
  WEBHOOK_SIGNATURE_INVALID: 'webhook_signature_invalid',
} as const;
