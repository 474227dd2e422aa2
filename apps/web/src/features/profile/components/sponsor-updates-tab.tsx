import { Card, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { defineMessages, FormattedMessage } from 'react-intl';
import { LoadingScreen } from '../../../components/loading-screen';
import { SanitizedHtml } from '../../../components/sanitized-html';
import { useFormat } from '../../../i18n/use-format';
import { useSponsoredUpdates } from '../api/get-sponsored-updates';

export const sponsorUpdatesMessages = defineMessages({
  // The spec's text (domain MESSAGES.noUpdates) word for word.
  none: { id: 'profile.updates.none', defaultMessage: 'No updates yet. Check back later!' },
});

/** The Sponsor Updates tab (sponsors and partner admins only): each update's title, date and message. */
export function SponsorUpdatesTab({ sponsoredId }: { sponsoredId: number }) {
  const updates = useSponsoredUpdates(sponsoredId);
  const format = useFormat();

  useEffect(() => {
    if (updates.isError) console.error('Could not load the sponsor updates', updates.error);
  }, [updates.isError, updates.error]);

  if (updates.isPending) return <LoadingScreen />;
  // Failures are logged only (spec 8).
  if (updates.isError) return null;
  if (updates.data.length === 0) {
    return (
      <Text>
        <FormattedMessage {...sponsorUpdatesMessages.none} />
      </Text>
    );
  }
  return (
    <Stack gap="md">
      {updates.data.map((update) => (
        <Card key={update.id} withBorder radius="md" padding="lg" component="article">
          <Title order={2} size="h4">
            {update.title}
          </Title>
          <Text size="sm" c="dimmed" mb="xs">
            {displayDate(update.distributionDate, format.date)}
          </Text>
          <SanitizedHtml html={update.updateMessage} />
        </Card>
      ))}
    </Stack>
  );
}

/** The page's date format (en-US MM/DD/YYYY); a date the formatter cannot read is shown as given. */
function displayDate(value: string, date: (value: string) => string): string {
  try {
    return date(value);
  } catch {
    return value;
  }
}
