import { z } from 'zod';

/**
 * The route schemas every module's calls share. An id in a path is a whole number of at most 9
 * digits (every table's serial fits), answered with `{name} must be a whole number` otherwise.
 */
export const wholeNumberParam = (name: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${name} must be a whole number`)
    .transform(Number);

/** The site query every spec call carries (`partnersId`), other keys let through. */
export const siteQuery = z.object({ partnersId: z.string().optional() }).loose();
