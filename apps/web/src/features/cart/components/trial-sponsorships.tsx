import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  isSponsorshipActive,
  sponsoredRecordName,
  TRIAL_REMINDER_DAYS_BEFORE,
  type UserSponsored,
} from '@kinship/domain';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { useFormat, type Formats } from '../../../i18n/use-format';
import { usePayByCard } from '../../../shared/cart/use-pay-by-card';
import { cartMessages } from '../messages';

type TrialLine = UserSponsored & { trial: NonNullable<UserSponsored['trial']> };

/** Active trials at this partner not yet paid for (a redeemed trial code, decision 048). */
export function trialSponsorships(lines: UserSponsored[], partnersId: number): TrialLine[] {
  return lines.filter(
    (line): line is TrialLine =>
      line.partnersId === partnersId && isSponsorshipActive(line) && !line.subscriptionsId && !!line.trial,
  );
}

/** When the reminder comes, or came: the words the page and the confirmation email share. */
export function trialReminderText(trial: TrialLine['trial'], intl: IntlShape, format: Formats): string {
  if (trial.remindedAt)
    return intl.formatMessage(
      { id: 'cart.trial.reminded', defaultMessage: 'We emailed you a reminder on {date}.' },
      { date: format.date(trial.remindedAt) },
    );
  if (new Date(trial.reminderAt).getTime() <= Date.now())
    return intl.formatMessage({
      id: 'cart.trial.reminderSoon',
      defaultMessage: 'We will email you a reminder shortly, as it ends within a few days.',
    });
  return intl.formatMessage(
    {
      id: 'cart.trial.reminderOn',
      defaultMessage:
        'We will email you a reminder on {date}, {days, plural, one {# day} other {# days}} before it ends.',
    },
    { date: format.date(trial.reminderAt), days: TRIAL_REMINDER_DAYS_BEFORE },
  );
}

/**
 * The person's trials with their end and "Keep sponsoring": the record goes into the cart as a
 * conversion of the trial's sponsorship (cart item `isConversion`), and checkout turns it into a
 * card-paid subscription without taking a new slot.
 */
export function TrialSponsorships({ lines, partnersId }: { lines: UserSponsored[]; partnersId: number }) {
  const intl = useIntl();
  const format = useFormat();
  const keepSponsoring = usePayByCard();
  const trials = trialSponsorships(lines, partnersId);
  if (trials.length === 0) return null;
  return (
    <section aria-labelledby="trial-sponsorships-title">
      <Title order={2} size="h3" id="trial-sponsorships-title" mb="sm">
        <FormattedMessage id="cart.trial.title" defaultMessage="Trial sponsorships" />
      </Title>
      <Stack component="ul" gap="sm" p={0} m={0}>
        {trials.map((line) => {
          const name = sponsoredRecordName(
            line.sponsoreds,
            intl.formatMessage(cartMessages.profileFallback, { id: String(line.sponsoredsId) }),
          );
          return (
            <Paper key={line.id} withBorder p="sm" radius="md" component="li" style={{ listStyle: 'none' }}>
              <Group justify="space-between" wrap="wrap" gap="sm">
                <div>
                  <Text fw={600}>{name}</Text>
                  <Text size="sm">
                    <FormattedMessage
                      id="cart.trial.ends"
                      defaultMessage="Trial · ends {date}"
                      values={{ date: format.date(line.trial.endsAt) }}
                    />
                  </Text>
                  <Text size="sm" c="dimmed">
                    {trialReminderText(line.trial, intl, format)}
                  </Text>
                </div>
                <Button
                  size="compact-md"
                  onClick={() => keepSponsoring(line)}
                  aria-label={intl.formatMessage(
                    { id: 'cart.trial.keepLabel', defaultMessage: 'Keep sponsoring {name}' },
                    { name },
                  )}
                >
                  <FormattedMessage id="cart.trial.keep" defaultMessage="Keep sponsoring" />
                </Button>
              </Group>
            </Paper>
          );
        })}
      </Stack>
    </section>
  );
}
