import {
  consolePartnerSchema,
  domainVerifiedSchema,
  partnerCreateSchema,
  partnerModesSchema,
  setupChecklistSchema,
} from '@kinship/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { siteQuery, wholeNumberParam } from '../../../platform/route-schemas.ts';
import {
  createPartner,
  listConsolePartners,
  setPartnerModes,
  setupChecklist,
} from './platform-console.service.ts';
import { platformHostsOf, verifyDomainByHand } from '../settings/partner-settings.service.ts';

/*
 * The Platform console (issue 14 item 5, decision 046), platform.console:
 *   GET   /api/dashboard/platform/partners        every partner with its status
 *   POST  /api/dashboard/platform/partners        create a partner
 *   PATCH /api/dashboard/platform/partners/:id    demo mode and private demo
 * And for any partner's setup (settings.manage):
 *   GET   /api/dashboard/setup                    the setup checklist of the site's partner
 */

const idParams = z.object({ id: wholeNumberParam('id') });

export const platformConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard/platform/partners',
    { schema: { querystring: siteQuery, response: { 200: z.array(consolePartnerSchema) } } },
    async (request) => listConsolePartners(app.deps.db, await request.siteContext()),
  );

  app.post(
    '/api/dashboard/platform/partners',
    {
      config: { problemErrors: true },
      schema: { querystring: siteQuery, body: partnerCreateSchema, response: { 201: consolePartnerSchema } },
    },
    async (request, reply) => {
      const made = await createPartner(app.deps.db, await request.siteContext(), request.body);
      return reply.code(201).send(made);
    },
  );

  app.patch(
    '/api/dashboard/platform/partners/:id',
    {
      config: { problemErrors: true },
      schema: {
        params: idParams,
        querystring: siteQuery,
        body: partnerModesSchema,
        response: { 200: consolePartnerSchema },
      },
    },
    async (request) =>
      setPartnerModes(app.deps.db, await request.siteContext(), request.params.id, request.body),
  );

  app.post(
    '/api/dashboard/platform/partners/:id/domains/:domain/verify',
    {
      schema: {
        params: idParams.extend({ domain: z.string().max(253) }),
        querystring: siteQuery,
        response: { 200: domainVerifiedSchema },
      },
    },
    async (request) =>
      verifyDomainByHand(
        app.deps.db,
        await request.siteContext(),
        platformHostsOf(app.deps.config),
        request.params.id,
        request.params.domain,
      ),
  );

  app.get(
    '/api/dashboard/setup',
    { schema: { querystring: siteQuery, response: { 200: setupChecklistSchema } } },
    async (request) => setupChecklist(app.deps.db, await request.siteContext()),
  );
};
