import {
  sponsoredUpdatePageSchema,
  UPDATE_POST_STATUSES,
  updatePostDetailSchema,
  updatePostInputSchema,
  updatePostSummarySchema,
  updateRecipientsSchema,
} from '@kinship/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { siteQuery, wholeNumberParam } from '../../../platform/route-schemas.ts';
import { uploadedFiles } from '../../../platform/uploads.ts';
import {
  addUpdatePictures,
  changeUpdatePost,
  createUpdatePost,
  deleteUpdatePost,
  getUpdatePost,
  getUpdateRecipients,
  listUpdatePosts,
  readSponsoredUpdate,
} from './updates.service.ts';

/*
 * Updates to sponsors (issue 13 item 2, decision 037):
 *   GET    /api/dashboard/updates?status&page&pageSize   the posts (drafts, scheduled, sent), x-total-count
 *   GET    /api/dashboard/updates/recipients?q           programs, types and records the editor offers
 *   POST   /api/dashboard/updates                        a draft or a scheduled post
 *   GET    /api/dashboard/updates/:id                    one post with its records and pictures
 *   PATCH  /api/dashboard/updates/:id                    change it before it is sent (409 after)
 *   DELETE /api/dashboard/updates/:id                    delete it before it is sent (409 after)
 *   POST   /api/dashboard/updates/:id/pictures           pictures (multipart) through the upload pipeline
 *   GET    /api/sponsored-updates/:code                  one record's update, for its sponsors and staff
 */

const idParams = z.object({ id: wholeNumberParam('id') });

const listQuery = siteQuery.extend({
  status: z.enum(UPDATE_POST_STATUSES).optional(),
  q: z.string().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(25),
});

export const updatesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard/updates',
    { schema: { querystring: listQuery, response: { 200: z.array(updatePostSummarySchema) } } },
    async (request, reply) => {
      const { rows, total } = await listUpdatePosts(app.deps.db, await request.siteContext(), request.query);
      reply.header('x-total-count', String(total));
      return rows;
    },
  );

  app.get(
    '/api/dashboard/updates/recipients',
    {
      schema: {
        querystring: siteQuery.extend({ q: z.string().max(100).optional() }),
        response: { 200: updateRecipientsSchema },
      },
    },
    async (request) => getUpdateRecipients(app.deps.db, await request.siteContext(), request.query.q ?? ''),
  );

  app.post(
    '/api/dashboard/updates',
    {
      config: { problemErrors: true },
      schema: {
        querystring: siteQuery,
        body: updatePostInputSchema,
        response: { 201: updatePostDetailSchema },
      },
    },
    async (request, reply) => {
      const post = await createUpdatePost(app.deps, await request.siteContext(), request.body);
      return reply.code(201).send(post);
    },
  );

  app.get(
    '/api/dashboard/updates/:id',
    { schema: { params: idParams, querystring: siteQuery, response: { 200: updatePostDetailSchema } } },
    async (request) => getUpdatePost(app.deps.db, await request.siteContext(), request.params.id),
  );

  app.patch(
    '/api/dashboard/updates/:id',
    {
      config: { problemErrors: true },
      schema: {
        params: idParams,
        querystring: siteQuery,
        body: updatePostInputSchema,
        response: { 200: updatePostDetailSchema },
      },
    },
    async (request) =>
      changeUpdatePost(app.deps, await request.siteContext(), request.params.id, request.body),
  );

  app.delete(
    '/api/dashboard/updates/:id',
    { schema: { params: idParams, querystring: siteQuery } },
    async (request, reply) => {
      await deleteUpdatePost(app.deps, await request.siteContext(), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/dashboard/updates/:id/pictures',
    { schema: { params: idParams, querystring: siteQuery, response: { 201: updatePostDetailSchema } } },
    async (request, reply) => {
      const post = await addUpdatePictures(
        app.deps,
        await request.siteContext(),
        request.params.id,
        uploadedFiles(request),
      );
      return reply.code(201).send(post);
    },
  );

  app.get(
    '/api/sponsored-updates/:code',
    {
      schema: {
        params: z.object({ code: z.string().min(1).max(64) }),
        querystring: siteQuery,
        response: { 200: sponsoredUpdatePageSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return readSponsoredUpdate(app.deps.db, await request.siteContext(), request.params.code);
    },
  );
};
