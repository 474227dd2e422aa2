import { GivingError } from '../giving/errors.ts';
import { InsightError } from '../insight/errors.ts';
import { PartnersError } from '../partners/errors.ts';
import { PeopleError } from '../people/errors.ts';
import { RecordsError } from '../records/errors.ts';
import { SponsorshipsError } from '../sponsorships/errors.ts';
import { SharedError } from './errors.ts';

/**
 * Every error code of every area (decision 065). The server raises them with `refuse(code, message)`;
 * the web client compares an `ApiError`'s `code` with them, never its wording.
 */
export const ERRORS = {
  ...SharedError,
  ...PartnersError,
  ...RecordsError,
  ...SponsorshipsError,
  ...GivingError,
  ...PeopleError,
  ...InsightError,
} as const;

export type ErrorCode = (typeof ERRORS)[keyof typeof ERRORS];

const S = SharedError;
const P = PartnersError;
const R = RecordsError;
const Sp = SponsorshipsError;
const G = GivingError;
const Pe = PeopleError;
const I = InsightError;

/**
 * The one map from code to HTTP status. A code always answers with this status (the server's
 * `refuse` takes it from here), so the statuses the spec fixes are fixed here.
 */
export const ERROR_STATUS = {
  // the platform, one per status
  [S.BAD_REQUEST]: 400,
  [S.UNAUTHENTICATED]: 401,
  [S.PAYMENT_FAILED]: 402,
  [S.FORBIDDEN]: 403,
  [S.NOT_FOUND]: 404,
  [S.METHOD_NOT_ALLOWED]: 405,
  [S.NOT_ACCEPTABLE]: 406,
  [S.CONFLICT]: 409,
  [S.GONE]: 410,
  [S.PAYLOAD_TOO_LARGE]: 413,
  [S.UNSUPPORTED_MEDIA_TYPE]: 415,
  [S.UNPROCESSABLE]: 422,
  [S.RATE_LIMITED]: 429,
  [S.INTERNAL_ERROR]: 500,
  [S.BAD_GATEWAY]: 502,
  [S.UNAVAILABLE]: 503,
  [S.GATEWAY_TIMEOUT]: 504,
  // the platform's request-level refusals
  [S.VALIDATION_FAILED]: 400,
  [S.INVALID_ROWS]: 422,
  [S.MALFORMED_VALUE]: 400,
  [S.NUL_CHARACTER]: 400,
  [S.INVALID_HOST]: 400,
  [S.ROUTE_NOT_FOUND]: 404,
  [S.BAD_ADDRESS]: 400,
  [S.FEATURE_OFF]: 404,
  // codes a person types
  [S.CODE_UNKNOWN]: 404,
  [S.CODE_USED]: 409,
  [S.CODE_EXPIRED]: 410,
  [S.CODE_WITHDRAWN]: 410,
  [S.CODE_OTHER_PARTNER]: 409,
  [S.CODE_NO_RECORD]: 409,
  [S.CODE_ENDED]: 409,
  [S.CODE_TOO_MANY_TRIES]: 429,
  // partners
  [P.PARTNER_NOT_FOUND]: 404,
  [P.DOMAIN_TAKEN]: 400,
  [P.DOMAIN_RESERVED]: 400,
  [P.DOMAIN_NOT_FOUND]: 404,
  [P.SUBDOMAIN_TAKEN]: 400,
  [P.IDENTIFIER_TAKEN]: 400,
  [P.PROGRAM_NOT_FOUND]: 404,
  [P.TEMPLATE_NOT_FOUND]: 404,
  [P.ONBOARDING_STATE_INVALID]: 400,
  // records
  [R.RECORD_NOT_FOUND]: 404,
  [R.RECORD_CLOSED]: 409,
  [R.ARCHIVE_NEEDS_CONFIRMATION]: 409,
  [R.RECORD_IN_USE]: 409,
  [R.TYPE_NOT_FOUND]: 404,
  [R.PICTURE_NOT_FOUND]: 404,
  [R.IMPORT_NOT_FOUND]: 404,
  [R.IMPORT_FILE_INVALID]: 400,
  [R.IMPORT_NOT_MULTIPART]: 415,
  [R.IMPORT_TOO_LARGE]: 413,
  // sponsorships
  [Sp.SLOTS_FULL]: 409,
  [Sp.ALREADY_SPONSORING]: 409,
  [Sp.SPONSORSHIP_NOT_FOUND]: 404,
  [Sp.SPONSORSHIP_ENDED]: 409,
  [Sp.SAME_RECORD]: 409,
  [Sp.OTHER_TYPE]: 409,
  [Sp.UPDATE_NOT_FOUND]: 404,
  [Sp.UPDATE_ALREADY_SENT]: 409,
  [Sp.LETTER_NOT_FOUND]: 404,
  [Sp.LETTER_STATE]: 409,
  [Sp.LETTER_FLAGS_OPEN]: 409,
  [Sp.NOT_SPONSOR]: 403,
  // giving
  [G.PRICE_CHANGED]: 409,
  [G.PAYMENT_DECLINED]: 402,
  [G.PAYMENT_INVALID]: 400,
  [G.PROVIDER_UNAVAILABLE]: 503,
  [G.ORDER_IN_PROGRESS]: 409,
  [G.IDEMPOTENCY_KEY_REUSED]: 409,
  [G.DONATIONS_OFF]: 403,
  [G.GIFT_NOT_FOUND]: 404,
  [G.LINK_NOT_FOUND]: 404,
  [G.PAYMENT_NOT_FOUND]: 404,
  [G.RECEIPT_NOT_FOUND]: 404,
  [G.ALREADY_REFUNDED]: 409,
  [G.NOT_REFUNDABLE]: 409,
  [G.REFUND_EXCEEDS_PAYMENT]: 409,
  [G.SUBSCRIPTION_NOT_FOUND]: 404,
  [G.SUBSCRIPTION_ENDED]: 409,
  [G.PAYMENT_METHOD_NOT_FOUND]: 404,
  [G.PAYMENT_METHOD_IN_USE]: 409,
  [G.BANKS_NOT_ALLOWED]: 400,
  [G.WEBHOOK_SIGNATURE_INVALID]: 400,
  // people
  [Pe.EMAIL_TAKEN]: 422,
  [Pe.TOKEN_INVALID]: 400,
  [Pe.PASSWORD_TOO_COMMON]: 400,
  [Pe.PERSON_NOT_FOUND]: 404,
  [Pe.PROFILE_EXISTS]: 409,
  [Pe.PHONE_INVALID]: 400,
  [Pe.ALREADY_ON_TEAM]: 400,
  [Pe.INVITATION_PENDING]: 400,
  [Pe.INVITATION_NOT_FOUND]: 404,
  [Pe.INVITATION_NOT_PENDING]: 409,
  [Pe.INVITATION_USED]: 409,
  [Pe.INVITATION_EXPIRED]: 410,
  [Pe.INVITATION_REVOKED]: 410,
  [Pe.INVITATION_WRONG_ACCOUNT]: 403,
  [Pe.INVITATION_OTHER_PARTNER]: 400,
  [Pe.MEMBER_NOT_FOUND]: 404,
  [Pe.LAST_ADMINISTRATOR]: 409,
  // insight
  [I.JOB_NOT_FOUND]: 404,
  [I.PERIOD_INVALID]: 400,
} as const satisfies Record<ErrorCode, number>;

/** The HTTP status a code is answered with. */
export function statusOfError(code: ErrorCode): number {
  return ERROR_STATUS[code];
}

/** The platform's code of a status, for an error raised with no specific code (or written by a library). */
export const STATUS_ERROR_CODES: Readonly<Record<number, ErrorCode>> = {
  400: S.BAD_REQUEST,
  401: S.UNAUTHENTICATED,
  402: S.PAYMENT_FAILED,
  403: S.FORBIDDEN,
  404: S.NOT_FOUND,
  405: S.METHOD_NOT_ALLOWED,
  406: S.NOT_ACCEPTABLE,
  409: S.CONFLICT,
  410: S.GONE,
  413: S.PAYLOAD_TOO_LARGE,
  415: S.UNSUPPORTED_MEDIA_TYPE,
  422: S.UNPROCESSABLE,
  429: S.RATE_LIMITED,
  500: S.INTERNAL_ERROR,
  502: S.BAD_GATEWAY,
  503: S.UNAVAILABLE,
  504: S.GATEWAY_TIMEOUT,
};

/** Is this string one of the codes (for a client reading the header of an unknown answer)? */
export function isErrorCode(value: string | null | undefined): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}
