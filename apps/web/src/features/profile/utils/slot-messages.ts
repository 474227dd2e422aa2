import { DEFAULT_SLOT_NAME, type PartnerSponsoredType } from '@kinship/domain';
import { useMemo } from 'react';
import { defineMessage, useIntl } from 'react-intl';

/**
 * What the profile says about slots. A type without its own slot name says "Slot" (the domain's
 * DEFAULT_SLOT_NAME, translated); a partner's own name (partner content) is shown as written,
 * with an "s" for more than one as before.
 */
export const slotMessages = {
  plural: defineMessage({ id: 'profile.slot.plural', defaultMessage: 'Slots' }),
  customPlural: defineMessage<{ name: string }>({
    id: 'profile.slot.customPlural',
    defaultMessage: '{name}s',
  }),
  count: defineMessage<{ count: number }>({
    id: 'profile.slot.count',
    defaultMessage: '{count, plural, one {# Slot} other {# Slots}}',
  }),
  customCount: defineMessage<{ count: number; name: string }>({
    id: 'profile.slot.customCount',
    defaultMessage: '{count, plural, one {# {name}} other {# {name}s}}',
  }),
  filled: defineMessage<{ filled: number; max: number }>({
    id: 'profile.slot.filled',
    defaultMessage: '{filled} of {max} Slots filled',
  }),
  customFilled: defineMessage<{ filled: number; max: number; name: string }>({
    id: 'profile.slot.customFilled',
    defaultMessage: '{filled} of {max} {name}s filled',
  }),
  takeMore: defineMessage({
    id: 'profile.slot.takeMore',
    defaultMessage: 'You can take more than one slot.',
  }),
  customTakeMore: defineMessage<{ slot: string }>({
    id: 'profile.slot.customTakeMore',
    defaultMessage: 'You can take more than one {slot}.',
  }),
  whatIs: defineMessage({ id: 'profile.slot.whatIs', defaultMessage: 'What is a slot?' }),
  customWhatIs: defineMessage<{ slot: string }>({
    id: 'profile.slot.customWhatIs',
    defaultMessage: 'What is a {slot}?',
  }),
  explain: defineMessage<{ max: number }>({
    id: 'profile.slot.explain',
    defaultMessage:
      'Several sponsors can share one profile, each taking a slot at the monthly amount. Taking more than one slot gives more support; you can choose 1 to {max}.',
  }),
  customExplain: defineMessage<{ slot: string; max: number }>({
    id: 'profile.slot.customExplain',
    defaultMessage:
      'Several sponsors can share one profile, each taking a {slot} at the monthly amount. Taking more than one {slot} gives more support; you can choose 1 to {max}.',
  }),
};

/** The type's own slot name, or null when it says the default "Slot" (or the type is unknown). */
export function customSlotName(
  type: Pick<PartnerSponsoredType, 'customSlotName'> | undefined,
): string | null {
  const name = type?.customSlotName?.trim();
  return name && name !== DEFAULT_SLOT_NAME ? name : null;
}

export interface SlotTexts {
  /** "Slots": the key information's row label. */
  plural: string;
  /** "1 Slot", "3 Slots". */
  count: (count: number) => string;
  /** "2 of 5 Slots filled". */
  filled: (filled: number, max: number) => string;
  /** "You can take more than one slot." */
  takeMore: string;
  /** "What is a slot?" */
  whatIs: string;
  /** Why a profile has slots, with the most a sponsor can choose here. */
  explain: (max: number) => string;
}

/** The slot texts for a type, in the page's language. */
export function useSlotTexts(type: Pick<PartnerSponsoredType, 'customSlotName'> | undefined): SlotTexts {
  const intl = useIntl();
  const name = customSlotName(type);
  return useMemo(() => {
    if (name === null) {
      return {
        plural: intl.formatMessage(slotMessages.plural),
        count: (count) => intl.formatMessage(slotMessages.count, { count }),
        filled: (filled, max) => intl.formatMessage(slotMessages.filled, { filled, max }),
        takeMore: intl.formatMessage(slotMessages.takeMore),
        whatIs: intl.formatMessage(slotMessages.whatIs),
        explain: (max) => intl.formatMessage(slotMessages.explain, { max }),
      };
    }
    const slot = name.toLowerCase();
    return {
      plural: intl.formatMessage(slotMessages.customPlural, { name }),
      count: (count) => intl.formatMessage(slotMessages.customCount, { count, name }),
      filled: (filled, max) => intl.formatMessage(slotMessages.customFilled, { filled, max, name }),
      takeMore: intl.formatMessage(slotMessages.customTakeMore, { slot }),
      whatIs: intl.formatMessage(slotMessages.customWhatIs, { slot }),
      explain: (max) => intl.formatMessage(slotMessages.customExplain, { slot, max }),
    };
  }, [intl, name]);
}
