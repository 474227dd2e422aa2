import { staffedPartnerSchema } from '@kinship/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listStaffedPartners } from './dashboard.service.ts';
import { siteQuery } from '../../../platform/route-schemas.ts';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard/partners',
    {
      // Any signed-in person may ask which partners they staff (none, for most).
      config: { staffOnly: false },
      schema: { querystring: siteQuery, response: { 200: z.array(staffedPartnerSchema) } },
    },
    async (request) => listStaffedPartners(app.deps.db, await request.siteContext()),
  );
};
