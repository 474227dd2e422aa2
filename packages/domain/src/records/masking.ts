import { canAdministerSponsored, type Viewer } from '../shared/permissions.ts';

// Masked profiles (spec 1, 4 and 6): masking hides identity; sponsors and
// partner admins see the unmasked profile.

export type MaskingContext = { masked: boolean; isSponsor: boolean; isPartnerAdmin: boolean };

export type MaskedNoticeKind = 'lock' | 'admin' | 'sponsor';

/** Unmasked records are always visible; masked ones only to a sponsor or a partner admin. */
export function canSeePrivate({ masked, isSponsor, isPartnerAdmin }: MaskingContext): boolean {
  return !masked || isSponsor || isPartnerAdmin;
}

/** Pictures and updates are for a sponsor of the record or a partner admin, masked or not. */
export function canSeeSponsorContent({ isSponsor, isPartnerAdmin }: Omit<MaskingContext, 'masked'>): boolean {
  return isSponsor || isPartnerAdmin;
}

/**
 * Which notice a masked profile shows: 'admin' to partner admins (also when
 * they sponsor it), 'sponsor' to sponsors, 'lock' to everyone else. Unmasked
 * profiles show none (null).
 */
export function maskedNoticeKind({
  masked,
  isSponsor,
  isPartnerAdmin,
}: MaskingContext): MaskedNoticeKind | null {
  if (!masked) return null;
  if (isPartnerAdmin) return 'admin';
  if (isSponsor) return 'sponsor';
  return 'lock';
}

// ------------------------------------------------------------------ the viewer's rights over a record

/**
 * What the VIEWER holds over one sponsored record: sponsor of it (an active sponsorship of the
 * viewer's own) or able to administer its program (a partner-wide admin, an admin of that program,
 * a platform admin). Every answer carrying a sponsored record unmasks by these rights, never by
 * the rights of a person the answer is about (another donor's sponsorships, say).
 */
export interface RecordRights {
  isSponsor: boolean;
  canAdminister: boolean;
}

/** The identity of a sponsored record as rights are decided on: its partner and program. */
export interface RecordRef {
  id: number;
  partnersId: number;
  entitiesId: number;
}

/** The viewer's rights over `record`; `activelySponsoredIds` are the ids the viewer sponsors now. */
export function recordRightsOf(
  viewer: Viewer,
  record: RecordRef,
  activelySponsoredIds: ReadonlySet<number>,
): RecordRights {
  return {
    isSponsor: viewer !== null && activelySponsoredIds.has(record.id),
    canAdminister: canAdministerSponsored(viewer, record),
  };
}

/** A record's display flags, the type's defaults already applied to the record's own. */
export interface RecordDisplay {
  masked: boolean;
  showLastName: boolean;
  showBirthday: boolean;
  showAge: boolean;
}

/** Which private fields of a record an answer may carry to a viewer with `rights`. */
export interface VisibleFields {
  lastName: boolean;
  birthday: boolean;
  age: boolean;
  profilePicture: boolean;
  /** The gallery and the updates. */
  sponsorContent: boolean;
}

/**
 * The one masking rule of every answer: a sponsor of the record or someone who administers it sees
 * everything; anyone else sees what the display flags show, and of a masked record no last name,
 * birthday or picture.
 */
export function visibleFieldsOf(display: RecordDisplay, rights: RecordRights): VisibleFields {
  const privileged = canSeeSponsorContent({
    isSponsor: rights.isSponsor,
    isPartnerAdmin: rights.canAdminister,
  });
  return {
    lastName: privileged || (!display.masked && display.showLastName),
    birthday: privileged || (!display.masked && display.showBirthday),
    age: privileged || display.showAge,
    profilePicture: privileged || !display.masked,
    sponsorContent: privileged,
  };
}
