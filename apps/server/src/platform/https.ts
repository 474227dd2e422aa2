import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/** One year, without includeSubDomains: a partner's own domain may have other sites of theirs under it. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/**
 * Whether the site is served over HTTPS for this request: PUBLIC_URL is https (the whole
 * installation is), or the request came over TLS, which behind a reverse proxy Fastify reads from
 * X-Forwarded-Proto only when TRUST_PROXY is on (decision 014).
 */
export function servedOverHttps(request: FastifyRequest, config: Pick<Config, 'PUBLIC_URL'>): boolean {
  return /^https:/i.test(config.PUBLIC_URL ?? '') || request.protocol === 'https';
}

/** The origin (scheme://host[:port]) a browser sees for the page this request came from. */
export function siteOriginOf(request: FastifyRequest, config: Pick<Config, 'PUBLIC_URL'>): string {
  const scheme = servedOverHttps(request, config) ? 'https' : 'http';
  try {
    return new URL(`${scheme}://${request.host}`).origin;
  } catch {
    return `${scheme}://${request.host}`;
  }
}

/** Answers over HTTPS tell the browser to keep to HTTPS (Strict-Transport-Security). */
export function registerTransportSecurity(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (servedOverHttps(request, app.deps.config))
      reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    return payload;
  });
}
