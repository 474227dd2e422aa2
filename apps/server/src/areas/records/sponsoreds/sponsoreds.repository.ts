import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import {
  countries,
  customColumnValues,
  entities,
  grades,
  partnerSponsoredTypes,
  sponsoredAttributes,
  sponsoredImages,
  sponsoredTypePlans,
  sponsoreds,
  updates,
  userSponsoreds,
} from '../../../db/schema/index.ts';
import { scopeCondition, type AccessScope } from '../../../platform/access.ts';

/** The monthly amount a record is sponsored at: its own override, else its type's current plan. */
const monthlyAmountSql = sql<number | null>`coalesce(${sponsoreds.monthlyAmount}, (
  select ${sponsoredTypePlans.monthlyAmount} from ${sponsoredTypePlans}
  where ${sponsoredTypePlans.partnerSponsoredTypesId} = ${sponsoreds.partnerSponsoredTypesId}
    and ${sponsoredTypePlans.current} = true
  order by ${sponsoredTypePlans.id} desc limit 1))`.mapWith(Number);

/** The birth month as the schema's index expression (sponsoreds_open_month_idx) spells it. */
const birthMonthSql = sql`extract(month from ${sponsoreds.birthday})`;

const sponsoredColumns = {
  id: sponsoreds.id,
  partnersId: sponsoreds.partnersId,
  code: sponsoreds.code,
  firstName: sponsoreds.firstName,
  lastName: sponsoreds.lastName,
  title: sponsoreds.title,
  gender: sponsoreds.gender,
  birthday: sponsoreds.birthday,
  bio: sponsoreds.bio,
  homeroom: sponsoreds.homeroom,
  gradesId: sponsoreds.gradesId,
  gradeDescription: grades.description,
  recordMasked: sponsoreds.masked,
  typeMasks: partnerSponsoredTypes.maskProfiles,
  recordShowBirthday: sponsoreds.showBirthday,
  recordShowAge: sponsoreds.showAge,
  recordShowLastName: sponsoreds.showLastName,
  typeShowBirthday: partnerSponsoredTypes.showBirthday,
  typeShowAge: partnerSponsoredTypes.showAge,
  typeShowLastName: partnerSponsoredTypes.showLastName,
  monthlyAmount: monthlyAmountSql,
  maxSlots: sponsoreds.maxSlots,
  slotsFilled: sponsoreds.slotsFilled,
  sponsoredTypesId: sponsoreds.sponsoredTypesId,
  partnerSponsoredTypesId: sponsoreds.partnerSponsoredTypesId,
  entitiesId: sponsoreds.entitiesId,
  entityName: entities.name,
  entityCity: entities.city,
  profileImagePath: sponsoreds.profileImagePath,
  status: sponsoreds.status,
  active: sponsoreds.active,
};

function selectSponsoreds(db: Db) {
  return db
    .select(sponsoredColumns)
    .from(sponsoreds)
    .innerJoin(partnerSponsoredTypes, eq(partnerSponsoredTypes.id, sponsoreds.partnerSponsoredTypesId))
    .innerJoin(entities, eq(entities.id, sponsoreds.entitiesId))
    .leftJoin(grades, eq(grades.id, sponsoreds.gradesId));
}

export type SponsoredRow = Awaited<ReturnType<typeof selectSponsoreds>>[number];

export interface ListingFilters {
  /** The active sponsored types of the partner the listing may show (a given type must be one). */
  partnerSponsoredTypesIds: number[];
  status: string;
  /** 'No' keeps only records with a free slot. */
  isFullySponsored?: 'Yes' | 'No' | undefined;
  gender?: string | undefined;
  gradesId?: number | undefined;
  entitiesId?: number | undefined;
  /**
   * Applied only to the types that show birthdays (`birthdayTypeIds`), and there only to records
   * that do not hide theirs; records of the other types pass untouched (issue 8).
   */
  birthMonth?: { month: number; birthdayTypeIds: number[] } | undefined;
  /**
   * An age band as a birthday range (born on or before `bornOnOrBefore`, after `bornAfter`), applied
   * only to types that show ages (`ageTypeIds`) and records that do not hide theirs.
   */
  age?: { bornOnOrBefore: string; bornAfter: string | null; ageTypeIds: number[] } | undefined;
  /** A staff list's program scope (from `requireAccess`): only the viewer's programs' rows. */
  scope?: AccessScope | undefined;
}

