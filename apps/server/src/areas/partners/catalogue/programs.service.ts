import { randomUUID } from 'node:crypto';
import {
  programInputSchema,
  storedTranslations,
  TRANSLATABLE_FIELDS,
  ERRORS,
  type StaffProgram,
  type StaffProgramsAnswer,
} from '@kinship/domain';
import type { Db } from '../../../db/client.ts';
import { requireAccess } from '../../../platform/access.ts';
import { actorOf, recordAudit } from '../../../platform/audit.ts';
import { badRequest, fieldErrors, forbidden, refuse } from '../../../platform/errors.ts';
import { processImage, type ImageVariantName } from '../../../platform/images.ts';
import type { Storage } from '../../../platform/storage.ts';
import { invalidatePartnerCache } from '../site/partner-cache.ts';
import type { UploadedFile } from '../../../platform/uploads.ts';
import type { SiteContext } from '../../../platform/site-context.ts';
import { parseInput } from '../../../platform/parse-input.ts';
import { sanitizeRichText } from '../../../platform/rich-text.ts';
import { translationsToStore } from '../../../platform/translations.ts';
import {
  countByProgram,
  countryExists,
  findCountries,
  findProgram,
  findPrograms,
  insertProgram,
  updateProgram,
  type ProgramRow,
} from './programs.repository.ts';

export const PROGRAM_NOT_FOUND = (id: number) => `Program ${id} was not found.`;
export const CREATE_PROGRAM_FORBIDDEN =
  'Only staff working on every program of the partner can create a program.';
export const PROGRAM_FORBIDDEN = 'You can only edit the programs you work on.';
export const ONE_PICTURE_MESSAGE = 'Send one picture as a file of a multipart/form-data body.';

async function staffPrograms(db: Db, partnersId: number, rows: ProgramRow[]): Promise<StaffProgram[]> {
  const counts = await countByProgram(
    db,
    partnersId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    city: row.city,
    countriesId: row.countriesId,
    description: row.description,
    translations: storedTranslations(row.translations),
    latitude: row.latitude,
    longitude: row.longitude,
    imageUrl: row.imageUrl,
    records: counts.records.get(row.id) ?? 0,
    sponsors: counts.sponsors.get(row.id) ?? 0,
  }));
}

/** GET dashboard/programs: the programs the viewer works on, with their records and sponsors counted. */
export async function listStaffPrograms(db: Db, ctx: SiteContext): Promise<StaffProgramsAnswer> {
  const scope = requireAccess(ctx, 'programs.manage');
  const [rows, countries] = await Promise.all([findPrograms(db, scope), findCountries(db)]);
  return {
    programs: await staffPrograms(db, ctx.partner.id, rows),
    countries,
    canCreate: scope.entityIds === 'all',
  };
}

async function validInput(db: Db, ctx: SiteContext, body: unknown, stored?: unknown) {
  const { translations: sent, ...input } = parseInput(programInputSchema, body);
  if (input.countriesId !== null && !(await countryExists(db, input.countriesId)))
    throw fieldErrors({ countriesId: 'Choose a country from the list.' });
  // The description in the partner's other languages (decision 072), sanitised as the base one.
  const translations = translationsToStore(
    ctx.partner,
    sent,
    TRANSLATABLE_FIELDS.program,
    (_field, text) => sanitizeRichText(text),
    '',
    stored,
  );
  return {
    ...input,
    description: sanitizeRichText(input.description),
    ...(translations === undefined ? {} : { translations }),
  };
}

/** POST dashboard/programs: partner-wide staff only (a program-scoped person cannot widen their own reach). */
export async function createStaffProgram(db: Db, ctx: SiteContext, body: unknown): Promise<StaffProgram> {
  const scope = requireAccess(ctx, 'programs.manage');
  if (scope.entityIds !== 'all') throw forbidden(CREATE_PROGRAM_FORBIDDEN);
  const input = await validInput(db, ctx, body);
  const row = await db.transaction(async (tx) => {
    const created = await insertProgram(tx, ctx.partner.id, input);
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'program.created',
      entityType: 'program',
      entityId: created.id,
      after: input,
    });
    return created;
  });
  await invalidatePartnerCache(db, ctx.partner.id);
  return (await staffPrograms(db, ctx.partner.id, [row]))[0]!;
}

