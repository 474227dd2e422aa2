import { formatDate, MESSAGES } from '@kinship/domain';
import { Card, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { LoadingScreen } from '../../../components/loading-screen';
import { SanitizedHtml } from '../../../components/sanitized-html';
import { useSponsoredUpdates } from '../api/get-sponsored-updates';

/** The Sponsor Updates tab (sponsors and partner admins only): each update's title, date and message. */
export function SponsorUpdatesTab({ sponsoredId }: { sponsoredId: number }) {
  const updates = useSponsoredUpdates(sponsoredId);

  useEffect(() => {
    if (updates.isError) console.error('Could not load the sponsor updates', updates.error);
  }, [updates.isError, updates.error]);

  if (updates.isPending) return <LoadingScreen />;
  // Failures are logged only (spec 8).
  if (updates.isError) return null;
  if (updates.data.length === 0) return <Text>{MESSAGES.noUpdates}</Text>;
  return (
    <Stack gap="md">
      {updates.data.map((update) => (
        <Card key={update.id} withBorder radius="md" padding="lg" component="article">
          <Title order={2} size="h4">
            {update.title}
          </Title>
          <Text size="sm" c="dimmed" mb="xs">
            {displayDate(update.distributionDate)}
          </Text>
          <SanitizedHtml html={update.updateMessage} />
        </Card>
      ))}
    </Stack>
  );
}

/** MM/DD/YYYY; a date the formatter cannot read is shown as given rather than breaking the tab. */
function displayDate(value: string): string {
  try {
    return formatDate(value);
  } catch {
    return value;
  }
}
