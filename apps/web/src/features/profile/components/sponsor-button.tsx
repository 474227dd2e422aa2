import {
  formatCents,
  MESSAGES,
  sponsorButtonLabel,
  sponsorButtonState,
  type PartnerSponsoredType,
  type SponsoredDetail,
} from '@kinship/domain';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { DeferredMenu } from '../../../components/deferred-menu';
import { HelpTip } from '../../../components/help-tip';
import { ChevronDownIcon } from '../../../components/icons';
import { lazyNamed } from '../../../lib/lazy-with-timeout';
import { addToCart } from '../../../shared/cart/cart-store';
import { usePartner } from '../../../shared/partner/partner-context';
import { slotCount, slotName } from '../utils/sponsored-display';
import classes from './sponsor-button.module.css';

const loadSlotMenu = () => import('./slot-menu');
const SlotMenu = lazyNamed(loadSlotMenu, 'SlotMenu');

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
  const label = sponsorButtonLabel(partner);
  const state = sponsorButtonState({
    isSponsor: detail.isSponsor,
    maxSlots: detail.maxSlots,
    slotsFilled: detail.slotsFilled,
    visibleSlots: type?.visibleSlots,
  });
  const perMonth = (slots: number) => `${formatCents(detail.monthlyAmount * slots)}/month`;
  const choose = (quantity: number) => {
    addToCart({ id: String(detail.id), sponsoredsId: detail.id, quantity });
    void navigate('/checkout');
  };

  switch (state.kind) {
    case 'sponsored':
      return (
        <Button size="lg" fullWidth classNames={classes} disabled>
          {MESSAGES.sponsored}
        </Button>
      );
    case 'single':
      return (
        <Button size="lg" fullWidth classNames={classes} onClick={() => choose(1)}>
          {`${label} – ${perMonth(1)}`}
        </Button>
      );
    case 'dropdown': {
      const buttonLabel = `${label} – from ${perMonth(1)}`;
      const choices = state.choices.map((slots) => ({
        slots,
        label: `${slotCount(slots, type)} – ${perMonth(slots)}`,
      }));
      const slot = slotName(type).toLowerCase();
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
              You can take more than one {slot}.
            </Text>
            <HelpTip
              title={`What is a ${slot}?`}
              tip={`Several sponsors can share one profile, each taking a ${slot} at the monthly amount. Taking more than one ${slot} gives more support; you can choose 1 to ${state.choices.length}.`}
            />
          </Group>
        </Stack>
      );
    }
  }
}
