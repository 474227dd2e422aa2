import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import {
  actionScope,
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
import { Link, useParams, useSearchParams } from 'react-router';
import { useViewer } from '../../../../shared/auth/hooks/use-viewer';
import { usePartner } from '../../../../shared/partner/partner-context';
import { reportExportUrl, useReport, type ReportFilters } from '../api/reports-api';
import { axisMoney, money, monthLabel, units } from './money';
import { YearEndRunCard } from './year-end-run';

/** /dashboard/reports and /dashboard/reports/{slug} (reports.view). */
export function ReportsSection() {
  const { slug } = useParams();
  if (slug && (REPORT_SLUGS as readonly string[]).includes(slug))
    return <ReportPage slug={slug as ReportSlug} />;
  if (slug) return <Text role="alert">There is no report called {slug}.</Text>;
  return <ReportsIndex />;
}

function ReportsIndex() {
  const partner = usePartner();
  const { viewer } = useViewer(partner.id);
  const partnerWide = actionScope(viewer, 'reports.view', partner.id) === 'all';
  return (
    <Stack gap="lg">
      <Title order={1}>Reports</Title>
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 3 }}
        spacing="md"
        component="ul"
        style={{ listStyle: 'none', padding: 0 }}
      >
        {REPORT_SLUGS.map((slug) => (
          <Card key={slug} withBorder radius="md" component="li">
            <Anchor component={Link} to={`/dashboard/reports/${slug}`} fw={600}>
              {REPORT_DEFINITIONS[slug].title}
            </Anchor>
            <Text size="sm" mt={4}>
              {REPORT_DEFINITIONS[slug].description}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      {partnerWide && <YearEndRunCard />}
    </Stack>
  );
}

function cellText(column: ReportColumn, value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (column.kind === 'money' && typeof value === 'number') return money(value);
  if (column.kind === 'month' && typeof value === 'string') return monthLabel(value);
  return String(value);
}

function ReportChart({ report }: { report: Report }) {
  const rows = report.rows;
  if (rows.length === 0 || report.slug === 'year-end-totals') return null;
  const byMonth = report.columns[0]?.kind === 'month';
  const label = (r: Report['rows'][number]) =>
    byMonth ? monthLabel(String(r.month)) : String(r.label ?? '');
  if (report.slug === 'sponsor-churn') {
    return (
      <BarChart
        h={260}
        data={rows.map((r) => ({
          x: label(r),
          'New sponsors': Number(r.newSponsors),
          'Lost sponsors': Number(r.lostSponsors),
        }))}
        dataKey="x"
        series={[
          { name: 'New sponsors', color: 'teal.6' },
          { name: 'Lost sponsors', color: 'red.6' },
        ]}
        withLegend
        role="img"
        aria-label="New and lost sponsors by month"
      />
    );
  }
  if (report.slug === 'fees-and-tips') {
    return (
      <BarChart
        h={260}
        type="stacked"
        data={rows.map((r) => ({
          x: label(r),
          'Platform fees': units(Number(r.fees)),
          Tips: units(Number(r.tips)),
        }))}
        dataKey="x"
        series={[
          { name: 'Platform fees', color: 'grape.6' },
          { name: 'Tips', color: 'yellow.6' },
        ]}
        valueFormatter={(v) => money(v * 100)}
        yAxisProps={{ tickFormatter: axisMoney, width: 56 }}
        withLegend
        role="img"
        aria-label="Platform fees and tips by month"
      />
    );
  }
  return (
    <BarChart
      h={260}
      data={rows.map((r) => ({ x: label(r), Net: units(Number(r.net)) }))}
      dataKey="x"
      series={[{ name: 'Net', color: 'blue.6' }]}
      valueFormatter={(v) => money(v * 100)}
      yAxisProps={{ tickFormatter: axisMoney, width: 56 }}
      role="img"
      aria-label={`${report.title}: net giving`}
    />
  );
}

function ReportTable({ report }: { report: Report }) {
  const numeric = (c: ReportColumn) => c.kind === 'money' || c.kind === 'count';
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {report.columns.map((c) => (
              <Table.Th key={c.key} ta={numeric(c) ? 'right' : 'left'}>
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={report.columns.length}>Nothing in this period.</Table.Td>
            </Table.Tr>
          )}
          {report.rows.map((row, i) => (
            <Table.Tr key={i}>
              {report.columns.map((c) => (
                <Table.Td key={c.key} ta={numeric(c) ? 'right' : 'left'} style={{ whiteSpace: 'nowrap' }}>
                  {cellText(c, row[c.key])}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            {report.columns.map((c) => (
              <Table.Th key={c.key} ta={numeric(c) ? 'right' : 'left'} style={{ whiteSpace: 'nowrap' }}>
                {cellText(c, report.totals[c.key])}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

function ReportPage({ slug }: { slug: ReportSlug }) {
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
        ← All reports
      </Anchor>
      <div>
        <Title order={1}>{definition.title}</Title>
        <Text c="dimmed">{definition.description}</Text>
      </div>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="date"
          label="From"
          value={shown.from ?? ''}
          onChange={(e) => change('from', e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label="To"
          value={shown.to ?? ''}
          onChange={(e) => change('to', e.currentTarget.value)}
        />
        {definition.byProgram && programs.length > 1 && (
          <Select
            label="Program"
            placeholder="All programs"
            clearable
            data={programs.map((p) => ({ value: String(p.id), label: p.name }))}
            value={filters.entitiesId ? String(filters.entitiesId) : null}
            onChange={(v) => change('entitiesId', v)}
          />
        )}
        <Group gap="xs">
          <Button component="a" href={reportExportUrl(slug, 'csv', shown)} download variant="default">
            Download CSV
          </Button>
          <Button component="a" href={reportExportUrl(slug, 'xlsx', shown)} download variant="default">
            Download Excel
          </Button>
        </Group>
      </Group>
      {isLoading && <Loader aria-label="Loading the report" />}
      {isError && <Alert color="red">{(error as Error).message || 'The report could not be loaded.'}</Alert>}
      {data && (
        <>
          {!data.partnerWide && (
            <Text size="sm" c="dimmed">
              {filters.entitiesId
                ? 'One program only; general donations (which have no program) are not included.'
                : 'Your programs only; general donations (which have no program) are not included.'}
            </Text>
          )}
          {slug === 'fees-and-tips' && (
            <Text size="sm">
              Fee model: <strong>{data.feeModel}</strong>.{' '}
              {data.feeModel === 'fee'
                ? 'The platform keeps a percent of each payment; donors add no tip.'
                : "The platform takes no fee; the donor's boost is the tip."}
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
