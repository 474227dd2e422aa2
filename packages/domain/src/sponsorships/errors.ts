/** The sponsorships area's error codes (decision 065); their statuses are in shared/error-status.ts. */
export const SponsorshipsError = {
  /** Every slot of the record is taken (or was taken while paying). */
  SLOTS_FULL: 'slots_full',
  /** The person already sponsors this record. */
  ALREADY_SPONSORING: 'already_sponsoring',
  SPONSORSHIP_NOT_FOUND: 'sponsorship_not_found',
  SPONSORSHIP_ENDED: 'sponsorship_ended',
  /** A move to the record the sponsorship is already on. */
  SAME_RECORD: 'same_record',
  /** A move to a record of another type. */
  OTHER_TYPE: 'other_type',
  UPDATE_NOT_FOUND: 'update_not_found',
  UPDATE_ALREADY_SENT: 'update_already_sent',
} as const;
