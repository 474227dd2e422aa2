import {
  sponsorButtonLabel,
  sponsorButtonState,
  type PartnerSponsoredType,
  type SponsoredDetail,
} from '@kinship/domain';
import { Button, Group, Stack, Text } from '@mantine/core';
import { defineMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { DeferredMenu } from '../../../components/deferred-menu';
import { HelpTip } from '../../../components/help-tip';
import { ChevronDownIcon } from '../../../components/icons';
import { useLabels } from '../../../i18n/labels';
import { useFormat } from '../../../i18n/use-format';
import { lazyNamed } from '../../../lib/lazy-with-timeout';
import { addToCart } from '../../../shared/cart/cart-store';
import { usePartner } from '../../../shared/partner/partner-context';
import { useSlotTexts } from '../utils/slot-messages';
import classes from './sponsor-button.module.css';

const loadSlotMenu = () => import('./slot-menu');
const SlotMenu = lazyNamed(loadSlotMenu, 'SlotMenu');

export const sponsorButtonMessages = {
  // The spec's text (domain MESSAGES.sponsored) word for word.
  sponsored: defineMessage({ id: 'profile.sponsor.sponsored', defaultMessage: 'Sponsored!' }),
  single: defineMessage<{ label: string; amount: string }>({
    id: 'profile.sponsor.single',
    defaultMessage: '{label} – {amount}/month',
  }),
  from: defineMessage<{ label: string; amount: string }>({
    id: 'profile.sponsor.from',
    defaultMessage: '{label} – from {amount}/month',
  }),
  choice: defineMessage<{ slots: string; amount: string }>({
    id: 'profile.sponsor.choice',
    defaultMessage: '{slots} – {amount}/month',
  }),
};

export interface SponsorButtonProps {
  detail: Pick<SponsoredDetail, 'id' | 'isSponsor' | 'maxSlots' | 'slotsFilled' | 'monthlyAmount'>;
  type: PartnerSponsoredType | undefined;
}

/**
 * 'Sponsored!' (disabled) when the viewer already sponsors the record or no slots remain; a menu of
 * 1 to min(remaining, visible slots) slots when more than one is selectable; otherwise one Sponsor
 * button. Choosing puts the record in the cart and goes to /checkout.
 */
export function SponsorButton({ detail, type }: SponsorButtonProps) {
  const partner = usePartner();
  const navigate = useNavigate();
  const intl = useIntl();
  const labels = useLabels();
  const format = useFormat();
  const slotTexts = useSlotTexts(type);
  const label = sponsorButtonLabel(partner, labels.sponsor);
  const state = sponsorButtonState({
    isSponsor: detail.isSponsor,
    maxSlots: detail.maxSlots,
    slotsFilled: detail.slotsFilled,
    visibleSlots: type?.visibleSlots,
  });
  const amount = (slots: number) => format.cents(detail.monthlyAmount * slots);
  const choose = (quantity: number) => {
    addToCart({ id: String(detail.id), sponsoredsId: detail.id, quantity });
    void navigate('/checkout');
  };

  switch (state.kind) {
    case 'sponsored':
      return (
        <Button size="lg" fullWidth classNames={classes} disabled>
          {intl.formatMessage(sponsorButtonMessages.sponsored)}
        </Button>
      );
    case 'single':
      return (
        <Button size="lg" fullWidth classNames={classes} onClick={() => choose(1)}>
          {intl.formatMessage(sponsorButtonMessages.single, { label, amount: amount(1) })}
        </Button>
      );
    case 'dropdown': {
      const buttonLabel = intl.formatMessage(sponsorButtonMessages.from, { label, amount: amount(1) });
      const choices = state.choices.map((slots) => ({
        slots,
        label: intl.formatMessage(sponsorButtonMessages.choice, {
          slots: slotTexts.count(slots),
          amount: amount(slots),
        }),
      }));
      return (
        <Stack gap={4}>
          <DeferredMenu
            preload={() => void loadSlotMenu()}
            stub={(props) => (
              <Button size="lg" fullWidth classNames={classes} rightSection={<ChevronDownIcon />} {...props}>
                {buttonLabel}
              </Button>
            )}
            menu={<SlotMenu buttonLabel={buttonLabel} choices={choices} onChoose={choose} openOnArrival />}
          />
          <Group gap={4} justify="center" wrap="nowrap">
            <Text size="sm" c="dimmed">
              {slotTexts.takeMore}
            </Text>
            <HelpTip title={slotTexts.whatIs} tip={slotTexts.explain(state.choices.length)} />
          </Group>
        </Stack>
      );
    }
  }
}
