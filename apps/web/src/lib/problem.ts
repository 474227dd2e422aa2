/**
 * The JSON problem shape staff calls answer field and row errors with (issue 11, item 5):
 * `{ type, title, status, code, errors: [{ field, message }] }`, as `application/problem+json` or
 * plain JSON. The spec's own calls keep plain-text bodies; those give no problem.
 */
export interface ProblemFieldError {
  /** A dotted path into the submitted value (`address.zip`, `rows.3.email`), or '' for the whole. */
  field: string;
  message: string;
}

export interface Problem {
  type: string;
  title: string;
  status: number;
  code: string;
  detail?: string | undefined;
  errors: ProblemFieldError[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads a problem from an error answer's text; null when the answer is not one. */
export function parseProblem(text: string, contentType: string | null = null): Problem | null {
  const looksJson = /json/i.test(contentType ?? '') || /^\s*\{/.test(text);
  if (!looksJson) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(value) || typeof value.title !== 'string' || typeof value.status !== 'number') return null;
  const errors = Array.isArray(value.errors)
    ? value.errors.flatMap((e): ProblemFieldError[] =>
        isObject(e) && typeof e.message === 'string'
          ? [{ field: typeof e.field === 'string' ? e.field : '', message: e.message }]
          : [],
      )
    : [];
  return {
    type: typeof value.type === 'string' ? value.type : 'about:blank',
    title: value.title,
    status: value.status,
    code: typeof value.code === 'string' ? value.code : '',
    detail: typeof value.detail === 'string' ? value.detail : undefined,
    errors,
  };
}

/** The field errors of a problem as a form takes them: path -> message (the first per path). */
export function fieldErrorsOf(problem: Problem | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const error of problem?.errors ?? [])
    if (error.field && !(error.field in out)) out[error.field] = error.message;
  return out;
}
