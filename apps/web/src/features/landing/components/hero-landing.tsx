import { Button, Container, Group, Text, Title } from '@mantine/core';
import { partnerCapabilities, type PartnerPublic } from '@kinship/domain';
import { Link } from 'react-router';
import { GiftIcon } from '../../../components/icons';
import { useLabels } from '../../../i18n/labels';
import { mediaUrl } from '../../../lib/api-client';
import { sponsoredTypeLinks } from '../../../shared/partner/site-links';
import classes from './hero-landing.module.css';

/** Landing template 2: the header image behind the tagline, a gift button and one button per sponsored type. */
export function HeroLanding({ partner }: { partner: PartnerPublic }) {
  const header = mediaUrl(partner.headerImage);
  const { gifts } = partnerCapabilities(partner);
  const labels = useLabels();
  return (
    <section
      className={classes.hero}
      style={header ? { backgroundImage: `url("${header}")` } : undefined}
      aria-labelledby="landing-title"
      data-testid="landing-template-2"
    >
      <Container size="lg" className={classes.content}>
        <Text fw={700} tt="uppercase" size="sm" c="white" mb="xs">
          {partner.name}
        </Text>
        <Title order={1} id="landing-title" className={classes.tagline} fz={{ base: 30, sm: 44 }}>
          {partner.tagline || partner.name}
        </Title>
        <Group mt="xl" gap="sm">
          {sponsoredTypeLinks(partner).map((link) => (
            <Button key={link.to} component={Link} to={link.to} size="md">
              {link.label}
            </Button>
          ))}
          {gifts && (
            <Button
              component={Link}
              to="/gift"
              size="md"
              variant="white"
              color="dark"
              leftSection={<GiftIcon size={18} />}
            >
              {labels.giftSponsorship}
            </Button>
          )}
        </Group>
      </Container>
    </section>
  );
}
