import { IMAGE_VIEWER_MAX_HEIGHT, type SponsoredImage } from '@kinship/domain';
import { Image, Modal, Stack, Text } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { mediaUrl } from '../../../lib/api-client';

export const pictureViewerMessages = defineMessages({
  // The spec's text (domain MESSAGES.noDescription) word for word.
  noDescription: { id: 'profile.pictures.noDescription', defaultMessage: 'No description.' },
});

/** The modal image viewer: the picture at most 750px high and its description, or 'No description.'. */
export function PictureViewer({
  image,
  name,
  onClose,
}: {
  image: SponsoredImage | null;
  name: string;
  onClose: () => void;
}) {
  const intl = useIntl();
  const description = image?.description?.trim() || intl.formatMessage(pictureViewerMessages.noDescription);
  return (
    <Modal
      opened={image !== null}
      onClose={onClose}
      title={intl.formatMessage(
        { id: 'profile.pictures.viewerTitle', defaultMessage: 'Picture of {name}' },
        { name },
      )}
      size="auto"
      centered
    >
      {image && (
        <Stack gap="sm">
          <Image
            src={mediaUrl(image.imagePath)}
            alt={image.description ?? ''}
            fit="contain"
            style={{ maxHeight: IMAGE_VIEWER_MAX_HEIGHT, maxWidth: '100%', width: 'auto', margin: '0 auto' }}
            data-testid="picture-viewer-image"
          />
          <Text>{description}</Text>
        </Stack>
      )}
    </Modal>
  );
}
