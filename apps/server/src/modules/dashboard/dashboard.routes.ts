import { staffedPartnerSchema } from '@kinship/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listStaffedPartners } from './dashboard.service.ts';

const partnerQuery = z.object({ partnersId: z.string().optional() }).loose();

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard/partners',
    { schema: { querystring: partnerQuery, response: { 200: z.array(staffedPartnerSchema) } } },
    async (request) => listStaffedPartners(app.deps.db, await request.siteContext()),
  );
};
