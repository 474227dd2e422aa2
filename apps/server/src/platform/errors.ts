import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An error a client may see: its message is sent as the plain-text body with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
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
export function registerErrorHandling(app: FastifyInstance): void {
  // PostgreSQL text cannot hold a NUL character: a request that carries one in its address is refused
  // at once rather than reaching a query.
  app.addHook('onRequest', async (request) => {
    if (request.url.includes('\0') || /%00/i.test(request.url)) throw badRequest(NUL_CHARACTER_MESSAGE);
    // The site is chosen by host: one that is not a valid host (a port above 65535, spaces, ...) names none.
    if (!isValidHost(request.headers.host)) throw badRequest(INVALID_HOST_MESSAGE);
  });
  // ... and so is a body with one in any of its strings (the auth library would answer a bare 500).
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.body)) throw badRequest(NUL_CHARACTER_MESSAGE);
  });
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    reply.type('text/plain; charset=utf-8');
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.message);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const detail = error.validation
        .map((v) => {
          const where = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
          return where ? `${where}: ${v.message}` : (v.message ?? 'invalid');
        })
        .join('; ');
      return reply.code(400).send(`Invalid ${error.validationContext ?? 'request'}: ${detail}`);
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(error.message);
    }
    if (isDataException(error)) {
      request.log.warn({ err: error }, 'a request value was refused by the database');
      return reply.code(400).send(MALFORMED_VALUE_MESSAGE);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send('Something went wrong on our side. Please try again.');
  });
  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .type('text/plain; charset=utf-8')
      .send(`No route for ${request.method} ${request.url.split('?')[0]}`);
  });
}
