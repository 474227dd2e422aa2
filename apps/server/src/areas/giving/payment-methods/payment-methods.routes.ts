import { savedPaymentMethodSchema, setupIntentSchema } from '@kinship/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptEmptyJsonBodies } from '../../../platform/json-body.ts';
import {
  getSetupIntent,
  listPaymentMethods,
  makeDefaultPaymentMethod,
  removePaymentMethod,
} from './payment-methods.service.ts';
import { siteQuery, wholeNumberParam } from '../../../platform/route-schemas.ts';

const methodParams = z.object({ id: z.string().min(1).max(255) });

/** The signed-in person's saved payment methods at this partner (references only; no card numbers). */
export const paymentMethodsRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptEmptyJsonBodies(app);
  const deps = { db: app.deps.db, gateway: app.deps.gateway, jobs: app.deps.jobs };

  app.get(
    '/api/payments/setupintent',
    { schema: { querystring: siteQuery, response: { 200: setupIntentSchema } } },
    async (request) => getSetupIntent(deps, await request.siteContext()),
  );

  app.get(
    '/api/payments/:userId/paymentmethods',
    {
      schema: {
        params: z.object({
          userId: wholeNumberParam('userId'),
        }),
        querystring: siteQuery,
        response: { 200: z.array(savedPaymentMethodSchema) },
      },
    },
    async (request) => listPaymentMethods(deps, await request.siteContext(), request.params.userId),
  );

  app.delete(
    '/api/payments/paymentmethod/:id',
    { schema: { params: methodParams, querystring: siteQuery } },
    async (request, reply) => {
      await removePaymentMethod(deps, await request.siteContext(), request.params.id);
      return reply.code(204).send();
    },
  );

  app.put(
    '/api/payments/updatedefaultpaymentmethod/:id',
    {
      schema: {
        params: methodParams,
        querystring: siteQuery,
        response: { 200: z.array(savedPaymentMethodSchema) },
      },
    },
    async (request) => makeDefaultPaymentMethod(deps, await request.siteContext(), request.params.id),
  );
};
