import { ERROR_CODE_HEADER, MESSAGES, TOTAL_COUNT_HEADER, mediaPath } from '@kinship/domain';
import type { ZodType } from 'zod';
import { parseProblem, type Problem } from './problem';

/**
 * The typed API client of SPEC section 7: every call goes under /api/ and carries the current
 * partner's partnersId; a non-OK answer throws its response text; paged calls read x-total-count.
 * Sessions are httpOnly cookies, so "authorized" calls need no token handling here.
 */
export class ApiError extends Error {
  /**
   * The answer's stable error code (`x-error-code`, else the problem's `code`; decision 065): what a
   * caller branches on, compared with the domain's `ERRORS`, never the message's wording.
   */
  readonly code: string | null;
  constructor(
    readonly status: number,
    message: string,
    /** A staff call's JSON problem (field and row errors), when the answer was one. */
    readonly problem: Problem | null = null,
    code: string | null = null,
  ) {
    super(message);
    this.code = code ?? (problem?.code || null);
  }
}

/** An error answer's code, from its `x-error-code` header. */
export const errorCodeOf = (response: Response): string | null => response.headers.get(ERROR_CODE_HEADER);

let currentPartnersId: number | null = null;

/** Set once the partner of this site is known; every later call carries it. */
export function setApiPartner(partnersId: number | null): void {
  currentPartnersId = partnersId;
}

type QueryValue = string | number | boolean | null | undefined;

export function apiUrl(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  if (currentPartnersId !== null) params.set('partnersId', String(currentPartnersId));
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return `/api/${path.replace(/^\//, '')}${qs ? `?${qs}` : ''}`;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as JSON; a FormData is sent as it is (multipart). */
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (e.g. an Idempotency-Key on a payment). */
  headers?: Record<string, string>;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const { method = 'GET', query, body, signal, headers = {} } = options;
  // A FormData body goes as multipart/form-data: the browser writes its content type and boundary.
  const raw = body === undefined || body instanceof FormData;
  const response = await fetch(apiUrl(path, query), {
    method,
    credentials: 'same-origin',
    headers: raw
      ? { accept: 'application/json', ...headers }
      : { 'content-type': 'application/json', accept: 'application/json', ...headers },
    ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) {
    const text = await response.text();
    console.error(MESSAGES.apiError, response.status, text);
    const problem = parseProblem(text, response.headers.get('content-type'));
    throw new ApiError(
      response.status,
      problem?.title ?? (text || response.statusText),
      problem,
      errorCodeOf(response),
    );
  }
  return response;
}

/** In development and tests every answer with a domain schema is checked, so a server/client drift fails. */
const CHECK_ANSWERS = import.meta.env.DEV || import.meta.env.MODE === 'test';

/** An answer that does not match the domain schema of its call (development and tests only). */
export class AnswerDriftError extends Error {}

/**
 * Checks an answer against its call's domain schema (development and tests only). The answer itself
 * is returned unchanged, so production and development behave alike when it matches.
 */
export function checkAnswer<T>(path: string, data: unknown, schema: ZodType<T> | undefined): T {
  if (schema && CHECK_ANSWERS) {
    const result = schema.safeParse(data);
    if (!result.success) {
      const issues = result.error.issues.map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`);
      throw new AnswerDriftError(`The answer of ${path} does not match its schema: ${issues.join('; ')}`);
    }
  }
  return data as T;
}

async function parse<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A call; with `schema` (the domain schema of its answer) the answer is checked in development and tests. */
export async function apiRequest<T>(
  path: string,
  options: RequestOptions & { schema?: ZodType<T> } = {},
): Promise<T> {
  const { schema, ...rest } = options;
  return checkAnswer(path, await parse<unknown>(await send(path, rest)), schema);
}

/** A paged call: the items and the x-total-count header. */
export async function apiPaged<T>(
  path: string,
  options: RequestOptions & { itemSchema?: ZodType<T> } = {},
): Promise<{ items: T[]; count: number }> {
  const { itemSchema, ...rest } = options;
  const response = await send(path, rest);
  const count = Number(response.headers.get(TOTAL_COUNT_HEADER) ?? '0');
  const items = await parse<unknown>(response);
  return { items: checkAnswer(path, items, itemSchema ? itemSchema.array() : undefined), count };
}

/** A PDF answer is downloaded as message.pdf. */
export function apiDownloadPdf(path: string, options: RequestOptions = {}): Promise<void> {
  return apiDownloadFile(path, 'message.pdf', options);
}

/**
 * A file answer saved under the name given: a PDF of the spec's calls is always message.pdf
 * (`apiDownloadPdf`); a screen's own document keeps its own name (the letters to print, letters.pdf).
 */
export async function apiDownloadFile(
  path: string,
  fileName: string,
  options: RequestOptions = {},
): Promise<void> {
  const blob = await (await send(path, options)).blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** Stored pictures are served from the media path plus the image path. */
export function mediaUrl(imagePath: string | null | undefined): string | null {
  return imagePath ? mediaPath(imagePath) : null;
}
