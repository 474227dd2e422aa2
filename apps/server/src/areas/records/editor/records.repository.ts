import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import {
  customColumnValues,
  entities,
  messages,
  partnerSponsoredTypes,
  slotHolds,
  sponsoredAttributes,
  sponsoredTypePlans,
  sponsoreds,
  trialCodes,
  updates,
  userSponsoreds,
  users,
} from '../../../db/schema/index.ts';
import type { RecordListQuery, RecordSort } from '@kinship/domain';

// The Records section's queries. Every one is limited to the site's partner; the list and the
// counts also to the viewer's programs (the `scope` condition the service builds with scopeCondition).

type Queryable = Db | Tx;

export interface RecordType {
  id: number;
  sponsoredTypesId: number;
  customColumns: string[];
  maxSlots: number;
  maskProfiles: boolean;
}

export async function findType(
  db: Queryable,
  partnersId: number,
  id: number,
): Promise<RecordType | undefined> {
  const [row] = await db
    .select({
      id: partnerSponsoredTypes.id,
      sponsoredTypesId: partnerSponsoredTypes.sponsoredTypesId,
      customColumns: partnerSponsoredTypes.customColumns,
      maxSlots: partnerSponsoredTypes.maxSlots,
      maskProfiles: partnerSponsoredTypes.maskProfiles,
    })
    .from(partnerSponsoredTypes)
    .where(and(eq(partnerSponsoredTypes.partnersId, partnersId), eq(partnerSponsoredTypes.id, id)));
  return row;
}

export async function programExists(db: Queryable, partnersId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: entities.id })
    .from(entities)
    .where(and(eq(entities.partnersId, partnersId), eq(entities.id, id)));
  return row !== undefined;
}

const currentPlanAmount = sql<number | null>`(
  SELECT ${sponsoredTypePlans.monthlyAmount} FROM ${sponsoredTypePlans}
  WHERE ${sponsoredTypePlans.partnerSponsoredTypesId} = ${sponsoreds.partnerSponsoredTypesId}
    AND ${sponsoredTypePlans.current} = true
  ORDER BY ${sponsoredTypePlans.id} DESC LIMIT 1)`;
const monthlyAmount = sql<number>`coalesce(${sponsoreds.monthlyAmount}, ${currentPlanAmount}, 0)`.mapWith(
  Number,
);
const age = sql<number | null>`CASE WHEN ${sponsoreds.birthday} IS NULL THEN NULL
  ELSE extract(year FROM age(current_date, ${sponsoreds.birthday}))::int END`;

export const rowColumns = {
  id: sponsoreds.id,
  code: sponsoreds.code,
  firstName: sponsoreds.firstName,
  lastName: sponsoreds.lastName,
  title: sponsoreds.title,
  gradesId: sponsoreds.gradesId,
  homeroom: sponsoreds.homeroom,
  birthday: sponsoreds.birthday,
  age,
  gender: sponsoreds.gender,
  status: sponsoreds.status,
  entitiesId: sponsoreds.entitiesId,
  program: entities.name,
  slotsFilled: sponsoreds.slotsFilled,
  maxSlots: sponsoreds.maxSlots,
  monthlyAmount,
  sponsors: sponsoreds.sponsorsCount,
  pictures: sponsoreds.picturesCount,
  masked: sponsoreds.masked,
};

/**
 * How each sort orders the page's ids. `nullable` sorts keep empty values last in both directions
 * (an index scanned backwards would put them first), so their descending order is a sort of the
 * matching rows; the others read their index `(partners_id, partner_sponsored_types_id, <column>,
 * id)` in either direction and stop after the page (migrations records-list-indexes and
 * records-sort-keys). Monthly amount and program sort on the record's kept sort keys
 * (`sort_monthly_amount`: its own amount, else its type's current plan, else 0, which is the
 * amount the row shows; `sort_program`: its program's name), kept by triggers.
 */
