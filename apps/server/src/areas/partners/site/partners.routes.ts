import { partnerPublicSchema } from '@kinship/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { compiledSerializer, mayCarrySession } from '../../../platform/public-answers.ts';
import type { SiteContext } from '../../../platform/site-context.ts';
import { localeOfRequest } from '../../../platform/locale.ts';
import { cachedPartnerByKey, listPartnerViews, partnerViewOf, viewOfEntry } from './partners.service.ts';
import { siteQuery } from '../../../platform/route-schemas.ts';

const booleanQuery = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true'));

/** The signed-in viewer of this request when its site is the partner asked for, else null. */
async function siteViewerOf(
  request: { siteContext(): Promise<SiteContext> },
  partnersId: number,
): Promise<SiteContext['viewer']> {
  try {
    const ctx = await request.siteContext();
    return ctx.partner.id === partnersId ? ctx.viewer : null;
  } catch {
    return null;
  }
}

export const partnersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/partners/:key',
    {
      config: { publicCache: true },
      serializerCompiler: compiledSerializer,
      schema: {
        params: z.object({
          key: z.string().regex(/^[A-Za-z0-9-]{1,63}$/, 'must be a partner id or subdomain'),
        }),
        querystring: siteQuery,
        response: { 200: partnerPublicSchema },
      },
    },
    // 'current' is the partner of this request's host (how the web app starts on a bare host).
    // Its texts are in the request's locale (decision 072).
    async (request) => {
      if (request.params.key === 'current') {
        const { partner, viewer } = await request.siteContext();
        return partnerViewOf(app.deps.db, partner, localeOfRequest(request, partner, viewer));
      }
      const entry = await cachedPartnerByKey(app.deps.db, request.params.key);
      // The site asks by its subdomain: a signed-in person's saved language counts as on its pages.
      const viewer = mayCarrySession(request.headers) ? await siteViewerOf(request, entry.row.id) : null;
      return viewOfEntry(entry, localeOfRequest(request, entry.row, viewer));
    },
  );

  app.get(
    '/api/partners',
    {
      schema: {
        querystring: z
          .object({
            partnersId: z.string().optional(),
            subdomain: z.string().max(63).optional(),
            isSupportSite: booleanQuery,
            demoMode: booleanQuery,
          })
          .loose(),
        response: { 200: z.array(partnerPublicSchema) },
      },
    },
    async (request) =>
      listPartnerViews(app.deps.db, request.query, (row) => localeOfRequest(request, row, null)),
  );
};
