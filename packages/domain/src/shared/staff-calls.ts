import { z } from 'zod';

/**
 * What the staff calls answer besides their data: the problem shape of field and row errors
 * (RFC 9457 `application/problem+json`, with Kinship's `code` and `errors`) and a job's progress.
 * The server writes both; the web app parses them with these schemas.
 */

/** One field or row error: `field` is a dotted path into the body ("plans.0.monthlyAmount"), `row` a 1-based import row. */
export const problemFieldErrorSchema = z.object({
  field: z.string().optional(),
  row: z.number().int().positive().optional(),
  message: z.string(),
});
export type ProblemFieldError = z.infer<typeof problemFieldErrorSchema>;

export const problemSchema = z.object({
  /** A URI naming the kind of problem; `about:blank` when the status says it all. */
  type: z.string(),
  title: z.string(),
  status: z.number().int().min(400).max(599),
  /** The stable error code, also sent in the x-error-code header of every error answer. */
  code: z.string(),
  errors: z.array(problemFieldErrorSchema),
});
export type Problem = z.infer<typeof problemSchema>;

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
export const ERROR_CODE_HEADER = 'x-error-code';

export const JOB_STATES = ['queued', 'running', 'retrying', 'completed', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** GET jobs/{id}/progress: how far a tracked job (an import, an export) has got. */
export const jobProgressSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: z.enum(JOB_STATES),
  done: z.number().int(),
  total: z.number().int().nullable(),
  message: z.string().nullable(),
  updatedAt: z.string(),
});
export type JobProgress = z.infer<typeof jobProgressSchema>;
