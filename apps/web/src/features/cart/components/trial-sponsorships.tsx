import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  formatDate,
  isSponsorshipActive,
  sponsoredRecordName,
  TRIAL_REMINDER_DAYS_BEFORE,
  type UserSponsored,
} from '@kinship/domain';
import { usePayByCard } from '../../../shared/cart/use-pay-by-card';

type TrialLine = UserSponsored & { trial: NonNullable<UserSponsored['trial']> };

/** Active trials at this partner not yet paid for (a redeemed trial code, decision 048). */
export function trialSponsorships(lines: UserSponsored[], partnersId: number): TrialLine[] {
  return lines.filter(
    (line): line is TrialLine =>
      line.partnersId === partnersId && isSponsorshipActive(line) && !line.subscriptionsId && !!line.trial,
  );
}

/** When the reminder comes, or came: the words the page and the confirmation email share. */
export function trialReminderText(trial: TrialLine['trial']): string {
  if (trial.remindedAt) return `We emailed you a reminder on ${formatDate(trial.remindedAt)}.`;
  if (new Date(trial.reminderAt).getTime() <= Date.now())
    return 'We will email you a reminder shortly, as it ends within a few days.';
  return `We will email you a reminder on ${formatDate(trial.reminderAt)}, ${TRIAL_REMINDER_DAYS_BEFORE} days before it ends.`;
}

/**
 * The person's trials with their end and "Keep sponsoring": the record goes into the cart as a
 * conversion of the trial's sponsorship (cart item `isConversion`), and checkout turns it into a
 * card-paid subscription without taking a new slot.
 */
export function TrialSponsorships({ lines, partnersId }: { lines: UserSponsored[]; partnersId: number }) {
  const keepSponsoring = usePayByCard();
  const trials = trialSponsorships(lines, partnersId);
  if (trials.length === 0) return null;
  return (
    <section aria-labelledby="trial-sponsorships-title">
      <Title order={2} size="h3" id="trial-sponsorships-title" mb="sm">
        Trial sponsorships
      </Title>
      <Stack component="ul" gap="sm" p={0} m={0}>
        {trials.map((line) => {
          const name = sponsoredRecordName(line.sponsoreds, `Profile ${line.sponsoredsId}`);
          return (
            <Paper key={line.id} withBorder p="sm" radius="md" component="li" style={{ listStyle: 'none' }}>
              <Group justify="space-between" wrap="wrap" gap="sm">
                <div>
                  <Text fw={600}>{name}</Text>
                  <Text size="sm">Trial · ends {formatDate(line.trial.endsAt)}</Text>
                  <Text size="sm" c="dimmed">
                    {trialReminderText(line.trial)}
                  </Text>
                </div>
                <Button
                  size="compact-md"
                  onClick={() => keepSponsoring(line)}
                  aria-label={`Keep sponsoring ${name}`}
                >
                  Keep sponsoring
                </Button>
              </Group>
            </Paper>
          );
        })}
      </Stack>
    </section>
  );
}