/** The records a filter on a hidden field must pass untouched: those of the types that hide it. */
function onlyWhereShown(typeIds: number[], allTypeIds: number[], condition: SQL): SQL | undefined {
  const hiding = allTypeIds.filter((id) => !typeIds.includes(id));
  if (typeIds.length === 0) return undefined;
  if (hiding.length === 0) return condition;
  return or(inArray(sponsoreds.partnerSponsoredTypesId, hiding), condition);
}

/**
 * The listing's conditions on `sponsoreds` alone, written so the partial indexes of the schema
 * serve them: the open-listing conditions (`status = 'active' AND active AND slots_filled <
 * max_slots`) verbatim, the birth month as the indexed expression, the age band as a birthday range.
 */
function listingWhere(f: ListingFilters, bind: Bind): SQL | undefined {
  const types = f.partnerSponsoredTypesIds;
  if (!LISTING_STATUSES.includes(f.status)) throw new Error(`Unknown listing status ${f.status}`);
  return and(
    eq(sponsoreds.partnersId, bind('partnersId')),
    types.length === 1
      ? eq(sponsoreds.partnerSponsoredTypesId, bind('typeId', types[0]))
      : inArray(sponsoreds.partnerSponsoredTypesId, types),
    // Literals, not parameters: a prepared statement's generic plan can use the partial indexes
    // only when their predicate is spelled out.
    sql`${sponsoreds.status} = ${sql.raw(`'${f.status}'`)}`,
    f.status === 'active' ? sql`${sponsoreds.active} = true` : undefined,
    f.isFullySponsored === 'No' ? lt(sponsoreds.slotsFilled, sponsoreds.maxSlots) : undefined,
    f.isFullySponsored === 'Yes' ? eq(sponsoreds.slotsFilled, sponsoreds.maxSlots) : undefined,
    f.gender !== undefined ? eq(sponsoreds.gender, bind('gender', f.gender)) : undefined,
    f.gradesId !== undefined ? eq(sponsoreds.gradesId, bind('gradesId', f.gradesId)) : undefined,
    f.entitiesId !== undefined ? eq(sponsoreds.entitiesId, bind('entitiesId', f.entitiesId)) : undefined,
    f.birthMonth
      ? onlyWhereShown(
          f.birthMonth.birthdayTypeIds,
          types,
          and(
            sql`${birthMonthSql} = ${bind('month', f.birthMonth.month)}`,
            sql`${sponsoreds.masked} = false`,
            sql`${sponsoreds.showBirthday} is not false`,
          )!,
        )
      : undefined,
    f.age
      ? onlyWhereShown(
          f.age.ageTypeIds,
          types,
          and(
            lte(sponsoreds.birthday, bind('bornOnOrBefore', f.age.bornOnOrBefore)),
            f.age.bornAfter !== null
              ? gt(sponsoreds.birthday, bind('bornAfter', f.age.bornAfter))
              : undefined,
            sql`${sponsoreds.showAge} is not false`,
          )!,
        )
      : undefined,
    f.scope ? scopeCondition(f.scope, sponsoreds.entitiesId) : undefined,
  );
}

/**
 * The open records of the listing (active, slots remaining) waiting longest for a sponsor: those
 * with no sponsor first, then the oldest. For the landing page.
 */
