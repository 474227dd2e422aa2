import type { DonationRequest } from '@kinship/domain';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST payments: a general donation (sign-in optional). `amount` is in dollars, as the form takes
 * it; `website` is the honeypot. Answers the receipt URL.
 */
export const donate = (body: DonationRequest, idempotencyKey: string) =>
  apiRequest<string>('payments', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });
