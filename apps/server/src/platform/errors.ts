import {
  ERROR_CODE_HEADER,
  ERRORS,
  PROBLEM_CONTENT_TYPE,
  STATUS_ERROR_CODES,
  statusOfError,
  type ErrorCode,
  type Locale,
  type Problem,
  type ProblemFieldError,
} from '@kinship/domain';
import type { $ZodIssue } from 'zod/v4/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { refusalOf, translateRefusal } from './error-messages.ts';
import { invalidRequestText, issueMessageIn, problemTitleIn, type ValidationEntry } from './validation.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A staff call: its invalid-input answers are the JSON problem shape (`application/problem+json`,
     * with one entry per field) instead of the spec calls' plain text.
     */
    problemErrors?: boolean;
  }
}

/** The locale a request is answered in (platform/locale.ts), or null when it names no partner. */
export type RequestLocale = (request: FastifyRequest) => Promise<Locale | null>;

/**
 * Stable error codes (decisions 026 and 065): every error answer carries one in the `x-error-code`
 * header, so a client can branch on it without reading the (human, possibly reworded) message. The
 * codes and the one map from code to status are the domain's (`ERRORS`, `ERROR_STATUS`); a refusal
 * names its code with `refuse(code, message)`, else the status's code applies.
 */
export { STATUS_ERROR_CODES };

export const BAD_ADDRESS_MESSAGE =
  'This address is not valid: a "%" in it must be followed by two hexadecimal digits.';

/**
 * Fastify's own refusals, raised before any route runs (an address whose %-escapes do not decode,
 * a path segment longer than the router keeps), which it would answer as its raw JSON. A page
 * address is sent again with its stray "%" escaped, so the person gets the site's own page for what
 * they typed (a link page with the code filled in, or the site's not-found page); an API address
 * gets the plain-text error every other call gives, with its code.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const urlPath = request.raw.url?.split('?')[0] ?? '/';
  const query = request.raw.url?.includes('?') ? request.raw.url.slice(request.raw.url.indexOf('?')) : '';
  const isApi = urlPath.startsWith('/api/') || urlPath.startsWith('/media/');
  if (error.code === 'FST_ERR_BAD_URL') {
    if (!isApi) {
      const escaped = urlPath.replace(/%(?![0-9A-Fa-f]{2})/g, '%25');
      // Still not decodable (a %-escape of a byte that is not UTF-8): the site's home page.
      let target = escaped;
      try {
        decodeURIComponent(escaped);
      } catch {
        target = '/';
      }
      void reply.redirect(`${target}${target === '/' ? '' : query}`, 308);
      return;
    }
    void reply
      .code(400)
      .type('text/plain; charset=utf-8')
      .header(ERROR_CODE_HEADER, ERRORS.BAD_ADDRESS)
      .send(BAD_ADDRESS_MESSAGE);
    return;
  }
  // FST_ERR_MAX_PARAM_LENGTH and anything else the router refuses: nothing is found there.
  void reply
    .code(error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 404 : (error.statusCode ?? 400))
    .type('text/plain; charset=utf-8')
    .header(ERROR_CODE_HEADER, ERRORS.ROUTE_NOT_FOUND)
    .send(`Nothing is found at ${request.method} ${urlPath.slice(0, 120)}${urlPath.length > 120 ? '…' : ''}`);
}

export function errorCodeOf(status: number): string {
  return STATUS_ERROR_CODES[status] ?? (status >= 500 ? 'internal_error' : `http_${status}`);
}

/** An error a client may see: its message is sent as the plain-text body with its status. */
export class HttpError extends Error {
  readonly code: string;
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    code?: string,
  ) {
    super(message);
    this.code = code ?? errorCodeOf(statusCode);
  }

  /**
   * The message in another locale, for a refusal whose values are formatted for its reader (an
   * amount in the partner's currency): en-US keeps the thrown text.
   */
  inLocale?: (locale: Locale) => string;

  sayingIn(say: (locale: Locale) => string): this {
    this.inLocale = say;
    return this;
  }
}

/**
 * A refusal a client may branch on: its status is the code's, from the one map (`ERROR_STATUS`), and
 * its message the plain-text body (the spec's wording where the spec fixes one).
 */
export function refuse(code: ErrorCode, message: string, headers: Record<string, string> = {}): HttpError {
  return new HttpError(statusOfError(code), message, headers, code);
}

/**
 * A staff call's field or row errors, answered as the problem shape (RFC 9457 with Kinship's
 * `code` and `errors`), so a form can mark each field and an import can list each row.
 */
export class ProblemError extends HttpError {
  readonly errors: ProblemFieldError[];
  readonly type: string;
  /** The zod issue behind each entry of `errors`, when they came from a schema (for their language). */
  issues?: readonly ($ZodIssue | undefined)[];
  constructor(options: {
    status?: number;
    code?: string;
    title: string;
    errors?: ProblemFieldError[];
    type?: string;
  }) {
    const status = options.status ?? 400;
    super(status, options.title, {}, options.code ?? errorCodeOf(status));
    this.errors = options.errors ?? [];
    this.type = options.type ?? 'about:blank';
  }

  toProblem(): Problem {
    return {
      type: this.type,
      title: this.message,
      status: this.statusCode,
      code: this.code,
      errors: this.errors,
    };
  }
}

export const INVALID_FIELDS_TITLE = 'Some fields are not valid.';
export const INVALID_ROWS_TITLE = 'Some rows could not be imported.';

/**
 * 400 validation_failed with one entry per field (a dotted path into the body) and its message. A
 * refusal a client may branch on names its own code (`domain_taken`, `already_on_team`, ...); the
 * status is the code's, from the one map.
 */
export function fieldErrors(
  errors: Record<string, string> | { field: string; message: string }[],
  title = INVALID_FIELDS_TITLE,
  code: ErrorCode = ERRORS.VALIDATION_FAILED,
): ProblemError {
  const list = Array.isArray(errors)
    ? errors
    : Object.entries(errors).map(([field, message]) => ({ field, message }));
  return new ProblemError({ status: statusOfError(code), code, title, errors: list });
}

/** 422 invalid_rows for an import: one entry per rejected row (1-based), with the field when known. */
export function rowErrors(
  errors: { row: number; field?: string; message: string }[],
  title = INVALID_ROWS_TITLE,
): ProblemError {
  return new ProblemError({ status: 422, code: ERRORS.INVALID_ROWS, title, errors });
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'You must be logged in to do this.') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this.') => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** What a client is told when the database refused one of its values (see `isDataException`). */
export const MALFORMED_VALUE_MESSAGE = 'A value in the request is malformed or out of range.';
export const NUL_CHARACTER_MESSAGE = 'The request contains a character that is not allowed (NUL).';

/**
 * A PostgreSQL data exception (SQLSTATE class 22: a number out of range, text that is not valid in
 * the encoding such as a NUL, a malformed value) raised by a value that came from the request. The
 * routes validate their input, so this is the net under them: such an error is the client's, a 400,
 * never a 500. drizzle wraps the driver's error, so the cause chain is searched.
 */
