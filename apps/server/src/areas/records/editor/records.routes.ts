import {
  recordDetailSchema,
  recordInputSchema,
  recordListQuerySchema,
  recordRowSchema,
  recordUpdateSchema,
} from '@kinship/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createRecord,
  deleteRecord,
  duplicateRecord,
  getRecord,
  listRecordsOf,
  updateRecord,
} from './records.service.ts';
import { siteQuery } from '../../../platform/route-schemas.ts';

/*
 * The Records section of the partner dashboard (decision 029):
 *   GET    /api/dashboard/records?type={partnerSponsoredTypesId}&q&status&entitiesId&gradesId&gender
 *          &sponsored&hasPictures&sort&order&page&pageSize   rows of one type, x-total-count
 *   POST   /api/dashboard/records                      create
 *   GET    /api/dashboard/records/:id                  one record in full
 *   PATCH  /api/dashboard/records/:id                  change any field or the status
 *   POST   /api/dashboard/records/:id/duplicate        a copy (new code, inactive)
 *   DELETE /api/dashboard/records/:id                  only when nothing refers to it (409 otherwise)
 */

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const recordsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard/records',
    {
      config: { problemErrors: true },
      schema: { querystring: recordListQuerySchema, response: { 200: z.array(recordRowSchema) } },
    },
    async (request, reply) => {
      const { rows, total } = await listRecordsOf(
        app.deps.db,
        await request.siteContext(),
        request.query.type,
        request.query,
      );
      reply.header('x-total-count', String(total));
      return rows;
    },
  );

  app.post(
    '/api/dashboard/records',
    {
      config: { problemErrors: true },
      schema: { querystring: siteQuery, body: recordInputSchema, response: { 201: recordDetailSchema } },
    },
    async (request, reply) => {
      const record = await createRecord(app.deps.db, await request.siteContext(), request.body);
      return reply.code(201).send(record);
    },
  );

  app.get(
    '/api/dashboard/records/:id',
    { schema: { params: idParams, querystring: siteQuery, response: { 200: recordDetailSchema } } },
    async (request) => getRecord(app.deps.db, await request.siteContext(), request.params.id),
  );

  app.patch(
    '/api/dashboard/records/:id',
    {
      config: { problemErrors: true },
      schema: {
        params: idParams,
        querystring: siteQuery,
        body: recordUpdateSchema,
        response: { 200: recordDetailSchema },
      },
    },
    async (request) =>
      updateRecord(app.deps.db, await request.siteContext(), request.params.id, request.body),
  );

  app.post(
    '/api/dashboard/records/:id/duplicate',
    {
      config: { problemErrors: true },
      schema: {
        params: idParams,
        querystring: siteQuery,
        body: z.object({ code: z.string().trim().min(1).max(64).optional() }).optional(),
        response: { 201: recordDetailSchema },
      },
    },
    async (request, reply) => {
      const record = await duplicateRecord(
        app.deps.db,
        await request.siteContext(),
        request.params.id,
        request.body?.code,
      );
      return reply.code(201).send(record);
    },
  );

  app.delete(
    '/api/dashboard/records/:id',
    { schema: { params: idParams, querystring: siteQuery } },
    async (request, reply) => {
      await deleteRecord(app.deps, await request.siteContext(), request.params.id);
      return reply.code(204).send();
    },
  );
};
