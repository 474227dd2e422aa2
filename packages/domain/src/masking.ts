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
