/**
 * Error codes (decision 065): the stable, lower_snake_case names a client branches on, sent in the
 * `x-error-code` header of every error answer and in the `code` of a problem+json body. Each area
 * lists its own (`<area>/errors.ts`); `error-status.ts` maps every code to its HTTP status in one
 * place. A code is part of the API: renaming one is a breaking change.
 */

/** The platform's codes: one per HTTP status (the fallback when nothing more specific was raised), and the request-level refusals. */
export const SharedError = {
  BAD_REQUEST: 'bad_request',
  UNAUTHENTICATED: 'unauthenticated',
  PAYMENT_FAILED: 'payment_failed',
  FORBIDDEN: 'forbidden',
  NOT_FOUND: 'not_found',
  METHOD_NOT_ALLOWED: 'method_not_allowed',
  NOT_ACCEPTABLE: 'not_acceptable',
  CONFLICT: 'conflict',
  GONE: 'gone',
  PAYLOAD_TOO_LARGE: 'payload_too_large',
  UNSUPPORTED_MEDIA_TYPE: 'unsupported_media_type',
  UNPROCESSABLE: 'unprocessable',
  RATE_LIMITED: 'rate_limited',
  INTERNAL_ERROR: 'internal_error',
  BAD_GATEWAY: 'bad_gateway',
  UNAVAILABLE: 'unavailable',
  GATEWAY_TIMEOUT: 'gateway_timeout',
  /** Invalid input: a spec call's plain text, or a staff call's field errors. */
  VALIDATION_FAILED: 'validation_failed',
  /** An import's refused rows (problem+json with one entry per row). */
  INVALID_ROWS: 'invalid_rows',
  MALFORMED_VALUE: 'malformed_value',
  NUL_CHARACTER: 'nul_character',
  INVALID_HOST: 'invalid_host',
  ROUTE_NOT_FOUND: 'route_not_found',
  BAD_ADDRESS: 'bad_address',
  /** The partner does not have the feature of this call (answered as a page that does not exist). */
  FEATURE_OFF: 'feature_off',
  /**
   * A code a person types or follows (a gift, trial or lightning code; a sponsor's link code): the
   * same cases in every area, so a client handles them once.
   */
  CODE_UNKNOWN: 'code_unknown',
  CODE_USED: 'code_used',
  CODE_EXPIRED: 'code_expired',
  /** Withdrawn by the partner's staff (decision 059). */
  CODE_WITHDRAWN: 'code_revoked',
  CODE_OTHER_PARTNER: 'code_other_partner',
  CODE_NO_RECORD: 'code_no_record',
  /** The sponsorship a link code would join has ended. */
  CODE_ENDED: 'code_ended',
  CODE_TOO_MANY_TRIES: 'code_too_many_tries',
} as const;
