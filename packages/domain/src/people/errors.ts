/** The people area's error codes (decision 065); their statuses are in shared/error-status.ts. */
export const PeopleError = {
  /** Sign-up with an address that already has an account (the auth library's USER_ALREADY_EXISTS). */
  EMAIL_TAKEN: 'email_taken',
  /** A reset or verification link whose token is unknown or expired (the auth library's INVALID_TOKEN). */
  TOKEN_INVALID: 'invalid_token',
  PASSWORD_TOO_COMMON: 'password_too_common',
  PERSON_NOT_FOUND: 'person_not_found',
  PROFILE_EXISTS: 'profile_exists',
  PHONE_INVALID: 'phone_invalid',
  /** An invitation to an address already on the team. */
  ALREADY_ON_TEAM: 'already_on_team',
  INVITATION_PENDING: 'invitation_pending',
  INVITATION_NOT_FOUND: 'invitation_not_found',
  INVITATION_NOT_PENDING: 'invitation_not_pending',
  INVITATION_USED: 'invitation_used',
  INVITATION_EXPIRED: 'invitation_expired',
  INVITATION_REVOKED: 'invitation_revoked',
  INVITATION_WRONG_ACCOUNT: 'invitation_wrong_account',
  INVITATION_OTHER_PARTNER: 'invitation_other_partner',
  MEMBER_NOT_FOUND: 'member_not_found',
  /** The change would leave the partner without a partner-wide administrator. */
  LAST_ADMINISTRATOR: 'last_administrator',
} as const;
