import { ERRORS, type ErrorCode } from '@kinship/domain';
import { ApiError } from '../../../lib/api-client';

/**
 * The refusals of a checkout that mean a record in the cart changed since it was shown: closed,
 * its slots taken, its price changed, or already sponsored by this person. Told by the answer's
 * code (decisions 065, 067), never by its status or wording.
 */
const RECORD_CHANGED: readonly ErrorCode[] = [
  ERRORS.RECORD_CLOSED,
  ERRORS.SLOTS_FULL,
  ERRORS.PRICE_CHANGED,
  ERRORS.ALREADY_SPONSORING,
];

/** Whether a failed checkout should show the cart's records as they are now. */
export function recordChangedUnderCart(error: unknown): boolean {
  return error instanceof ApiError && error.code !== null && RECORD_CHANGED.includes(error.code as ErrorCode);
}
