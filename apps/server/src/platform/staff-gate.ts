import { hasAnyPartnerPermission } from '@kinship/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, HttpError, unauthorized } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Whether the route is for the partner's staff only (decision 052): by default every route under
     * `/api/dashboard/`. A caller without staff access is answered 401/403 instead of the route's
     * validation errors, so the shape of a staff call is never shown to them.
     */
    staffOnly?: boolean;
  }
}

const STAFF_PATH = /^\/api\/dashboard\//;

/** Is a route for staff only (under /api/dashboard/ unless its config says otherwise)? */
function isStaffRoute(url: string | undefined, config: { staffOnly?: boolean } | undefined): boolean {
  return config?.staffOnly ?? STAFF_PATH.test(url ?? '');
}

/**
 * The staff gate's answer (decision 052): 401 without a session, 403 for a person holding no role
 * or program at the site's partner (a platform administrator holds every one), else null and the
 * field errors go out. The texts are those of `requireAccess`'s 401 and the plain 403. A site that
 * cannot be resolved answers its own error.
 */
export async function staffGateRefusal(request: FastifyRequest): Promise<HttpError | null> {
  const ctx = await request.siteContext();
  if (!ctx.viewer) return unauthorized();
  if (!hasAnyPartnerPermission(ctx.viewer.permissions, ctx.partner.id)) return forbidden();
  return null;
}

/**
 * Registered by each area with staff routes, before its routes (decision 069): a staff route's
 * failed validation is held back (`attachValidation`) and, in the first preHandler hook, answered
 * with the staff gate's 401/403 when it refuses, else thrown as Fastify would have answered it. A
 * valid call never asks the gate, so it keeps its route's own 401/403 texts (they name the action).
 */
export function registerStaffGate(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (isStaffRoute(route.url, route.config)) route.attachValidation = true;
  });
  app.addHook('preHandler', async (request) => {
    const invalid = request.validationError;
    if (!invalid) return;
    const refusal = await staffGateRefusal(request).catch((e: unknown) =>
      e instanceof HttpError ? e : null,
    );
    throw refusal ?? invalid;
  });
}
