import { ERRORS } from '@kinship/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { sponsoredImages, sponsoreds } from '../../../db/schema/index.ts';
import { actorOf, recordAudit } from '../../../platform/audit.ts';
import { requireAccess } from '../../../platform/access.ts';
import { badRequest, unauthorized, refuse } from '../../../platform/errors.ts';
import type { Storage } from '../../../platform/storage.ts';
import { invalidatePartnerCache } from '../../partners/index.ts';
import { findRecordForPictures } from './sponsored-images.repository.ts';
import type { SiteContext } from '../../../platform/site-context.ts';

/**
 * Managing a record's pictures (issue 12, item 3): descriptions, order, the profile picture and
 * removal. Each call checks pictures.manage at the record's program first, writes in one
 * transaction with its audit row, and refreshes the partner's cached listing (a profile picture
 * shows there). Stored variants of a removed picture go once the row is gone.
 */

export const PICTURE_MANAGE_FORBIDDEN_MESSAGE =
  "Only the partner's staff who manage pictures of the record's program can change its pictures.";
export const pictureNotFound = (imageId: number, id: number) =>
  `Picture ${imageId} of sponsored record ${id} was not found.`;
export const ORDER_MISMATCH_MESSAGE =
  "The order must list every picture of the record exactly once (GET the record's images for their ids).";

/** A picture as the staff panel shows it: its variants and whether it is the profile picture. */
export interface ManagedPicture {
  id: number;
  imagePath: string;
  description: string | null;
  sortOrder: number;
  thumbPath: string;
  isProfile: boolean;
}

/** Variant keys share a folder: `.../gallery/{uuid}/{large|medium|thumb}.webp`. */
const folderOf = (imagePath: string) => imagePath.replace(/[^/]+$/, '');
const thumbOf = (imagePath: string) =>
  /\/gallery\/[^/]+\/large\.webp$/.test(imagePath) ? `${folderOf(imagePath)}thumb.webp` : imagePath;

async function openForManaging(db: Db, ctx: SiteContext, id: number) {
  if (!ctx.viewer) throw unauthorized();
  const record = await findRecordForPictures(db, ctx.partner.id, id);
  if (!record) throw refuse(ERRORS.RECORD_NOT_FOUND, `Sponsored record ${id} was not found.`);
  requireAccess(ctx, 'pictures.manage', { entitiesId: record.entitiesId }, PICTURE_MANAGE_FORBIDDEN_MESSAGE);
  return record;
}

async function picturesOf(db: Db, id: number): Promise<ManagedPicture[]> {
  const [record] = await db
    .select({ profileImagePath: sponsoreds.profileImagePath })
    .from(sponsoreds)
    .where(eq(sponsoreds.id, id));
  const rows = await db
    .select({
      id: sponsoredImages.id,
      imagePath: sponsoredImages.imagePath,
      description: sponsoredImages.description,
      sortOrder: sponsoredImages.sortOrder,
    })
    .from(sponsoredImages)
    .where(eq(sponsoredImages.sponsoredsId, id))
    .orderBy(asc(sponsoredImages.sortOrder), asc(sponsoredImages.id));
  return rows.map((row) => ({
    ...row,
    thumbPath: thumbOf(row.imagePath),
    isProfile: record?.profileImagePath === row.imagePath,
  }));
}

/** GET sponsoreds/{id}/pictures: the staff view of the gallery (every picture, masked or not). */
export async function listManagedPictures(db: Db, ctx: SiteContext, id: number): Promise<ManagedPicture[]> {
  const record = await openForManaging(db, ctx, id);
  return picturesOf(db, record.id);
}

async function findPicture(db: Db, id: number, imageId: number) {
  const [row] = await db
    .select()
    .from(sponsoredImages)
    .where(and(eq(sponsoredImages.sponsoredsId, id), eq(sponsoredImages.id, imageId)));
  if (!row) throw refuse(ERRORS.PICTURE_NOT_FOUND, pictureNotFound(imageId, id));
  return row;
}

/** PATCH sponsoreds/{id}/images/{imageId}: the picture's description (empty clears it). */
export async function describePicture(
  db: Db,
  ctx: SiteContext,
  id: number,
  imageId: number,
  description: string | null,
): Promise<ManagedPicture[]> {
  const record = await openForManaging(db, ctx, id);
  const before = await findPicture(db, record.id, imageId);
  const value = description?.trim() ? description.trim() : null;
  await db.transaction(async (tx) => {
    await tx.update(sponsoredImages).set({ description: value }).where(eq(sponsoredImages.id, imageId));
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'sponsored_image.updated',
      entityType: 'sponsored_image',
      entityId: imageId,
      before: { description: before.description },
      after: { description: value },
      details: { sponsoredsId: record.id },
    });
  });
  return picturesOf(db, record.id);
}

