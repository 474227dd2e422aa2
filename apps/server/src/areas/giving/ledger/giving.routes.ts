import {
  cancelSubscriptionInputSchema,
  delinquentQuerySchema,
  delinquentRowSchema,
  paymentListQuerySchema,
  paymentRowSchema,
  refundInputSchema,
  reminderResultSchema,
  retryRenewalInputSchema,
  retryRenewalResultSchema,
  subscriptionListQuerySchema,
  subscriptionRowSchema,
} from '@kinship/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { siteQuery, wholeNumberParam } from '../../../platform/route-schemas.ts';
import {
  cancelSubscriptionByStaff,
  getDelinquent,
  getPayments,
  getSubscriptions,
  refundPayment,
  remindDonor,
  retryRenewal,
} from './giving.service.ts';

/*
 * The Donations section of the partner dashboard (decision 041):
 *   GET  /api/dashboard/donations/payments?status&kind&date&entitiesId&q&sort&order&page&pageSize   x-total-count
 *   GET  /api/dashboard/donations/subscriptions?status&date&entitiesId&q&sort&order&page&pageSize  x-total-count
 *   GET  /api/dashboard/donations/delinquent?entitiesId&q          failed renewals with the decline
 *   POST /api/dashboard/donations/payments/:id/refund              { amount?, reason, requestKey }
 *   POST /api/dashboard/donations/subscriptions/:id/cancel         { reason }
 *   POST /api/dashboard/donations/subscriptions/:id/retry          { requestKey }
 *   POST /api/dashboard/donations/subscriptions/:id/remind         {}
 */

const idParams = z.object({ id: wholeNumberParam('id') });

export const givingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({
    db: app.deps.db,
    gateway: app.deps.gateway,
    jobs: app.deps.jobs,
    config: app.deps.config,
  });

  app.get(
    '/api/dashboard/donations/payments',
    { schema: { querystring: paymentListQuerySchema, response: { 200: z.array(paymentRowSchema) } } },
    async (request, reply) => {
      const { rows, total } = await getPayments(app.deps.db, await request.siteContext(), request.query);
      reply.header('x-total-count', String(total));
      return rows;
    },
  );

  app.get(
    '/api/dashboard/donations/subscriptions',
    {
      schema: { querystring: subscriptionListQuerySchema, response: { 200: z.array(subscriptionRowSchema) } },
    },
    async (request, reply) => {
      const { rows, total } = await getSubscriptions(app.deps.db, await request.siteContext(), request.query);
      reply.header('x-total-count', String(total));
      return rows;
    },
  );

  app.get(
    '/api/dashboard/donations/delinquent',
    { schema: { querystring: delinquentQuerySchema, response: { 200: z.array(delinquentRowSchema) } } },
    async (request) => getDelinquent(app.deps.db, await request.siteContext(), request.query),
  );

  app.post(
    '/api/dashboard/donations/payments/:id/refund',
    {
      config: { problemErrors: true },
      schema: {
        params: idParams,
        querystring: siteQuery,
        body: refundInputSchema,
        response: { 200: paymentRowSchema },
      },
    },
    async (request) => refundPayment(deps(), await request.siteContext(), request.params.id, request.body),
  );

  app.post(
    '/api/dashboard/donations/subscriptions/:id/cancel',
    {
      config: { problemErrors: true },
      schema: {
        params: idParams,
        querystring: siteQuery,
        body: cancelSubscriptionInputSchema,
        response: { 200: subscriptionRowSchema },
      },
    },
    async (request) =>
      cancelSubscriptionByStaff(deps(), await request.siteContext(), request.params.id, request.body),
  );

  app.post(
    '/api/dashboard/donations/subscriptions/:id/retry',
    {
      config: { problemErrors: true },
      schema: {
        params: idParams,
        querystring: siteQuery,
        body: retryRenewalInputSchema,
        response: { 200: retryRenewalResultSchema },
      },
    },
    async (request) => retryRenewal(deps(), await request.siteContext(), request.params.id, request.body),
  );

  app.post(
    '/api/dashboard/donations/subscriptions/:id/remind',
    {
      schema: {
        params: idParams,
        querystring: siteQuery,
        body: z.object({}).loose().optional(),
        response: { 200: reminderResultSchema },
      },
    },
    async (request) => remindDonor(deps(), await request.siteContext(), request.params.id),
  );
};
