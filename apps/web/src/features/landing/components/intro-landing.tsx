import { Anchor, Button, Container, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { PartnerPublic } from '@kinship/domain';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { mediaUrl } from '../../../lib/api-client';
import { sponsoredTypeLinks } from '../../../shared/partner/site-links';

const EXCERPT_LENGTH = 280;

/**
 * The opening of the partner's description as plain text. The HTML is parsed into an inert document
 * (no script runs, nothing loads) and only its text is kept, so nothing of the markup reaches the
 * page: safer than sanitizing, and it keeps DOMPurify out of the first load.
 */
export function descriptionExcerpt(html: string | null | undefined, maxLength = EXCERPT_LENGTH): string {
  const body = new DOMParser().parseFromString(html ?? '', 'text/html').body;
  body.querySelectorAll('script, style, template, noscript').forEach((node) => node.remove());
  body.querySelectorAll('p, li, h1, h2, h3, h4, h5, h6, br, div').forEach((block) => block.append(' '));
  const text = (body.textContent ?? '').replace(/\s+/g, ' ').trim();
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : maxLength).replace(/[,;:.]$/, '')}…`;
}

/** Landing template 3: a two-column introduction, then a simple list of the sponsored types. */
export function IntroLanding({ partner }: { partner: PartnerPublic }) {
  const header = mediaUrl(partner.headerImage);
  const excerpt = descriptionExcerpt(partner.description);
  const links = sponsoredTypeLinks(partner);
  return (
    <Container size="lg" py="xl" data-testid="landing-template-3">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" verticalSpacing="lg">
        {header && <Image src={header} alt="" radius="md" fit="cover" mah={360} />}
        <Stack gap="sm" justify="center">
          <Title order={1}>{partner.name}</Title>
          {partner.tagline && (
            <Text size="lg" fw={500}>
              {partner.tagline}
            </Text>
          )}
          {excerpt && <Text>{excerpt}</Text>}
          <Anchor component={Link} to="/about/partner">
            <FormattedMessage
              id="landing.intro.moreAbout"
              defaultMessage="More about {name}"
              values={{ name: partner.name }}
            />
          </Anchor>
        </Stack>
      </SimpleGrid>
      {links.length > 0 && (
        <section aria-labelledby="landing-sponsor-heading">
          <Title order={2} size="h3" mt={48} mb="md" id="landing-sponsor-heading">
            <FormattedMessage id="landing.intro.whoToSponsor" defaultMessage="Who you can sponsor" />
          </Title>
          <Stack gap="xs" maw={420}>
            {links.map((link) => (
              <Button key={link.to} component={Link} to={link.to} variant="outline" justify="space-between">
                {link.label}
              </Button>
            ))}
          </Stack>
        </section>
      )}
    </Container>
  );
}
