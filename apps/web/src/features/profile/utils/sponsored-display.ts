import { DEFAULT_SLOT_NAME, type PartnerSponsoredType, type SponsoredDetail } from '@kinship/domain';

/** Shown where a record has no picture, or its picture is hidden or fails to load. */
export const DEFAULT_PROFILE_IMAGE = '/default-profile.svg';

/** First name plus last name when the viewer may see it; records without a first name go by title. */
export function sponsoredName(sponsored: Pick<SponsoredDetail, 'firstName' | 'lastName' | 'title'>): string {
  const name = [sponsored.firstName, sponsored.lastName].filter(Boolean).join(' ');
  return name || sponsored.title || '';
}

/** The type's slot name, 'Slot' when the partner has not named it (or the type is unknown). */
export function slotName(type: Pick<PartnerSponsoredType, 'customSlotName'> | undefined): string {
  return type?.customSlotName?.trim() || DEFAULT_SLOT_NAME;
}

/** "1 Slot" or "3 Slots" with the type's slot name. */
export function slotCount(
  count: number,
  type: Pick<PartnerSponsoredType, 'customSlotName'> | undefined,
): string {
  return `${count} ${slotName(type)}${count === 1 ? '' : 's'}`;
}

/** "Antigua Community School, Antigua, Guatemala": program name, city and country. */
export function locationText(entity: SponsoredDetail['entities']): string {
  return [entity.name, entity.city, entity.countries?.name].filter(Boolean).join(', ');
}