async function ownProgram(db: Db, ctx: SiteContext, id: number): Promise<ProgramRow> {
  if (!ctx.viewer) requireAccess(ctx, 'programs.manage');
  const row = await findProgram(db, ctx.partner.id, id);
  if (!row) {
    requireAccess(ctx, 'programs.manage');
    throw refuse(ERRORS.PROGRAM_NOT_FOUND, PROGRAM_NOT_FOUND(id));
  }
  requireAccess(ctx, 'programs.manage', { entitiesId: row.id }, PROGRAM_FORBIDDEN);
  return row;
}

/** PUT dashboard/programs/{id}: staff of that program (or partner-wide). */
export async function updateStaffProgram(
  db: Db,
  ctx: SiteContext,
  id: number,
  body: unknown,
): Promise<StaffProgram> {
  const row = await ownProgram(db, ctx, id);
  const input = await validInput(db, ctx, body, row.translations);
  const updated = await db.transaction(async (tx) => {
    const saved = await updateProgram(tx, row.id, input);
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'program.updated',
      entityType: 'program',
      entityId: row.id,
      before: Object.fromEntries(Object.keys(input).map((k) => [k, row[k as keyof ProgramRow]])),
      after: input,
    });
    return saved;
  });
  await invalidatePartnerCache(db, ctx.partner.id);
  return (await staffPrograms(db, ctx.partner.id, [updated]))[0]!;
}

/**
 * POST dashboard/programs/{id}/image: one picture through the image pipeline, stored under
 * `entities/{id}/{uuid}/` (program pictures are public); the former picture's files are removed.
 */
export async function setStaffProgramImage(
  deps: { db: Db; storage: Storage },
  ctx: SiteContext,
  id: number,
  files: AsyncIterable<UploadedFile>,
): Promise<StaffProgram> {
  const row = await ownProgram(deps.db, ctx, id);
  const stored: string[] = [];
  let imageUrl: string | null = null;
  try {
    for await (const file of files) {
      if (imageUrl) throw badRequest(ONE_PICTURE_MESSAGE);
      const image = await processImage(await file.read(), file.fileName);
      const folder = `entities/${row.id}/${randomUUID()}`;
      const keys = {} as Record<ImageVariantName, string>;
      for (const variant of image.variants) {
        const key = `${folder}/${variant.name}.webp`;
        stored.push(key);
        await deps.storage.put(key, variant.data, 'image/webp');
        keys[variant.name] = key;
      }
      imageUrl = keys.large;
    }
    if (!imageUrl) throw badRequest(ONE_PICTURE_MESSAGE);
    const url = imageUrl;
    const updated = await deps.db.transaction(async (tx) => {
      const saved = await updateProgram(tx, row.id, { imageUrl: url });
      await recordAudit(tx, {
        actor: actorOf(ctx),
        partnersId: ctx.partner.id,
        action: 'program.image_changed',
        entityType: 'program',
        entityId: row.id,
        before: { imageUrl: row.imageUrl },
        after: { imageUrl: url },
      });
      return saved;
    });
    const former = row.imageUrl?.match(/^(entities\/\d+\/[0-9a-f-]{36})\//)?.[1];
    if (former) {
      const keys = await deps.storage.list(`${former}/`);
      await Promise.allSettled(keys.map((key) => deps.storage.delete(key)));
    }
    await invalidatePartnerCache(deps.db, ctx.partner.id);
    return (await staffPrograms(deps.db, ctx.partner.id, [updated]))[0]!;
  } catch (error) {
    await Promise.allSettled(stored.map((key) => deps.storage.delete(key)));
    throw error;
  }
}
