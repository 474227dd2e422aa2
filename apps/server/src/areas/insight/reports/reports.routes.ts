import {
  overviewSchema,
  REPORT_SLUGS,
  reportQuerySchema,
  reportSchema,
  yearEndRunInputSchema,
  yearEndRunSchema,
} from '@kinship/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CSV_CONTENT_TYPE,
  csvExportStream,
  XLSX_CONTENT_TYPE,
  xlsxExportStream,
} from '../../../platform/table-export.ts';
import { siteQuery } from '../../../platform/route-schemas.ts';
import {
  getOverview,
  getReport,
  latestYearEndRun,
  reportExport,
  startYearEndRun,
} from './reports.service.ts';

/*
 * The dashboard's Overview and Reports (issue 13, decision 035), all reports.view:
 *   GET  /api/dashboard/overview                            the home's figures and charts
 *   GET  /api/dashboard/reports/{slug}?from&to&entitiesId   one report (columns, rows, totals)
 *   GET  /api/dashboard/reports/{slug}/export?format=csv|xlsx&from&to&entitiesId
 *   GET  /api/dashboard/reports/year-end-run                the latest year-end run's progress
 *   POST /api/dashboard/reports/year-end-run {year}         start the year-end receipts run (202)
 */

const slugParams = z.object({ slug: z.enum(REPORT_SLUGS) });

export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard/overview',
    { schema: { querystring: siteQuery, response: { 200: overviewSchema } } },
    async (request, reply) =>
      reply
        .header('cache-control', 'private, no-store')
        .send(await getOverview(app.deps.db, await request.siteContext())),
  );

  app.get(
    '/api/dashboard/reports/year-end-run',
    { schema: { querystring: siteQuery, response: { 200: yearEndRunSchema.nullable() } } },
    async (request, reply) =>
      reply
        .header('cache-control', 'private, no-store')
        .send(await latestYearEndRun(app.deps.db, await request.siteContext())),
  );

  app.post(
    '/api/dashboard/reports/year-end-run',
    {
      config: { problemErrors: true },
      schema: { querystring: siteQuery, body: yearEndRunInputSchema, response: { 202: yearEndRunSchema } },
    },
    async (request, reply) => {
      const started = await startYearEndRun(app.deps, await request.siteContext(), request.body.year);
      return reply.code(202).send(started);
    },
  );

  app.get(
    '/api/dashboard/reports/:slug',
    { schema: { params: slugParams, querystring: reportQuerySchema, response: { 200: reportSchema } } },
    async (request, reply) =>
      reply
        .header('cache-control', 'private, no-store')
        .send(await getReport(app.deps.db, await request.siteContext(), request.params.slug, request.query)),
  );

  app.get(
    '/api/dashboard/reports/:slug/export',
    {
      schema: {
        params: slugParams,
        querystring: reportQuerySchema.and(z.object({ format: z.enum(['csv', 'xlsx']).default('csv') })),
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const report = await getReport(
        app.deps.db,
        await request.siteContext(),
        request.params.slug,
        request.query,
      );
      const { columns, rows } = reportExport(report);
      reply
        .header('cache-control', 'private, no-store')
        .header(
          'content-disposition',
          `attachment; filename="${report.slug}-${report.from}-${report.to}.${format}"`,
        )
        .type(format === 'csv' ? CSV_CONTENT_TYPE : XLSX_CONTENT_TYPE);
      return reply.send(
        format === 'csv'
          ? csvExportStream(columns, rows)
          : xlsxExportStream(columns, rows, { sheetName: report.title }),
      );
    },
  );
};
