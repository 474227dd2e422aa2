import { donationRequestSchema } from '@kinship/domain';
import { localeOfRequest } from '../../../platform/locale.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyKeyOf } from '../orders/orders.service.ts';
import { donate } from './donations.service.ts';
import { siteQuery } from '../../../platform/route-schemas.ts';

/**
 * POST payments: a general donation (sign-in optional). `amount` is in DOLLARS as the form takes it
 * (minimum 1, at most two decimals) and is charged in cents; `token` is the payment method id from
 * the card field; `website` is a honeypot that must stay empty. Answers the receipt URL as a JSON
 * string; a declined card answers 402 with the provider's message.
 */
export const donationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.deps.db, gateway: app.deps.gateway, config: app.deps.config, jobs: app.deps.jobs };
  app.post(
    '/api/payments',
    { schema: { querystring: siteQuery, body: donationRequestSchema, response: { 200: z.string() } } },
    async (request, reply) => {
      const ctx = await request.siteContext();
      const url = await donate(deps, ctx, request.body, {
        idempotencyKey: idempotencyKeyOf(request.headers),
        clientAddress: request.ip,
        locale: localeOfRequest(request, ctx.partner, ctx.viewer),
      });
      // A string with a JSON content type is sent as it is: serialise it here.
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(url));
    },
  );
};
