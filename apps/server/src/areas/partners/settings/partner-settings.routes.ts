import { partnerSettingsAnswerSchema } from '@kinship/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { siteQuery } from '../../../platform/route-schemas.ts';
import { uploadedFiles } from '../../../platform/uploads.ts';
import {
  checkDomainNow,
  getPartnerSettings,
  platformHostsOf,
  setBrandImage,
  updatePartnerSettings,
} from './partner-settings.service.ts';

// Bodies are checked by the service after the access check, into the problem shape.
const anyBody = z.unknown();
const domainParams = z.object({ domain: z.string().max(253) });

export const partnerSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The platform's hosts come from configuration, never from the request (decision 050).
  const hosts = platformHostsOf(app.deps.config);
  app.get(
    '/api/dashboard/settings',
    { schema: { querystring: siteQuery, response: { 200: partnerSettingsAnswerSchema } } },
    async (request) => getPartnerSettings(app.deps.db, await request.siteContext(), hosts),
  );
  app.put(
    '/api/dashboard/settings',
    { schema: { querystring: siteQuery, body: anyBody, response: { 200: partnerSettingsAnswerSchema } } },
    async (request) => updatePartnerSettings(app.deps.db, await request.siteContext(), hosts, request.body),
  );
  app.post(
    '/api/dashboard/settings/domains/:domain/check',
    {
      schema: {
        params: domainParams,
        querystring: siteQuery,
        response: { 200: partnerSettingsAnswerSchema },
      },
    },
    async (request) => checkDomainNow(app.deps.db, await request.siteContext(), hosts, request.params.domain),
  );
  for (const [path, which] of [
    ['/api/dashboard/settings/logo', 'logo'],
    ['/api/dashboard/settings/headerimage', 'headerImage'],
  ] as const) {
    app.post(
      path,
      { schema: { querystring: siteQuery, response: { 200: partnerSettingsAnswerSchema } } },
      async (request) =>
        setBrandImage(app.deps, await request.siteContext(), hosts, which, uploadedFiles(request)),
    );
  }
};
