import { landingHighlightsSchema } from '@kinship/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../../platform/errors.ts';
import { getLandingHighlights } from './landing.service.ts';
import { siteQuery } from '../../../platform/route-schemas.ts';

export const landingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/partners/:partnerId/landing',
    {
      schema: {
        params: z.object({ partnerId: z.string() }),
        querystring: siteQuery,
        response: { 200: landingHighlightsSchema },
      },
    },
    async (request) => {
      const ctx = await request.siteContext();
      const { partnerId } = request.params;
      if (partnerId !== String(ctx.partner.id) && partnerId.toLowerCase() !== ctx.partner.subdomain) {
        throw notFound(`Partner ${partnerId} was not found on this site.`);
      }
      return getLandingHighlights(app.deps.db, ctx);
    },
  );
};
