import { randomUUID } from 'node:crypto';
import {
  importFieldsFor,
  rememberedMappingOf,
  ERRORS,
  type ColumnMapping,
  type DateOrder,
  type ImportFieldKey,
} from '@kinship/domain';
import { and, asc, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  entities,
  grades,
  recordImportMappings,
  recordImports,
  sponsoreds,
  type RecordImportState,
} from '../../../db/schema/index.ts';
import { requireAccess, type AccessScope } from '../../../platform/access.ts';
import { actorOf, recordAudit, SYSTEM_ACTOR } from '../../../platform/audit.ts';
import { badRequest, HttpError, unauthorized, refuse } from '../../../platform/errors.ts';
import { processImage, type ImageVariantName } from '../../../platform/images.ts';
import { JobRefusal, type JobContext, type JobSender } from '../../../platform/jobs.ts';
import { recordsImportJob } from './records-import.jobs.ts';
import type { Storage } from '../../../platform/storage.ts';
import type { ExportColumn } from '../../../platform/table-export.ts';
import { invalidatePartnerCache } from '../../partners/index.ts';
import { findRecordType, recordFilterCondition, type RecordFilters } from '../editor/records.service.ts';
import type { SiteContext } from '../../../platform/site-context.ts';
import { importPicturesZip, type PicturesImportResult } from './pictures-import.ts';
import { applyImport, dryRunImport, type ImportResult } from './records-import.service.ts';
import { insertSponsoredImages } from '../sponsoreds/sponsored-images.repository.ts';

/**
 * The staff side of bulk import and export (issue 12, item 6): the routes' services over the
 * import core. records.manage for an import (writes go only to the viewer's programs), records.view
 * for an export (only the viewer's programs' records). The import itself runs as a tracked job;
 * its row in record_imports keeps the files until the job has run and the result after.
 */

export const IMPORT_FORBIDDEN_MESSAGE = "Only the partner's staff who manage records can import them.";
export const EXPORT_FORBIDDEN_MESSAGE = "Only the partner's staff who see records can export them.";
export const NO_IMPORT_FILE_MESSAGE =
  'Send the spreadsheet (CSV or .xlsx) as the "file" part of a multipart/form-data body.';
export const importNotFound = (id: number) => `Import ${id} was not found.`;

export interface ImportUpload {
  partnerSponsoredTypesId: number;
  file: { name: string; bytes: Buffer } | null;
  pictures: { name: string; bytes: Buffer } | null;
  mapping: ColumnMapping | undefined;
  dateOrder: DateOrder | undefined;
}

/** What the wizard's report shows: the core's result, plus the fields the mapping step offers. */
export interface DryRunReport extends ImportResult {
  remembered: boolean;
}

export interface ImportStatus {
  id: number;
  jobId: string | null;
  state: RecordImportState;
  fileName: string;
  picturesFileName: string | null;
  result: (ImportResult & { pictures?: PicturesImportResult | null }) | null;
  createdAt: string;
  finishedAt: string | null;
}

const programScopeOf = (scope: AccessScope) => (scope.entityIds === 'all' ? null : [...scope.entityIds]);

/**
 * The imports a viewer may see (decision 052): those they could have started. An import keeps the
 * programs its starter could write (`program_scope`, null for all of them), which are the programs
 * it may touch; a program-scoped viewer sees the imports limited to programs of theirs only.
 */
function importScopeCondition(scope: AccessScope): SQL | undefined {
  if (scope.entityIds === 'all') return undefined;
  const programs = JSON.stringify([...scope.entityIds]);
  return sql`(${recordImports.programScope} IS NOT NULL AND ${recordImports.programScope} <@ ${programs}::jsonb)`;
}

async function rememberedMapping(db: Db, partnersId: number, partnerSponsoredTypesId: number) {
  const [row] = await db
    .select({ mapping: recordImportMappings.mapping })
    .from(recordImportMappings)
    .where(
      and(
        eq(recordImportMappings.partnersId, partnersId),
        eq(recordImportMappings.partnerSponsoredTypesId, partnerSponsoredTypesId),
      ),
    );
  return row?.mapping;
}

async function checkedType(db: Db, partnersId: number, partnerSponsoredTypesId: number) {
  const type = await findRecordType(db, partnersId, partnerSponsoredTypesId);
  if (!type) throw refuse(ERRORS.TYPE_NOT_FOUND, 'This sponsored type does not exist for this partner.');
  return type;
}

