import { emailPreviewSchema, emailTemplatesAnswerSchema } from '@kinship/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { siteOriginOf } from '../../../platform/https.ts';
import { siteQuery } from '../../../platform/route-schemas.ts';
import {
  bodyLocale,
  listEmailTemplates,
  previewEmailTemplate,
  resetEmailTemplate,
  saveEmailTemplate,
  sendTestEmail,
} from './email-templates.service.ts';

const kindParams = z.object({ kind: z.string().max(40) });
// The version's language (decision 073): checked by the service against the partner's offer (400).
const localeQuery = siteQuery.extend({ locale: z.string().max(20).optional() });
// Bodies are checked by the service after the access check, into the problem shape.
const anyBody = z.unknown();

export const emailTemplatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const linksOf = (request: Parameters<typeof siteOriginOf>[0]) => ({
    origin: siteOriginOf(request, app.deps.config),
  });
  app.get(
    '/api/dashboard/emailtemplates',
    { schema: { querystring: localeQuery, response: { 200: emailTemplatesAnswerSchema } } },
    async (request) => listEmailTemplates(app.deps.db, await request.siteContext(), request.query.locale),
  );
  app.put(
    '/api/dashboard/emailtemplates/:kind',
    {
      schema: {
        params: kindParams,
        querystring: siteQuery,
        body: anyBody,
        response: { 200: emailTemplatesAnswerSchema },
      },
    },
    async (request) =>
      saveEmailTemplate(app.deps.db, await request.siteContext(), request.params.kind, request.body),
  );
  app.delete(
    '/api/dashboard/emailtemplates/:kind',
    {
      schema: {
        params: kindParams,
        querystring: localeQuery,
        body: anyBody.optional(),
        response: { 200: emailTemplatesAnswerSchema },
      },
    },
    async (request) =>
      resetEmailTemplate(
        app.deps.db,
        await request.siteContext(),
        request.params.kind,
        request.query.locale ?? bodyLocale(request.body),
      ),
  );
  app.post(
    '/api/dashboard/emailtemplates/:kind/preview',
    {
      schema: {
        params: kindParams,
        querystring: localeQuery,
        body: anyBody,
        response: { 200: emailPreviewSchema },
      },
    },
    async (request) =>
      previewEmailTemplate(
        app.deps.db,
        await request.siteContext(),
        request.params.kind,
        request.body,
        linksOf(request),
        request.query.locale,
      ),
  );
  app.post(
    '/api/dashboard/emailtemplates/:kind/test',
    {
      schema: {
        params: kindParams,
        querystring: localeQuery,
        body: anyBody,
        response: { 202: z.object({ to: z.string() }) },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(
          await sendTestEmail(
            app.deps.db,
            await request.siteContext(),
            request.params.kind,
            request.body,
            linksOf(request),
            request.query.locale,
          ),
        ),
  );
};
