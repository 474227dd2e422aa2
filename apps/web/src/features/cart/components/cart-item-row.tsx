import { Anchor, Avatar, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { PaymentInterval } from '@kinship/domain';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useFormat } from '../../../i18n/use-format';
import { mediaUrl } from '../../../lib/api-client';
import { cartMessages } from '../messages';
import { cartItemName, type CartLine } from '../utils/price-cart';

/** One cart line: picture, name (linking to the profile), slots, price, Remove, and the invalid-item flag. */
export function CartItemRow({
  line,
  interval,
  onRemove,
}: {
  line: CartLine;
  interval: PaymentInterval;
  onRemove?: () => void;
}) {
  const intl = useIntl();
  const format = useFormat();
  const { item, sponsored } = line;
  const name = cartItemName(
    sponsored,
    item.sponsoredsId,
    intl.formatMessage(cartMessages.profileFallback, { id: String(item.sponsoredsId) }),
  );
  const issue =
    line.issueKind === 'alreadySponsor'
      ? intl.formatMessage(cartMessages.alreadySponsor, { name })
      : line.issueKind === 'invalid'
        ? intl.formatMessage(cartMessages.invalidItem)
        : null;
  const dimmed = (chunks: ReactNode[]) => (
    <Text span size="sm" c="dimmed" fw={400}>
      {chunks}
    </Text>
  );
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      radius="md"
      style={{ listStyle: 'none', borderColor: line.invalid ? 'var(--mantine-color-red-7)' : undefined }}
      aria-label={name}
    >
      <Group wrap="nowrap" align="flex-start" gap="md">
        {line.loading ? (
          <Skeleton height={56} width={56} radius="md" />
        ) : (
          <Avatar src={mediaUrl(sponsored?.profileImagePath)} alt="" radius="md" size={56} color="brand">
            {name[0]}
          </Avatar>
        )}
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          {line.loading ? (
            <Skeleton height={16} width="40%" />
          ) : (
            <Anchor component={Link} to={`/sponsored/profile/${item.sponsoredsId}`} fw={700}>
              {name}
            </Anchor>
          )}
          <Text size="sm" c="dimmed">
            {item.isConversion ? (
              <FormattedMessage
                id="cart.item.slotsConverting"
                defaultMessage="{count, plural, one {# slot} other {# slots}} · converting your existing sponsorship to card payments"
                values={{ count: item.quantity }}
              />
            ) : (
              <FormattedMessage
                id="cart.item.slots"
                defaultMessage="{count, plural, one {# slot} other {# slots}}"
                values={{ count: item.quantity }}
              />
            )}
          </Text>
          {issue && (
            <Text size="sm" c="red.9" role="alert">
              {issue}
            </Text>
          )}
        </Stack>
        <Stack gap={4} align="flex-end">
          {sponsored && (
            <Text fw={700} ta="right">
              {interval === 'year' ? (
                <FormattedMessage
                  id="cart.item.pricePerYear"
                  defaultMessage="{amount} <dim>per year</dim>"
                  values={{ amount: format.cents(line.amount), dim: dimmed }}
                />
              ) : (
                <FormattedMessage
                  id="cart.item.pricePerMonth"
                  defaultMessage="{amount} <dim>per month</dim>"
                  values={{ amount: format.cents(line.amount), dim: dimmed }}
                />
              )}
            </Text>
          )}
          {onRemove && (
            <Button
              variant="subtle"
              color="red.9"
              size="compact-sm"
              onClick={onRemove}
              aria-label={intl.formatMessage(
                { id: 'cart.item.removeLabel', defaultMessage: 'Remove {name}' },
                { name },
              )}
            >
              <FormattedMessage id="cart.item.remove" defaultMessage="Remove" />
            </Button>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
