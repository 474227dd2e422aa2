import {
  invitationAcceptedSchema,
  invitationInputSchema,
  invitationLinkSchema,
  invitationSchema,
  teamMemberSchema,
  teamMemberUpdateSchema,
} from '@kinship/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { siteQuery, wholeNumberParam } from '../../../platform/route-schemas.ts';
import {
  acceptInvitation,
  createInvitation,
  listInvitations,
  listTeam,
  readInvitationLink,
  removeMember,
  resendInvitation,
  revokeInvitation,
  updateMember,
} from './team.service.ts';

/*
 * The Team section (issue 14 item 3, decision 045), all team.manage:
 *   GET    /api/dashboard/team                             staff with roles and program limits
 *   PUT    /api/dashboard/team/:usersId                    replace a person's roles and programs
 *   DELETE /api/dashboard/team/:usersId                    remove a person from the staff
 *   GET    /api/dashboard/team/invitations                 invitations with their state
 *   POST   /api/dashboard/team/invitations                 invite by email (mailed through the outbox)
 *   POST   /api/dashboard/team/invitations/:id/resend      a new link, the old one voided
 *   POST   /api/dashboard/team/invitations/:id/revoke      withdraw a pending invitation
 * The invitation link (the invited person):
 *   GET    /api/invitations/:token                         what the link offers, and its state
 *   POST   /api/invitations/:token/accept                  join (signed in, with the invited address)
 */

const usersIdParams = z.object({ usersId: wholeNumberParam('usersId') });
const idParams = z.object({ id: wholeNumberParam('id') });
const tokenParams = z.object({ token: z.string().min(1).max(200) });

export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = () => app.deps.config;

  app.get(
    '/api/dashboard/team',
    { schema: { querystring: siteQuery, response: { 200: z.array(teamMemberSchema) } } },
    async (request) => listTeam(app.deps.db, await request.siteContext()),
  );

  app.put(
    '/api/dashboard/team/:usersId',
    {
      config: { problemErrors: true },
      schema: {
        params: usersIdParams,
        querystring: siteQuery,
        body: teamMemberUpdateSchema,
        response: { 200: teamMemberSchema },
      },
    },
    async (request) =>
      updateMember(app.deps.db, await request.siteContext(), request.params.usersId, request.body),
  );

  app.delete(
    '/api/dashboard/team/:usersId',
    { schema: { params: usersIdParams, querystring: siteQuery } },
    async (request, reply) => {
      await removeMember(app.deps.db, await request.siteContext(), request.params.usersId);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/dashboard/team/invitations',
    { schema: { querystring: siteQuery, response: { 200: z.array(invitationSchema) } } },
    async (request) => listInvitations(app.deps.db, await request.siteContext()),
  );

  app.post(
    '/api/dashboard/team/invitations',
    {
      config: { problemErrors: true },
      schema: { querystring: siteQuery, body: invitationInputSchema, response: { 201: invitationSchema } },
    },
    async (request, reply) => {
      const made = await createInvitation(app.deps.db, await request.siteContext(), config(), request.body);
      return reply.code(201).send(made);
    },
  );

  app.post(
    '/api/dashboard/team/invitations/:id/resend',
    { schema: { params: idParams, querystring: siteQuery, response: { 200: invitationSchema } } },
    async (request) =>
      resendInvitation(app.deps.db, await request.siteContext(), config(), request.params.id),
  );

  app.post(
    '/api/dashboard/team/invitations/:id/revoke',
    { schema: { params: idParams, querystring: siteQuery, response: { 200: invitationSchema } } },
    async (request) => revokeInvitation(app.deps.db, await request.siteContext(), request.params.id),
  );

  app.get(
    '/api/invitations/:token',
    { schema: { params: tokenParams, querystring: siteQuery, response: { 200: invitationLinkSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return readInvitationLink(
        app.deps.db,
        await request.siteContext(),
        config().AUTH_SECRET,
        request.params.token,
      );
    },
  );

  app.post(
    '/api/invitations/:token/accept',
    { schema: { params: tokenParams, querystring: siteQuery, response: { 200: invitationAcceptedSchema } } },
    async (request) =>
      acceptInvitation(app.deps.db, await request.siteContext(), config().AUTH_SECRET, request.params.token),
  );
};
