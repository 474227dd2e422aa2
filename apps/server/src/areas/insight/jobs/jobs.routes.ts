import { jobProgressSchema } from '@kinship/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getJobProgress } from './jobs.service.ts';
import { siteQuery } from '../../../platform/route-schemas.ts';

export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** How far a tracked job has got; the web app polls it while an import or export runs. */
  app.get(
    '/api/jobs/:id/progress',
    {
      config: { staffOnly: true },
      schema: {
        params: z.object({ id: z.uuid() }),
        querystring: siteQuery,
        response: { 200: jobProgressSchema },
      },
    },
    async (request, reply) => {
      const progress = await getJobProgress(app.deps.db, await request.siteContext(), request.params.id);
      return reply.header('cache-control', 'private, no-store').send(progress);
    },
  );
};
