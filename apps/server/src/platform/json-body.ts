import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

/** The deepest nesting of arrays and objects a JSON body may have; the API's own payloads use under 6. */
export const MAX_JSON_DEPTH = 32;
export const JSON_TOO_DEEP_MESSAGE = `The JSON body is nested too deeply (more than ${MAX_JSON_DEPTH} levels).`;

/**
 * Whether JSON text nests arrays and objects deeper than `max`, found in one pass over the text
 * before anything parses it (brackets inside strings do not count), so no parser, validator or
 * re-serialisation ever recurses through a hostile body.
 */
export function nestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** JSON.parse for a body, refusing one nested too deeply with a 400 first. */
export function parseJsonBody(text: string): unknown {
  if (nestsDeeperThan(text)) throw badRequest(JSON_TOO_DEEP_MESSAGE);
  return JSON.parse(text);
}

/**
 * Every JSON body of the app (the /api/auth/* routes included) goes through Fastify's own parser
 * (prototype-poisoning checks kept) after the depth check. Plugins that parse JSON themselves use
 * parseJsonBody.
 */
export function registerJsonBodyLimit(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (nestsDeeperThan(text)) return done(badRequest(JSON_TOO_DEEP_MESSAGE), undefined);
    parse(request, text, done);
  });
}

/**
 * The web client sends `Content-Type: application/json` on every call, bodiless PUTs and DELETEs
 * included: within these routes an empty JSON body reads as no body instead of a 400.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, parseJsonBody(text));
    } catch (error) {
      done(Object.assign(error as Error, { statusCode: 400 }), undefined);
    }
  });
}
