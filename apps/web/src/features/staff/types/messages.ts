import { defineMessage } from 'react-intl';

/**
 * What a price change does to the sponsorships already running: the domain's
 * keptPriceMessage(count) as an ICU plural; a test holds its English equal for 0, 1 and several.
 */
export const keptPriceDescriptor = defineMessage<{ count: number }>({
  id: 'staff.types.price.kept',
  defaultMessage:
    '{count, plural, =0 {No existing sponsorship is affected: the new price applies to new sponsorships.} one {# existing sponsorship keeps its price. Their sponsors are offered the new price (price reset) on their subscription page; nothing changes for them until they accept.} other {# existing sponsorships keep their price. Their sponsors are offered the new price (price reset) on their subscription page; nothing changes for them until they accept.}}',
});
