import {
  giftCreatedSchema,
  giftManageRequestSchema,
  giftManageSchema,
  giftPreviewSchema,
  giftRequestSchema,
  lightningPreviewSchema,
  lightningRequestSchema,
  redeemedSchema,
  staffGivingCodesSchema,
  trialIssueRequestSchema,
  trialPreviewSchema,
} from '@kinship/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { siteQuery } from '../../../platform/route-schemas.ts';
import { idempotencyKeyOf } from '../orders/orders.service.ts';
import { createGift, getGiftForGiver, previewGift, redeemGift, resendGift } from './gifts.service.ts';
import { createLightningLink, lightningQr, previewLightning } from './lightning.service.ts';
import { siteUrlConfigOf } from '../orders/orders.service.ts';
import { listGivingCodes } from './staff.service.ts';
import { issueTrials, previewTrial, redeemTrial } from './trials.service.ts';

/** A code in a path: letters, digits and dashes, at most 64 (anything else is an unknown code). */
export const codeParam = z.object({ code: z.string().min(1).max(500) });

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

  // ---------------------------------------------------------------------------------- trials (feature 5)

  app.get(
    '/api/trials/redeem/:code',
    { schema: { params: codeParam, querystring: siteQuery, response: { 200: trialPreviewSchema } } },
    async (request) => previewTrial(deps.db, await request.siteContext(), request.params.code),
  );

  app.post(
    '/api/trials/redeem/:code',
    {
      schema: {
        params: codeParam,
        querystring: siteQuery,
        body: z.object({ sponsoredsId: z.number().int().positive().max(2_147_483_647).optional() }),
        response: { 200: redeemedSchema },
      },
    },
    async (request) => redeemTrial(deps.db, await request.siteContext(), request.params.code, request.body),
  );

  // ---------------------------------------------------------------------------------- lightning (feature 6)

  const lightningParams = z.object({
    sponsoredType: z.string().min(1).max(80),
    code: z.string().min(1).max(80),
  });
  app.get(
    '/api/lightning/:sponsoredType/:code',
    {
      schema: { params: lightningParams, querystring: siteQuery, response: { 200: lightningPreviewSchema } },
    },
    async (request) =>
      previewLightning(
        deps.db,
        await request.siteContext(),
        request.params.sponsoredType,
        request.params.code,
      ),
  );
  app.get(
    '/api/lightning/:sponsoredType',
    {
      schema: {
        params: lightningParams.pick({ sponsoredType: true }),
        querystring: siteQuery,
        response: { 200: lightningPreviewSchema },
      },
    },
    async (request) =>
      previewLightning(deps.db, await request.siteContext(), request.params.sponsoredType, null),
  );

  // ---------------------------------------------------------------------------------- staff

  app.get(
    '/api/dashboard/giving-codes',
    {
      config: { problemErrors: true },
      schema: { querystring: siteQuery, response: { 200: staffGivingCodesSchema } },
    },
    async (request) => listGivingCodes(deps.db, await request.siteContext()),
  );

  app.post(
    '/api/dashboard/trials',
    {
      config: { problemErrors: true },
      schema: {
        querystring: siteQuery,
        body: trialIssueRequestSchema,
        response: { 200: z.object({ codes: z.array(z.string()) }) },
      },
    },
    async (request) => issueTrials(deps.db, await request.siteContext(), request.body),
  );

  app.post(
    '/api/dashboard/lightning',
    {
      config: { problemErrors: true },
      schema: {
        querystring: siteQuery,
        body: lightningRequestSchema,
        response: { 200: z.object({ id: z.number(), code: z.string(), path: z.string() }) },
      },
    },
    async (request) => createLightningLink(deps.db, await request.siteContext(), request.body),
  );

  app.get(
    '/api/dashboard/lightning/:code/qr',
    {
      schema: {
        params: z.object({ code: z.string().min(1).max(80) }),
        querystring: siteQuery.extend({ format: z.enum(['svg', 'png']).optional() }),
      },
    },
    async (request, reply) => {
      const qr = await lightningQr(
        deps.db,
        await request.siteContext(),
        request.params.code,
        request.query.format ?? 'svg',
        siteUrlConfigOf(deps.config),
      );
      // Shown inline as an <img>; a browser following the "Download" link saves it as a file.
      const extension = request.query.format ?? 'svg';
      return reply
        .type(qr.contentType)
        .header('cache-control', 'private, no-store')
        .header(
          'content-disposition',
          `attachment; filename="lightning-${request.params.code.replace(/[^A-Za-z0-9-]/g, '')}.${extension}"`,
        )
        .send(qr.body);
    },
  );
};
