import {
  AGE_BANDS,
  ageFromBirthday,
  canAdministerSponsored,
  canSeeSponsorContent,
  formatDate,
  hasAnyPartnerPermission,
  isPartnerAdmin,
  MESSAGES,
  type SponsoredDetail,
  type SponsoredImage,
  type SponsoredSummary,
  type Update,
} from '@kinship/domain';
import type { Db } from '../../db/client.ts';
import { badRequest, forbidden, notFound, unauthorized } from '../../platform/errors.ts';
import type { RequestViewer } from '../../platform/viewer.ts';
import type { PartnerRow } from '../partners/partners.repository.ts';
import {
  entityBelongsToPartner,
  findActivelySponsoredIds,
  findAttributes,
  findCustomColumnValues,
  findEntityDetail,
  findImages,
  findListingPage,
  findSponsoredById,
  findUpdates,
  type ListingFilters,
  type SponsoredRow,
} from './sponsoreds.repository.ts';

export const PRIVATE_DEMO_MESSAGE = 'This is a private demo. Please contact the provider for access.';
export const UPDATES_FORBIDDEN_MESSAGE =
  'Only sponsors of this profile and partner administrators can see its updates.';

/** The caller of a sponsored-record service: the site's partner and who is asking. */
export interface SiteContext {
  partner: PartnerRow;
  viewer: RequestViewer | null;
  /** The request's id and client address, for the audit trail. */
  requestId: string;
  clientAddress: string;
}

interface RecordAccess {
  isSponsor: boolean;
  canAdminister: boolean;
}

/** A private demo answers only to people holding a permission there. */
export function assertSiteOpen({ partner, viewer }: SiteContext): void {
  if (partner.privateDemo && !hasAnyPartnerPermission(viewer?.permissions ?? null, partner.id)) {
    throw forbidden(PRIVATE_DEMO_MESSAGE);
  }
}

function accessTo(row: SponsoredRow, viewer: RequestViewer | null, sponsoredIds: Set<number>): RecordAccess {
  return {
    isSponsor: sponsoredIds.has(row.id),
    canAdminister: canAdministerSponsored(viewer?.permissions ?? null, {
      partnersId: row.partnersId,
      entitiesId: row.entitiesId,
    }),
  };
}

/**
 * The masking rule, applied here so private fields never leave the server: for a masked record a
 * viewer who is neither its sponsor nor able to administer it gets no last name, birthday or picture.
 * Display flags (show last name, birthday, age) apply to everyone else too.
 */
function summaryOf(row: SponsoredRow, access: RecordAccess): SponsoredSummary & { hidden: HiddenFields } {
  const masked = row.recordMasked || row.typeMasks;
  const privileged = canSeeSponsorContent({
    isSponsor: access.isSponsor,
    isPartnerAdmin: access.canAdminister,
  });
  const showLastName = row.recordShowLastName ?? row.typeShowLastName;
  const showAge = row.recordShowAge ?? row.typeShowAge;
  const showBirthday = row.recordShowBirthday ?? row.typeShowBirthday;
  const seeLastName = privileged || (!masked && showLastName);
  const seeBirthday = privileged || (!masked && showBirthday);
  const seeAge = privileged || showAge;
  return {
    id: row.id,
    code: row.code,
    firstName: row.firstName ?? row.title ?? '',
    lastName: seeLastName ? row.lastName : null,
    title: row.title,
    gender: row.gender as SponsoredSummary['gender'],
    age: row.birthday && seeAge ? ageFromBirthday(row.birthday) : null,
    gradesId: row.gradesId,
    grades: row.gradeDescription ? { description: row.gradeDescription } : null,
    masked,
    monthlyAmount: row.monthlyAmount ?? 0,
    maxSlots: row.maxSlots,
    slotsFilled: row.slotsFilled,
    sponsoredTypesId: row.sponsoredTypesId as SponsoredSummary['sponsoredTypesId'],
    partnerSponsoredTypesId: row.partnerSponsoredTypesId,
    entitiesId: row.entitiesId,
    entities: { id: row.entitiesId, name: row.entityName, city: row.entityCity },
    profileImagePath: masked && !privileged ? null : row.profileImagePath,
    status: row.status as SponsoredSummary['status'],
    hidden: {
      birthday: seeBirthday ? row.birthday : null,
      showBirthday,
      showAge,
      showLastName,
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
  const admin = isPartnerAdmin(ctx.viewer?.permissions ?? null, ctx.partner.id);
  const status = query.status ?? 'active';
  if (!admin && (status === 'inactive' || status === 'archived')) {
    throw forbidden('Only partner administrators can list inactive or archived records.');
  }
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
  };
  const { rows, total } = await findListingPage(db, ctx.partner.id, filters, query.offset, query.limit);
  const sponsoredIds = ctx.viewer?.user
    ? await findActivelySponsoredIds(
        db,
        ctx.viewer.user.id,
        rows.map((r) => r.id),
      )
    : new Set<number>();
  return {
    items: rows.map((r) => stripHidden(summaryOf(r, accessTo(r, ctx.viewer, sponsoredIds)))),
    count: total,
  };
}

/** A record of this site's partner that the viewer may open, with the viewer's access to it. */
async function openRecord(db: Db, ctx: SiteContext, id: number) {
  assertSiteOpen(ctx);
  const row = await findSponsoredById(db, id);
  if (!row || row.partnersId !== ctx.partner.id) throw notFound(`Sponsored record ${id} was not found.`);
  const sponsoredIds = ctx.viewer?.user
    ? await findActivelySponsoredIds(db, ctx.viewer.user.id, [row.id])
    : new Set<number>();
  const access = accessTo(row, ctx.viewer, sponsoredIds);
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
  if (!canSeeSponsorContent({ isSponsor: access.isSponsor, isPartnerAdmin: access.canAdminister })) return [];
  return findImages(db, row.id);
}

/** GET sponsoreds/{id}/updates: 401 without a session, 403 unless sponsor or administrator. */
export async function getSponsoredUpdates(db: Db, ctx: SiteContext, id: number): Promise<Update[]> {
  if (!ctx.viewer) throw unauthorized();
  const { row, access } = await openRecord(db, ctx, id);
  if (!canSeeSponsorContent({ isSponsor: access.isSponsor, isPartnerAdmin: access.canAdminister })) {
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
  if (canSeeSponsorContent({ isSponsor: access.isSponsor, isPartnerAdmin: access.canAdminister }))
    return true;
  const masked = row.recordMasked || row.typeMasks;
  return !masked && key === row.profileImagePath;
}
