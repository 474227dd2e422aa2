import type { CountryRecord } from '@kinship/domain';
import { Image, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { SanitizedHtml } from '../../../components/sanitized-html';
import { mediaUrl } from '../../../lib/api-client';

/** The Country tab: the country's picture and HTML description. */
export function CountryTab({ country }: { country: CountryRecord | null }) {
  if (!country) {
    return (
      <Text c="dimmed">
        <FormattedMessage
          id="profile.country.none"
          defaultMessage="There is no country information for this program yet."
        />
      </Text>
    );
  }
  const image = mediaUrl(country.imageUrl);
  return (
    <Stack gap="lg">
      <Title order={2}>{country.name}</Title>
      {image && <Image src={image} alt={country.name} radius="md" mah={420} fit="cover" />}
      <SanitizedHtml html={country.description} />
    </Stack>
  );
}
