import {
  endSponsorshipInputSchema,
  linkedSponsorshipSchema,
  linkSponsorshipInputSchema,
  manualSponsorshipInputSchema,
  moveSponsorshipInputSchema,
  sponsorDetailSchema,
  sponsorListQuerySchema,
  sponsorRowSchema,
  sponsorshipViewSchema,
} from '@kinship/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { siteQuery, wholeNumberParam } from '../../../platform/route-schemas.ts';
import {
  endSponsorship,
  getSponsor,
  linkSponsorship,
  listSponsorsOf,
  moveSponsorship,
  recordManualSponsorship,
} from './sponsors.service.ts';

/*
 * The Sponsors section of the partner dashboard (decision 039):
 *   GET  /api/dashboard/sponsors?q&kind&sort&order&page&pageSize   people, x-total-count (sponsors.view)
 *   GET  /api/dashboard/sponsors/:id                      a person's giving (sponsors.view)
 *   POST /api/dashboard/sponsorships                      a manual sponsorship (sponsors.manage)
 *   POST /api/dashboard/sponsorships/:id/end              end with a reason (sponsors.manage)
 *   POST /api/dashboard/sponsorships/:id/move             move to another record (sponsors.manage)
 * and the sponsor's side:
 *   POST /api/link                                        attach a manual sponsorship by its code
 */

const idParams = z.object({ id: wholeNumberParam('id') });

export const sponsorsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard/sponsors',
    { schema: { querystring: sponsorListQuerySchema, response: { 200: z.array(sponsorRowSchema) } } },
    async (request, reply) => {
      const { rows, total } = await listSponsorsOf(app.deps.db, await request.siteContext(), request.query);
      reply.header('x-total-count', String(total));
      return rows;
    },
  );

  app.get(
    '/api/dashboard/sponsors/:id',
    { schema: { params: idParams, querystring: siteQuery, response: { 200: sponsorDetailSchema } } },
    async (request) => getSponsor(app.deps.db, await request.siteContext(), request.params.id),
  );

  app.post(
    '/api/dashboard/sponsorships',
    {
      config: { problemErrors: true },
      schema: {
        querystring: siteQuery,
        body: manualSponsorshipInputSchema,
        response: { 201: sponsorshipViewSchema },
      },
    },
    async (request, reply) => {
      const view = await recordManualSponsorship(app.deps, await request.siteContext(), request.body);
      return reply.code(201).send(view);
    },
  );

  app.post(
    '/api/dashboard/sponsorships/:id/end',
    {
      config: { problemErrors: true },
      schema: {
        params: idParams,
        querystring: siteQuery,
        body: endSponsorshipInputSchema,
        response: { 200: sponsorshipViewSchema },
      },
    },
    async (request) =>
      endSponsorship(app.deps, await request.siteContext(), request.params.id, request.body.reason),
  );

  app.post(
    '/api/dashboard/sponsorships/:id/move',
    {
      config: { problemErrors: true },
      schema: {
        params: idParams,
        querystring: siteQuery,
        body: moveSponsorshipInputSchema,
        response: { 200: sponsorshipViewSchema },
      },
    },
    async (request) =>
      moveSponsorship(app.deps, await request.siteContext(), request.params.id, request.body),
  );

  app.post(
    '/api/link',
    {
      schema: {
        querystring: siteQuery,
        body: linkSponsorshipInputSchema,
        response: { 200: linkedSponsorshipSchema },
      },
    },
    async (request) =>
      linkSponsorship(app.deps.db, await request.siteContext(), request.body.code, request.ip),
  );
};
