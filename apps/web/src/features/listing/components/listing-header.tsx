import type { PartnerPublic, PartnerSponsoredType } from '@kinship/domain';
import { BackgroundImage, Box, Container, Text, Title } from '@mantine/core';
import { mediaUrl } from '../../../lib/api-client';

/** The header banner: the partner's header image with its tagline, titled with the type's plural label. */
export function ListingHeader({ partner, type }: { partner: PartnerPublic; type: PartnerSponsoredType }) {
  const image = mediaUrl(partner.headerImage);
  const text = (
    <Container size="xl" py={48}>
      <Title order={1} c="white">
        {type.customLabelPlural}
      </Title>
      {partner.tagline && (
        <Text size="lg" c="white" mt="xs" maw={720}>
          {partner.tagline}
        </Text>
      )}
    </Container>
  );
  return (
    <Box component="header" data-testid="listing-header">
      {image ? (
        <BackgroundImage src={image} data-testid="listing-header-image">
          <Box bg="rgba(0, 0, 0, 0.45)">{text}</Box>
        </BackgroundImage>
      ) : (
        <Box bg="var(--mantine-primary-color-filled)">{text}</Box>
      )}
    </Box>
  );
}
