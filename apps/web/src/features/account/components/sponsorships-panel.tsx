import { Alert, Anchor, Avatar, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import {
  formatCents,
  formatDate,
  isSponsorshipActive,
  sponsoredRecordName,
  type UserSponsored,
} from '@kinship/domain';
import { Link } from 'react-router';
import { mediaUrl } from '../../../lib/api-client';
import { useUserSponsoreds } from '../api/get-user-sponsoreds';

function sponsoredName(sponsored: UserSponsored['sponsoreds']): string {
  return sponsoredRecordName(sponsored, `Profile ${sponsored.id}`);
}

function amountText(line: UserSponsored): string {
  const amount = formatCents(line.amount);
  if (line.interval === 'month') return `${amount} per month`;
  if (line.interval === 'year') return `${amount} per year`;
  return amount;
}

function SponsorshipRow({ line }: { line: UserSponsored }) {
  const name = sponsoredName(line.sponsoreds);
  const picture = mediaUrl(line.sponsoreds.profileImagePath);
  return (
    <Paper withBorder p="sm" radius="md" component="li" style={{ listStyle: 'none' }}>
      <Group wrap="nowrap" align="flex-start">
        <Avatar src={picture} alt="" radius="md" size={56} color="brand">
          {name[0]}
        </Avatar>
        <div>
          <Anchor component={Link} to={`/sponsored/profile/${line.sponsoredsId}`} fw={700}>
            {name}
          </Anchor>
          <Text size="sm">
            {line.numSlots} {line.numSlots === 1 ? 'slot' : 'slots'} ·{' '}
            {line.trial && !line.dateEnded
              ? `Trial · ends ${formatDate(line.trial.endsAt)}`
              : amountText(line)}
          </Text>
          <Text size="sm" c="dimmed">
            Since {formatDate(line.dateStarted)}
            {line.dateEnded ? ` · ended ${formatDate(line.dateEnded)}` : ''}
          </Text>
        </div>
      </Group>
    </Paper>
  );
}

/** The person's sponsorships at this partner (GET users/{id}/sponsoreds): active ones first, then those that ended. */
export function SponsorshipsPanel({ usersId, partnersId }: { usersId: number; partnersId: number }) {
  const sponsoreds = useUserSponsoreds(usersId);
  if (sponsoreds.isPending) return <Loader size="sm" aria-label="Loading your sponsorships" />;
  if (sponsoreds.isError)
    return (
      <Alert color="red" variant="light" role="alert" title="Your sponsorships could not be loaded">
        {sponsoreds.error.message}
      </Alert>
    );
  const mine = sponsoreds.data.filter((line) => line.partnersId === partnersId);
  const active = mine.filter(isSponsorshipActive);
  const ended = mine.filter((line) => !isSponsorshipActive(line));
  return (
    <Stack gap="lg">
      <section aria-labelledby="sponsorships-active">
        <Title order={2} size="h3" id="sponsorships-active" mb="sm">
          Your sponsorships
        </Title>
        {active.length === 0 ? (
          <Text c="dimmed">You have no active sponsorships yet.</Text>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0}>
            {active.map((line) => (
              <SponsorshipRow key={line.id} line={line} />
            ))}
          </Stack>
        )}
      </section>
      {ended.length > 0 && (
        <section aria-labelledby="sponsorships-ended">
          <Title order={2} size="h4" id="sponsorships-ended" mb="sm">
            Past sponsorships
          </Title>
          <Stack component="ul" gap="sm" p={0} m={0}>
            {ended.map((line) => (
              <SponsorshipRow key={line.id} line={line} />
            ))}
          </Stack>
        </section>
      )}
    </Stack>
  );
}
