import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../../db/types.ts';
import { entities } from '../../../db/schema/partners.ts';
import { customColumnValues, sponsoreds } from '../../../db/schema/sponsoreds.ts';

// The import's own queries (records by code, programs, custom values): always scoped by partner.

export function findPrograms(db: Queryable, partnersId: number): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: entities.id, name: entities.name })
    .from(entities)
    .where(eq(entities.partnersId, partnersId))
    .orderBy(asc(entities.id));
}

/** The columns an import compares and writes. */
export const importedColumns = {
  id: sponsoreds.id,
  code: sponsoreds.code,
  partnerSponsoredTypesId: sponsoreds.partnerSponsoredTypesId,
  entitiesId: sponsoreds.entitiesId,
  firstName: sponsoreds.firstName,
  lastName: sponsoreds.lastName,
  gender: sponsoreds.gender,
  birthday: sponsoreds.birthday,
  gradesId: sponsoreds.gradesId,
  homeroom: sponsoreds.homeroom,
  title: sponsoreds.title,
  bio: sponsoreds.bio,
  status: sponsoreds.status,
  monthlyAmount: sponsoreds.monthlyAmount,
  maxSlots: sponsoreds.maxSlots,
  slotsFilled: sponsoreds.slotsFilled,
  masked: sponsoreds.masked,
  showBirthday: sponsoreds.showBirthday,
  showAge: sponsoreds.showAge,
  showLastName: sponsoreds.showLastName,
};

export type ExistingRecord = {
  [K in keyof typeof importedColumns]: (typeof importedColumns)[K]['_']['notNull'] extends true
    ? (typeof importedColumns)[K]['_']['data']
    : (typeof importedColumns)[K]['_']['data'] | null;
} & { customColumnValues: Record<string, string | null> };

/**
 * The partner's records holding these codes (any type), with their custom values. `lock` takes
 * the rows' locks, so two imports of one file cannot both decide "create" for the same code.
 */
export async function findRecordsByCodes(
  db: Queryable,
  partnersId: number,
  codes: readonly string[],
  options: { lock?: boolean } = {},
): Promise<Map<string, ExistingRecord>> {
  const found = new Map<string, ExistingRecord>();
  if (codes.length === 0) return found;
  const query = db
    .select(importedColumns)
    .from(sponsoreds)
    .where(and(eq(sponsoreds.partnersId, partnersId), inArray(sponsoreds.code, [...codes])));
  const rows = options.lock ? await query.for('update') : await query;
  if (rows.length === 0) return found;
  const values = await db
    .select({
      sponsoredsId: customColumnValues.sponsoredsId,
      column: customColumnValues.column,
      value: customColumnValues.value,
    })
    .from(customColumnValues)
    .where(
      inArray(
        customColumnValues.sponsoredsId,
        rows.map((r) => r.id),
      ),
    );
  for (const row of rows) found.set(row.code, { ...row, customColumnValues: {} } as ExistingRecord);
  const byId = new Map([...found.values()].map((r) => [r.id, r]));
  for (const v of values) {
    const record = byId.get(v.sponsoredsId);
    if (record) record.customColumnValues[v.column] = v.value;
  }
  return found;
}

export async function insertRecord(tx: Tx, values: typeof sponsoreds.$inferInsert): Promise<number> {
  const [row] = await tx.insert(sponsoreds).values(values).returning({ id: sponsoreds.id });
  return row!.id;
}

/** Inserts new records in one statement; answers each one's id by code (the batch's fast path). */
export async function insertRecords(
  tx: Tx,
  values: readonly (typeof sponsoreds.$inferInsert)[],
): Promise<Map<string, number>> {
  if (values.length === 0) return new Map();
  const rows = await tx
    .insert(sponsoreds)
    .values([...values])
    .returning({ id: sponsoreds.id, code: sponsoreds.code });
  return new Map(rows.map((r) => [r.code, r.id]));
}

export async function updateRecord(
  tx: Tx,
  partnersId: number,
  id: number,
  set: Partial<typeof sponsoreds.$inferInsert>,
): Promise<void> {
  await tx
    .update(sponsoreds)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(sponsoreds.partnersId, partnersId), eq(sponsoreds.id, id)));
}

export async function writeCustomValues(
  tx: Tx,
  sponsoredsId: number,
  values: Record<string, string | null>,
): Promise<void> {
  const rows = Object.entries(values).map(([column, value]) => ({ sponsoredsId, column, value }));
  if (rows.length === 0) return;
  await tx
    .insert(customColumnValues)
    .values(rows)
    .onConflictDoUpdate({
      target: [customColumnValues.sponsoredsId, customColumnValues.column],
      set: { value: sql`excluded.value` },
    });
}

/** Custom values of several records in one statement (each record and column at most once). */
export async function writeManyCustomValues(
  tx: Tx,
  values: readonly { sponsoredsId: number; values: Record<string, string | null> }[],
): Promise<void> {
  const rows = values.flatMap(({ sponsoredsId, values: byColumn }) =>
    Object.entries(byColumn).map(([column, value]) => ({ sponsoredsId, column, value })),
  );
  if (rows.length === 0) return;
  await tx
    .insert(customColumnValues)
    .values(rows)
    .onConflictDoUpdate({
      target: [customColumnValues.sponsoredsId, customColumnValues.column],
      set: { value: sql`excluded.value` },
    });
}

/** Ids and programs of the partner's records by code, for matching pictures. */
export async function findIdsByCodes(
  db: Queryable,
  partnersId: number,
  codes: readonly string[],
): Promise<Map<string, { id: number; entitiesId: number }>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ id: sponsoreds.id, code: sponsoreds.code, entitiesId: sponsoreds.entitiesId })
    .from(sponsoreds)
    .where(and(eq(sponsoreds.partnersId, partnersId), inArray(sponsoreds.code, [...codes])));
  return new Map(rows.map((r) => [r.code, { id: r.id, entitiesId: r.entitiesId }]));
}
