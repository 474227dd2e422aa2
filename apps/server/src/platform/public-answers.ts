import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import { LOCALE_COOKIE } from '@kinship/domain';
import { cookieValue } from './locale.ts';

/**
 * The public reads (listing, profile, pictures, partner): serialised by Fastify's schema-compiled
 * serialiser, and cacheable by browsers and a CDN when the viewer is anonymous (decision 019).
 */

/** Seconds a browser or a CDN may reuse an anonymous answer without asking again. */
export const PUBLIC_MAX_AGE_SECONDS = 10;
const PUBLIC_CACHE_CONTROL = `public, max-age=${PUBLIC_MAX_AGE_SECONDS}, s-maxage=${PUBLIC_MAX_AGE_SECONDS}`;
/** Answers whose first-seen time is remembered for Last-Modified (oldest forgotten first). */
const MAX_REMEMBERED = 10_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** GET answer anonymous viewers may cache: ETag, Last-Modified, Cache-Control and 304s. */
    publicCache?: boolean;
  }
}

/** Whether a request carries better-auth's session cookie (under any prefix) or a bearer token. */
export function mayCarrySession(headers: {
  cookie?: string | undefined;
  authorization?: string | undefined;
}): boolean {
  return Boolean(headers.authorization) || (headers.cookie?.includes('session_token=') ?? false);
}

/**
 * A route's answer schema compiled by fast-json-stringify from the zod schema's JSON Schema: only
 * the listed properties are written, as with the zod serialiser, without validating each answer.
 */
export const compiledSerializer = ({ schema }: { schema: unknown }): ((data: unknown) => string) =>
  fastJson(
    z.toJSONSchema(schema as z.ZodType, {
      io: 'output',
      unrepresentable: 'any',
      target: 'draft-7',
    }) as Parameters<typeof fastJson>[0],
  ) as (data: unknown) => string;

/** Weak comparison of an If-None-Match list with an entity tag (RFC 9110 13.1.2). */
function matchesTag(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/**
 * ETag (a hash of the body and its total count), Last-Modified (when this process first answered
 * these exact bytes at this address) and a short public Cache-Control on anonymous 200 answers of
 * the routes marked `publicCache`, and 304 to a matching conditional request. A signed-in viewer's
 * answer on those routes is `private, no-store`. A staff change shows on the next request that
 * reaches the server, because the tag is of the bytes themselves.
 */
export function registerPublicCaching(app: FastifyInstance): void {
  const firstSeen = new Map<string, { etag: string; since: number }>();
  const remember = (key: string, etag: string): number => {
    const known = firstSeen.get(key);
    if (known?.etag === etag) return known.since;
    if (known) firstSeen.delete(key);
    else if (firstSeen.size >= MAX_REMEMBERED) firstSeen.delete(firstSeen.keys().next().value!);
    const since = Math.floor(Date.now() / 1000) * 1000;
    firstSeen.set(key, { etag, since });
    return since;
  };

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!request.routeOptions.config?.publicCache) return payload;
    if (mayCarrySession(request.headers)) {
      reply.header('cache-control', 'private, no-store');
      return payload;
    }
    if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const total = reply.getHeader('x-total-count');
    const etag = `W/"${createHash('sha1')
      .update(payload)
      .update(total === undefined ? '' : `\n${String(total)}`)
      .digest('base64url')}"`;
    // One address answers in each of the partner's languages (decision 072): each is its own entry.
    const language = `${cookieValue(request.headers.cookie, LOCALE_COOKIE) ?? ''}|${request.headers['accept-language'] ?? ''}`;
    const since = remember(`${request.host}${request.url}\n${language}`, etag);
    reply.header('etag', etag);
    reply.header('last-modified', new Date(since).toUTCString());
    reply.header('cache-control', PUBLIC_CACHE_CONTROL);
    // The texts follow the language switch's cookie and Accept-Language (decision 072).
    reply.header('vary', 'Cookie, Authorization, Accept-Language');
    const ifNoneMatch = request.headers['if-none-match'];
    const ifModifiedSince = request.headers['if-modified-since'];
    const fresh =
      ifNoneMatch !== undefined
        ? matchesTag(ifNoneMatch, etag)
        : ifModifiedSince !== undefined && Date.parse(ifModifiedSince) >= since;
    if (!fresh) return payload;
    reply.code(304);
    reply.removeHeader('content-length');
    reply.removeHeader('content-type');
    return '';
  });
}
