import type { CheckoutHelperRequest } from '@kinship/domain';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST payments/checkout (the checkout helper the billing page uses): a subscription with the
 * interval in the body as paymentInterval. Answers the receipt URL of the first payment.
 */
export const checkoutHelper = (body: CheckoutHelperRequest, idempotencyKey: string) =>
  apiRequest<{ invoice: string }>('payments/checkout', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