export async function findWaitingLongest(db: Db, partnersId: number, limit: number): Promise<SponsoredRow[]> {
  return selectSponsoreds(db)
    .where(
      and(
        eq(sponsoreds.partnersId, partnersId),
        eq(partnerSponsoredTypes.active, true),
        eq(sponsoreds.status, 'active'),
        eq(sponsoreds.active, true),
        lt(sponsoreds.slotsFilled, sponsoreds.maxSlots),
      ),
    )
    .orderBy(asc(sponsoreds.slotsFilled), asc(sponsoreds.createdAt), asc(sponsoreds.id))
    .limit(limit);
}

const LISTING_STATUSES = ['active', 'reserved', 'inactive', 'archived'];

/** A query value: the value itself, or a placeholder of a prepared statement (the value kept aside). */
type Bind = (name: string, value?: unknown) => never;

function listingQueries(db: Db, where: SQL | undefined) {
  const page = db
    .select({ pageId: sponsoreds.id })
    .from(sponsoreds)
    .where(where)
    .orderBy(asc(sponsoreds.id))
    .offset(sql.placeholder('offset'))
    .limit(sql.placeholder('limit'))
    .as('page');
  const totals = db
    .select({ total: sql<number>`count(*)`.mapWith(Number).as('total') })
    .from(sponsoreds)
    .where(where)
    .as('totals');
  return {
    pageOnly: db
      .select({ total: sql<number | null>`null::int`, pageId: page.pageId, ...sponsoredColumns })
      .from(page)
      .innerJoin(sponsoreds, eq(sponsoreds.id, page.pageId))
      .innerJoin(partnerSponsoredTypes, eq(partnerSponsoredTypes.id, sponsoreds.partnerSponsoredTypesId))
      .innerJoin(entities, eq(entities.id, sponsoreds.entitiesId))
      .leftJoin(grades, eq(grades.id, sponsoreds.gradesId))
      .orderBy(asc(page.pageId)),
    withTotal: db
      .select({ total: totals.total, pageId: page.pageId, ...sponsoredColumns })
      .from(totals)
      .leftJoin(page, sql`true`)
      .leftJoin(sponsoreds, eq(sponsoreds.id, page.pageId))
      .leftJoin(partnerSponsoredTypes, eq(partnerSponsoredTypes.id, sponsoreds.partnerSponsoredTypesId))
      .leftJoin(entities, eq(entities.id, sponsoreds.entitiesId))
      .leftJoin(grades, eq(grades.id, sponsoreds.gradesId))
      .orderBy(asc(page.pageId)),
  };
}

type ListingResultRow = { total: number | null; pageId: number | null } & Record<string, unknown>;
interface PreparedListing {
  execute(values: Record<string, unknown>): Promise<ListingResultRow[]>;
}

/** Prepared listing statements of one database handle, by the text of their conditions. */
const preparedListings = new WeakMap<
  Db,
  Map<string, { pageOnly: PreparedListing; withTotal: PreparedListing }>
>();
const MAX_PREPARED_LISTINGS = 500;
const listingDialect = new PgDialect();

/**
 * One page of the listing and the total in one statement. The page's 25 ids come from the index
 * first (an index-only scan that skips `offset` index entries, not rows), and only those 25 are
 * joined to their type, program, grade and plan; the total is an index-only count over the same
 * conditions. The count row is always there, so a page past the end still answers the total.
 * With a `knownTotal` the statement reads the page alone.
 */
