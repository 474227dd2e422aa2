import {
  newUserSchema,
  updateUserSchema,
  userExportFileName,
  userExportSchema,
  userSchema,
  userSponsoredSchema,
} from '@kinship/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { expiredSessionCookies } from '../../../platform/auth.ts';
import { deleteOwnAccount, exportOwnData, updateOwnDetails } from './user-data.service.ts';
import { createUser, getUserByToken, getUserSponsoreds } from './users.service.ts';
import { siteQuery, wholeNumberParam } from '../../../platform/route-schemas.ts';

const idParams = z.object({
  id: wholeNumberParam('id'),
});

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/getByToken',
    { schema: { querystring: siteQuery, response: { 200: userSchema } } },
    async (request) => getUserByToken(app.deps.db, await request.siteContext()),
  );

  app.post(
    '/api/users',
    { schema: { querystring: siteQuery, body: newUserSchema, response: { 201: userSchema } } },
    async (request, reply) => {
      const user = await createUser(
        app.deps.db,
        { viewer: await request.viewer(), requestId: request.id, clientAddress: request.ip },
        request.body,
      );
      return reply.code(201).send(user);
    },
  );

  app.get(
    '/api/users/:id/sponsoreds',
    {
      schema: {
        params: idParams,
        querystring: siteQuery,
        response: { 200: z.array(userSponsoredSchema) },
      },
    },
    async (request) => getUserSponsoreds(app.deps.db, await request.siteContext(), request.params.id),
  );

  app.put(
    '/api/users/:id',
    {
      schema: {
        params: idParams,
        querystring: siteQuery,
        body: updateUserSchema,
        response: { 200: userSchema },
      },
    },
    async (request) =>
      updateOwnDetails(app.deps.db, await request.siteContext(), request.params.id, request.body),
  );

  app.get(
    '/api/users/:id/export',
    { schema: { params: idParams, querystring: siteQuery, response: { 200: userExportSchema } } },
    async (request, reply) => {
      const data = await exportOwnData(app.deps.db, await request.siteContext(), request.params.id);
      reply.header('content-disposition', `attachment; filename="${userExportFileName(request.params.id)}"`);
      reply.header('cache-control', 'no-store');
      return data;
    },
  );

  app.delete(
    '/api/users/:id',
    { schema: { params: idParams, querystring: siteQuery } },
    async (request, reply) => {
      await deleteOwnAccount(app.deps.db, app.deps.gateway, await request.siteContext(), request.params.id);
      // The login is gone: the browser forgets its session cookies.
      reply.header('set-cookie', await expiredSessionCookies(app.deps.auth, request));
      return reply.code(204).send();
    },
  );
};
