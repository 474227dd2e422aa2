import {
  AGE_BANDS,
  ageFromBirthday,
  formatDate,
  hasAnyPartnerPermission,
  MESSAGES,
  type RecordRights,
  type SponsoredDetail,
  type SponsoredImage,
  type SponsoredSummary,
  type Update,
} from '@kinship/domain';
import type { Db } from '../../db/client.ts';
import { requireAccess } from '../../platform/access.ts';
import { badRequest, forbidden, notFound, unauthorized } from '../../platform/errors.ts';
import type { RequestViewer } from '../../platform/viewer.ts';
import type { PartnerRow } from '../partners/partners.repository.ts';
import { displayOf, viewerRightsOver, visibleFieldsFor } from './record-rights.ts';
import {
  entityBelongsToPartner,
  findAttributes,
  findCustomColumnValues,
  findEntityDetail,
  findImages,
  findListingPage,
  findWaitingLongest,
  findSponsoredById,
  findUpdates,
  type ListingFilters,
  type SponsoredRow,
} from './sponsoreds.repository.ts';

export const PRIVATE_DEMO_MESSAGE = 'This is a private demo. Please contact the provider for access.';
export const INACTIVE_LIST_FORBIDDEN_MESSAGE =
  'Only partner administrators can list inactive or archived records.';
export const UPDATES_FORBIDDEN_MESSAGE =
  'Only sponsors of this profile and partner administrators can see its updates.';

/** The caller of a sponsored-record service: the site's partner and who is asking. */
export interface SiteContext {
  partner: PartnerRow;
  viewer: RequestViewer | null;
}

/** A private demo answers only to people holding a permission there. */
export function assertSiteOpen({ partner, viewer }: SiteContext): void {
  if (partner.privateDemo && !hasAnyPartnerPermission(viewer?.permissions ?? null, partner.id)) {
    throw forbidden(PRIVATE_DEMO_MESSAGE);
  }
}

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
  // The partner model's error (spec 8) for a program of another partner.
  if (
    query.entitiesId !== undefined &&
    !(await entityBelongsToPartner(db, ctx.partner.id, query.entitiesId))
  ) {
    throw badRequest(MESSAGES.entityNotInPartner(query.entitiesId));
  }
  const filters: ListingFilters = {
    partnerSponsoredTypesId: query.partnerSponsoredTypesId,
    status,
    isFullySponsored: query.isFullySponsored,
    gender: query.gender,
    gradesId: query.gradesId,
    entitiesId: query.entitiesId,
    birthMonth: query.birthMonth,
    ageMin: band?.min,
    ageMax: band?.max,
    scope: scope ?? undefined,
  };
  const { rows, total } = await findListingPage(db, ctx.partner.id, filters, query.offset, query.limit);
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
async function openRecord(db: Db, ctx: SiteContext, id: number) {
  assertSiteOpen(ctx);
  const row = await findSponsoredById(db, id);
  if (!row || row.partnersId !== ctx.partner.id) throw notFound(`Sponsored record ${id} was not found.`);
  const access = (await viewerRightsOver(db, ctx.viewer, [row]))(row);
  const visibleStatus = row.status === 'active' || row.status === 'reserved';
  if (!visibleStatus && !access.isSponsor && !access.canAdminister) {
    throw notFound(`Sponsored record ${id} was not found.`);
  }
  return { row, access };
}

/** GET sponsoreds/{id}. */
export async function getSponsored(db: Db, ctx: SiteContext, id: number): Promise<SponsoredDetail> {
  const { row, access } = await openRecord(db, ctx, id);
  const full = summaryOf(row, access);
  const [entity, attributes, columns] = await Promise.all([
    findEntityDetail(db, row.entitiesId),
    findAttributes(db, row.id),
    findCustomColumnValues(db, row.id),
  ]);
  const { hidden, ...summary } = full;
  return {
    ...summary,
    birthday: hidden.birthday,
    birthdayFormatted: hidden.birthday ? formatDate(hidden.birthday) : null,
    showBirthday: hidden.showBirthday,
    showAge: hidden.showAge,
    showLastName: hidden.showLastName,
    bio: row.bio ?? '',
    homeroom: row.homeroom,
    active: row.active,
    sponsoredAttributes: attributes,
    customColumnValues: columns.map((c) => ({ column: c.column, value: c.value ?? '' })),
    entities: {
      id: row.entitiesId,
      name: entity?.name ?? row.entityName,
      city: entity?.city ?? row.entityCity,
      description: entity?.description ?? null,
      imageUrl: entity?.imageUrl ?? null,
      latitude: entity?.latitude ?? null,
      longitude: entity?.longitude ?? null,
      countries: entity?.countryName
        ? {
            name: entity.countryName,
            description: entity.countryDescription,
            imageUrl: entity.countryImageUrl,
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
