import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { DashboardSection } from '../sections';
import { SetupChecklist } from './setup-checklist';

/** The first page: what each section the person may open will hold. */
export function DashboardHome({
  partnerName,
  sections,
}: {
  partnerName: string;
  sections: readonly DashboardSection[];
}) {
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Administration</Title>
        <Text c="dimmed">{partnerName}</Text>
      </div>
      <SetupChecklist enabled={sections.some((s) => s.slug === 'settings')} />
      <Text>The sections below are being built. Each will hold:</Text>
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
              {section.label}
            </Anchor>
            <Text size="sm" mt={4}>
              {section.holds}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
