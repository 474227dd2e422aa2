/** What turning the card field (or a chosen saved method) into a payment method gives: an error or an id. */
export interface PaymentMethodResult {
  error: string | null;
  paymentMethod: string | null;
}

/** A card entry form, asked for a payment method id when the person pays. */
export interface CardFieldHandle {
  createPaymentMethod(): Promise<PaymentMethodResult>;
}
