import {
  PartnerSetting,
  partnerSettingText,
  programLabel,
  type FilterType,
  type PartnerPublic,
  type PartnerSponsoredType,
  type SponsoredSummary,
} from '@kinship/domain';
import type { IntlShape } from 'react-intl';
import { platformFilterLabel, platformOptionText } from './filter-text';

/** Shown where a record has no picture, or its picture is hidden or fails to load. */
export const DEFAULT_PROFILE_IMAGE = '/default-profile.svg';

/** First name plus last name when the viewer may see it; records without a first name go by title. */
export function sponsoredName(sponsored: Pick<SponsoredSummary, 'firstName' | 'lastName' | 'title'>): string {
  const name = [sponsored.firstName, sponsored.lastName].filter(Boolean).join(' ');
  return name || sponsored.title || '';
}

/** The type's own slot name, or null when the partner has not named it (the spec's 'Slot', translated). */
export function customSlotName(type: Pick<PartnerSponsoredType, 'customSlotName'>): string | null {
  return type.customSlotName?.trim() || null;
}

/** The dynamic (program) filter takes the partner's custom program label when setting 3 is set. */
export function filterLabel(intl: IntlShape, filterType: FilterType, partner: PartnerPublic): string {
  if (filterType.type === 'dynamic' && partnerSettingText(partner, PartnerSetting.ProgramLabel, '')) {
    return programLabel(partner);
  }
  return platformFilterLabel(intl, filterType);
}

export type FilterChoice = { value: string; label: string };

/** A dynamic filter lists the partner's programs as "name, city"; a static one its own options. */
export function filterChoices(
  filterType: FilterType,
  partner: PartnerPublic,
  intl?: IntlShape,
): FilterChoice[] {
  if (filterType.type === 'dynamic') {
    return partner.entities.map((entity) => ({
      value: String(entity.id),
      label: entity.city ? `${entity.name}, ${entity.city}` : entity.name,
    }));
  }
  return filterType.options.map((option) => ({
    value: String(option.id),
    label: intl ? platformOptionText(intl, filterType, option) : option.value,
  }));
}
