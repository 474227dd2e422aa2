import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import {
  actionScope,
  FUND_LABELS,
  GIVING_FUNDS,
  REPORT_DEFINITIONS,
  REPORT_SLUGS,
  type Report,
  type ReportColumn,
  type ReportSlug,
} from '@kinship/domain';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  defineMessages,
  FormattedMessage,
  useIntl,
  type IntlShape,
  type MessageDescriptor,
} from 'react-intl';
import { loose } from '../../../../i18n/loose-messages';
import { Link, useParams, useSearchParams } from 'react-router';
import { useViewer } from '../../../../shared/auth/hooks/use-viewer';
import { usePartner } from '../../../../shared/partner/partner-context';
import { reportExportUrl, useReport, type ReportFilters } from '../api/reports-api';
import {
  columnMessages,
  fundMessages,
  labelColumnMessages,
  reportDescriptionMessages,
  reportTitleMessages,
  totalMessage,
} from '../messages';
import { units, useReportFormats, type ReportFormats } from './money';
import { YearEndRunCard } from './year-end-run';

const m = loose(
  defineMessages({
    title: { id: 'staff.reports.title', defaultMessage: 'Reports' },
    noSuchReport: { id: 'staff.reports.noSuchReport', defaultMessage: 'There is no report called {slug}.' },
    newSponsors: { id: 'staff.reports.chart.newSponsors', defaultMessage: 'New sponsors' },
    lostSponsors: { id: 'staff.reports.chart.lostSponsors', defaultMessage: 'Lost sponsors' },
    churnChart: { id: 'staff.reports.chart.churn', defaultMessage: 'New and lost sponsors by month' },
    fees: { id: 'staff.reports.chart.fees', defaultMessage: 'Platform fees' },
    tips: { id: 'staff.reports.chart.tips', defaultMessage: 'Tips' },
    feesChart: { id: 'staff.reports.chart.feesAndTips', defaultMessage: 'Platform fees and tips by month' },
    net: { id: 'staff.reports.chart.net', defaultMessage: 'Net' },
    netChart: { id: 'staff.reports.chart.netGiving', defaultMessage: '{report}: net giving' },
    nothing: { id: 'staff.reports.empty', defaultMessage: 'Nothing in this period.' },
    allReports: { id: 'staff.reports.back', defaultMessage: '← All reports' },
    from: { id: 'staff.reports.filter.from', defaultMessage: 'From' },
    to: { id: 'staff.reports.filter.to', defaultMessage: 'To' },
    program: { id: 'staff.reports.filter.program', defaultMessage: 'Program' },
    allPrograms: { id: 'staff.reports.filter.program.all', defaultMessage: 'All programs' },
    csv: { id: 'staff.reports.download.csv', defaultMessage: 'Download CSV' },
    excel: { id: 'staff.reports.download.excel', defaultMessage: 'Download Excel' },
    loading: { id: 'staff.reports.loading', defaultMessage: 'Loading the report' },
    failed: { id: 'staff.reports.failed', defaultMessage: 'The report could not be loaded.' },
    oneProgram: {
      id: 'staff.reports.scope.oneProgram',
      defaultMessage: 'One program only; general donations (which have no program) are not included.',
    },
    yourPrograms: {
      id: 'staff.reports.scope.yourPrograms',
      defaultMessage: 'Your programs only; general donations (which have no program) are not included.',
    },
    feeModel: {
      id: 'staff.reports.feeModel',
      defaultMessage: 'Fee model: <strong>{model, select, fee {fee} other {tip}}</strong>. {detail}',
    },
    feeModelFee: {
      id: 'staff.reports.feeModel.fee',
      defaultMessage: 'The platform keeps a percent of each payment; donors add no tip.',
    },
    feeModelTip: {
      id: 'staff.reports.feeModel.tip',
      defaultMessage: "The platform takes no fee; the donor's boost is the tip.",
    },
  }),
);

const FUND_BY_LABEL = new Map<string, MessageDescriptor>(
  GIVING_FUNDS.map((fund) => [FUND_LABELS[fund], fundMessages[fund]]),
);

/** A column's header in the page's language (the server's label for a column it does not list). */
function columnLabel(intl: IntlShape, slug: ReportSlug, column: ReportColumn): string {
  const message =
    column.key === 'label'
      ? (labelColumnMessages as Record<string, MessageDescriptor | undefined>)[slug]
      : (columnMessages as Record<string, MessageDescriptor | undefined>)[column.key];
  return message ? intl.formatMessage(message) : column.label;
}

