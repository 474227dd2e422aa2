import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import { reportHref, type Overview } from '@kinship/domain';
import { Alert, Anchor, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { loose } from '../../../../i18n/loose-messages';
import { Link } from 'react-router';
import { useOverview } from '../api/reports-api';
import { fundMessages } from '../messages';
import { units, useReportFormats } from './money';

const m = loose(
  defineMessages({
    title: { id: 'staff.overview.title', defaultMessage: 'Overview' },
    figure: { id: 'staff.overview.figure.label', defaultMessage: '{label}: {value}' },
    active: { id: 'staff.overview.activeSponsorships', defaultMessage: 'Active sponsorships' },
    monthly: { id: 'staff.overview.monthlyRecurring', defaultMessage: 'Monthly recurring' },
    monthlyHint: {
      id: 'staff.overview.monthlyRecurring.hint',
      defaultMessage: 'Card sponsorships, per month',
    },
    newSponsors: { id: 'staff.overview.newSponsors', defaultMessage: 'New sponsors' },
    last30: { id: 'staff.overview.last30Days', defaultMessage: 'In the last 30 days' },
    thisMonth: { id: 'staff.overview.givingThisMonth', defaultMessage: 'Giving this month' },
    thisYear: { id: 'staff.overview.givingThisYear', defaultMessage: 'Giving this year' },
    failed: { id: 'staff.overview.failedPayments', defaultMessage: 'Failed payments' },
    failedHint: {
      id: 'staff.overview.failedPayments.hint',
      defaultMessage: 'In the last 30 days, needing attention',
    },
    byType: { id: 'staff.overview.recordsByType', defaultMessage: 'Records by type' },
    colType: { id: 'staff.overview.column.type', defaultMessage: 'Type' },
    colSponsored: { id: 'staff.overview.column.sponsored', defaultMessage: 'Sponsored' },
    colWaiting: { id: 'staff.overview.column.waiting', defaultMessage: 'Waiting' },
    sponsoredLabel: { id: 'staff.overview.sponsored.label', defaultMessage: '{type} sponsored: {count}' },
    waitingLabel: { id: 'staff.overview.waiting.label', defaultMessage: '{type} waiting: {count}' },
    byMonth: { id: 'staff.overview.givingByMonth', defaultMessage: 'Giving by month' },
    table: { id: 'staff.overview.table', defaultMessage: 'Table' },
    net: { id: 'staff.overview.chart.net', defaultMessage: 'Net' },
    byMonthChart: {
      id: 'staff.overview.givingByMonth.chart',
      defaultMessage: 'Net giving in each of the last 12 months',
    },
    byFund: { id: 'staff.overview.givingByFund', defaultMessage: 'Giving by fund this year' },
    noGiving: { id: 'staff.overview.givingByFund.none', defaultMessage: 'No giving yet this year.' },
    byFundChart: { id: 'staff.overview.givingByFund.chart', defaultMessage: 'Net giving this year by fund' },
    fundLine: { id: 'staff.overview.givingByFund.line', defaultMessage: '{fund}: {amount}' },
    loading: { id: 'staff.overview.loading', defaultMessage: 'Loading the overview' },
    loadFailed: {
      id: 'staff.overview.failed',
      defaultMessage: 'The overview could not be loaded. Try again in a moment.',
    },
    yourPrograms: {
      id: 'staff.overview.scope.yourPrograms',
      defaultMessage:
        'These figures count your programs only; general donations (which have no program) are not included.',
    },
  }),
);

const FUND_COLORS: Record<string, string> = {
  sponsorship: 'blue.6',
  general: 'teal.6',
  initiative: 'orange.6',
  gift: 'grape.6',
};

/** The colour key before a fund's line. */
const BULLET = '●';

function Figure({ label, value, href, hint }: { label: string; value: string; href: string; hint?: string }) {
  const intl = useIntl();
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Anchor
        component={Link}
        to={href}
        fz={28}
        fw={700}
        lh={1.3}
        aria-label={intl.formatMessage(m.figure, { label, value })}
      >
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
  const intl = useIntl();
  const t = intl.formatMessage;
  const { money } = useReportFormats();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
      <Figure
        label={t(m.active)}
        value={intl.formatNumber(o.activeSponsorships.value)}
        href={o.activeSponsorships.href}
      />
      <Figure
        label={t(m.monthly)}
        value={money(o.monthlyRecurring.value)}
        href={o.monthlyRecurring.href}
        hint={t(m.monthlyHint)}
      />
      <Figure
        label={t(m.newSponsors)}
        value={intl.formatNumber(o.newSponsors.value)}
        href={o.newSponsors.href}
        hint={t(m.last30)}
      />
      <Figure
        label={t(m.thisMonth)}
        value={money(o.donationsThisMonth.value)}
        href={o.donationsThisMonth.href}
      />
      <Figure
        label={t(m.thisYear)}
        value={money(o.donationsThisYear.value)}
        href={o.donationsThisYear.href}
      />
      <Figure
        label={t(m.failed)}
        value={intl.formatNumber(o.failedPayments.value)}
        href={o.failedPayments.href}
        hint={t(m.failedHint)}
      />
    </SimpleGrid>
  );
}

