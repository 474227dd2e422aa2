import { onboardRequestSchema, onboardResponseSchema, onboardUrlResponseSchema } from '@kinship/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resolveTenant, tenantSettingsOf } from '../../../platform/tenant.ts';
import { siteOriginOf } from '../../../platform/https.ts';
import { completeOnboarding, onboardingUrlFor } from './onboarding.service.ts';
import { partnerCacheOf } from '../site/partner-cache.ts';
import { siteQuery, wholeNumberParam } from '../../../platform/route-schemas.ts';

export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/partners/:id/onboardurl',
    {
      schema: {
        params: z.object({
          id: wholeNumberParam('id'),
        }),
        querystring: siteQuery,
        response: { 200: onboardUrlResponseSchema },
      },
    },
    async (request) =>
      onboardingUrlFor(
        app.deps,
        await request.siteContext(),
        request.params.id,
        siteOriginOf(request, app.deps.config),
      ),
  );

  app.post(
    '/api/partners/oauthonboard',
    {
      schema: {
        querystring: siteQuery,
        body: onboardRequestSchema,
        response: { 200: onboardResponseSchema },
      },
    },
    async (request) => {
      // Completed on a partner's site (an unknown host is a 404), the one the provider returned to.
      await resolveTenant(partnerCacheOf(app.deps.db), request, tenantSettingsOf(app.deps.config));
      return completeOnboarding(app.deps, request.body, siteOriginOf(request, app.deps.config), {
        viewer: await request.viewer(),
        requestId: request.id,
        clientAddress: request.ip,
      });
    },
  );
};
