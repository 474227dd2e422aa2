import { partnerSettingsAnswerSchema } from '@kinship/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { siteQuery } from '../../platform/route-schemas.ts';
import { uploadedFiles } from '../../platform/uploads.ts';
import { getPartnerSettings, setBrandImage, updatePartnerSettings } from './partner-settings.service.ts';

// Bodies are checked by the service after the access check, into the problem shape.
const anyBody = z.unknown();

export const partnerSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const hostOf = (hostname: string) => ({ hostname });
  app.get(
    '/api/dashboard/settings',
    { schema: { querystring: siteQuery, response: { 200: partnerSettingsAnswerSchema } } },
    async (request) => getPartnerSettings(app.deps.db, await request.siteContext(), hostOf(request.hostname)),
  );
  app.put(
    '/api/dashboard/settings',
    { schema: { querystring: siteQuery, body: anyBody, response: { 200: partnerSettingsAnswerSchema } } },
    async (request) =>
      updatePartnerSettings(app.deps.db, await request.siteContext(), hostOf(request.hostname), request.body),
  );
  for (const [path, which] of [
    ['/api/dashboard/settings/logo', 'logo'],
    ['/api/dashboard/settings/headerimage', 'headerImage'],
  ] as const) {
    app.post(
      path,
      { schema: { querystring: siteQuery, response: { 200: partnerSettingsAnswerSchema } } },
      async (request) =>
        setBrandImage(
          app.deps,
          await request.siteContext(),
          hostOf(request.hostname),
          which,
          uploadedFiles(request),
        ),
    );
  }
};
