import { CART_ISSUE_MESSAGE, ERRORS } from '@kinship/domain';
import { describe, expect, it } from 'vitest';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { stubApi } from '../../../test/api-stub';
import { recordChangedUnderCart } from './checkout-errors';

// Decision 067: a closed record and taken slots answer the same status and cart message with
// their own codes; the payment step refreshes the cart's records by the code alone.

const refusal = (status: number, code: string | null) => new ApiError(status, CART_ISSUE_MESSAGE, null, code);

describe('recordChangedUnderCart', () => {
  it('is told by the x-error-code of the answer, whatever its wording', async () => {
    stubApi({
      'POST /api/payments/checkout/month': new Response(CART_ISSUE_MESSAGE, {
        status: 409,
        headers: { 'content-type': 'text/plain', 'x-error-code': ERRORS.SLOTS_FULL },
      }),
    });
    const error = await apiRequest('payments/checkout/month', { method: 'POST', body: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ status: 409, code: 'slots_full', message: CART_ISSUE_MESSAGE });
    expect(recordChangedUnderCart(error)).toBe(true);
  });

  it('refreshes for a closed record, taken slots, a changed price or a record already sponsored', () => {
    for (const code of [
      ERRORS.RECORD_CLOSED,
      ERRORS.SLOTS_FULL,
      ERRORS.PRICE_CHANGED,
      ERRORS.ALREADY_SPONSORING,
    ])
      expect(recordChangedUnderCart(refusal(409, code)), code).toBe(true);
  });

  it('does not for another 409, an answer without a code, or an error that is not an answer', () => {
    expect(recordChangedUnderCart(refusal(409, ERRORS.IDEMPOTENCY_KEY_REUSED))).toBe(false);
    expect(recordChangedUnderCart(refusal(409, ERRORS.ORDER_IN_PROGRESS))).toBe(false);
    expect(recordChangedUnderCart(refusal(409, null))).toBe(false);
    expect(recordChangedUnderCart(new Error(CART_ISSUE_MESSAGE))).toBe(false);
  });
});