export async function findListingPage(
  db: Db,
  partnersId: number,
  filters: ListingFilters,
  offset: number,
  limit: number,
  /** A total counted moments ago for the same conditions: then only the page is read. */
  knownTotal?: number,
): Promise<{ rows: SponsoredRow[]; total: number }> {
  if (filters.partnerSponsoredTypesIds.length === 0) return { rows: [], total: 0 };
  const values: Record<string, unknown> = { partnersId, offset, limit };
  const where = listingWhere(filters, ((name: string, value?: unknown) => {
    if (value !== undefined) values[name] = value;
    return sql.placeholder(name);
  }) as Bind);
  // One type (the spec's listing): a prepared statement per shape of conditions. Several types
  // (no type asked): built each time.
  let statements: { pageOnly: PreparedListing; withTotal: PreparedListing };
  // A program scope's ids are values the statement's text does not show: never prepared.
  if (filters.partnerSponsoredTypesIds.length === 1 && !filters.scope) {
    let byShape = preparedListings.get(db);
    if (!byShape) preparedListings.set(db, (byShape = new Map()));
    const shape = listingDialect.sqlToQuery(where!).sql;
    let held = byShape.get(shape);
    if (!held) {
      if (byShape.size >= MAX_PREPARED_LISTINGS) byShape.clear();
      const queries = listingQueries(db, where);
      const name = `listing_${preparedListingCount++}`;
      held = {
        pageOnly: queries.pageOnly.prepare(`${name}_page`) as unknown as PreparedListing,
        withTotal: queries.withTotal.prepare(`${name}_total`) as unknown as PreparedListing,
      };
      byShape.set(shape, held);
    }
    statements = held;
  } else {
    const queries = listingQueries(db, where);
    statements = {
      pageOnly: { execute: (v) => queries.pageOnly.execute(v) as unknown as Promise<ListingResultRow[]> },
      withTotal: { execute: (v) => queries.withTotal.execute(v) as unknown as Promise<ListingResultRow[]> },
    };
  }
  const result = await (knownTotal === undefined ? statements.withTotal : statements.pageOnly).execute(
    values,
  );
  const rows = result
    .filter((r) => r.pageId !== null)
    .map(({ total: _total, pageId: _pageId, ...row }) => row as unknown as SponsoredRow);
  return { rows, total: knownTotal ?? result[0]?.total ?? 0 };
}

/** Prepared statement names are per connection and must not repeat with another text. */
let preparedListingCount = 0;

function profileQuery(db: Db) {
  return db
    .select({
      ...sponsoredColumns,
      translations: sponsoreds.translations,
      entityDescription: entities.description,
      entityTranslations: entities.translations,
      entityImageUrl: entities.imageUrl,
      entityLatitude: entities.latitude,
      entityLongitude: entities.longitude,
      countryName: countries.name,
      countryDescription: countries.description,
      countryTranslations: countries.translations,
      countryImageUrl: countries.imageUrl,
      attributes: sql<{ description: string; value: string }[]>`coalesce((
        select json_agg(json_build_object('description', a.description, 'value', a.value)
          order by a.sort_order, a.id)
        from ${sponsoredAttributes} a where a.sponsoreds_id = ${sponsoreds.id}), '[]'::json)`,
      columns: sql<{ column: string; value: string | null }[]>`coalesce((
        select json_agg(json_build_object('column', c.column_name, 'value', c.value) order by c.id)
        from ${customColumnValues} c where c.sponsoreds_id = ${sponsoreds.id}), '[]'::json)`,
    })
    .from(sponsoreds)
    .innerJoin(partnerSponsoredTypes, eq(partnerSponsoredTypes.id, sponsoreds.partnerSponsoredTypesId))
    .innerJoin(entities, eq(entities.id, sponsoreds.entitiesId))
    .leftJoin(grades, eq(grades.id, sponsoreds.gradesId))
    .leftJoin(countries, eq(countries.id, entities.countriesId))
    .where(eq(sponsoreds.id, sql.placeholder('id')))
    .prepare('sponsored_profile');
}

function byIdQuery(db: Db) {
  return selectSponsoreds(db)
    .where(eq(sponsoreds.id, sql.placeholder('id')))
    .prepare('sponsored_by_id');
}

/**
 * Statements read on every public request are prepared once per database handle: the SQL text is
 * built once, and PostgreSQL keeps each connection's plan instead of planning every time.
 */
const prepared = new WeakMap<
  Db,
  { profile: ReturnType<typeof profileQuery>; byId: ReturnType<typeof byIdQuery> }
>();

function preparedOf(db: Db) {
  let held = prepared.get(db);
  if (!held) {
    held = { profile: profileQuery(db), byId: byIdQuery(db) };
    prepared.set(db, held);
  }
  return held;
}

