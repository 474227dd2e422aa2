import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import { reportHref, type Overview } from '@kinship/domain';
import { Alert, Anchor, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useOverview } from '../api/reports-api';
import { axisMoney, money, monthLabel, units } from './money';

const FUND_COLORS: Record<string, string> = {
  sponsorship: 'blue.6',
  general: 'teal.6',
  initiative: 'orange.6',
  gift: 'grape.6',
};

function Figure({ label, value, href, hint }: { label: string; value: string; href: string; hint?: string }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Anchor component={Link} to={href} fz={28} fw={700} lh={1.3} aria-label={`${label}: ${value}`}>
        {value}
      </Anchor>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}

function Figures({ o }: { o: Overview }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
      <Figure
        label="Active sponsorships"
        value={String(o.activeSponsorships.value)}
        href={o.activeSponsorships.href}
      />
      <Figure
        label="Monthly recurring"
        value={money(o.monthlyRecurring.value)}
        href={o.monthlyRecurring.href}
        hint="Card sponsorships, per month"
      />
      <Figure
        label="New sponsors"
        value={String(o.newSponsors.value)}
        href={o.newSponsors.href}
        hint="In the last 30 days"
      />
      <Figure
        label="Giving this month"
        value={money(o.donationsThisMonth.value)}
        href={o.donationsThisMonth.href}
      />
      <Figure
        label="Giving this year"
        value={money(o.donationsThisYear.value)}
        href={o.donationsThisYear.href}
      />
      <Figure
        label="Failed payments"
        value={String(o.failedPayments.value)}
        href={o.failedPayments.href}
        hint="In the last 30 days, needing attention"
      />
    </SimpleGrid>
  );
}

function RecordsPerType({ o }: { o: Overview }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={2} size="h4" mb="xs">
        Records by type
      </Title>
      <Table.ScrollContainer minWidth={280}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Type</Table.Th>
              <Table.Th ta="right">Sponsored</Table.Th>
              <Table.Th ta="right">Waiting</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {o.types.map((t) => (
              <Table.Tr key={t.partnerSponsoredTypesId}>
                <Table.Td>{t.label}</Table.Td>
                <Table.Td ta="right">
                  <Anchor
                    component={Link}
                    to={t.sponsored.href}
                    aria-label={`${t.label} sponsored: ${t.sponsored.value}`}
                  >
                    {t.sponsored.value}
                  </Anchor>
                </Table.Td>
                <Table.Td ta="right">
                  <Anchor
                    component={Link}
                    to={t.waiting.href}
                    aria-label={`${t.label} waiting: ${t.waiting.value}`}
                  >
                    {t.waiting.value}
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function Charts({ o }: { o: Overview }) {
  const months = o.byMonth.map((m) => ({ month: monthLabel(m.month).slice(0, 3), Net: units(m.net) }));
  const funds = o.byFund
    .filter((f) => f.net > 0)
    .map((f) => ({ name: f.label, value: units(f.net), color: FUND_COLORS[f.fund] ?? 'gray.6' }));
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Card withBorder radius="md" padding="md">
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h4">
            Giving by month
          </Title>
          <Anchor component={Link} to={reportHref('giving-by-month')} size="sm">
            Table
          </Anchor>
        </Group>
        <BarChart
          h={240}
          data={months}
          dataKey="month"
          series={[{ name: 'Net', color: 'blue.6' }]}
          valueFormatter={(v) => money(v * 100)}
          yAxisProps={{ tickFormatter: axisMoney, width: 56 }}
          tickLine="y"
          role="img"
          aria-label="Net giving in each of the last 12 months"
        />
      </Card>
      <Card withBorder radius="md" padding="md">
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h4">
            Giving by fund this year
          </Title>
          <Anchor component={Link} to={reportHref('giving-by-fund')} size="sm">
            Table
          </Anchor>
        </Group>
        {funds.length === 0 ? (
          <Text c="dimmed">No giving yet this year.</Text>
        ) : (
          <Group justify="center">
            <DonutChart
              data={funds}
              size={190}
              thickness={28}
              withLabelsLine
              withLabels
              valueFormatter={(v) => money(v * 100)}
              role="img"
              aria-label="Net giving this year by fund"
            />
          </Group>
        )}
        <Group gap="md" justify="center" mt="xs">
          {o.byFund.map((f) => (
            <Text key={f.fund} size="sm">
              <Text span c={FUND_COLORS[f.fund] ?? 'gray'} fw={700}>
                ●
              </Text>{' '}
              {f.label}: {money(f.net)}
            </Text>
          ))}
        </Group>
      </Card>
    </SimpleGrid>
  );
}

/** The dashboard's home for those who may read reports: the figures, each a link to its table. */
export function OverviewPage({ partnerName }: { partnerName: string }) {
  const { data, isLoading, isError } = useOverview();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Overview</Title>
        <Text c="dimmed">{partnerName}</Text>
      </div>
      {isLoading && <Loader aria-label="Loading the overview" />}
      {isError && <Alert color="red">The overview could not be loaded. Try again in a moment.</Alert>}
      {data && (
        <>
          {!data.partnerWide && (
            <Text size="sm" c="dimmed">
              These figures count your programs only; general donations (which have no program) are not
              included.
            </Text>
          )}
          <Figures o={data} />
          <Charts o={data} />
          <RecordsPerType o={data} />
        </>
      )}
    </Stack>
  );
}
