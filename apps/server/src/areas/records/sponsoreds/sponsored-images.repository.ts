import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { sponsoredImages, sponsoreds } from '../../../db/schema/index.ts';

/** The record of this partner that pictures are added to, with what its access check needs. */
export async function findRecordForPictures(db: Db, partnersId: number, id: number) {
  const [row] = await db
    .select({ id: sponsoreds.id, partnersId: sponsoreds.partnersId, entitiesId: sponsoreds.entitiesId })
    .from(sponsoreds)
    .where(and(eq(sponsoreds.partnersId, partnersId), eq(sponsoreds.id, id)));
  return row ?? null;
}

/** Adds gallery pictures after the record's last one, in one transaction. */
export async function insertSponsoredImages(
  db: Db,
  sponsoredsId: number,
  images: readonly { imagePath: string; description: string | null }[],
  /** Runs in the insert's transaction (the audit row). */
  alongside?: (tx: Tx, rows: { id: number }[]) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    const [last] = await tx
      .select({ next: sql<number>`coalesce(max(${sponsoredImages.sortOrder}) + 1, 0)`.mapWith(Number) })
      .from(sponsoredImages)
      .where(eq(sponsoredImages.sponsoredsId, sponsoredsId));
    const next = last?.next ?? 0;
    const rows = await tx
      .insert(sponsoredImages)
      .values(images.map((image, i) => ({ ...image, sponsoredsId, sortOrder: next + i })))
      .returning({
        id: sponsoredImages.id,
        imagePath: sponsoredImages.imagePath,
        description: sponsoredImages.description,
      });
    await alongside?.(tx, rows);
    return rows;
  });
}
