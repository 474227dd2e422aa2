import { localeOfRequest } from '../../../platform/locale.ts';
import {
  codeCloseInputSchema,
  giftCreatedSchema,
  giftManageRequestSchema,
  giftManageSchema,
  giftPreviewSchema,
  giftRequestSchema,
  lightningPreviewSchema,
  lightningRequestSchema,
  redeemedSchema,
  staffGiftDetailSchema,
  staffGiftListQuerySchema,
  staffGiftSchema,
  staffGivingCodesSchema,
  staffLightningListQuerySchema,
  staffLightningSchema,
  staffTrialListQuerySchema,
  staffTrialSchema,
  trialIssueRequestSchema,
  trialPreviewSchema,
} from '@kinship/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { siteQuery, wholeNumberParam } from '../../../platform/route-schemas.ts';
import { idempotencyKeyOf } from '../orders/orders.service.ts';
import { createGift, getGiftForGiver, previewGift, redeemGift, resendGift } from './gifts.service.ts';
import { createLightningLink, lightningQr, previewLightning } from './lightning.service.ts';
import { siteUrlConfigOf } from '../orders/orders.service.ts';
import {
  closeLink,
  closeTrial,
  getStaffGift,
  listGivingCodes,
  pageStaffGifts,
  pageStaffLinks,
  pageStaffTrials,
} from './staff.service.ts';
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
    async (request) => {
      const ctx = await request.siteContext();
      return createGift(deps, ctx, request.body, {
        idempotencyKey: idempotencyKeyOf(request.headers),
        clientAddress: request.ip,
        locale: localeOfRequest(request, ctx.partner, ctx.viewer),
      });
    },
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

  // The section's server-paged lists and a gift opened (donations.view, decision 059).
  const idParams = z.object({ id: wholeNumberParam('id') });
  app.get(
    '/api/dashboard/gifts',
    {
      config: { problemErrors: true },
      schema: { querystring: staffGiftListQuerySchema, response: { 200: z.array(staffGiftSchema) } },
    },
    async (request, reply) => {
      const { rows, total } = await pageStaffGifts(deps.db, await request.siteContext(), request.query);
      reply.header('x-total-count', String(total));
      return rows;
    },
  );

  app.get(
    '/api/dashboard/gifts/:id',
    {
      config: { problemErrors: true },
      schema: { params: idParams, querystring: siteQuery, response: { 200: staffGiftDetailSchema } },
    },
    async (request) => getStaffGift(deps.db, await request.siteContext(), request.params.id),
  );

  app.get(
    '/api/dashboard/trials',
    {
      config: { problemErrors: true },
      schema: { querystring: staffTrialListQuerySchema, response: { 200: z.array(staffTrialSchema) } },
    },
    async (request, reply) => {
      const { rows, total } = await pageStaffTrials(deps.db, await request.siteContext(), request.query);
      reply.header('x-total-count', String(total));
      return rows;
    },
  );

  app.get(
    '/api/dashboard/lightning',
    {
      config: { problemErrors: true },
      schema: {
        querystring: staffLightningListQuerySchema,
        response: { 200: z.array(staffLightningSchema) },
      },
    },
    async (request, reply) => {
      const { rows, total } = await pageStaffLinks(deps.db, await request.siteContext(), request.query);
      reply.header('x-total-count', String(total));
      return rows;
    },
  );

  // Staff expire or revoke a trial code, or revoke a lightning link, with a reason (codes.manage, 059).
  app.post(
    '/api/dashboard/trials/:id/withdraw',
    {
      config: { problemErrors: true },
      schema: {
        params: idParams,
        querystring: siteQuery,
        body: codeCloseInputSchema,
        response: { 200: staffTrialSchema },
      },
    },
    async (request) => closeTrial(deps.db, await request.siteContext(), request.params.id, request.body),
  );

  app.post(
    '/api/dashboard/lightning/:id/withdraw',
    {
      config: { problemErrors: true },
      schema: {
        params: idParams,
        querystring: siteQuery,
        body: codeCloseInputSchema,
        response: { 200: staffLightningSchema },
      },
    },
    async (request) => closeLink(deps.db, await request.siteContext(), request.params.id, request.body),
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
