import { auditQuerySchema, auditRowSchema } from '@kinship/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CSV_CONTENT_TYPE, csvExportStream } from '../../../platform/table-export.ts';
import { AUDIT_EXPORT_COLUMNS, exportAudit, listAudit } from './audit-log.service.ts';

/*
 * The Audit log section (issue 14 item 4, decision 046), audit.view:
 *   GET /api/dashboard/audit?usersId&action&entityType&entityId&from&to&when&q&page&pageSize
 *       rows newest first, x-total-count
 *   GET /api/dashboard/audit/export?(same filters)   CSV of every row of the filter
 * A record's history: ?entityType=sponsored&entityId={id}; a person's: ?entityType=user&entityId={id}
 * (what was done to them) or ?usersId={id} (what they did).
 */

export const auditLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard/audit',
    {
      config: { problemErrors: true },
      schema: { querystring: auditQuerySchema, response: { 200: z.array(auditRowSchema) } },
    },
    async (request, reply) => {
      const { rows, total } = await listAudit(app.deps.db, await request.siteContext(), request.query);
      reply.header('x-total-count', String(total));
      return rows;
    },
  );

  app.get(
    '/api/dashboard/audit/export',
    { config: { problemErrors: true }, schema: { querystring: auditQuerySchema } },
    async (request, reply) => {
      const rows = exportAudit(app.deps.db, await request.siteContext(), request.query);
      const stamp = new Date().toISOString().slice(0, 10);
      reply
        .header('content-disposition', `attachment; filename="audit-${stamp}.csv"`)
        .header('cache-control', 'private, no-store')
        .type(CSV_CONTENT_TYPE);
      return reply.send(csvExportStream(AUDIT_EXPORT_COLUMNS, rows));
    },
  );
};
