import { Anchor, Group, Image, Text } from '@mantine/core';
import { logoLinksToWebsite, type PartnerPublic } from '@kinship/domain';
import { Link } from 'react-router';
import { mediaUrl } from '../../lib/api-client';

/** The partner's logo: links to the partner's own website when setting 4 says so, otherwise home. */
export function SiteLogo({ partner, onNavigate }: { partner: PartnerPublic; onNavigate?: () => void }) {
  const logo = mediaUrl(partner.logo);
  const content = (
    <Group gap="xs" wrap="nowrap">
      {logo ? (
        <Image src={logo} alt={partner.name} h={40} w="auto" fit="contain" />
      ) : (
        <Text fw={700} size="lg" c="brand">
          {partner.name}
        </Text>
      )}
    </Group>
  );
  const website = partner.website?.trim();
  if (logoLinksToWebsite(partner) && website) {
    return (
      <Anchor href={website} underline="never" data-testid="site-logo">
        {content}
      </Anchor>
    );
  }
  return (
    <Anchor component={Link} to="/" underline="never" onClick={onNavigate} data-testid="site-logo">
      {content}
    </Anchor>
  );
}