function RecordsPerType({ o }: { o: Overview }) {
  const intl = useIntl();
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={2} size="h4" mb="xs">
        <FormattedMessage {...m.byType} />
      </Title>
      <Table.ScrollContainer minWidth={280}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <FormattedMessage {...m.colType} />
              </Table.Th>
              <Table.Th ta="right">
                <FormattedMessage {...m.colSponsored} />
              </Table.Th>
              <Table.Th ta="right">
                <FormattedMessage {...m.colWaiting} />
              </Table.Th>
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
                    aria-label={intl.formatMessage(m.sponsoredLabel, {
                      type: t.label,
                      count: t.sponsored.value,
                    })}
                  >
                    {t.sponsored.value}
                  </Anchor>
                </Table.Td>
                <Table.Td ta="right">
                  <Anchor
                    component={Link}
                    to={t.waiting.href}
                    aria-label={intl.formatMessage(m.waitingLabel, { type: t.label, count: t.waiting.value })}
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
  const intl = useIntl();
  const t = intl.formatMessage;
  const { money, monthShort, axisMoney } = useReportFormats();
  const net = t(m.net);
  const fundName = (f: Overview['byFund'][number]) =>
    fundMessages[f.fund] ? t(fundMessages[f.fund]) : f.label;
  const months = o.byMonth.map((month) => ({ month: monthShort(month.month), [net]: units(month.net) }));
  const funds = o.byFund
    .filter((f) => f.net > 0)
    .map((f) => ({ name: fundName(f), value: units(f.net), color: FUND_COLORS[f.fund] ?? 'gray.6' }));
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Card withBorder radius="md" padding="md">
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h4">
            <FormattedMessage {...m.byMonth} />
          </Title>
          <Anchor component={Link} to={reportHref('giving-by-month')} size="sm">
            <FormattedMessage {...m.table} />
          </Anchor>
        </Group>
        <BarChart
          h={240}
          data={months}
          dataKey="month"
          series={[{ name: net, color: 'blue.6' }]}
          valueFormatter={(v) => money(v * 100)}
          yAxisProps={{ tickFormatter: axisMoney, width: 56 }}
          tickLine="y"
          role="img"
          aria-label={t(m.byMonthChart)}
        />
      </Card>
      <Card withBorder radius="md" padding="md">
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h4">
            <FormattedMessage {...m.byFund} />
          </Title>
          <Anchor component={Link} to={reportHref('giving-by-fund')} size="sm">
            <FormattedMessage {...m.table} />
          </Anchor>
        </Group>
        {funds.length === 0 ? (
          <Text c="dimmed">
            <FormattedMessage {...m.noGiving} />
          </Text>
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
              aria-label={t(m.byFundChart)}
            />
          </Group>
        )}
        <Group gap="md" justify="center" mt="xs">
          {o.byFund.map((f) => (
            <Text key={f.fund} size="sm">
              <Text span c={FUND_COLORS[f.fund] ?? 'gray'} fw={700} mr={4} aria-hidden>
                {BULLET}
              </Text>
              {t(m.fundLine, { fund: fundName(f), amount: money(f.net) })}
            </Text>
          ))}
        </Group>
      </Card>
    </SimpleGrid>
  );
}

/** The dashboard's home for those who may read reports: the figures, each a link to its table. */
export function OverviewPage({ partnerName }: { partnerName: string }) {
  const intl = useIntl();
  const { data, isLoading, isError } = useOverview();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>
          <FormattedMessage {...m.title} />
        </Title>
        <Text c="dimmed">{partnerName}</Text>
      </div>
      {isLoading && <Loader aria-label={intl.formatMessage(m.loading)} />}
      {isError && (
        <Alert color="red">
          <FormattedMessage {...m.loadFailed} />
        </Alert>
      )}
      {data && (
        <>
          {!data.partnerWide && (
            <Text size="sm" c="dimmed">
              <FormattedMessage {...m.yourPrograms} />
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
