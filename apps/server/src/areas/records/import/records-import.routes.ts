import { ERRORS } from '@kinship/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccess } from '../../../platform/access.ts';
import { HttpError, refuse } from '../../../platform/errors.ts';
import {
  CSV_CONTENT_TYPE,
  csvExportStream,
  XLSX_CONTENT_TYPE,
  xlsxExportStream,
} from '../../../platform/table-export.ts';
import {
  dryRun,
  EXPORT_COLUMNS,
  exportRecords,
  getImport,
  IMPORT_FORBIDDEN_MESSAGE,
  latestImports,
  startImport,
  type ImportUpload,
} from './records-import.staff.ts';
import { siteQuery, wholeNumberParam } from '../../../platform/route-schemas.ts';

/** The most a pictures zip may weigh as sent (its expanded size has its own limit). */
export const MAX_PICTURES_ZIP_BYTES = 200 * 1024 * 1024;
export const IMPORT_NOT_MULTIPART_MESSAGE = 'Send the import as a multipart/form-data body.';
export const IMPORT_MALFORMED_MESSAGE = 'The multipart/form-data body is malformed';
export const importPartTooLarge = (name: string) =>
  `${name} is larger than ${MAX_PICTURES_ZIP_BYTES / 1024 / 1024} MB.`;

const importQuery = z
  .object({
    partnersId: z.string().optional(),
    partnerSponsoredTypesId: wholeNumberParam('partnerSponsoredTypesId'),
  })
  .loose();

const mappingSchema = z.array(z.string().max(100).nullable()).max(100);

/**
 * The import's multipart body: a `file` (CSV or .xlsx), an optional `pictures` zip, and the fields
 * `mapping` (JSON: one field key or null per column) and `dateOrder` (`mdy` or `dmy`).
 */
async function readImportUpload(
  request: FastifyRequest,
  partnerSponsoredTypesId: number,
): Promise<ImportUpload> {
  if (!request.isMultipart()) throw refuse(ERRORS.IMPORT_NOT_MULTIPART, IMPORT_NOT_MULTIPART_MESSAGE);
  const upload: ImportUpload = {
    partnerSponsoredTypesId,
    file: null,
    pictures: null,
    mapping: undefined,
    dateOrder: undefined,
  };
  const errors = request.server.multipartErrors;
  try {
    const parts = request.parts({
      limits: { fileSize: MAX_PICTURES_ZIP_BYTES, files: 2, fields: 5, fieldSize: 20_000 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        const named = { name: part.filename || part.fieldname, bytes };
        if (part.fieldname === 'pictures') upload.pictures = named;
        else if (part.fieldname === 'file') upload.file = named;
      } else if (part.fieldname === 'mapping' && typeof part.value === 'string' && part.value !== '') {
        let parsed: unknown;
        try {
          parsed = JSON.parse(part.value);
        } catch {
          throw new HttpError(400, 'mapping must be a JSON array of field keys (or null), one per column.');
        }
        const checked = mappingSchema.safeParse(parsed);
        if (!checked.success) {
          throw new HttpError(400, 'mapping must be a JSON array of field keys (or null), one per column.');
        }
        upload.mapping = checked.data as ImportUpload['mapping'];
      } else if (part.fieldname === 'dateOrder' && part.value !== '') {
        if (part.value !== 'mdy' && part.value !== 'dmy')
          throw new HttpError(400, 'dateOrder must be mdy or dmy.');
        upload.dateOrder = part.value;
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof errors.RequestFileTooLargeError)
      throw refuse(ERRORS.IMPORT_TOO_LARGE, importPartTooLarge('A file'));
    if (error instanceof errors.FilesLimitError)
      throw refuse(ERRORS.IMPORT_TOO_LARGE, 'Send one file and at most one pictures zip.');
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw error;
    throw refuse(ERRORS.IMPORT_FILE_INVALID, `${IMPORT_MALFORMED_MESSAGE} (${(error as Error).message})`);
  }
  return upload;
}

export const recordsImportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/dashboard/records/import/dryrun',
    { schema: { querystring: importQuery } },
    async (request) => {
      const ctx = await request.siteContext();
      // The access check comes before the body is read.
      requireAccess(ctx, 'records.manage', {}, IMPORT_FORBIDDEN_MESSAGE);
      return dryRun(app.deps.db, ctx, await readImportUpload(request, request.query.partnerSponsoredTypesId));
    },
  );

  app.post(
    '/api/dashboard/records/import',
    { schema: { querystring: importQuery } },
    async (request, reply) => {
      const ctx = await request.siteContext();
      requireAccess(ctx, 'records.manage', {}, IMPORT_FORBIDDEN_MESSAGE);
      const upload = await readImportUpload(request, request.query.partnerSponsoredTypesId);
      const started = await startImport(app.deps, ctx, upload);
      return reply.code(202).send(started);
    },
  );

  app.get('/api/dashboard/records/imports', { schema: { querystring: siteQuery } }, async (request, reply) =>
    reply
      .header('cache-control', 'private, no-store')
      .send(await latestImports(app.deps.db, await request.siteContext())),
  );

  app.get(
    '/api/dashboard/records/imports/:id',
    {
      schema: {
        params: z.object({ id: wholeNumberParam('id') }),
        querystring: siteQuery,
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'private, no-store')
        .send(await getImport(app.deps.db, await request.siteContext(), request.params.id)),
  );

  app.get(
    '/api/dashboard/records/export',
    {
      schema: {
        querystring: z
          .object({
            partnersId: z.string().optional(),
            partnerSponsoredTypesId: wholeNumberParam('partnerSponsoredTypesId'),
            format: z.enum(['csv', 'xlsx']).default('csv'),
            status: z.enum(['active', 'reserved', 'inactive', 'archived']).optional(),
            entitiesId: wholeNumberParam('entitiesId').optional(),
            gradesId: wholeNumberParam('gradesId').optional(),
            gender: z.enum(['Male', 'Female']).optional(),
            sponsored: z.enum(['true', 'false']).optional(),
            hasPictures: z.enum(['true', 'false']).optional(),
            q: z.string().max(200).optional(),
          })
          .loose(),
      },
    },
    async (request, reply) => {
      const {
        format,
        partnerSponsoredTypesId,
        status,
        entitiesId,
        gradesId,
        gender,
        sponsored,
        hasPictures,
        q,
      } = request.query;
      const flag = (value: 'true' | 'false' | undefined) =>
        value === undefined ? undefined : value === 'true';
      const rows = await exportRecords(app.deps.db, await request.siteContext(), {
        partnerSponsoredTypesId,
        status,
        entitiesId,
        gradesId,
        gender,
        sponsored: flag(sponsored),
        hasPictures: flag(hasPictures),
        q: q?.trim() || undefined,
      });
      const stamp = new Date().toISOString().slice(0, 10);
      reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="records-${stamp}.${format}"`)
        .type(format === 'csv' ? CSV_CONTENT_TYPE : XLSX_CONTENT_TYPE);
      return reply.send(
        format === 'csv'
          ? csvExportStream(EXPORT_COLUMNS, rows)
          : xlsxExportStream(EXPORT_COLUMNS, rows, { sheetName: 'Records' }),
      );
    },
  );
};
