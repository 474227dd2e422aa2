import { Divider, Group, Stack, Text } from '@mantine/core';
import { formatCents, formatPercent, type PaymentInterval } from '@kinship/domain';
import type { PricedCart } from '../utils/price-cart';

const PER: Record<PaymentInterval, string> = { month: 'per month', year: 'per year' };

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
  return (
    <Stack gap={6} aria-label="Order summary" role="group">
      <Group justify="space-between">
        <Text>Sponsorship</Text>
        <Text data-testid="cart-base">{formatCents(cart.baseAmount)}</Text>
      </Group>
      <Group justify="space-between">
        <Text>Boost ({formatPercent(boostPercent)})</Text>
        <Text data-testid="cart-boost">{formatCents(cart.additionalAmount)}</Text>
      </Group>
      <Divider />
      <Group justify="space-between">
        <Text fw={700}>Total</Text>
        <Text fw={700} data-testid="cart-total">
          {formatCents(cart.total)} {PER[interval]}
        </Text>
      </Group>
    </Stack>
  );
}
