import { paymentConfigSchema } from '@kinship/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPaymentConfig } from './payments-config.service.ts';

const partnerQuery = z.object({ partnersId: z.string().optional() }).loose();

/** The card field's configuration for this site (no sign-in needed: visitors donate too). */
export const paymentsConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/payments/config',
    { schema: { querystring: partnerQuery, response: { 200: paymentConfigSchema } } },
    async (request) => getPaymentConfig(app.deps.gateway, await request.siteContext()),
  );
};
