import type { SponsoredDetail } from '@kinship/domain';

/** Shown where a record has no picture, or its picture is hidden or fails to load. */
export const DEFAULT_PROFILE_IMAGE = '/default-profile.svg';

/** First name plus last name when the viewer may see it; records without a first name go by title. */
export function sponsoredName(sponsored: Pick<SponsoredDetail, 'firstName' | 'lastName' | 'title'>): string {
  const name = [sponsored.firstName, sponsored.lastName].filter(Boolean).join(' ');
  return name || sponsored.title || '';
}

/** "Antigua Community School, Antigua, Guatemala": program name, city and country. */
export function locationText(entity: SponsoredDetail['entities']): string {
  return [entity.name, entity.city, entity.countries?.name].filter(Boolean).join(', ');
}