/** /dashboard/reports and /dashboard/reports/{slug} (reports.view). */
export function ReportsSection() {
  const { slug } = useParams();
  if (slug && (REPORT_SLUGS as readonly string[]).includes(slug))
    return <ReportPage slug={slug as ReportSlug} />;
  if (slug)
    return (
      <Text role="alert">
        <FormattedMessage {...m.noSuchReport} values={{ slug }} />
      </Text>
    );
  return <ReportsIndex />;
}

function ReportsIndex() {
  const partner = usePartner();
  const { viewer } = useViewer(partner.id);
  const partnerWide = actionScope(viewer, 'reports.view', partner.id) === 'all';
  return (
    <Stack gap="lg">
      <Title order={1}>
        <FormattedMessage {...m.title} />
      </Title>
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 3 }}
        spacing="md"
        component="ul"
        style={{ listStyle: 'none', padding: 0 }}
      >
        {REPORT_SLUGS.map((slug) => (
          <Card key={slug} withBorder radius="md" component="li">
            <Anchor component={Link} to={`/dashboard/reports/${slug}`} fw={600}>
              <FormattedMessage {...reportTitleMessages[slug]} />
            </Anchor>
            <Text size="sm" mt={4}>
              <FormattedMessage {...reportDescriptionMessages[slug]} />
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      {partnerWide && <YearEndRunCard />}
    </Stack>
  );
}

/**
 * A cell as staff read it: money and months in the page's language, a fund by its name there, the
 * totals row's "Total"; anything else as the server sent it.
 */
function cellText(
  intl: IntlShape,
  formats: ReportFormats,
  slug: ReportSlug,
  column: ReportColumn,
  value: string | number | null | undefined,
  totals = false,
): string {
  if (value === null || value === undefined) return '';
  if (column.kind === 'money' && typeof value === 'number') return formats.money(value);
  if (totals && value === 'Total') return intl.formatMessage(totalMessage);
  if (column.kind === 'month' && typeof value === 'string') return formats.monthLabel(value);
  if (slug === 'giving-by-fund' && column.key === 'label' && typeof value === 'string') {
    const fund = FUND_BY_LABEL.get(value);
    if (fund) return intl.formatMessage(fund);
  }
  if (typeof value === 'number') return intl.formatNumber(value);
  return value;
}

function ReportChart({ report }: { report: Report }) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const formats = useReportFormats();
  const rows = report.rows;
  if (rows.length === 0 || report.slug === 'year-end-totals') return null;
  const byMonth = report.columns[0]?.kind === 'month';
  const label = (r: Report['rows'][number]) =>
    byMonth
      ? formats.monthLabel(String(r.month))
      : cellText(intl, formats, report.slug, { key: 'label', label: '', kind: 'text' }, r.label ?? '');
  if (report.slug === 'sponsor-churn') {
    const added = t(m.newSponsors);
    const lost = t(m.lostSponsors);
    return (
      <BarChart
        h={260}
        data={rows.map((r) => ({
          x: label(r),
          [added]: Number(r.newSponsors),
          [lost]: Number(r.lostSponsors),
        }))}
        dataKey="x"
        series={[
          { name: added, color: 'teal.6' },
          { name: lost, color: 'red.6' },
        ]}
        withLegend
        role="img"
        aria-label={t(m.churnChart)}
      />
    );
  }
  if (report.slug === 'fees-and-tips') {
    const fees = t(m.fees);
    const tips = t(m.tips);
    return (
      <BarChart
        h={260}
        type="stacked"
        data={rows.map((r) => ({
          x: label(r),
          [fees]: units(Number(r.fees)),
          [tips]: units(Number(r.tips)),
        }))}
        dataKey="x"
        series={[
          { name: fees, color: 'grape.6' },
          { name: tips, color: 'yellow.6' },
        ]}
        valueFormatter={(v) => formats.money(v * 100)}
        yAxisProps={{ tickFormatter: formats.axisMoney, width: 56 }}
        withLegend
        role="img"
        aria-label={t(m.feesChart)}
      />
    );
  }
  const net = t(m.net);
  return (
    <BarChart
      h={260}
      data={rows.map((r) => ({ x: label(r), [net]: units(Number(r.net)) }))}
      dataKey="x"
      series={[{ name: net, color: 'blue.6' }]}
      valueFormatter={(v) => formats.money(v * 100)}
      yAxisProps={{ tickFormatter: formats.axisMoney, width: 56 }}
      role="img"
      aria-label={t(m.netChart, { report: t(reportTitleMessages[report.slug]) })}
    />
  );
}