function isDataException(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export const INVALID_HOST_MESSAGE = 'The Host header is not a valid host name.';

function isValidHost(host: string | undefined): boolean {
  if (host === undefined) return true; // HTTP/1.0 and HTTP/2 (:authority) requests; the tenant lookup decides.
  if (host.length > 255 || /[\s/\\?#@]/.test(host)) return false;
  try {
    return new URL(`http://${host}`).host !== '';
  } catch {
    return false;
  }
}

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\0');
  // Raw bodies (the payment webhook's, kept as bytes for its signature) are not JSON values.
  if (!value || typeof value !== 'object' || ArrayBuffer.isView(value) || depth > 32) return false;
  return Object.entries(value).some(([key, item]) => key.includes('\0') || containsNul(item, depth + 1));
}

/** Non-OK answers carry a plain-text message (the web client throws the response text). */
export function registerErrorHandling(
  app: FastifyInstance,
  options: { localeOf?: RequestLocale } = {},
): void {
  /**
   * A refusal's text in the request's language (issue 23): only a text the catalogue knows is
   * looked up, and en-US (or a request of no partner) keeps the thrown text byte for byte.
   */
  const localeOf = async (request: FastifyRequest): Promise<Locale> =>
    (options.localeOf ? await options.localeOf(request).catch(() => null) : null) ?? 'en-US';
  const inLanguage = async (request: FastifyRequest, error: HttpError): Promise<string> => {
    const text = error.message;
    if (!options.localeOf || (!error.inLocale && !refusalOf(text))) return text;
    const locale = await localeOf(request);
    if (locale === 'en-US') return text;
    return error.inLocale ? error.inLocale(locale) : translateRefusal(locale, text);
  };
  /** A problem in the request's language: its standard title and its fields' known messages. */
  const problemIn = async (request: FastifyRequest, problem: ProblemError): Promise<Problem> => {
    const answer = problem.toProblem();
    if (!options.localeOf) return answer;
    const locale = await localeOf(request);
    if (locale === 'en-US') return answer;
    return {
      ...answer,
      title: problemTitleIn(locale, answer.title),
      errors: answer.errors.map((e, i) => {
        const issue = problem.issues?.[i];
        return { ...e, message: issue ? issueMessageIn(locale, issue) : translateRefusal(locale, e.message) };
      }),
    };
  };
  // PostgreSQL text cannot hold a NUL character: a request that carries one in its address is refused
  // at once rather than reaching a query.
  app.addHook('onRequest', async (request) => {
    if (request.url.includes('\0') || /%00/i.test(request.url))
      throw new HttpError(400, NUL_CHARACTER_MESSAGE, {}, ERRORS.NUL_CHARACTER);
    // The site is chosen by host: one that is not a valid host (a port above 65535, spaces, ...) names none.
    if (!isValidHost(request.headers.host))
      throw new HttpError(400, INVALID_HOST_MESSAGE, {}, ERRORS.INVALID_HOST);
  });
  // ... and so is a body with one in any of its strings (the auth library would answer a bare 500).
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.body)) throw new HttpError(400, NUL_CHARACTER_MESSAGE, {}, ERRORS.NUL_CHARACTER);
  });
  // Every error answer carries a code, whoever wrote it (a route, the auth library, a plugin).
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode >= 400 && !reply.hasHeader(ERROR_CODE_HEADER))
      reply.header(ERROR_CODE_HEADER, errorCodeOf(reply.statusCode));
    return payload;
  });
  app.setErrorHandler(async (error: FastifyError | HttpError, request, reply) => {
    reply.type('text/plain; charset=utf-8');
    if (error instanceof ProblemError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .header(ERROR_CODE_HEADER, error.code)
        .type(PROBLEM_CONTENT_TYPE)
        .send(JSON.stringify(await problemIn(request, error)));
    }
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .header(ERROR_CODE_HEADER, error.code)
        .send(await inLanguage(request, error));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const locale = await localeOf(request);
      const problems = (error.validation as unknown as ValidationEntry[]).map((v) => ({
        field: (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.'),
        message: v.params.issue ? issueMessageIn(locale, v.params.issue) : (v.message ?? 'invalid'),
      }));
      if (request.routeOptions.config.problemErrors) {
        const problem = fieldErrors(
          problems.map((p) =>
            p.field ? p : { field: error.validationContext ?? 'body', message: p.message },
          ),
        );
        return reply
          .code(400)
          .header(ERROR_CODE_HEADER, problem.code)
          .type(PROBLEM_CONTENT_TYPE)
          .send(JSON.stringify(await problemIn(request, problem)));
      }
      const detail = problems.map((p) => (p.field ? `${p.field}: ${p.message}` : p.message)).join('; ');
      return reply
        .code(400)
        .header(ERROR_CODE_HEADER, ERRORS.VALIDATION_FAILED)
        .send(invalidRequestText(locale, error.validationContext, detail));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(error.message);
    }
    if (isDataException(error)) {
      request.log.warn({ err: error }, 'a request value was refused by the database');
      return reply.code(400).header(ERROR_CODE_HEADER, ERRORS.MALFORMED_VALUE).send(MALFORMED_VALUE_MESSAGE);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send('Something went wrong on our side. Please try again.');
  });
  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .type('text/plain; charset=utf-8')
      .header(ERROR_CODE_HEADER, ERRORS.ROUTE_NOT_FOUND)
      .send(`No route for ${request.method} ${request.url.split('?')[0]}`);
  });
}
