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
  LETTER_NOT_FOUND: 'letter_not_found',
  /** The letter's state does not allow this step (an approved letter edited, a draft approved). */
  LETTER_STATE: 'letter_state',
  /** A letter with open pre-screen flags cannot be approved until each is removed or accepted. */
  LETTER_FLAGS_OPEN: 'letter_flags_open',
  /** The viewer does not sponsor this record (or no longer does, for a new letter). */
  NOT_SPONSOR: 'not_sponsor',
} as const;
