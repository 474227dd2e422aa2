import {
  giftCreatedSchema,
  giftManageRequestSchema,
  giftManageSchema,
  giftPreviewSchema,
  giftRequestSchema,
  redeemedSchema,
} from '@kinship/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { siteQuery } from '../../platform/route-schemas.ts';
import { idempotencyKeyOf } from '../orders/orders.service.ts';
import { createGift, getGiftForGiver, previewGift, redeemGift, resendGift } from './gifts.service.ts';

/** A code in a path: letters, digits and dashes, at most 64 (anything else is an unknown code). */
export const codeParam = z.object({ code: z.string().min(1).max(80) });

/**
 * Gifts (feature 7; off answers 404): POST gifts (visitor or signed in, Idempotency-Key like the
 * other payments), GET/POST gifts/redeem/{code} (preview, then the signed-in recipient redeems),
 * GET/POST gifts/manage/{manageCode} (the giver resends or changes the recipient's address).
 */
export const giftsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.deps.db, gateway: app.deps.gateway, config: app.deps.config, jobs: app.deps.jobs };

  app.post(
    '/api/gifts',
    { schema: { querystring: siteQuery, body: giftRequestSchema, response: { 200: giftCreatedSchema } } },
    async (request) =>
      createGift(deps, await request.siteContext(), request.body, {
        idempotencyKey: idempotencyKeyOf(request.headers),
        clientAddress: request.ip,
      }),
  );

  app.get(
    '/api/gifts/redeem/:code',
    { schema: { params: codeParam, querystring: siteQuery, response: { 200: giftPreviewSchema } } },
    async (request) => previewGift(deps.db, await request.siteContext(), request.params.code),
  );

  app.post(
    '/api/gifts/redeem/:code',
    { schema: { params: codeParam, querystring: siteQuery, response: { 200: redeemedSchema } } },
    async (request) => redeemGift(deps.db, await request.siteContext(), request.params.code),
  );

  app.get(
    '/api/gifts/manage/:code',
    { schema: { params: codeParam, querystring: siteQuery, response: { 200: giftManageSchema } } },
    async (request) => getGiftForGiver(deps.db, await request.siteContext(), request.params.code),
  );

  app.post(
    '/api/gifts/manage/:code',
    {
      schema: {
        params: codeParam,
        querystring: siteQuery,
        body: giftManageRequestSchema,
        response: { 200: giftManageSchema },
      },
    },
    async (request) => resendGift(deps, await request.siteContext(), request.params.code, request.body),
  );
};
