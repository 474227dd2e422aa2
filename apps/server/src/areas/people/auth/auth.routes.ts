import { authConfigSchema } from '@kinship/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { oidcSettingsOf } from '../../../platform/auth.ts';
import { getAuthConfig } from './auth.service.ts';
import { siteQuery } from '../../../platform/route-schemas.ts';

/** The sign-in options of the site; the sign-in and sign-up calls themselves are better-auth's, under /api/auth/. */
export const authConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const oidc = oidcSettingsOf(app.deps.config);
  app.get(
    '/api/auth-config',
    {
      schema: {
        querystring: siteQuery,
        response: { 200: authConfigSchema },
      },
    },
    async (request) => getAuthConfig(await request.siteContext(), oidc),
  );
};