/** A mapping the client sent: one entry per column, each a field of this type or null. */
function checkedMapping(mapping: ColumnMapping | undefined, fields: readonly { key: ImportFieldKey }[]) {
  if (mapping === undefined) return undefined;
  const keys = new Set<string>(fields.map((f) => f.key));
  const unknown = mapping.filter((key) => key !== null && !keys.has(key));
  if (unknown.length > 0)
    throw badRequest(`The mapping names fields this type does not have: ${unknown.join(', ')}.`);
  const used = mapping.filter((key) => key !== null);
  if (new Set(used).size !== used.length)
    throw badRequest('The mapping gives a field to more than one column.');
  return mapping;
}

/** POST dashboard/records/import/dryrun: what the import would do, every row's errors, nothing written. */
export async function dryRun(db: Db, ctx: SiteContext, upload: ImportUpload): Promise<DryRunReport> {
  if (!ctx.viewer) throw unauthorized();
  const scope = requireAccess(ctx, 'records.manage', {}, IMPORT_FORBIDDEN_MESSAGE);
  const type = await checkedType(db, ctx.partner.id, upload.partnerSponsoredTypesId);
  if (!upload.file) throw badRequest(NO_IMPORT_FILE_MESSAGE);
  const remembered = await rememberedMapping(db, ctx.partner.id, type.id);
  const result = await dryRunImport({
    db,
    partnersId: ctx.partner.id,
    partnerSponsoredTypesId: type.id,
    file: upload.file,
    mapping: checkedMapping(upload.mapping, importFieldsFor(type.sponsoredTypesId, type.customColumns)),
    remembered,
    dateOrder: upload.dateOrder,
    programScope: programScopeOf(scope),
  });
  return { ...result, remembered: remembered !== undefined };
}

/**
 * POST dashboard/records/import: checks the file as the dry run does (a mapping that misses a
 * required field is refused now, not in the job), remembers the mapping for the partner and type,
 * keeps the files and sends the tracked job, all in one transaction with the audit row.
 */
export async function startImport(
  deps: { db: Db; jobs: JobSender },
  ctx: SiteContext,
  upload: ImportUpload,
): Promise<ImportStatus> {
  const report = await dryRun(deps.db, ctx, upload);
  const scope = requireAccess(ctx, 'records.manage', {}, IMPORT_FORBIDDEN_MESSAGE);
  const file = upload.file!;
  const remembered = rememberedMappingOf(report.headers, report.mapping);
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(recordImports)
      .values({
        partnersId: ctx.partner.id,
        usersId: ctx.viewer!.user?.id ?? null,
        partnerSponsoredTypesId: upload.partnerSponsoredTypesId,
        fileName: file.name,
        file: file.bytes,
        picturesFileName: upload.pictures?.name ?? null,
        pictures: upload.pictures?.bytes ?? null,
        mapping: report.mapping,
        dateOrder: upload.dateOrder ?? 'mdy',
        programScope: programScopeOf(scope),
      })
      .returning({ id: recordImports.id });
    await tx
      .insert(recordImportMappings)
      .values({
        partnersId: ctx.partner.id,
        partnerSponsoredTypesId: upload.partnerSponsoredTypesId,
        mapping: remembered,
      })
      .onConflictDoUpdate({
        target: [recordImportMappings.partnersId, recordImportMappings.partnerSponsoredTypesId],
        set: { mapping: remembered, updatedAt: new Date() },
      });
    const jobId = await deps.jobs.send(
      recordsImportJob,
      { importsId: row!.id },
      {
        tx,
        track: { scope, usersId: ctx.viewer!.user?.id ?? null },
      },
    );
    await tx.update(recordImports).set({ jobId }).where(eq(recordImports.id, row!.id));
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'record_import.started',
      entityType: 'record_import',
      entityId: row!.id,
      after: {
        fileName: file.name,
        picturesFileName: upload.pictures?.name ?? null,
        partnerSponsoredTypesId: upload.partnerSponsoredTypesId,
        mapping: report.mapping,
      },
      details: { rows: report.counts.rows, expectedFailures: report.counts.failed },
    });
    return row!.id;
  });
  return getImport(deps.db, ctx, id);
}