function ReportTable({ report }: { report: Report }) {
  const intl = useIntl();
  const formats = useReportFormats();
  const numeric = (c: ReportColumn) => c.kind === 'money' || c.kind === 'count';
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {report.columns.map((c) => (
              <Table.Th key={c.key} ta={numeric(c) ? 'right' : 'left'}>
                {columnLabel(intl, report.slug, c)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={report.columns.length}>
                <FormattedMessage {...m.nothing} />
              </Table.Td>
            </Table.Tr>
          )}
          {report.rows.map((row, i) => (
            <Table.Tr key={i}>
              {report.columns.map((c) => (
                <Table.Td key={c.key} ta={numeric(c) ? 'right' : 'left'} style={{ whiteSpace: 'nowrap' }}>
                  {cellText(intl, formats, report.slug, c, row[c.key])}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            {report.columns.map((c) => (
              <Table.Th key={c.key} ta={numeric(c) ? 'right' : 'left'} style={{ whiteSpace: 'nowrap' }}>
                {cellText(intl, formats, report.slug, c, report.totals[c.key], true)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

function ReportPage({ slug }: { slug: ReportSlug }) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const partner = usePartner();
  const { viewer } = useViewer(partner.id);
  const [params, setParams] = useSearchParams();
  const definition = REPORT_DEFINITIONS[slug];
  const filters: ReportFilters = {
    from: params.get('from') || undefined,
    to: params.get('to') || undefined,
    entitiesId: params.get('entitiesId') ? Number(params.get('entitiesId')) : undefined,
  };
  const { data, isLoading, isError, error } = useReport(slug, filters);
  const scope = actionScope(viewer, 'reports.view', partner.id);
  const programs = partner.entities.filter((e) => scope === 'all' || (scope ?? []).includes(e.id));
  const change = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const shown: ReportFilters = data ? { ...filters, from: data.from, to: data.to } : filters;
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/dashboard/reports" size="sm">
        <FormattedMessage {...m.allReports} />
      </Anchor>
      <div>
        <Title order={1}>
          <FormattedMessage {...reportTitleMessages[slug]} />
        </Title>
        <Text c="dimmed">
          <FormattedMessage {...reportDescriptionMessages[slug]} />
        </Text>
      </div>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="date"
          label={t(m.from)}
          value={shown.from ?? ''}
          onChange={(e) => change('from', e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t(m.to)}
          value={shown.to ?? ''}
          onChange={(e) => change('to', e.currentTarget.value)}
        />
        {definition.byProgram && programs.length > 1 && (
          <Select
            label={t(m.program)}
            placeholder={t(m.allPrograms)}
            clearable
            data={programs.map((p) => ({ value: String(p.id), label: p.name }))}
            value={filters.entitiesId ? String(filters.entitiesId) : null}
            onChange={(v) => change('entitiesId', v)}
          />
        )}
        <Group gap="xs">
          <Button component="a" href={reportExportUrl(slug, 'csv', shown)} download variant="default">
            <FormattedMessage {...m.csv} />
          </Button>
          <Button component="a" href={reportExportUrl(slug, 'xlsx', shown)} download variant="default">
            <FormattedMessage {...m.excel} />
          </Button>
        </Group>
      </Group>
      {isLoading && <Loader aria-label={t(m.loading)} />}
      {isError && <Alert color="red">{(error as Error).message || t(m.failed)}</Alert>}
      {data && (
        <>
          {!data.partnerWide && (
            <Text size="sm" c="dimmed">
              {t(filters.entitiesId ? m.oneProgram : m.yourPrograms)}
            </Text>
          )}
          {slug === 'fees-and-tips' && (
            <Text size="sm">
              <FormattedMessage
                {...m.feeModel}
                values={{
                  model: data.feeModel,
                  strong: (chunks) => <strong>{chunks}</strong>,
                  detail: t(data.feeModel === 'fee' ? m.feeModelFee : m.feeModelTip),
                }}
              />
            </Text>
          )}
          <Card withBorder radius="md" padding="md">
            <ReportChart report={data} />
          </Card>
          <ReportTable report={data} />
        </>
      )}
    </Stack>
  );
}