/**
 * A record with everything its profile shows (program and country, fun facts, custom columns) in
 * one statement.
 */
export async function findSponsoredProfile(db: Db, id: number) {
  const [row] = await preparedOf(db).profile.execute({ id });
  return row ?? null;
}

export async function findSponsoredById(db: Db, id: number): Promise<SponsoredRow | null> {
  const [row] = await preparedOf(db).byId.execute({ id });
  return row ?? null;
}

/** Whether an entity (program) belongs to the partner. */
export async function entityBelongsToPartner(
  db: Db,
  partnersId: number,
  entitiesId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: entities.id })
    .from(entities)
    .where(and(eq(entities.id, entitiesId), eq(entities.partnersId, partnersId)));
  return row !== undefined;
}

export async function findEntityDetail(db: Db, entitiesId: number) {
  const [row] = await db
    .select({
      id: entities.id,
      name: entities.name,
      city: entities.city,
      description: entities.description,
      imageUrl: entities.imageUrl,
      latitude: entities.latitude,
      longitude: entities.longitude,
      countryName: countries.name,
      countryDescription: countries.description,
      countryImageUrl: countries.imageUrl,
    })
    .from(entities)
    .leftJoin(countries, eq(countries.id, entities.countriesId))
    .where(eq(entities.id, entitiesId));
  return row ?? null;
}

export async function findAttributes(db: Db, sponsoredsId: number) {
  return db
    .select({ description: sponsoredAttributes.description, value: sponsoredAttributes.value })
    .from(sponsoredAttributes)
    .where(eq(sponsoredAttributes.sponsoredsId, sponsoredsId))
    .orderBy(asc(sponsoredAttributes.sortOrder), asc(sponsoredAttributes.id));
}

export async function findCustomColumnValues(db: Db, sponsoredsId: number) {
  return db
    .select({ column: customColumnValues.column, value: customColumnValues.value })
    .from(customColumnValues)
    .where(eq(customColumnValues.sponsoredsId, sponsoredsId))
    .orderBy(asc(customColumnValues.id));
}

export async function findImages(db: Db, sponsoredsId: number) {
  return db
    .select({ imagePath: sponsoredImages.imagePath, description: sponsoredImages.description })
    .from(sponsoredImages)
    .where(eq(sponsoredImages.sponsoredsId, sponsoredsId))
    .orderBy(asc(sponsoredImages.sortOrder), asc(sponsoredImages.id));
}

export async function findUpdates(db: Db, sponsoredsId: number) {
  return db
    .select({
      id: updates.id,
      title: updates.title,
      distributionDate: updates.distributionDate,
      updateMessage: updates.updateMessage,
    })
    .from(updates)
    .where(eq(updates.sponsoredsId, sponsoredsId))
    .orderBy(desc(updates.distributionDate), desc(updates.id));
}

/** Of the given records, those the person actively sponsors (one query for a whole page). */
export async function findActivelySponsoredIds(
  db: Db,
  usersId: number,
  sponsoredIds: number[],
): Promise<Set<number>> {
  if (sponsoredIds.length === 0) return new Set();
  const rows = await db
    .select({ sponsoredsId: userSponsoreds.sponsoredsId })
    .from(userSponsoreds)
    .where(
      and(
        eq(userSponsoreds.usersId, usersId),
        inArray(userSponsoreds.sponsoredsId, sponsoredIds),
        isNull(userSponsoreds.dateEnded),
      ),
    );
  return new Set(rows.map((r) => r.sponsoredsId));
}

/** Whether a media key belongs to a record (for the picture route's access check). */
export async function findImageOwner(db: Db, sponsoredsId: number, imagePath: string) {
  const [row] = await db
    .select({ id: sponsoredImages.id })
    .from(sponsoredImages)
    .where(and(eq(sponsoredImages.sponsoredsId, sponsoredsId), eq(sponsoredImages.imagePath, imagePath)));
  return row ?? null;
}
