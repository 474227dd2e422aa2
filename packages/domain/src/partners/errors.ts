/** The partners area's error codes (decision 065); their statuses are in shared/error-status.ts. */
export const PartnersError = {
  PARTNER_NOT_FOUND: 'partner_not_found',
  /** A domain another partner has (or took while saving). */
  DOMAIN_TAKEN: 'domain_taken',
  /** A platform host or a reserved name, which can never be a partner's own domain. */
  DOMAIN_RESERVED: 'domain_reserved',
  DOMAIN_NOT_FOUND: 'domain_not_found',
  SUBDOMAIN_TAKEN: 'subdomain_taken',
  IDENTIFIER_TAKEN: 'identifier_taken',
  PROGRAM_NOT_FOUND: 'program_not_found',
  TEMPLATE_NOT_FOUND: 'template_not_found',
  ONBOARDING_STATE_INVALID: 'onboarding_state_invalid',
} as const;
