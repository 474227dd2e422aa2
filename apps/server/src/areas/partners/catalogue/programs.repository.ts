import { and, asc, countDistinct, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { countries, entities, sponsoreds, userSponsoreds } from '../../../db/schema/index.ts';
import { scopeCondition, type AccessScope } from '../../../platform/access.ts';

export type ProgramRow = typeof entities.$inferSelect;
export type ProgramValues = Omit<typeof entities.$inferInsert, 'id' | 'partnersId'>;

/** The partner's programs within the viewer's scope. */
export async function findPrograms(db: Db, scope: AccessScope): Promise<ProgramRow[]> {
  return db
    .select()
    .from(entities)
    .where(and(eq(entities.partnersId, scope.partnersId), scopeCondition(scope, entities.id)))
    .orderBy(asc(entities.name), asc(entities.id));
}

export async function findProgram(db: Db | Tx, partnersId: number, id: number): Promise<ProgramRow | null> {
  const [row] = await db
    .select()
    .from(entities)
    .where(and(eq(entities.partnersId, partnersId), eq(entities.id, id)));
  return row ?? null;
}

/** Records and distinct active sponsors per program. */
export async function countByProgram(db: Db, partnersId: number, ids: number[]) {
  if (ids.length === 0) return { records: new Map<number, number>(), sponsors: new Map<number, number>() };
  const [recordRows, sponsorRows] = await Promise.all([
    db
      .select({ id: sponsoreds.entitiesId, n: countDistinct(sponsoreds.id) })
      .from(sponsoreds)
      .where(and(eq(sponsoreds.partnersId, partnersId), inArray(sponsoreds.entitiesId, ids)))
      .groupBy(sponsoreds.entitiesId),
    db
      .select({ id: sponsoreds.entitiesId, n: countDistinct(userSponsoreds.usersId) })
      .from(userSponsoreds)
      .innerJoin(sponsoreds, eq(sponsoreds.id, userSponsoreds.sponsoredsId))
      .where(
        and(
          eq(userSponsoreds.partnersId, partnersId),
          isNull(userSponsoreds.dateEnded),
          inArray(sponsoreds.entitiesId, ids),
        ),
      )
      .groupBy(sponsoreds.entitiesId),
  ]);
  return {
    records: new Map(recordRows.map((r) => [r.id, Number(r.n)])),
    sponsors: new Map(sponsorRows.map((r) => [r.id, Number(r.n)])),
  };
}

export async function findCountries(db: Db) {
  return db.select({ id: countries.id, name: countries.name }).from(countries).orderBy(asc(countries.name));
}

export async function countryExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, id));
  return Boolean(row);
}

export async function insertProgram(tx: Tx, partnersId: number, values: ProgramValues): Promise<ProgramRow> {
  const [row] = await tx
    .insert(entities)
    .values({ ...values, partnersId })
    .returning();
  return row!;
}

export async function updateProgram(tx: Tx, id: number, values: Partial<ProgramValues>): Promise<ProgramRow> {
  const [row] = await tx.update(entities).set(values).where(eq(entities.id, id)).returning();
  return row!;
}
