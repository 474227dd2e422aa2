import { and, asc, count, desc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
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
} from '../../db/schema/index.ts';
import { scopeCondition, type AccessScope } from '../../platform/access.ts';

/** The monthly amount a record is sponsored at: its own override, else its type's current plan. */
const monthlyAmountSql = sql<number | null>`coalesce(${sponsoreds.monthlyAmount}, (
  select ${sponsoredTypePlans.monthlyAmount} from ${sponsoredTypePlans}
  where ${sponsoredTypePlans.partnerSponsoredTypesId} = ${sponsoreds.partnerSponsoredTypesId}
    and ${sponsoredTypePlans.current} = true
  order by ${sponsoredTypePlans.id} desc limit 1))`.mapWith(Number);

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
  partnerSponsoredTypesId?: number | undefined;
  status?: string | undefined;
  /** 'No' keeps only records with a free slot. */
  isFullySponsored?: 'Yes' | 'No' | undefined;
  gender?: string | undefined;
  gradesId?: number | undefined;
  entitiesId?: number | undefined;
  birthMonth?: number | undefined;
  ageMin?: number | undefined;
  ageMax?: number | null | undefined;
  /** A staff list's program scope (from `requireAccess`): only the viewer's programs' rows. */
  scope?: AccessScope | undefined;
}

const ageYears = sql`date_part('year', age(current_date, ${sponsoreds.birthday}))`;

function listingWhere(partnersId: number, f: ListingFilters): SQL | undefined {
  return and(
    eq(sponsoreds.partnersId, partnersId),
    eq(partnerSponsoredTypes.active, true),
    f.partnerSponsoredTypesId !== undefined
      ? eq(sponsoreds.partnerSponsoredTypesId, f.partnerSponsoredTypesId)
      : undefined,
    f.status !== undefined ? eq(sponsoreds.status, f.status) : undefined,
    f.status === 'active' ? eq(sponsoreds.active, true) : undefined,
    f.isFullySponsored === 'No' ? lt(sponsoreds.slotsFilled, sponsoreds.maxSlots) : undefined,
    f.isFullySponsored === 'Yes' ? eq(sponsoreds.slotsFilled, sponsoreds.maxSlots) : undefined,
    f.gender !== undefined ? eq(sponsoreds.gender, f.gender) : undefined,
    f.gradesId !== undefined ? eq(sponsoreds.gradesId, f.gradesId) : undefined,
    f.entitiesId !== undefined ? eq(sponsoreds.entitiesId, f.entitiesId) : undefined,
    f.birthMonth !== undefined
      ? sql`extract(month from ${sponsoreds.birthday}) = ${f.birthMonth}`
      : undefined,
    f.ageMin !== undefined ? sql`${ageYears} >= ${f.ageMin}` : undefined,
    f.ageMax !== undefined && f.ageMax !== null ? sql`${ageYears} <= ${f.ageMax}` : undefined,
    f.scope ? scopeCondition(f.scope, sponsoreds.entitiesId) : undefined,
  );
}

/**
 * The open records of the listing (active, slots remaining) waiting longest for a sponsor: those
 * with no sponsor first, then the oldest. For the landing page.
 */
export async function findWaitingLongest(db: Db, partnersId: number, limit: number): Promise<SponsoredRow[]> {
  return selectSponsoreds(db)
    .where(listingWhere(partnersId, { status: 'active', isFullySponsored: 'No' }))
    .orderBy(asc(sponsoreds.slotsFilled), asc(sponsoreds.createdAt), asc(sponsoreds.id))
    .limit(limit);
}

/** One page of the listing and the total, in two queries whatever the page size. */
export async function findListingPage(
  db: Db,
  partnersId: number,
  filters: ListingFilters,
  offset: number,
  limit: number,
): Promise<{ rows: SponsoredRow[]; total: number }> {
  const where = listingWhere(partnersId, filters);
  const [rows, totals] = await Promise.all([
    selectSponsoreds(db).where(where).orderBy(asc(sponsoreds.id)).offset(offset).limit(limit),
    db
      .select({ total: count() })
      .from(sponsoreds)
      .innerJoin(partnerSponsoredTypes, eq(partnerSponsoredTypes.id, sponsoreds.partnerSponsoredTypesId))
      .where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function findSponsoredById(db: Db, id: number): Promise<SponsoredRow | null> {
  const [row] = await selectSponsoreds(db).where(eq(sponsoreds.id, id));
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
