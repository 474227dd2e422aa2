import type { z } from 'zod';
import { fieldErrors } from './errors.ts';

/**
 * A staff body checked after the access check (so a caller without access learns nothing of the
 * shape): its zod issues become the problem shape's field errors, one per dotted path.
 */
export function parseInput<Schema extends z.ZodType>(schema: Schema, body: unknown): z.output<Schema> {
  // The input is kept in each issue so zod's standard messages can be said in the request's language.
  const parsed = schema.safeParse(body ?? {}, { reportInput: true });
  if (parsed.success) return parsed.data;
  const problem = fieldErrors(
    parsed.error.issues.map((issue) => ({
      field: issue.path.map(String).join('.') || 'body',
      message: issue.message,
    })),
  );
  problem.issues = parsed.error.issues;
  throw problem;
}
