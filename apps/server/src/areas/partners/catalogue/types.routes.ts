import { planChangeAnswerSchema, staffTypeSchema, staffTypesAnswerSchema } from '@kinship/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeStaffTypePlan, createStaffType, listStaffTypes, updateStaffType } from './types.service.ts';
import { siteQuery, wholeNumberParam } from '../../../platform/route-schemas.ts';

const idParams = z.object({
  id: wholeNumberParam('id'),
});
// Bodies are checked by the service after the access check, into the problem shape.
const anyBody = z.unknown();

export const typesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard/types',
    { schema: { querystring: siteQuery, response: { 200: staffTypesAnswerSchema } } },
    async (request) => listStaffTypes(app.deps.db, await request.siteContext()),
  );
  app.post(
    '/api/dashboard/types',
    { schema: { querystring: siteQuery, body: anyBody, response: { 201: staffTypeSchema } } },
    async (request, reply) =>
      reply.code(201).send(await createStaffType(app.deps.db, await request.siteContext(), request.body)),
  );
  app.put(
    '/api/dashboard/types/:id',
    {
      schema: {
        params: idParams,
        querystring: siteQuery,
        body: anyBody,
        response: { 200: staffTypeSchema },
      },
    },
    async (request) =>
      updateStaffType(app.deps.db, await request.siteContext(), request.params.id, request.body),
  );
  app.put(
    '/api/dashboard/types/:id/plan',
    {
      schema: {
        params: idParams,
        querystring: siteQuery,
        body: anyBody,
        response: { 200: planChangeAnswerSchema },
      },
    },
    async (request) =>
      changeStaffTypePlan(
        app.deps.db,
        app.deps.jobs,
        await request.siteContext(),
        request.params.id,
        request.body,
      ),
  );
};
