import { staffProgramSchema, staffProgramsAnswerSchema } from '@kinship/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uploadedFiles } from '../../../platform/uploads.ts';
import {
  createStaffProgram,
  listStaffPrograms,
  setStaffProgramImage,
  updateStaffProgram,
} from './programs.service.ts';
import { siteQuery, wholeNumberParam } from '../../../platform/route-schemas.ts';

const idParams = z.object({
  id: wholeNumberParam('id'),
});
// Bodies are checked by the service after the access check, into the problem shape.
const anyBody = z.unknown();

export const programsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard/programs',
    { schema: { querystring: siteQuery, response: { 200: staffProgramsAnswerSchema } } },
    async (request) => listStaffPrograms(app.deps.db, await request.siteContext()),
  );
  app.post(
    '/api/dashboard/programs',
    { schema: { querystring: siteQuery, body: anyBody, response: { 201: staffProgramSchema } } },
    async (request, reply) =>
      reply.code(201).send(await createStaffProgram(app.deps.db, await request.siteContext(), request.body)),
  );
  app.put(
    '/api/dashboard/programs/:id',
    {
      schema: {
        params: idParams,
        querystring: siteQuery,
        body: anyBody,
        response: { 200: staffProgramSchema },
      },
    },
    async (request) =>
      updateStaffProgram(app.deps.db, await request.siteContext(), request.params.id, request.body),
  );
  app.post(
    '/api/dashboard/programs/:id/image',
    { schema: { params: idParams, querystring: siteQuery, response: { 200: staffProgramSchema } } },
    async (request) =>
      setStaffProgramImage(app.deps, await request.siteContext(), request.params.id, uploadedFiles(request)),
  );
};
