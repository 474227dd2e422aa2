import { and, eq } from 'drizzle-orm';
import type { Queryable, Tx } from '../../../db/types.ts';
import { donations, partnerFeatures, sponsoreds } from '../../../db/schema/index.ts';

export async function partnerHasFeature(
  db: Queryable,
  partnersId: number,
  featuresId: number,
): Promise<boolean> {
  const rows = await db
    .select({ partnersId: partnerFeatures.partnersId })
    .from(partnerFeatures)
    .where(and(eq(partnerFeatures.partnersId, partnersId), eq(partnerFeatures.featuresId, featuresId)));
  return rows.length > 0;
}

/** An initiative (a sponsored record of type 4) of this partner. */
export async function findInitiative(db: Queryable, partnersId: number, id: number) {
  const [row] = await db
    .select({ id: sponsoreds.id, title: sponsoreds.title })
    .from(sponsoreds)
    .where(
      and(eq(sponsoreds.partnersId, partnersId), eq(sponsoreds.id, id), eq(sponsoreds.sponsoredTypesId, 4)),
    );
  return row ?? null;
}

export async function insertDonation(tx: Tx, values: typeof donations.$inferInsert) {
  const [row] = await tx.insert(donations).values(values).returning();
  return row!;
}
