import { Alert, Anchor, Avatar, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { isSponsorshipActive, sponsoredRecordName, type UserSponsored } from '@kinship/domain';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useFormat } from '../../../i18n/use-format';
import { mediaUrl } from '../../../lib/api-client';
import { useUserSponsoreds } from '../api/get-user-sponsoreds';

function SponsorshipRow({ line }: { line: UserSponsored }) {
  const intl = useIntl();
  const format = useFormat();
  const name = sponsoredRecordName(
    line.sponsoreds,
    intl.formatMessage(
      { id: 'account.sponsorships.profileFallback', defaultMessage: 'Profile {id}' },
      { id: line.sponsoreds.id },
    ),
  );
  const picture = mediaUrl(line.sponsoreds.profileImagePath);
  const amount = format.cents(line.amount);
  let terms: string;
  if (line.trial && !line.dateEnded) {
    terms = intl.formatMessage(
      { id: 'account.sponsorships.trial', defaultMessage: 'Trial · ends {date}' },
      { date: format.date(line.trial.endsAt) },
    );
  } else if (line.interval === 'month') {
    terms = intl.formatMessage(
      { id: 'account.sponsorships.perMonth', defaultMessage: '{amount} per month' },
      { amount },
    );
  } else if (line.interval === 'year') {
    terms = intl.formatMessage(
      { id: 'account.sponsorships.perYear', defaultMessage: '{amount} per year' },
      { amount },
    );
  } else {
    terms = amount;
  }
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
            <FormattedMessage
              id="account.sponsorships.slotsAndTerms"
              defaultMessage="{count, plural, one {# slot} other {# slots}} · {terms}"
              values={{ count: line.numSlots, terms }}
            />
          </Text>
          <Text size="sm" c="dimmed">
            {line.dateEnded ? (
              <FormattedMessage
                id="account.sponsorships.sinceEnded"
                defaultMessage="Since {start} · ended {end}"
                values={{ start: format.date(line.dateStarted), end: format.date(line.dateEnded) }}
              />
            ) : (
              <FormattedMessage
                id="account.sponsorships.since"
                defaultMessage="Since {start}"
                values={{ start: format.date(line.dateStarted) }}
              />
            )}
          </Text>
        </div>
      </Group>
    </Paper>
  );
}

/** The person's sponsorships at this partner (GET users/{id}/sponsoreds): active ones first, then those that ended. */
export function SponsorshipsPanel({ usersId, partnersId }: { usersId: number; partnersId: number }) {
  const intl = useIntl();
  const sponsoreds = useUserSponsoreds(usersId);
  if (sponsoreds.isPending)
    return (
      <Loader
        size="sm"
        aria-label={intl.formatMessage({
          id: 'account.sponsorships.loading',
          defaultMessage: 'Loading your sponsorships',
        })}
      />
    );
  if (sponsoreds.isError)
    return (
      <Alert
        color="red"
        variant="light"
        role="alert"
        title={intl.formatMessage({
          id: 'account.sponsorships.loadFailed',
          defaultMessage: 'Your sponsorships could not be loaded',
        })}
      >
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
          <FormattedMessage id="account.sponsorships.title" defaultMessage="Your sponsorships" />
        </Title>
        {active.length === 0 ? (
          <Text c="dimmed">
            <FormattedMessage
              id="account.sponsorships.none"
              defaultMessage="You have no active sponsorships yet."
            />
          </Text>
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
            <FormattedMessage id="account.sponsorships.past" defaultMessage="Past sponsorships" />
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