/** GET dashboard/records/imports/{id}: where an import is, and its result once done. */
export async function getImport(db: Db, ctx: SiteContext, id: number): Promise<ImportStatus> {
  if (!ctx.viewer) throw unauthorized();
  const scope = requireAccess(ctx, 'records.manage', {}, IMPORT_FORBIDDEN_MESSAGE);
  const [row] = await db
    .select({
      id: recordImports.id,
      jobId: recordImports.jobId,
      state: recordImports.state,
      fileName: recordImports.fileName,
      picturesFileName: recordImports.picturesFileName,
      result: recordImports.result,
      createdAt: recordImports.createdAt,
      finishedAt: recordImports.finishedAt,
    })
    .from(recordImports)
    .where(
      and(
        eq(recordImports.partnersId, ctx.partner.id),
        eq(recordImports.id, id),
        importScopeCondition(scope),
      ),
    );
  if (!row) throw refuse(ERRORS.IMPORT_NOT_FOUND, importNotFound(id));
  return {
    ...row,
    result: row.result as ImportStatus['result'],
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** A zip picture through the upload pipeline: three WebP variants, then a gallery row. */
async function storeZipPicture(db: Db, storage: Storage, sponsoredsId: number, bytes: Buffer, name: string) {
  const image = await processImage(bytes, name);
  const folder = `sponsoreds/${sponsoredsId}/gallery/${randomUUID()}`;
  const stored: string[] = [];
  try {
    const variants = {} as Record<ImageVariantName, string>;
    for (const variant of image.variants) {
      const key = `${folder}/${variant.name}.webp`;
      stored.push(key);
      await storage.put(key, variant.data, 'image/webp');
      variants[variant.name] = key;
    }
    await insertSponsoredImages(db, sponsoredsId, [{ imagePath: variants.large, description: null }]);
    // A record without a profile picture takes its first imported one.
    await db
      .update(sponsoreds)
      .set({ profileImagePath: variants.large })
      .where(and(eq(sponsoreds.id, sponsoredsId), sql`${sponsoreds.profileImagePath} IS NULL`));
  } catch (error) {
    await Promise.allSettled(stored.map((key) => storage.delete(key)));
    throw error;
  }
}

/** The job: the import core with progress, then the pictures, then the result and its audit row. */
export async function runImportJob(importsId: number, ctx: JobContext): Promise<Record<string, number>> {
  const db = ctx.database.db;
  const [row] = await db.select().from(recordImports).where(eq(recordImports.id, importsId));
  if (!row || row.state === 'completed' || !row.file) return { skipped: 1 };
  await db.update(recordImports).set({ state: 'running' }).where(eq(recordImports.id, importsId));
  if (row.checkpoint) {
    ctx.log.info(
      { job: 'records.import', importsId, done: row.checkpoint.done },
      'records import continues after its last committed batch',
    );
  }
  try {
    const result = await applyImport({
      db,
      partnersId: row.partnersId,
      partnerSponsoredTypesId: row.partnerSponsoredTypesId,
      file: { name: row.fileName, bytes: row.file },
      mapping: row.mapping as ColumnMapping,
      dateOrder: row.dateOrder as DateOrder,
      programScope: row.programScope,
      // The first report comes before the first batch, then at least every second: the wizard's
      // bar moves while the rows land.
      onProgress: (done, total) => ctx.progress({ done, total, message: `${done} of ${total} rows` }),
      resumeFrom: row.checkpoint,
      saveCheckpoint: async (tx, checkpoint) => {
        await tx.update(recordImports).set({ checkpoint }).where(eq(recordImports.id, importsId));
      },
    });
    let pictures: PicturesImportResult | null = null;
    if (row.pictures) {
      pictures = await importPicturesZip({
        db,
        partnersId: row.partnersId,
        bytes: row.pictures,
        programScope: row.programScope,
        onPicture: (picture) =>
          storeZipPicture(db, ctx.storage, picture.sponsoredsId, picture.bytes, picture.entryName),
      });
    }
    await db.transaction(async (tx) => {
      await tx
        .update(recordImports)
        .set({
          state: 'completed',
          result: { ...result, pictures },
          checkpoint: null,
          file: null,
          pictures: null,
          finishedAt: new Date(),
        })
        .where(eq(recordImports.id, importsId));
      await recordAudit(tx, {
        actor: { ...SYSTEM_ACTOR, usersId: row.usersId },
        partnersId: row.partnersId,
        action: 'record_import.completed',
        entityType: 'record_import',
        entityId: importsId,
        details: { ...result.counts, picturesMatched: pictures?.matched ?? 0 },
      });
    });
    await invalidatePartnerCache(db, row.partnersId);
    return { ...result.counts };
  } catch (error) {
    await db
      .update(recordImports)
      .set({
        state: 'failed',
        result: { error: error instanceof Error ? error.message : String(error) },
        finishedAt: new Date(),
      })
      .where(eq(recordImports.id, importsId));
    // A file refused by the rules (a pictures zip that is not a zip, too big, ...) fails for good.
    if (error instanceof HttpError && error.statusCode < 500) throw new JobRefusal(error.message);
    throw error;
  }
}

// ---------------------------------------------------------------- export

/** The Records table's type and filters (the same condition as the table: recordFilterCondition). */
export interface ExportFilters extends RecordFilters {
  partnerSponsoredTypesId: number;
}

export interface ExportRow {
  id: number;
  code: string;
  firstName: string | null;
  lastName: string | null;
  gender: string | null;
  birthday: string | null;
  grade: string | null;
  homeroom: string | null;
  title: string | null;
  program: string;
  status: string;
  slotsFilled: number;
  maxSlots: number;
  monthlyAmount: number | null;
  masked: boolean;
  /** The stored (sanitised) HTML. */
  bio: string | null;
}

export const EXPORT_COLUMNS: ExportColumn<ExportRow>[] = [
  { header: 'Code', value: (r) => r.code },
  { header: 'First name', value: (r) => r.firstName },
  { header: 'Last name', value: (r) => r.lastName },
  { header: 'Gender', value: (r) => r.gender },
  { header: 'Birthday', value: (r) => r.birthday },
  { header: 'Grade', value: (r) => r.grade },
  { header: 'Homeroom', value: (r) => r.homeroom },
  { header: 'Title', value: (r) => r.title },
  { header: 'Program', value: (r) => r.program },
  { header: 'Status', value: (r) => r.status },
  { header: 'Slots filled', value: (r) => r.slotsFilled },
  { header: 'Max slots', value: (r) => r.maxSlots },
  { header: 'Monthly amount', value: (r) => (r.monthlyAmount === null ? null : r.monthlyAmount / 100) },
  { header: 'Masked', value: (r) => (r.masked ? 'Yes' : 'No') },
  // As stored: the import's Bio (HTML) column reads it back unchanged (decision 067).
  { header: 'Bio (HTML)', value: (r) => r.bio },
];

/** Checks access and the type before the first byte is sent; answers the rows page by page. */
export async function exportRecords(
  db: Db,
  ctx: SiteContext,
  filters: ExportFilters,
): Promise<AsyncIterable<ExportRow>> {
  if (!ctx.viewer) throw unauthorized();
  const scope = requireAccess(ctx, 'records.view', {}, EXPORT_FORBIDDEN_MESSAGE);
  await checkedType(db, ctx.partner.id, filters.partnerSponsoredTypesId);
  const { partnerSponsoredTypesId, ...table } = filters;
  const where = recordFilterCondition(ctx.partner.id, partnerSponsoredTypesId, table, scope);
  async function* pages(): AsyncGenerator<ExportRow> {
    let after = 0;
    for (;;) {
      const page = await db
        .select({
          id: sponsoreds.id,
          code: sponsoreds.code,
          firstName: sponsoreds.firstName,
          lastName: sponsoreds.lastName,
          gender: sponsoreds.gender,
          birthday: sponsoreds.birthday,
          grade: grades.description,
          homeroom: sponsoreds.homeroom,
          title: sponsoreds.title,
          program: entities.name,
          status: sponsoreds.status,
          slotsFilled: sponsoreds.slotsFilled,
          maxSlots: sponsoreds.maxSlots,
          monthlyAmount: sponsoreds.monthlyAmount,
          masked: sponsoreds.masked,
          bio: sponsoreds.bio,
        })
        .from(sponsoreds)
        .innerJoin(entities, eq(entities.id, sponsoreds.entitiesId))
        .leftJoin(grades, eq(grades.id, sponsoreds.gradesId))
        .where(and(where, gt(sponsoreds.id, after)))
        .orderBy(asc(sponsoreds.id))
        .limit(500);
      yield* page;
      if (page.length < 500) return;
      after = page.at(-1)!.id;
    }
  }
  return pages();
}

/** The partner's latest imports, for the wizard to pick up one still running after a reload. */
export async function latestImports(db: Db, ctx: SiteContext): Promise<ImportStatus[]> {
  if (!ctx.viewer) throw unauthorized();
  const scope = requireAccess(ctx, 'records.manage', {}, IMPORT_FORBIDDEN_MESSAGE);
  const rows = await db
    .select({ id: recordImports.id })
    .from(recordImports)
    .where(and(eq(recordImports.partnersId, ctx.partner.id), importScopeCondition(scope)))
    .orderBy(desc(recordImports.id))
    .limit(5);
  return Promise.all(rows.map((r) => getImport(db, ctx, r.id)));
}
