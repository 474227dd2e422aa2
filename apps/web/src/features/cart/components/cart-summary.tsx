import { Divider, Group, Stack, Text } from '@mantine/core';
import type { PaymentInterval } from '@kinship/domain';
import { FormattedMessage, useIntl } from 'react-intl';
import { useFormat } from '../../../i18n/use-format';
import { perIntervalMessages } from '../messages';
import type { PricedCart } from '../utils/price-cart';

/** Base, boost on base and total (spec 9), for the chosen interval. */
export function CartSummary({
  cart,
  interval,
  boostPercent,
}: {
  cart: PricedCart;
  interval: PaymentInterval;
  boostPercent: number;
}) {
  const intl = useIntl();
  const format = useFormat();
  return (
    <Stack
      gap={6}
      aria-label={intl.formatMessage({ id: 'cart.summary.label', defaultMessage: 'Order summary' })}
      role="group"
    >
      <Group justify="space-between">
        <Text>
          <FormattedMessage id="cart.summary.base" defaultMessage="Sponsorship" />
        </Text>
        <Text data-testid="cart-base">{format.cents(cart.baseAmount)}</Text>
      </Group>
      <Group justify="space-between">
        <Text>
          <FormattedMessage
            id="cart.summary.boost"
            defaultMessage="Boost ({percent})"
            values={{ percent: format.percent(boostPercent) }}
          />
        </Text>
        <Text data-testid="cart-boost">{format.cents(cart.additionalAmount)}</Text>
      </Group>
      <Divider />
      <Group justify="space-between">
        <Text fw={700}>
          <FormattedMessage id="cart.summary.total" defaultMessage="Total" />
        </Text>
        <Text fw={700} data-testid="cart-total">
          <FormattedMessage
            {...perIntervalMessages[interval]}
            values={{ amount: format.cents(cart.total) }}
          />
        </Text>
      </Group>
    </Stack>
  );
}
