import { Anchor, Box, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePartner } from '../../shared/partner/partner-context';
import { sponsoredTypeLinks } from '../../shared/partner/site-links';
import { usePageTitle } from '../../hooks/use-page-title';

/** /about: the story, the definition of the word, and a banner. */
export function AboutRoute() {
  const partner = usePartner();
  usePageTitle('About');
  const firstListing = sponsoredTypeLinks(partner)[0];
  return (
    <>
      <Box
        component="section"
        aria-labelledby="about-banner"
        py={56}
        style={{ background: 'var(--mantine-primary-color-filled)', color: 'var(--mantine-color-white)' }}
      >
        <Container size="md">
          <Title order={1} id="about-banner" c="white">
            About {partner.name}
          </Title>
          <Text size="lg" mt="sm" c="white">
            One sponsor, one person, one lasting connection.
          </Text>
        </Container>
      </Box>
      <Container size="md" py="xl">
        <Stack gap="xl">
          <Paper withBorder p="lg" radius="md" component="figure" m={0}>
            <Text component="dfn" fw={700} fz="xl" fs="normal">
              kin·ship
            </Text>{' '}
            <Text span c="dimmed">
              /ˈkin-ˌship/ (noun)
            </Text>
            <Text mt="xs">
              1. A family relationship. 2. A sharing of characteristics or origins; a feeling of being close
              to and responsible for one another.
            </Text>
          </Paper>

          <section aria-labelledby="about-story">
            <Title order={2} id="about-story" mb="sm">
              Our story
            </Title>
            <Stack gap="sm">
              <Text>
                Giving works best when it is personal. {partner.name} invites you to sponsor a real person, a
                classroom or a project, and to stay connected with them over time, not just to send money into
                the unknown.
              </Text>
              <Text>
                When you sponsor, your monthly or annual gift supports the person or project you chose. You
                can follow their progress through updates and pictures shared by {partner.name}, so you see
                the difference you make.
              </Text>
              <Text>
                Children&rsquo;s safety comes first. Some profiles are masked: their full name and pictures
                are only shown to their sponsors and to {partner.name}&rsquo;s staff.
              </Text>
              <Text>
                That feeling of being connected and responsible for one another is what we call kinship.
              </Text>
            </Stack>
          </section>

          <Group gap="sm">
            {firstListing && (
              <Button component={Link} to={firstListing.to}>
                Start sponsoring
              </Button>
            )}
            <Anchor component={Link} to="/about/partner">
              More about {partner.name}
            </Anchor>
          </Group>
        </Stack>
      </Container>
    </>
  );
}
