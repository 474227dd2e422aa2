import { subscriptionDetailSchema, updateSubscriptionPaymentRequestSchema } from '@kinship/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptEmptyJsonBodies } from '../../../platform/json-body.ts';
import {
  getSubscriptionDetail,
  resetSubscriptionPrice,
  updateSubscriptionPayment,
} from './subscriptions.service.ts';
import { siteQuery, wholeNumberParam } from '../../../platform/route-schemas.ts';

/** The signed-in person's own subscriptions: detail, change of payment method, price reset. */
export const subscriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptEmptyJsonBodies(app);
  const deps = { db: app.deps.db, gateway: app.deps.gateway, jobs: app.deps.jobs };

  app.get(
    '/api/payments/subscriptiondetail/:id',
    {
      schema: {
        params: z.object({ id: wholeNumberParam('id') }),
        querystring: siteQuery,
        response: { 200: subscriptionDetailSchema },
      },
    },
    async (request) => getSubscriptionDetail(deps, await request.siteContext(), request.params.id),
  );

  app.put(
    '/api/payments/updatesubscriptionpayment/:ordersId',
    {
      schema: {
        params: z.object({ ordersId: wholeNumberParam('ordersId') }),
        querystring: siteQuery,
        body: updateSubscriptionPaymentRequestSchema,
        response: { 200: subscriptionDetailSchema },
      },
    },
    async (request) =>
      updateSubscriptionPayment(deps, await request.siteContext(), request.params.ordersId, request.body),
  );

  app.put(
    '/api/payments/resetsubscriptionprice/:id',
    {
      schema: {
        params: z.object({ id: wholeNumberParam('id') }),
        querystring: siteQuery,
        response: { 200: subscriptionDetailSchema },
      },
    },
    async (request) => resetSubscriptionPrice(deps, await request.siteContext(), request.params.id),
  );
};
