import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { sectionText, type DashboardSection } from '../sections';
import { SetupChecklist } from './setup-checklist';

/** The first page: what each section the person may open will hold. */
export function DashboardHome({
  partnerName,
  sections,
}: {
  partnerName: string;
  sections: readonly DashboardSection[];
}) {
  const intl = useIntl();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>
          <FormattedMessage id="staff.shell.title" defaultMessage="Administration" />
        </Title>
        <Text c="dimmed">{partnerName}</Text>
      </div>
      <SetupChecklist enabled={sections.some((s) => s.slug === 'settings')} />
      <Text>
        <FormattedMessage
          id="staff.shell.home.intro"
          defaultMessage="The sections below are being built. Each will hold:"
        />
      </Text>
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 3 }}
        spacing="md"
        component="ul"
        style={{ listStyle: 'none', padding: 0 }}
      >
        {sections.map((section) => (
          <Card
            key={section.slug}
            withBorder
            radius="md"
            component="li"
            aria-labelledby={`section-${section.slug}`}
          >
            <Anchor
              component={Link}
              to={`/dashboard/${section.slug}`}
              fw={600}
              id={`section-${section.slug}`}
            >
              {sectionText(intl, section.label)}
            </Anchor>
            <Text size="sm" mt={4}>
              {sectionText(intl, section.holds)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
