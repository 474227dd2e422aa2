import { receiptSchema } from '@kinship/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  getGivingStatementPdf,
  getReceipt,
  getReceiptPdf,
  RECEIPT_PDF_FILENAME,
} from './receipts.service.ts';
import { localeOfRequest } from '../../../platform/locale.ts';
import { siteQuery, wholeNumberParam } from '../../../platform/route-schemas.ts';

const codeParams = z.object({ code: z.string().min(1).max(100) });
const pdfAttachment = `attachment; filename="${RECEIPT_PDF_FILENAME}"`;

export const receiptsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/receipts/:code',
    { schema: { params: codeParams, querystring: siteQuery, response: { 200: receiptSchema } } },
    async (request, reply) => {
      const receipt = await getReceipt(app.deps.db, await request.siteContext(), request.params.code);
      // The code is a credential: the answer is not cached by shared caches.
      return reply.header('cache-control', 'private, no-store').send(receipt);
    },
  );

  app.get(
    '/api/receipts/:code/pdf',
    { schema: { params: codeParams, querystring: siteQuery } },
    async (request, reply) => {
      const ctx = await request.siteContext();
      // The download is in the visitor's language (decision 070), as the page it is linked from.
      const locale = localeOfRequest(request, ctx.partner, ctx.viewer);
      const pdf = await getReceiptPdf(app.deps, ctx, request.params.code, locale);
      return reply
        .type('application/pdf')
        .header('content-disposition', pdfAttachment)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/api/users/:id/statement',
    {
      schema: {
        params: z.object({
          id: wholeNumberParam('id'),
        }),
        querystring: siteQuery.extend({
          year: z
            .string()
            .regex(/^\d{4}$/, 'year must be a four-digit year')
            .transform(Number)
            .optional(),
        }),
      },
    },
    async (request, reply) => {
      const now = new Date();
      const ctx = await request.siteContext();
      // The download follows the visitor's language, as the receipt's does (decision 073).
      const pdf = await getGivingStatementPdf(
        app.deps,
        ctx,
        request.params.id,
        request.query.year ?? now.getUTCFullYear(),
        now,
        localeOfRequest(request, ctx.partner, ctx.viewer),
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', pdfAttachment)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
