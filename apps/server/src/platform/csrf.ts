import type { FastifyInstance } from 'fastify';
import { forbidden } from './errors.ts';
import { siteOriginOf } from './https.ts';

export const CROSS_SITE_MESSAGE = 'Cross-site requests are not allowed.';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing API calls must come from the page's own origin. Browsers always send Origin on
 * such requests (and Sec-Fetch-Site), so a form or script on another site is refused; clients
 * that send neither (server-to-server, webhooks) are not browsers and carry no ambient cookies
 * of a victim. Session cookies are SameSite=Lax as a second line.
 */
export function registerCrossSiteProtection(app: FastifyInstance, exemptPaths: string[] = []): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/') || exemptPaths.some((p) => path.startsWith(p))) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      // Scheme and host (with port): an https page is another origin than the http site.
      let given: string;
      try {
        given = new URL(origin).origin;
      } catch {
        throw forbidden(CROSS_SITE_MESSAGE);
      }
      if (given !== siteOriginOf(request, app.deps.config)) throw forbidden(CROSS_SITE_MESSAGE);
      return;
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') throw forbidden(CROSS_SITE_MESSAGE);
  });
}
