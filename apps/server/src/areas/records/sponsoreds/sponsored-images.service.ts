import { ERRORS } from '@kinship/domain';
import { randomUUID } from 'node:crypto';
import type { CreatedSponsoredImage } from '@kinship/domain';
import type { Db } from '../../../db/client.ts';
import { requireAccess } from '../../../platform/access.ts';
import type { UploadedFile } from '../../../platform/uploads.ts';
import { actorOf, recordAudit } from '../../../platform/audit.ts';
import { badRequest, unauthorized, refuse } from '../../../platform/errors.ts';
import { processImage, type ImageVariantName } from '../../../platform/images.ts';
import type { Storage } from '../../../platform/storage.ts';
import { findRecordForPictures, insertSponsoredImages } from './sponsored-images.repository.ts';
import type { SiteContext } from '../../../platform/site-context.ts';

export const PICTURES_FORBIDDEN_MESSAGE =
  "Only the partner's staff who manage pictures of the record's program can add pictures to it.";
export const NO_PICTURE_MESSAGE = 'Send at least one picture as a file of a multipart/form-data body.';

/**
 * POST sponsoreds/{id}/images: each file goes through the picture pipeline and its variants are
 * stored under `sponsoreds/{id}/gallery/{uuid}/{variant}.webp` (behind the media route's access
 * check); the rows are inserted together once every file passed. A refused file refuses the whole
 * upload, and what was already stored for it is removed.
 */
export async function addSponsoredImages(
  deps: { db: Db; storage: Storage },
  ctx: SiteContext,
  id: number,
  files: AsyncIterable<UploadedFile>,
): Promise<CreatedSponsoredImage[]> {
  if (!ctx.viewer) throw unauthorized();
  const record = await findRecordForPictures(deps.db, ctx.partner.id, id);
  if (!record) throw refuse(ERRORS.RECORD_NOT_FOUND, `Sponsored record ${id} was not found.`);
  requireAccess(ctx, 'pictures.manage', { entitiesId: record.entitiesId }, PICTURES_FORBIDDEN_MESSAGE);
  const stored: string[] = [];
  try {
    const prepared: (Omit<CreatedSponsoredImage, 'id'> & { imagePath: string })[] = [];
    for await (const file of files) {
      const image = await processImage(await file.read(), file.fileName);
      const folder = `sponsoreds/${record.id}/gallery/${randomUUID()}`;
      const variants = {} as Record<ImageVariantName, string>;
      for (const variant of image.variants) {
        const key = `${folder}/${variant.name}.webp`;
        stored.push(key);
        await deps.storage.put(key, variant.data, 'image/webp');
        variants[variant.name] = key;
      }
      const large = image.variants.find((v) => v.name === 'large')!;
      prepared.push({
        imagePath: variants.large,
        description: null,
        width: large.width,
        height: large.height,
        variants,
      });
    }
    if (prepared.length === 0) throw badRequest(NO_PICTURE_MESSAGE);
    const rows = await insertSponsoredImages(
      deps.db,
      record.id,
      prepared.map(({ imagePath, description }) => ({ imagePath, description })),
      async (tx, inserted) =>
        recordAudit(tx, {
          actor: actorOf(ctx),
          partnersId: ctx.partner.id,
          action: 'sponsored.pictures_added',
          entityType: 'sponsored',
          entityId: record.id,
          details: { imageIds: inserted.map((row) => row.id) },
        }),
    );
    const byPath = new Map(prepared.map((image) => [image.imagePath, image]));
    return rows.map((row) => ({ ...byPath.get(row.imagePath)!, ...row }));
  } catch (error) {
    await Promise.allSettled(stored.map((key) => deps.storage.delete(key)));
    throw error;
  }
}
