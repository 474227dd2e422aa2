import type { SponsoredImage } from '@kinship/domain';
import { Image, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Suspense, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { mediaUrl } from '../../../lib/api-client';
import { lazyNamed } from '../../../lib/lazy-with-timeout';
import { useSponsoredImages } from '../api/get-sponsored-images';

// The modal (focus trap, scroll lock, transitions) loads when a picture is first opened.
const PictureViewer = lazyNamed(() => import('./picture-viewer'), 'PictureViewer');

/** Pictures shared with the record's sponsors and partner admins; each opens in a modal viewer. */
export function PictureGallery({ sponsoredId, name }: { sponsoredId: number; name: string }) {
  const intl = useIntl();
  const images = useSponsoredImages(sponsoredId);
  const [open, setOpen] = useState<SponsoredImage | null>(null);
  const [viewerUsed, setViewerUsed] = useState(false);

  useEffect(() => {
    if (images.isError) console.error('Could not load the pictures', images.error);
  }, [images.isError, images.error]);

  // Failures are logged only (spec 8); while loading there is nothing to show yet.
  if (!images.data) return null;

  return (
    <Stack gap="sm" component="section" aria-labelledby="profile-pictures">
      <Title order={2} size="h3" id="profile-pictures">
        <FormattedMessage id="profile.pictures.title" defaultMessage="Pictures" />
      </Title>
      {images.data.length === 0 ? (
        <Text c="dimmed">
          <FormattedMessage id="profile.pictures.none" defaultMessage="No pictures yet. Check back later!" />
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
          {images.data.map((image, index) => (
            <UnstyledButton
              key={image.imagePath}
              onClick={() => {
                setViewerUsed(true);
                setOpen(image);
              }}
              aria-label={intl.formatMessage(
                { id: 'profile.pictures.open', defaultMessage: 'Open picture {number} of {name}' },
                { number: index + 1, name },
              )}
            >
              <Image
                src={mediaUrl(image.imagePath)}
                alt={image.description ?? ''}
                h={120}
                fit="cover"
                radius="sm"
              />
            </UnstyledButton>
          ))}
        </SimpleGrid>
      )}
      {viewerUsed && (
        <Suspense fallback={null}>
          <PictureViewer image={open} name={name} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
