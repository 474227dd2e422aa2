import {
  PAGE_SIZE,
  sponsoredDetailSchema,
  sponsoredImageSchema,
  sponsoredSummarySchema,
  updateSchema,
} from '@kinship/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../../platform/errors.ts';
import { localeOfRequest } from '../../../platform/locale.ts';
import { compiledSerializer } from '../../../platform/public-answers.ts';
import {
  getSponsored,
  getSponsoredImages,
  getSponsoredUpdates,
  listSponsoreds,
} from './sponsoreds.service.ts';
import { siteQuery, wholeNumberParam } from '../../../platform/route-schemas.ts';

/** An empty query value means "no filter" (the listing removes a filter by sending it empty). */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const idParams = z.object({ id: wholeNumberParam('id') });

export const listingQuerySchema = z
  .object({
    partnersId: z.string().optional(),
    partnerSponsoredTypesId: optional(wholeNumberParam('partnerSponsoredTypesId')),
    offset: optional(wholeNumberParam('offset')).transform((v) => v ?? 0),
    limit: optional(
      wholeNumberParam('limit').refine((v) => v >= 1 && v <= 100, 'limit must be between 1 and 100'),
    ).transform((v) => v ?? PAGE_SIZE),
    status: optional(z.enum(['active', 'reserved', 'inactive', 'archived'])),
    isFullySponsored: optional(z.enum(['Yes', 'No'])),
    ageBand: optional(z.string()),
    gender: optional(z.enum(['Male', 'Female'])),
    gradesId: optional(wholeNumberParam('gradesId')),
    birthMonth: optional(
      wholeNumberParam('birthMonth').refine((v) => v >= 1 && v <= 12, 'birthMonth must be between 1 and 12'),
    ),
    entitiesId: optional(wholeNumberParam('entitiesId')),
  })
  .loose();

export const sponsoredsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/partners/:partnerId/sponsoreds',
    {
      config: { publicCache: true },
      serializerCompiler: compiledSerializer,
      schema: {
        params: z.object({ partnerId: z.string() }),
        querystring: listingQuerySchema,
        response: { 200: z.array(sponsoredSummarySchema) },
      },
    },
    async (request, reply) => {
      const ctx = await request.siteContext();
      const { partnerId } = request.params;
      if (partnerId !== String(ctx.partner.id) && partnerId.toLowerCase() !== ctx.partner.subdomain) {
        throw notFound(`Partner ${partnerId} was not found on this site.`);
      }
      const { items, count } = await listSponsoreds(app.deps.db, ctx, request.query);
      reply.header('x-total-count', String(count));
      return items;
    },
  );

  app.get(
    '/api/sponsoreds/:id',
    {
      config: { publicCache: true },
      serializerCompiler: compiledSerializer,
      schema: { params: idParams, querystring: siteQuery, response: { 200: sponsoredDetailSchema } },
    },
    async (request) => {
      const ctx = await request.siteContext();
      // The bio and the program's and country's descriptions in the request's locale (decision 072).
      return getSponsored(
        app.deps.db,
        ctx,
        request.params.id,
        localeOfRequest(request, ctx.partner, ctx.viewer),
      );
    },
  );

  app.get(
    '/api/sponsoreds/:id/images',
    {
      config: { publicCache: true },
      serializerCompiler: compiledSerializer,
      schema: {
        params: idParams,
        querystring: siteQuery,
        response: { 200: z.array(sponsoredImageSchema) },
      },
    },
    async (request) => getSponsoredImages(app.deps.db, await request.siteContext(), request.params.id),
  );

  app.get(
    '/api/sponsoreds/:id/updates',
    { schema: { params: idParams, querystring: siteQuery, response: { 200: z.array(updateSchema) } } },
    async (request) => getSponsoredUpdates(app.deps.db, await request.siteContext(), request.params.id),
  );
};
