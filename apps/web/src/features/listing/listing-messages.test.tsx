import { DEFAULT_PROGRAM_LABEL, DEFAULT_SLOT_NAME, MESSAGES } from '@kinship/domain';
import { describe, expect, it } from 'vitest';
import english from '../../../../../lang/en-US.json';
import { labelMessages } from '../../i18n/labels';

/** The listing's spec texts (domain constants) are the catalogue's English word for word. */
describe('the listing’s messages', () => {
  it('keep the spec’s loading and empty texts', () => {
    expect(english['listing.loading']).toBe(MESSAGES.listingLoading);
    expect(english['listing.empty']).toBe(MESSAGES.listingEmpty);
  });

  it('keep the spec’s default slot and program names', () => {
    expect(english['listing.card.slotsFilled']).toBe(`{filled} of {max} ${DEFAULT_SLOT_NAME}s filled`);
    expect(english['listing.card.customSlotsFilled']).toBe('{filled} of {max} {slot}s filled');
    expect(english[labelMessages.tabProgram.id as keyof typeof english]).toBe(DEFAULT_PROGRAM_LABEL);
  });
});
