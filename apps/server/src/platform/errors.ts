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

/** Non-OK answers carry a plain-text message (the web client throws the response text). */
export function registerErrorHandling(app: FastifyInstance): void {
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
