import { IMAGE_VIEWER_MAX_HEIGHT, MESSAGES, type SponsoredImage } from '@kinship/domain';
import { Image, Modal, Stack, Text } from '@mantine/core';
import { mediaUrl } from '../../../lib/api-client';

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
  const description = image?.description?.trim() || MESSAGES.noDescription;
  return (
    <Modal opened={image !== null} onClose={onClose} title={`Picture of ${name}`} size="auto" centered>
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
