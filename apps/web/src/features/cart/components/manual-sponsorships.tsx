import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { isSponsorshipActive, sponsoredRecordName, type UserSponsored } from '@kinship/domain';
import { FormattedMessage, useIntl } from 'react-intl';
import { HelpTip } from '../../../components/help-tip';
import { usePayByCard } from '../../../shared/cart/use-pay-by-card';
import { cartMessages } from '../messages';

/** Active manual sponsorships at this partner (paid offline, no subscription behind them); trials are listed apart. */
export function manualSponsorships(lines: UserSponsored[], partnersId: number): UserSponsored[] {
  return lines.filter(
    (line) =>
      line.partnersId === partnersId &&
      isSponsorshipActive(line) &&
      line.isManual === true &&
      !line.subscriptionsId &&
      !line.trial,
  );
}

/**
 * The person's manual (offline) sponsorships with "Pay by card": the record goes into the cart as a
 * conversion (cart item `isConversion`, its current slots), and checkout turns it into a card-paid
 * subscription without taking a new slot.
 */
export function ManualSponsorships({ lines, partnersId }: { lines: UserSponsored[]; partnersId: number }) {
  const intl = useIntl();
  const payByCard = usePayByCard();
  const manual = manualSponsorships(lines, partnersId);
  if (manual.length === 0) return null;
  return (
    <section aria-labelledby="manual-sponsorships-title">
      <Group gap={4} wrap="nowrap" mb="sm">
        <Title order={2} size="h3" id="manual-sponsorships-title">
          <FormattedMessage id="cart.manual.title" defaultMessage="Sponsorships paid offline" />
        </Title>
        <HelpTip
          title={intl.formatMessage({ id: 'cart.manual.helpTitle', defaultMessage: 'Paying by card' })}
          tip={intl.formatMessage({
            id: 'cart.manual.helpTip',
            defaultMessage:
              'These sponsorships are paid by cheque, transfer or cash. Pay by card turns one into a monthly or annual card subscription; you keep the same sponsorship and slots.',
          })}
        />
      </Group>
      <Stack component="ul" gap="sm" p={0} m={0}>
        {manual.map((line) => {
          const name = sponsoredRecordName(
            line.sponsoreds,
            intl.formatMessage(cartMessages.profileFallback, { id: String(line.sponsoredsId) }),
          );
          return (
            <Paper key={line.id} withBorder p="sm" radius="md" component="li" style={{ listStyle: 'none' }}>
              <Group justify="space-between" wrap="wrap" gap="sm">
                <div>
                  <Text fw={600}>{name}</Text>
                  <Text size="sm" c="dimmed">
                    <FormattedMessage
                      id="cart.manual.slots"
                      defaultMessage="{count, plural, one {# slot} other {# slots}} · paid offline"
                      values={{ count: line.numSlots }}
                    />
                  </Text>
                </div>
                <Button
                  size="compact-md"
                  onClick={() => payByCard(line)}
                  aria-label={intl.formatMessage(
                    { id: 'cart.manual.payByCardLabel', defaultMessage: 'Pay by card for {name}' },
                    { name },
                  )}
                >
                  <FormattedMessage id="cart.manual.payByCard" defaultMessage="Pay by card" />
                </Button>
              </Group>
            </Paper>
          );
        })}
      </Stack>
    </section>
  );
}
