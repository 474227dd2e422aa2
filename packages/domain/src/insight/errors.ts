/** The insight area's error codes (decision 065); their statuses are in shared/error-status.ts. */
export const InsightError = {
  JOB_NOT_FOUND: 'job_not_found',
  PERIOD_INVALID: 'period_invalid',
} as const;
