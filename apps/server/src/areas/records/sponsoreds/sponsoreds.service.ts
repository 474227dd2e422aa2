import {
  AGE_BANDS,
  ageFromBirthday,
  formatDate,
  MESSAGES,
  ERRORS,
  translatedText,
  type Locale,
  type RecordRights,
  type SponsoredDetail,
  type SponsoredImage,
  type SponsoredSummary,
  type Update,
} from '@kinship/domain';
import type { Db } from '../../../db/client.ts';
import { requireAccess } from '../../../platform/access.ts';
import { badRequest, forbidden, unauthorized, refuse } from '../../../platform/errors.ts';
import { assertSiteOpen, type SiteContext } from '../../../platform/site-context.ts';
import { cachedPartner, typeShowsAge, typeShowsBirthday, viewOfEntry } from '../../partners/index.ts';
import { displayOf, viewerRightsOver, visibleFieldsFor } from './record-rights.ts';
import {
  findImages,
  findListingPage,
  findWaitingLongest,
  findSponsoredById,
  findSponsoredProfile,
  findUpdates,
  type ListingFilters,
  type SponsoredRow,
} from './sponsoreds.repository.ts';

export const INACTIVE_LIST_FORBIDDEN_MESSAGE =
  'Only partner administrators can list inactive or archived records.';
export const UPDATES_FORBIDDEN_MESSAGE =
  'Only sponsors of this profile and partner administrators can see its updates.';

/**
 * The masking rule (`visibleFieldsFor`, the viewer's rights over this record), applied here so
 * private fields never leave the server: for a masked record a viewer who is neither its sponsor
 * nor able to administer it gets no last name, birthday or picture. Display flags (show last
 * name, birthday, age) apply to everyone else too.
 */
function summaryOf(row: SponsoredRow, rights: RecordRights): SponsoredSummary & { hidden: HiddenFields } {
  const display = displayOf(row);
  const visible = visibleFieldsFor(row, rights);
  return {
    id: row.id,
    code: row.code,
    firstName: row.firstName ?? row.title ?? '',
    lastName: visible.lastName ? row.lastName : null,
    title: row.title,
    gender: row.gender as SponsoredSummary['gender'],
    age: row.birthday && visible.age ? ageFromBirthday(row.birthday) : null,
    gradesId: row.gradesId,
    grades: row.gradeDescription ? { description: row.gradeDescription } : null,
    masked: display.masked,
    monthlyAmount: row.monthlyAmount ?? 0,
    maxSlots: row.maxSlots,
    slotsFilled: row.slotsFilled,
    sponsoredTypesId: row.sponsoredTypesId as SponsoredSummary['sponsoredTypesId'],
    partnerSponsoredTypesId: row.partnerSponsoredTypesId,
    entitiesId: row.entitiesId,
    entities: { id: row.entitiesId, name: row.entityName, city: row.entityCity },
    profileImagePath: visible.profilePicture ? row.profileImagePath : null,
    status: row.status as SponsoredSummary['status'],
    hidden: {
      birthday: visible.birthday ? row.birthday : null,
      showBirthday: display.showBirthday,
      showAge: display.showAge,
      showLastName: display.showLastName,
    },
  };
}

interface HiddenFields {
  birthday: string | null;
  showBirthday: boolean;
  showAge: boolean;
  showLastName: boolean;
}

function stripHidden({
  hidden: _hidden,
  ...summary
}: SponsoredSummary & { hidden: HiddenFields }): SponsoredSummary {
  return summary;
}

export interface ListingQuery {
  partnerSponsoredTypesId?: number | undefined;
  offset: number;
  limit: number;
  status?: 'active' | 'reserved' | 'inactive' | 'archived' | undefined;
  isFullySponsored?: 'Yes' | 'No' | undefined;
  ageBand?: string | undefined;
  gender?: 'Male' | 'Female' | undefined;
  gradesId?: number | undefined;
  birthMonth?: number | undefined;
  entitiesId?: number | undefined;
}

/**
 * The listing's total for the same partner configuration and conditions is reused for a few
 * seconds (decision 018): counting a large partner's open records is the listing's one cost that
 * grows with the partner, and a total a few seconds old is as good as the page's own moment. The
 * page itself is always read fresh; a staff change to the partner starts new totals at once.
 */
export const LISTING_COUNT_TTL_MS = 5_000;
const MAX_LISTING_COUNTS = 10_000;
const listingCounts = new WeakMap<Db, Map<string, { total: number; at: number }>>();

