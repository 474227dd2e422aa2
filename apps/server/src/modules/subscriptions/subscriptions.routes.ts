import { subscriptionDetailSchema, updateSubscriptionPaymentRequestSchema } from '@kinship/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptEmptyJsonBodies } from '../../platform/json-body.ts';
import {
  getSubscriptionDetail,
  resetSubscriptionPrice,
  updateSubscriptionPayment,
} from './subscriptions.service.ts';

const partnerQuery = z.object({ partnersId: z.string().optional() }).loose();
const wholeNumber = (name: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${name} must be a whole number`)
    .transform(Number);

/** The signed-in person's own subscriptions: detail, change of payment method, price reset. */
export const subscriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptEmptyJsonBodies(app);
  const deps = { db: app.deps.db, gateway: app.deps.gateway, jobs: app.deps.jobs };

  app.get(
    '/api/payments/subscriptiondetail/:id',
    {
      schema: {
        params: z.object({ id: wholeNumber('id') }),
        querystring: partnerQuery,
        response: { 200: subscriptionDetailSchema },
      },
    },
    async (request) => getSubscriptionDetail(deps, await request.siteContext(), request.params.id),
  );

  app.put(
    '/api/payments/updatesubscriptionpayment/:ordersId',
    {
      schema: {
        params: z.object({ ordersId: wholeNumber('ordersId') }),
        querystring: partnerQuery,
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
        params: z.object({ id: wholeNumber('id') }),
        querystring: partnerQuery,
        response: { 200: subscriptionDetailSchema },
      },
    },
    async (request) => resetSubscriptionPrice(deps, await request.siteContext(), request.params.id),
  );
};
