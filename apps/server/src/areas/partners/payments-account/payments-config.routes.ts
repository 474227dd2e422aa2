import { paymentConfigSchema } from '@kinship/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getPaymentConfig } from './payments-config.service.ts';
import { siteQuery } from '../../../platform/route-schemas.ts';

/** The card field's configuration for this site (no sign-in needed: visitors donate too). */
export const paymentsConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/payments/config',
    { schema: { querystring: siteQuery, response: { 200: paymentConfigSchema } } },
    async (request) => getPaymentConfig(app.deps.gateway, await request.siteContext()),
  );
};