const SORT_KEYS: Record<RecordSort, { key: SQL; nullable: boolean }> = {
  code: { key: sql`${sponsoreds.code}`, nullable: false },
  firstName: { key: sql`${sponsoreds.firstName}`, nullable: true },
  lastName: { key: sql`${sponsoreds.lastName}`, nullable: true },
  title: { key: sql`${sponsoreds.title}`, nullable: true },
  grade: { key: sql`${sponsoreds.gradesId}`, nullable: true },
  homeroom: { key: sql`${sponsoreds.homeroom}`, nullable: true },
  birthday: { key: sql`${sponsoreds.birthday}`, nullable: true },
  status: { key: sql`${sponsoreds.status}`, nullable: false },
  program: { key: sql`${sponsoreds.sortProgram}`, nullable: false },
  monthlyAmount: { key: sql`${sponsoreds.sortMonthlyAmount}`, nullable: false },
  slotsFilled: { key: sql`${sponsoreds.slotsFilled}`, nullable: false },
  sponsors: { key: sql`${sponsoreds.sponsorsCount}`, nullable: false },
  createdAt: { key: sql`${sponsoreds.createdAt}`, nullable: false },
};

/**
 * The words the search box looks in, as one string: code, then first and last name with a space
 * (so "Ana Lima" finds Ana Lima), then title, separated by a unit separator nobody types. The
 * trigram index `sponsoreds_search_trgm_idx` is built on exactly this expression.
 */
export const searchText = sql`(coalesce(${sponsoreds.code}, '') || chr(31) || coalesce(${sponsoreds.firstName}, '') || ' ' || coalesce(${sponsoreds.lastName}, '') || chr(31) || coalesce(${sponsoreds.title}, ''))`;

/** `%` and `_` typed in the search box are searched for as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The table's filters: what the list, its count and the export share. */
export type RecordFilters = Partial<
  Pick<RecordListQuery, 'q' | 'status' | 'entitiesId' | 'gradesId' | 'gender' | 'sponsored' | 'hasPictures'>
>;

export function listConditions(
  partnersId: number,
  partnerSponsoredTypesId: number,
  query: RecordFilters,
  scope: SQL | undefined,
): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(sponsoreds.partnersId, partnersId),
    eq(sponsoreds.partnerSponsoredTypesId, partnerSponsoredTypesId),
    scope,
  ];
  if (query.q) conditions.push(sql`${searchText} ILIKE ${likePattern(query.q)}`);
  if (query.status) conditions.push(eq(sponsoreds.status, query.status));
  if (query.entitiesId) conditions.push(eq(sponsoreds.entitiesId, query.entitiesId));
  if (query.gradesId) conditions.push(eq(sponsoreds.gradesId, query.gradesId));
  if (query.gender) conditions.push(eq(sponsoreds.gender, query.gender));
  if (query.sponsored !== undefined)
    conditions.push(
      query.sponsored ? sql`${sponsoreds.slotsFilled} > 0` : sql`${sponsoreds.slotsFilled} = 0`,
    );
  if (query.hasPictures !== undefined)
    conditions.push(
      query.hasPictures ? sql`${sponsoreds.picturesCount} > 0` : sql`${sponsoreds.picturesCount} = 0`,
    );
  return and(...conditions)!;
}

/**
 * One page of the Records table and its total: two statements run together (the page and the
 * count), or for a search one (the page counts its matches). The page selects its ids first (the
 * filters, the sort and limit/offset over the record's own indexed columns, program and monthly
 * amount included as kept sort keys), and only those ids are joined to their program, so a deep
 * page costs the index entries it skips. Sponsors and pictures are the record's kept counts (sponsors_count,
 * pictures_count), the monthly amount shown the record's own or the type's current plan, read once.
 */
