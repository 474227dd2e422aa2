import type { CheckoutRequest, PaymentInterval } from '@kinship/domain';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST payments/checkout/{month|year}: the subscription of the cart's lines. Answers the receipt URL
 * of the first payment. A resend under the same Idempotency-Key answers the first outcome.
 */
export const checkout = (interval: PaymentInterval, body: CheckoutRequest, idempotencyKey: string) =>
  apiRequest<{ invoice: string }>(`payments/checkout/${interval}`, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
