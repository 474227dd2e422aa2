import {
  checkoutHelperRequestSchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
  paymentIntervalSchema,
} from '@kinship/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { localeOfRequest } from '../../../platform/locale.ts';
import { idempotencyKeyOf } from '../orders/orders.service.ts';
import { checkout } from './checkout.service.ts';
import { lightningLinkIdOf } from '../gifts/lightning.service.ts';
import { siteQuery } from '../../../platform/route-schemas.ts';

/**
 * Sponsorship checkout. Amounts in the body are integer cents and are checked against the
 * server's own pricing: baseAmount must equal the plan price (x12 annually) times the slots of
 * every line, else 409 with the new price; additionalAmount must be 0, 3, 5 or 10 % of it.
 * An `Idempotency-Key` header makes a resend answer the first result.
 */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.deps.db, gateway: app.deps.gateway, config: app.deps.config, jobs: app.deps.jobs };

  app.post(
    '/api/payments/checkout/:interval',
    {
      schema: {
        params: z.object({ interval: paymentIntervalSchema }),
        querystring: siteQuery,
        body: checkoutRequestSchema,
        response: { 200: checkoutResponseSchema },
      },
    },
    async (request) => {
      const ctx = await request.siteContext();
      return checkout(deps, ctx, {
        lightningLinksId: await lightningLinkIdOf(deps.db, ctx.partner.id, request.body.lightningCode),
        interval: request.params.interval,
        form: 'checkout',
        body: request.body,
        idempotencyKey: idempotencyKeyOf(request.headers),
        clientAddress: request.ip,
        locale: localeOfRequest(request, ctx.partner, ctx.viewer),
      });
    },
  );

  /** The checkout helper (the billing page): the same, with the interval in the body as paymentInterval. */
  app.post(
    '/api/payments/checkout',
    {
      schema: {
        querystring: siteQuery,
        body: checkoutHelperRequestSchema,
        response: { 200: checkoutResponseSchema },
      },
    },
    async (request) => {
      const ctx = await request.siteContext();
      return checkout(deps, ctx, {
        lightningLinksId: await lightningLinkIdOf(deps.db, ctx.partner.id, request.body.lightningCode),
        interval: request.body.paymentInterval,
        form: 'billing',
        body: request.body,
        idempotencyKey: idempotencyKeyOf(request.headers),
        clientAddress: request.ip,
        locale: localeOfRequest(request, ctx.partner, ctx.viewer),
      });
    },
  );
};