export async function listRecords(
  db: Queryable,
  partnerSponsoredTypesId: number,
  where: SQL,
  query: RecordListQuery,
) {
  const desc = query.order === 'desc';
  // The type's current plan is one value for the whole table: read once, not per row.
  const typeAmount = sql`(SELECT ${sponsoredTypePlans.monthlyAmount} FROM ${sponsoredTypePlans}
    WHERE ${sponsoredTypePlans.partnerSponsoredTypesId} = ${partnerSponsoredTypesId} AND ${sponsoredTypePlans.current} = true
    ORDER BY ${sponsoredTypePlans.id} DESC LIMIT 1)`;
  const amount = sql`coalesce(${sponsoreds.monthlyAmount}, ${typeAmount}, 0)`;
  const { key, nullable } = SORT_KEYS[query.sort];
  // Ascending indexes give NULLS LAST forwards and, read backwards, NULLS FIRST: a column that
  // cannot be empty is sorted as the index reads; a nullable one keeps its empty values last.
  const direction = (sortKey: SQL, id: SQL) =>
    desc
      ? nullable
        ? sql`${sortKey} DESC NULLS LAST, ${id} DESC`
        : sql`${sortKey} DESC, ${id} DESC`
      : sql`${sortKey} ASC, ${id} ASC`;
  const offset = (query.page - 1) * query.pageSize;
  // A search reads every record whose words match anyway (trigrams, then a top-N sort), so its
  // page counts them in the same scan (`count(*) OVER ()`, exact) instead of a second statement
  // reading them all again. Without a search the page walks a sort index and stops after it, and
  // the count runs beside it.
  const countInPage = Boolean(query.q);
  const pageTotal = countInPage ? sql`, count(*) OVER () AS page_total` : sql``;
  const pageIds = sql`SELECT ${sponsoreds.id} AS page_id, ${key} AS page_key${pageTotal} FROM ${sponsoreds}
      WHERE ${where} ORDER BY ${direction(key, sql`${sponsoreds.id}`)}
      LIMIT ${query.pageSize} OFFSET ${offset}`;
  const page = db
    .select({
      ...rowColumns,
      monthlyAmount: amount.mapWith(Number) as SQL<number>,
      pageTotal: (countInPage ? sql`page.page_total` : sql`NULL`).mapWith(Number) as SQL<number | null>,
    })
    .from(sql`(${pageIds}) page`)
    .innerJoin(sponsoreds, sql`${sponsoreds.id} = page.page_id`)
    .innerJoin(entities, eq(entities.id, sponsoreds.entitiesId))
    .orderBy(direction(sql`page.page_key`, sql`page.page_id`));
  const counted = () =>
    db
      .select({ total: count() })
      .from(sponsoreds)
      .where(where)
      .then(([row]) => row?.total ?? 0);
  const withoutTotal = (found: Awaited<typeof page>) => found.map(({ pageTotal: _, ...row }) => row);
  if (!countInPage) {
    const [found, total] = await Promise.all([page, counted()]);
    return { rows: withoutTotal(found), total };
  }
  const found = await page;
  // An empty page past the first says nothing of the total: count it then.
  const total = found.length > 0 ? found[0]!.pageTotal! : offset === 0 ? 0 : await counted();
  return { rows: withoutTotal(found), total };
}

export async function customValuesOf(
  db: Queryable,
  ids: number[],
): Promise<Map<number, Record<string, string | null>>> {
  const byId = new Map<number, Record<string, string | null>>(ids.map((i) => [i, {}]));
  if (ids.length === 0) return byId;
  const rows = await db
    .select({
      sponsoredsId: customColumnValues.sponsoredsId,
      column: customColumnValues.column,
      value: customColumnValues.value,
    })
    .from(customColumnValues)
    .where(sql`${customColumnValues.sponsoredsId} IN ${ids}`);
  for (const row of rows) byId.get(row.sponsoredsId)![row.column] = row.value;
  return byId;
}

