import { DEFAULT_SLOT_NAME, MESSAGES, PAYMENT_PROCESSING_NOTICE } from '@kinship/domain';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { maskedNoticeMessages } from './components/masked-notice';
import { pictureViewerMessages } from './components/picture-viewer';
import { profileTabMessages } from './components/profile-tab';
import { sponsorButtonMessages } from './components/sponsor-button';
import { sponsorUpdatesMessages } from './components/sponsor-updates-tab';
import { slotMessages } from './utils/slot-messages';

// The profile's messages that carry the spec's texts keep them word for word in English (the
// defaults are compiled, so they are compared as the English page shows them).
const intl = createIntl({ locale: 'en-US', defaultLocale: 'en-US' });

describe('the profile’s catalogue defaults', () => {
  it('are the domain’s masking, picture, update and sponsor texts', () => {
    expect(intl.formatMessage(maskedNoticeMessages.lock)).toBe(MESSAGES.maskedLock);
    expect(intl.formatMessage(maskedNoticeMessages.admin)).toBe(MESSAGES.maskedAdmin);
    expect(intl.formatMessage(maskedNoticeMessages.sponsor)).toBe(MESSAGES.maskedSponsor);
    expect(intl.formatMessage(pictureViewerMessages.noDescription)).toBe(MESSAGES.noDescription);
    expect(intl.formatMessage(sponsorUpdatesMessages.none)).toBe(MESSAGES.noUpdates);
    expect(intl.formatMessage(sponsorButtonMessages.sponsored)).toBe(MESSAGES.sponsored);
  });

  it('end the checkout step with the payment notice', () => {
    expect(intl.formatMessage(profileTabMessages.checkOut)).toBe(
      `Check out with a monthly or annual payment. ${PAYMENT_PROCESSING_NOTICE}`,
    );
  });

  it('name slots with the domain’s default slot name', () => {
    expect(intl.formatMessage(slotMessages.plural)).toBe(`${DEFAULT_SLOT_NAME}s`);
    expect(intl.formatMessage(slotMessages.count, { count: 1 })).toBe(`1 ${DEFAULT_SLOT_NAME}`);
    expect(intl.formatMessage(slotMessages.count, { count: 3 })).toBe(`3 ${DEFAULT_SLOT_NAME}s`);
    expect(intl.formatMessage(slotMessages.filled, { filled: 2, max: 5 })).toBe(
      `2 of 5 ${DEFAULT_SLOT_NAME}s filled`,
    );
    expect(intl.formatMessage(slotMessages.whatIs)).toBe(`What is a ${DEFAULT_SLOT_NAME.toLowerCase()}?`);
  });
});
