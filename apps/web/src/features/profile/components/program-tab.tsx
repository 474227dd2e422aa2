import type { SponsoredDetail } from '@kinship/domain';
import { Image, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { SanitizedHtml } from '../../../components/sanitized-html';
import { mediaUrl } from '../../../lib/api-client';
import { locationText } from '../utils/sponsored-display';

// The map and its outline data load only when a Program tab with a location is opened.
const StaticMap = lazy(() =>
  import('../../../components/map/static-map').then((module) => ({ default: module.StaticMap })),
);

/** The Program tab: the program's picture, its HTML description and, when it has a location, a map. */
export function ProgramTab({ entity }: { entity: SponsoredDetail['entities'] }) {
  const image = mediaUrl(entity.imageUrl);
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{entity.name}</Title>
        {entity.city && (
          <Text c="dimmed">{[entity.city, entity.countries?.name].filter(Boolean).join(', ')}</Text>
        )}
      </div>
      {image && <Image src={image} alt={entity.name} radius="md" mah={420} fit="cover" />}
      <SanitizedHtml html={entity.description} />
      {entity.latitude !== null && entity.longitude !== null && (
        <Suspense
          fallback={
            <Text c="dimmed">
              <FormattedMessage id="profile.program.loadingMap" defaultMessage="Loading map…" />
            </Text>
          }
        >
          <StaticMap latitude={entity.latitude} longitude={entity.longitude} place={locationText(entity)} />
        </Suspense>
      )}
    </Stack>
  );
}