export async function findRecord(
  db: Queryable,
  partnersId: number,
  id: number,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select({
      ...rowColumns,
      partnerSponsoredTypesId: sponsoreds.partnerSponsoredTypesId,
      sponsoredTypesId: sponsoreds.sponsoredTypesId,
      bio: sponsoreds.bio,
      translations: sponsoreds.translations,
      showBirthday: sponsoreds.showBirthday,
      showAge: sponsoreds.showAge,
      showLastName: sponsoreds.showLastName,
      monthlyAmountOverride: sponsoreds.monthlyAmount,
    })
    .from(sponsoreds)
    .innerJoin(entities, eq(entities.id, sponsoreds.entitiesId))
    .where(and(eq(sponsoreds.partnersId, partnersId), eq(sponsoreds.id, id)));
  const [row] = options.lock ? await query.for('update', { of: sponsoreds }) : await query;
  return row;
}

export function funFactsOf(db: Queryable, id: number) {
  return db
    .select({
      id: sponsoredAttributes.id,
      description: sponsoredAttributes.description,
      value: sponsoredAttributes.value,
    })
    .from(sponsoredAttributes)
    .where(eq(sponsoredAttributes.sponsoredsId, id))
    .orderBy(asc(sponsoredAttributes.sortOrder), asc(sponsoredAttributes.id));
}

export async function codeTaken(
  db: Queryable,
  partnersId: number,
  code: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: sponsoreds.id })
    .from(sponsoreds)
    .where(and(eq(sponsoreds.partnersId, partnersId), eq(sponsoreds.code, code)));
  return row !== undefined && row.id !== exceptId;
}

/** Replaces the fun facts in the order given (the editor sends the whole list). */
export async function replaceFunFacts(tx: Tx, id: number, facts: { description: string; value: string }[]) {
  await tx.delete(sponsoredAttributes).where(eq(sponsoredAttributes.sponsoredsId, id));
  if (facts.length > 0)
    await tx
      .insert(sponsoredAttributes)
      .values(
        facts.map((f, i) => ({ sponsoredsId: id, description: f.description, value: f.value, sortOrder: i })),
      );
}

export async function writeCustomValues(tx: Tx, id: number, values: Record<string, string | null>) {
  const rows = Object.entries(values).map(([column, value]) => ({ sponsoredsId: id, column, value }));
  if (rows.length === 0) return;
  await tx
    .insert(customColumnValues)
    .values(rows)
    .onConflictDoUpdate({
      target: [customColumnValues.sponsoredsId, customColumnValues.column],
      set: { value: sql`excluded.value` },
    });
}

/** What refers to a record and keeps it from being deleted, by kind (only kinds with a count). */
export async function referencesTo(db: Queryable, id: number): Promise<Record<string, number>> {
  const counts = await Promise.all([
    db.select({ n: count() }).from(userSponsoreds).where(eq(userSponsoreds.sponsoredsId, id)),
    db.select({ n: count() }).from(slotHolds).where(eq(slotHolds.sponsoredsId, id)),
    db.select({ n: count() }).from(trialCodes).where(eq(trialCodes.sponsoredsId, id)),
    db.select({ n: count() }).from(updates).where(eq(updates.sponsoredsId, id)),
    db.select({ n: count() }).from(messages).where(eq(messages.sponsoredsId, id)),
  ]);
  const names = ['sponsorships', 'checkout holds', 'trial codes', 'updates', 'messages'];
  const found: Record<string, number> = {};
  counts.forEach(([row], i) => {
    if ((row?.n ?? 0) > 0) found[names[i]!] = row!.n;
  });
  return found;
}

/** The people who sponsor the record now, with an address to write to. */
/** People by id with their address and first name (the sponsors an archive notice goes to). */
export function sponsorsByIds(db: Queryable, ids: number[]) {
  return db
    .select({ usersId: users.id, email: users.email, firstName: users.firstName, locale: users.locale })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(users.id);
}

export function activeSponsorsOf(db: Queryable, id: number) {
  return db
    .selectDistinct({ usersId: users.id, email: users.email, firstName: users.firstName })
    .from(userSponsoreds)
    .innerJoin(users, eq(users.id, userSponsoreds.usersId))
    .where(and(eq(userSponsoreds.sponsoredsId, id), isNull(userSponsoreds.dateEnded)));
}