/** PUT sponsoreds/{id}/images/order: every picture id of the record, in the new order. */
export async function reorderPictures(
  db: Db,
  ctx: SiteContext,
  id: number,
  ids: readonly number[],
): Promise<ManagedPicture[]> {
  const record = await openForManaging(db, ctx, id);
  const current = await picturesOf(db, record.id);
  const known = new Set(current.map((p) => p.id));
  if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((i) => known.has(i))) {
    throw badRequest(ORDER_MISMATCH_MESSAGE);
  }
  await db.transaction(async (tx) => {
    for (const [sortOrder, imageId] of ids.entries()) {
      await tx.update(sponsoredImages).set({ sortOrder }).where(eq(sponsoredImages.id, imageId));
    }
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'sponsored.pictures_reordered',
      entityType: 'sponsored',
      entityId: record.id,
      before: { pictureOrder: current.map((p) => p.id) },
      after: { pictureOrder: [...ids] },
    });
  });
  await invalidatePartnerCache(db, ctx.partner.id);
  return picturesOf(db, record.id);
}

/** PUT sponsoreds/{id}/profileimage: one of the record's pictures becomes its profile picture. */
export async function chooseProfilePicture(
  db: Db,
  ctx: SiteContext,
  id: number,
  imageId: number,
): Promise<ManagedPicture[]> {
  const record = await openForManaging(db, ctx, id);
  const picture = await findPicture(db, record.id, imageId);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ profileImagePath: sponsoreds.profileImagePath })
      .from(sponsoreds)
      .where(eq(sponsoreds.id, record.id));
    await tx
      .update(sponsoreds)
      .set({ profileImagePath: picture.imagePath, updatedAt: new Date() })
      .where(eq(sponsoreds.id, record.id));
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'sponsored.profile_picture_chosen',
      entityType: 'sponsored',
      entityId: record.id,
      before: { profileImagePath: before?.profileImagePath ?? null },
      after: { profileImagePath: picture.imagePath },
      details: { imageId },
    });
  });
  await invalidatePartnerCache(db, ctx.partner.id);
  return picturesOf(db, record.id);
}

/**
 * DELETE sponsoreds/{id}/images/{imageId}: the row goes (and the profile picture with it, when it
 * was that one), then every stored variant of it.
 */
export async function deletePicture(
  deps: { db: Db; storage: Storage },
  ctx: SiteContext,
  id: number,
  imageId: number,
): Promise<ManagedPicture[]> {
  const { db } = deps;
  const record = await openForManaging(db, ctx, id);
  const picture = await findPicture(db, record.id, imageId);
  let wasProfile = false;
  await db.transaction(async (tx) => {
    await tx.delete(sponsoredImages).where(eq(sponsoredImages.id, imageId));
    const cleared = await tx
      .update(sponsoreds)
      .set({ profileImagePath: null, updatedAt: new Date() })
      .where(and(eq(sponsoreds.id, record.id), eq(sponsoreds.profileImagePath, picture.imagePath)))
      .returning({ id: sponsoreds.id });
    wasProfile = cleared.length > 0;
    await recordAudit(tx, {
      actor: actorOf(ctx),
      partnersId: ctx.partner.id,
      action: 'sponsored_image.deleted',
      entityType: 'sponsored_image',
      entityId: imageId,
      before: { imagePath: picture.imagePath, description: picture.description },
      after: null,
      details: { sponsoredsId: record.id, wasProfile },
    });
  });
  // Only pictures the upload pipeline stored have a folder of their own to clear.
  const keys = /\/gallery\/[^/]+\/[^/]+$/.test(picture.imagePath)
    ? await deps.storage.list(folderOf(picture.imagePath))
    : [picture.imagePath];
  await Promise.allSettled(keys.map((key) => deps.storage.delete(key)));
  if (wasProfile) await invalidatePartnerCache(db, ctx.partner.id);
  return picturesOf(db, record.id);
}

/**
 * After a record is deleted: every file the upload pipeline and the bulk import stored for it
 * (its folder `sponsoreds/{id}/`; record ids are never reused). Files are removed after the
 * record's transaction has committed, so a failed delete never loses a picture of a record that
 * still exists; a file that cannot be removed is left behind, never an error for the caller.
 */
export async function deleteStoredPicturesOf(storage: Storage, id: number): Promise<void> {
  const keys = await storage.list(`sponsoreds/${id}/`);
  await Promise.allSettled(keys.map((key) => storage.delete(key)));
}
