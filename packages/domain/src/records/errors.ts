/** The records area's error codes (decision 065); their statuses are in shared/error-status.ts. */
export const RecordsError = {
  RECORD_NOT_FOUND: 'record_not_found',
  /** The record is not open to sponsorship (inactive, archived, its type inactive). */
  RECORD_CLOSED: 'record_closed',
  /** Archiving a sponsored record asks for a confirmation first. */
  ARCHIVE_NEEDS_CONFIRMATION: 'archive_needs_confirmation',
  /** A record with sponsorships, payments or updates cannot be deleted (it can be archived). */
  RECORD_IN_USE: 'record_in_use',
  TYPE_NOT_FOUND: 'type_not_found',
  PICTURE_NOT_FOUND: 'picture_not_found',
  IMPORT_NOT_FOUND: 'import_not_found',
  /** The import's file (or pictures zip) cannot be read or is over a limit. */
  IMPORT_FILE_INVALID: 'import_file_invalid',
  IMPORT_NOT_MULTIPART: 'import_not_multipart',
  IMPORT_TOO_LARGE: 'import_too_large',
} as const;
