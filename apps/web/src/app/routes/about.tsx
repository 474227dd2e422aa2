import { Anchor, Box, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { usePartner } from '../../shared/partner/partner-context';
import { sponsoredTypeLinks } from '../../shared/partner/site-links';
import { usePageTitle } from '../../hooks/use-page-title';
import { useLabels } from '../../i18n/labels';

/** /about: the story, the definition of the word, and a banner. */
export function AboutRoute() {
  const partner = usePartner();
  const labels = useLabels();
  usePageTitle(labels.about);
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
            <FormattedMessage
              id="about.title"
              defaultMessage="About {name}"
              values={{ name: partner.name }}
            />
          </Title>
          <Text size="lg" mt="sm" c="white">
            <FormattedMessage
              id="about.motto"
              defaultMessage="One sponsor, one person, one lasting connection."
            />
          </Text>
        </Container>
      </Box>
      <Container size="md" py="xl">
        <Stack gap="xl">
          <Paper withBorder p="lg" radius="md" component="figure" m={0}>
            <FormattedMessage
              id="about.definition.headword"
              defaultMessage="<dfn>kin·ship</dfn> <pronunciation>/ˈkin-ˌship/ (noun)</pronunciation>"
              values={{
                dfn: (chunks) => (
                  <Text component="dfn" fw={700} fz="xl" fs="normal">
                    {chunks}
                  </Text>
                ),
                pronunciation: (chunks) => (
                  <Text span c="dimmed">
                    {chunks}
                  </Text>
                ),
              }}
            />
            <Text mt="xs">
              <FormattedMessage
                id="about.definition.meaning"
                defaultMessage="1. A family relationship. 2. A sharing of characteristics or origins; a feeling of being close to and responsible for one another."
              />
            </Text>
          </Paper>

          <section aria-labelledby="about-story">
            <Title order={2} id="about-story" mb="sm">
              <FormattedMessage id="about.story.title" defaultMessage="Our story" />
            </Title>
            <Stack gap="sm">
              <Text>
                <FormattedMessage
                  id="about.story.personal"
                  defaultMessage="Giving works best when it is personal. {name} invites you to sponsor a real person, a classroom or a project, and to stay connected with them over time, not just to send money into the unknown."
                  values={{ name: partner.name }}
                />
              </Text>
              <Text>
                <FormattedMessage
                  id="about.story.gift"
                  defaultMessage="When you sponsor, your monthly or annual gift supports the person or project you chose. You can follow their progress through updates and pictures shared by {name}, so you see the difference you make."
                  values={{ name: partner.name }}
                />
              </Text>
              <Text>
                <FormattedMessage
                  id="about.story.safety"
                  defaultMessage="Children’s safety comes first. Some profiles are masked: their full name and pictures are only shown to their sponsors and to {name}’s staff."
                  values={{ name: partner.name }}
                />
              </Text>
              <Text>
                <FormattedMessage
                  id="about.story.kinship"
                  defaultMessage="That feeling of being connected and responsible for one another is what we call kinship."
                />
              </Text>
            </Stack>
          </section>

          <Group gap="sm">
            {firstListing && (
              <Button component={Link} to={firstListing.to}>
                <FormattedMessage id="about.start" defaultMessage="Start sponsoring" />
              </Button>
            )}
            <Anchor component={Link} to="/about/partner">
              <FormattedMessage
                id="about.moreAbout"
                defaultMessage="More about {name}"
                values={{ name: partner.name }}
              />
            </Anchor>
          </Group>
        </Stack>
      </Container>
    </>
  );
}