function listingCountsOf(db: Db): Map<string, { total: number; at: number }> {
  let counts = listingCounts.get(db);
  if (!counts) {
    counts = new Map();
    listingCounts.set(db, counts);
  }
  return counts;
}

/**
 * The latest birthday of someone at least `years` old today (UTC, as ageFromBirthday counts): the
 * same month and day that many years ago, 28 February standing for a 29th that year lacks.
 */
export function birthdayYearsAgo(years: number, today: Date = new Date()): string {
  const year = today.getUTCFullYear() - years;
  const month = today.getUTCMonth() + 1;
  let day = today.getUTCDate();
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  if (month === 2 && day === 29 && !leap) day = 28;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** GET partners/{partnerId}/sponsoreds: one page and the total count, masking applied per row. */
export async function listSponsoreds(
  db: Db,
  ctx: SiteContext,
  query: ListingQuery,
): Promise<{ items: SponsoredSummary[]; count: number }> {
  assertSiteOpen(ctx);
  const status = query.status ?? 'active';
  // Inactive and archived records are a staff list: the viewer's programs only.
  const staffList = status === 'inactive' || status === 'archived';
  const scope = staffList ? requireAccess(ctx, 'records.view', {}, INACTIVE_LIST_FORBIDDEN_MESSAGE) : null;
  let band: (typeof AGE_BANDS)[number] | undefined;
  if (query.ageBand !== undefined) {
    band = AGE_BANDS.find((b) => b.id === query.ageBand);
    if (!band) throw badRequest(`ageBand must be one of ${AGE_BANDS.map((b) => b.id).join(', ')}.`);
  }
  const partner = await cachedPartner(db, ctx.partner);
  const view = viewOfEntry(partner);
  // The partner model's error (spec 8) for a program of another partner.
  if (query.entitiesId !== undefined && !view.entities.some((e) => e.id === query.entitiesId)) {
    throw badRequest(MESSAGES.entityNotInPartner(query.entitiesId));
  }
  // Only active types are listed; a type of another partner or an inactive one lists nothing.
  const types = view.partnerSponsoredTypes.filter(
    (t) => query.partnerSponsoredTypesId === undefined || t.id === query.partnerSponsoredTypesId,
  );
  const typeIds = types.map((t) => t.id);
  const filters: ListingFilters = {
    partnerSponsoredTypesIds: typeIds,
    status,
    isFullySponsored: query.isFullySponsored,
    gender: query.gender,
    gradesId: query.gradesId,
    entitiesId: query.entitiesId,
    birthMonth:
      query.birthMonth === undefined
        ? undefined
        : { month: query.birthMonth, birthdayTypeIds: types.filter(typeShowsBirthday).map((t) => t.id) },
    age: band
      ? {
          bornOnOrBefore: birthdayYearsAgo(band.min),
          bornAfter: band.max === null ? null : birthdayYearsAgo(band.max + 1),
          ageTypeIds: types.filter(typeShowsAge).map((t) => t.id),
        }
      : undefined,
    scope: scope ?? undefined,
  };
  const counts = listingCountsOf(db);
  const countKey = `${ctx.partner.id}:${partner.loadedAt}:${JSON.stringify(filters)}`;
  const known = counts.get(countKey);
  const fresh = known && Date.now() - known.at < LISTING_COUNT_TTL_MS ? known.total : undefined;
  const { rows, total } = await findListingPage(
    db,
    ctx.partner.id,
    filters,
    query.offset,
    query.limit,
    fresh,
  );
  if (fresh === undefined) {
    if (counts.size >= MAX_LISTING_COUNTS) counts.delete(counts.keys().next().value!);
    counts.set(countKey, { total, at: Date.now() });
  }
  const rightsOver = await viewerRightsOver(db, ctx.viewer, rows);
  return {
    items: rows.map((r) => stripHidden(summaryOf(r, rightsOver(r)))),
    count: total,
  };
}

/** The open records waiting longest for a sponsor (landing page), masking applied as in the listing. */
export async function listWaitingLongest(
  db: Db,
  ctx: SiteContext,
  limit: number,
): Promise<SponsoredSummary[]> {
  assertSiteOpen(ctx);
  const rows = await findWaitingLongest(db, ctx.partner.id, limit);
  const rightsOver = await viewerRightsOver(db, ctx.viewer, rows);
  return rows.map((r) => stripHidden(summaryOf(r, rightsOver(r))));
}

/** A record of this site's partner that the viewer may open, with the viewer's access to it. */
async function openRecord<Row extends SponsoredRow = SponsoredRow>(
  db: Db,
  ctx: SiteContext,
  id: number,
  find: (db: Db, id: number) => Promise<Row | null> = findSponsoredById as never,
) {
  assertSiteOpen(ctx);
  const row = await find(db, id);
  if (!row || row.partnersId !== ctx.partner.id)
    throw refuse(ERRORS.RECORD_NOT_FOUND, `Sponsored record ${id} was not found.`);
  const access = (await viewerRightsOver(db, ctx.viewer, [row]))(row);
  const visibleStatus = row.status === 'active' || row.status === 'reserved';
  if (!visibleStatus && !access.isSponsor && !access.canAdminister) {
    throw refuse(ERRORS.RECORD_NOT_FOUND, `Sponsored record ${id} was not found.`);
  }
  return { row, access };
}

/**
 * GET sponsoreds/{id}. With a locale, the bio and the program's and country's descriptions read in
 * it, each falling back to the stored (default locale's) text (decision 072).
 */
export async function getSponsored(
  db: Db,
  ctx: SiteContext,
  id: number,
  locale?: Locale,
): Promise<SponsoredDetail> {
  const { row, access } = await openRecord(db, ctx, id, findSponsoredProfile);
  const full = summaryOf(row, access);
  const attributes = row.attributes;
  const columns = row.columns;
  const { hidden, ...summary } = full;
  return {
    ...summary,
    birthday: hidden.birthday,
    birthdayFormatted: hidden.birthday ? formatDate(hidden.birthday) : null,
    showBirthday: hidden.showBirthday,
    showAge: hidden.showAge,
    showLastName: hidden.showLastName,
    bio: translatedText(row.bio ?? '', row.translations, locale, 'bio'),
    homeroom: row.homeroom,
    active: row.active,
    sponsoredAttributes: attributes,
    customColumnValues: columns.map((c) => ({ column: c.column, value: c.value ?? '' })),
    entities: {
      id: row.entitiesId,
      name: row.entityName,
      city: row.entityCity,
      description: translatedText(row.entityDescription, row.entityTranslations, locale, 'description'),
      imageUrl: row.entityImageUrl,
      latitude: row.entityLatitude,
      longitude: row.entityLongitude,
      countries: row.countryName
        ? {
            name: row.countryName,
            description: translatedText(
              row.countryDescription,
              row.countryTranslations,
              locale,
              'description',
            ),
            imageUrl: row.countryImageUrl,
          }
        : null,
    },
    isSponsor: access.isSponsor,
    canAdminister: access.canAdminister,
  };
}

/** GET sponsoreds/{id}/images: the gallery, only for the record's sponsors and administrators. */
export async function getSponsoredImages(db: Db, ctx: SiteContext, id: number): Promise<SponsoredImage[]> {
  const { row, access } = await openRecord(db, ctx, id);
  if (!visibleFieldsFor(row, access).sponsorContent) return [];
  return findImages(db, row.id);
}

/** GET sponsoreds/{id}/updates: 401 without a session, 403 unless sponsor or administrator. */
export async function getSponsoredUpdates(db: Db, ctx: SiteContext, id: number): Promise<Update[]> {
  if (!ctx.viewer) throw unauthorized();
  const { row, access } = await openRecord(db, ctx, id);
  if (!visibleFieldsFor(row, access).sponsorContent) {
    throw forbidden(UPDATES_FORBIDDEN_MESSAGE);
  }
  return findUpdates(db, row.id);
}

/**
 * Whether the viewer may fetch a stored picture of a record: an unmasked record's profile picture
 * is public; every other picture of it (gallery, a masked profile's picture) is for its sponsors
 * and administrators only.
 */
export async function canViewRecordPicture(
  db: Db,
  ctx: SiteContext,
  id: number,
  key: string,
): Promise<boolean> {
  let opened: Awaited<ReturnType<typeof openRecord>>;
  try {
    opened = await openRecord(db, ctx, id);
  } catch {
    return false;
  }
  const { row, access } = opened;
  const visible = visibleFieldsFor(row, access);
  if (visible.sponsorContent) return true;
  return visible.profilePicture && key === row.profileImagePath;
}
