import { Anchor, Avatar, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { formatCents, type PaymentInterval } from '@kinship/domain';
import { Link } from 'react-router';
import { mediaUrl } from '../../../lib/api-client';
import { cartItemName, type CartLine } from '../utils/price-cart';

const PER: Record<PaymentInterval, string> = { month: 'per month', year: 'per year' };

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
  const { item, sponsored } = line;
  const name = cartItemName(sponsored, item.sponsoredsId);
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
            {item.quantity} {item.quantity === 1 ? 'slot' : 'slots'}
            {item.isConversion ? ' · converting your existing sponsorship to card payments' : ''}
          </Text>
          {line.issue && (
            <Text size="sm" c="red.9" role="alert">
              {line.issue}
            </Text>
          )}
        </Stack>
        <Stack gap={4} align="flex-end">
          {sponsored && (
            <Text fw={700} ta="right">
              {formatCents(line.amount)}{' '}
              <Text span size="sm" c="dimmed" fw={400}>
                {PER[interval]}
              </Text>
            </Text>
          )}
          {onRemove && (
            <Button
              variant="subtle"
              color="red.9"
              size="compact-sm"
              onClick={onRemove}
              aria-label={`Remove ${name}`}
            >
              Remove
            </Button>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
