import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  List,
  Progress,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { ColumnMapping, ImportFieldKey } from '@kinship/domain';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { usePartner } from '../../../../shared/partner/partner-context';
import { ExportButtons } from './export-buttons';
import {
  dryRunImport,
  startImport,
  useImportStatus,
  useJobProgress,
  type DryRunReport,
  type ImportCounts,
} from '../api/import-api';

const storageKey = (partnersId: number) => `kinship.recordsImport.${partnersId}`;

const COUNT_LABELS = defineMessages({
  rows: { id: 'staff.records.import.counts.rows', defaultMessage: 'Rows' },
  created: { id: 'staff.records.import.counts.created', defaultMessage: 'New' },
  updated: { id: 'staff.records.import.counts.updated', defaultMessage: 'Updated' },
  unchanged: { id: 'staff.records.import.counts.unchanged', defaultMessage: 'Unchanged' },
  failed: { id: 'staff.records.import.counts.failed', defaultMessage: 'With errors' },
});

function CountsList({ counts }: { counts: ImportCounts }) {
  const intl = useIntl();
  return (
    <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs" component="dl" m={0}>
      {(
        [
          [intl.formatMessage(COUNT_LABELS.rows), counts.rows],
          [intl.formatMessage(COUNT_LABELS.created), counts.created],
          [intl.formatMessage(COUNT_LABELS.updated), counts.updated],
          [intl.formatMessage(COUNT_LABELS.unchanged), counts.unchanged],
          [intl.formatMessage(COUNT_LABELS.failed), counts.failed],
        ] as const
      ).map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="xs" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} fw={700} size="lg">
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

function RowErrors({ report }: { report: Pick<DryRunReport, 'errors'> }) {
  const intl = useIntl();
  if (report.errors.length === 0)
    return (
      <Text>
        <FormattedMessage id="staff.records.import.noErrors" defaultMessage="No row has an error." />
      </Text>
    );
  return (
    // Fits a phone's width: long values and reasons wrap in their cells instead of scrolling away.
    <Table.ScrollContainer minWidth={340}>
      <Table
        striped
        withTableBorder
        aria-label={intl.formatMessage({
          id: 'staff.records.import.errors',
          defaultMessage: 'Rows with errors',
        })}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <FormattedMessage id="staff.records.import.errors.row" defaultMessage="Row" />
            </Table.Th>
            <Table.Th>
              <FormattedMessage id="staff.records.import.errors.column" defaultMessage="Column" />
            </Table.Th>
            <Table.Th>
              <FormattedMessage id="staff.records.import.errors.value" defaultMessage="Value" />
            </Table.Th>
            <Table.Th>
              <FormattedMessage id="staff.records.import.errors.reason" defaultMessage="Reason" />
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.errors.map((e, i) => (
            <Table.Tr key={`${e.row}-${e.column}-${i}`}>
              <Table.Td>{e.row}</Table.Td>
              <Table.Td>{e.column}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {e.value === '' ? (
                  <Text c="dimmed">
                    <FormattedMessage id="staff.records.import.errors.empty" defaultMessage="(empty)" />
                  </Text>
                ) : (
                  e.value
                )}
              </Table.Td>
              <Table.Td>{e.reason}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The running (or finished) import: its progress bar, then its counts. Survives a reload. */
function ImportRun({ id, onDone }: { id: number; onDone: () => void }) {
  const intl = useIntl();
  const status = useImportStatus(id);
  const running = status.data ? status.data.state === 'queued' || status.data.state === 'running' : true;
  const progress = useJobProgress(status.data?.jobId ?? null, running);
  if (status.error) return <Alert color="red">{status.error.message}</Alert>;
  const done = progress.data?.done ?? 0;
  const total = progress.data?.total ?? null;
  const percent = status.data?.state === 'completed' ? 100 : total ? Math.round((done / total) * 100) : 0;
  const result = status.data?.result;
  return (
    <Stack gap="sm">
      <Text>
        {status.data?.picturesFileName ? (
          <FormattedMessage
            id="staff.records.import.run.fileWithPictures"
            defaultMessage="{done, select, yes {Imported} other {Importing}} {file} with pictures from {pictures}"
            values={{
              done: status.data.state === 'completed' ? 'yes' : 'no',
              file: status.data.fileName,
              pictures: status.data.picturesFileName,
            }}
          />
        ) : (
          <FormattedMessage
            id="staff.records.import.run.file"
            defaultMessage="{done, select, yes {Imported} other {Importing}} {file}"
            values={{
              done: status.data?.state === 'completed' ? 'yes' : 'no',
              file: status.data?.fileName ?? '…',
            }}
          />
        )}
      </Text>
      <Progress
        value={percent}
        size="lg"
        aria-label={intl.formatMessage({
          id: 'staff.records.import.progress',
          defaultMessage: 'Import progress',
        })}
        animated={running}
      />
      <Text size="sm" c="dimmed" aria-live="polite">
        {status.data?.state === 'completed'
          ? intl.formatMessage({ id: 'staff.records.import.run.done', defaultMessage: 'Done.' })
          : status.data?.state === 'failed'
            ? intl.formatMessage({
                id: 'staff.records.import.run.stopped',
                defaultMessage: 'The import stopped.',
              })
            : total !== null
              ? intl.formatMessage(
                  { id: 'staff.records.import.run.rows', defaultMessage: '{done} of {total} rows' },
                  // As digits without grouping, as the counts are written elsewhere in the wizard.
                  { done: String(done), total: String(total) },
                )
              : progress.data?.state === 'running'
                ? intl.formatMessage({
                    id: 'staff.records.import.run.reading',
                    defaultMessage: 'Reading the file…',
                  })
                : intl.formatMessage({
                    id: 'staff.records.import.run.waiting',
                    defaultMessage: 'Waiting to start…',
                  })}
      </Text>
      {status.data?.state === 'failed' && (
        <Alert color="red">
          {result?.error ??
            intl.formatMessage({
              id: 'staff.records.import.run.failed',
              defaultMessage: 'The import failed.',
            })}
        </Alert>
      )}
      {status.data?.state === 'completed' && result?.counts && (
        <Stack gap="sm">
          <CountsList counts={result.counts} />
          {result.errors && <RowErrors report={{ errors: result.errors }} />}
          {result.pictures && (
            <Text>
              <FormattedMessage
                id="staff.records.import.run.pictures"
                defaultMessage="Pictures: {added} added{left, select, 0 {} other {, {left} left out}}."
                values={{
                  added: String(result.pictures.matched),
                  left: String(result.pictures.skipped.length + result.pictures.failed.length),
                }}
              />
            </Text>
          )}
          <Group>
            <Button onClick={onDone}>
              <FormattedMessage id="staff.records.import.another" defaultMessage="Import another file" />
            </Button>
            <Anchor component={Link} to="/dashboard/records">
              <FormattedMessage id="staff.records.import.back" defaultMessage="Back to records" />
            </Anchor>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

/**
 * /dashboard/records/import: upload a CSV or .xlsx (and a pictures zip), check the columns
 * (guessed from the headers, or as last time), read the dry run's report of every row's errors,
 * then run the import in the background with a progress bar that a reload keeps.
 */
export function ImportWizard() {
  const intl = useIntl();
  const partner = usePartner();
  const phone = useMediaQuery('(max-width: 36em)');
  const types = partner.partnerSponsoredTypes;
  // The Records table's Import button names its type (?type=).
  const [params] = useSearchParams();
  const linkedType = types.find((t) => String(t.id) === params.get('type')) ?? types[0];
  const [typeId, setTypeId] = useState<string | null>(linkedType ? String(linkedType.id) : null);
  const [file, setFile] = useState<File | null>(null);
  const [pictures, setPictures] = useState<File | null>(null);
  const [dateOrder, setDateOrder] = useState<'mdy' | 'dmy'>('mdy');
  const [report, setReport] = useState<DryRunReport | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [runId, setRunId] = useState<number | null>(() => {
    const saved = window.localStorage.getItem(storageKey(partner.id));
    return saved ? Number(saved) : null;
  });

  useEffect(() => {
    if (runId === null) window.localStorage.removeItem(storageKey(partner.id));
    else window.localStorage.setItem(storageKey(partner.id), String(runId));
  }, [runId, partner.id]);

  const input = (withMapping: ColumnMapping | null) => ({
    partnerSponsoredTypesId: Number(typeId),
    file: file!,
    pictures,
    mapping: withMapping,
    dateOrder,
  });

  const check = async (withMapping: ColumnMapping | null) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await dryRunImport(input(withMapping));
      setReport(answer);
      setMapping(answer.mapping);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const started = await startImport(input(mapping));
      setRunId(started.id);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const reset = () => {
    setRunId(null);
    setReport(null);
    setMapping(null);
    setFile(null);
    setPictures(null);
  };

  // The run's state (the same query ImportRun polls): once it is over, the heading and every step
  // mark say so.
  const runState = useImportStatus(runId).data?.state;
  const finished = runId !== null && runState === 'completed';
  const stopped = runId !== null && runState === 'failed';
  const active = finished ? 4 : runId !== null ? 3 : report ? 2 : 0;
  const typeOptions = types.map((t) => ({ value: String(t.id), label: t.customLabelPlural }));

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>
          {finished ? (
            <FormattedMessage id="staff.records.import.finished" defaultMessage="Import finished" />
          ) : stopped ? (
            <FormattedMessage id="staff.records.import.stoppedTitle" defaultMessage="Import stopped" />
          ) : (
            <FormattedMessage id="staff.records.import.title" defaultMessage="Import records" />
          )}
        </Title>
        {typeId && <ExportButtons partnerSponsoredTypesId={Number(typeId)} />}
      </Group>
      {/* One line on a phone too: smaller steps and short separators between them. */}
      <Stepper
        active={active}
        size={phone ? 'xs' : 'sm'}
        iconSize={phone ? 22 : undefined}
        wrap={false}
        styles={
          phone
            ? { separator: { marginInline: 4, minWidth: 8 }, stepBody: { marginInlineStart: 6 } }
            : undefined
        }
        orientation="horizontal"
        allowNextStepsSelect={false}
      >
        <Stepper.Step
          label={intl.formatMessage({ id: 'staff.records.import.step.upload', defaultMessage: 'Upload' })}
        />
        <Stepper.Step
          label={intl.formatMessage({ id: 'staff.records.import.step.columns', defaultMessage: 'Columns' })}
        />
        <Stepper.Step
          label={intl.formatMessage({ id: 'staff.records.import.step.check', defaultMessage: 'Check' })}
        />
        <Stepper.Step label={intl.formatMessage({ id: 'staff.records.import', defaultMessage: 'Import' })} />
      </Stepper>
      {error && (
        <Alert
          color="red"
          role="alert"
          title={intl.formatMessage({
            id: 'staff.records.import.checkFailed',
            defaultMessage: 'The file could not be checked',
          })}
        >
          {error}
        </Alert>
      )}
      {runId !== null ? (
        <ImportRun id={runId} onDone={reset} />
      ) : (
        <Stack gap="md">
          <Select
            label={intl.formatMessage({ id: 'staff.records.import.type', defaultMessage: 'Type of record' })}
            data={typeOptions}
            value={typeId}
            onChange={(value) => {
              setTypeId(value);
              setReport(null);
            }}
            allowDeselect={false}
          />
          <FileInput
            label={intl.formatMessage({ id: 'staff.records.import.file', defaultMessage: 'Spreadsheet' })}
            description={intl.formatMessage({
              id: 'staff.records.import.file.help',
              defaultMessage:
                'CSV or Excel (.xlsx), one record per row, a header row first. Records are matched by code: importing the same file again changes nothing.',
            })}
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            value={file}
            onChange={(value) => {
              setFile(value);
              setReport(null);
            }}
            clearable
          />
          <FileInput
            label={intl.formatMessage({
              id: 'staff.records.import.pictures',
              defaultMessage: 'Pictures (optional)',
            })}
            description={intl.formatMessage({
              id: 'staff.records.import.pictures.help',
              defaultMessage: 'A .zip of pictures named by record code: CODE.jpg, CODE-2.jpg.',
            })}
            accept=".zip,application/zip"
            value={pictures}
            onChange={setPictures}
            clearable
          />
          <div>
            <Text size="sm" fw={500} id="date-order-label">
              <FormattedMessage
                id="staff.records.import.dateOrder"
                defaultMessage="Dates like 03/04/2015 are"
              />
            </Text>
            <SegmentedControl
              aria-labelledby="date-order-label"
              value={dateOrder}
              onChange={(value) => setDateOrder(value as 'mdy' | 'dmy')}
              data={[
                {
                  value: 'mdy',
                  label: intl.formatMessage({
                    id: 'staff.records.import.dateOrder.mdy',
                    defaultMessage: 'Month/day/year',
                  }),
                },
                {
                  value: 'dmy',
                  label: intl.formatMessage({
                    id: 'staff.records.import.dateOrder.dmy',
                    defaultMessage: 'Day/month/year',
                  }),
                },
              ]}
            />
          </div>
          <Group>
            <Button onClick={() => void check(null)} disabled={!file || !typeId} loading={busy && !report}>
              <FormattedMessage id="staff.records.import.check" defaultMessage="Check the file" />
            </Button>
          </Group>

          {report && mapping && (
            <Stack gap="md">
              <Title order={2}>
                <FormattedMessage id="staff.records.import.step.columns" defaultMessage="Columns" />
              </Title>
              <Text size="sm" c="dimmed">
                {report.remembered ? (
                  <FormattedMessage
                    id="staff.records.import.guessed.remembered"
                    defaultMessage="Guessed from the headers and the columns you chose last time. Change any, then check again."
                  />
                ) : (
                  <FormattedMessage
                    id="staff.records.import.guessed"
                    defaultMessage="Guessed from the headers. Change any, then check again."
                  />
                )}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
                {report.headers.map((header, index) => (
                  <Select
                    key={`${header}-${index}`}
                    label={
                      header ||
                      intl.formatMessage(
                        { id: 'staff.records.import.columnNumber', defaultMessage: 'Column {number}' },
                        { number: index + 1 },
                      )
                    }
                    placeholder={intl.formatMessage({
                      id: 'staff.records.import.notImported',
                      defaultMessage: 'Not imported',
                    })}
                    clearable
                    data={report.fields.map((f) => ({
                      value: f.key,
                      label: f.required
                        ? intl.formatMessage(
                            { id: 'staff.records.import.required', defaultMessage: '{label} (required)' },
                            { label: f.label },
                          )
                        : f.label,
                      disabled: mapping.some((m, i) => m === f.key && i !== index),
                    }))}
                    value={mapping[index] ?? null}
                    onChange={(value) =>
                      setMapping(
                        mapping.map((m, i) => (i === index ? ((value as ImportFieldKey | null) ?? null) : m)),
                      )
                    }
                  />
                ))}
              </SimpleGrid>
              <Group>
                <Button variant="default" onClick={() => void check(mapping)} loading={busy}>
                  <FormattedMessage id="staff.records.import.checkAgain" defaultMessage="Check again" />
                </Button>
              </Group>
              <Title order={2}>
                <FormattedMessage id="staff.records.import.step.check" defaultMessage="Check" />
              </Title>
              <CountsList counts={report.counts} />
              <RowErrors report={report} />
              {report.counts.failed > 0 && (
                <List size="sm">
                  <List.Item>
                    <FormattedMessage
                      id="staff.records.import.leftOut"
                      defaultMessage="{count, plural, one {Rows with errors are left out; the other one is imported.} other {Rows with errors are left out; the {others} others are imported.}}"
                      values={{
                        count: report.counts.rows - report.counts.failed,
                        others: String(report.counts.rows - report.counts.failed),
                      }}
                    />
                  </List.Item>
                </List>
              )}
              <Group>
                <Button
                  onClick={() => void run()}
                  loading={busy}
                  disabled={report.counts.rows === report.counts.failed}
                >
                  <FormattedMessage
                    id="staff.records.import.run"
                    defaultMessage="{count, plural, one {Import {rows} row} other {Import {rows} rows}}"
                    values={{
                      count: report.counts.rows - report.counts.failed,
                      rows: String(report.counts.rows - report.counts.failed),
                    }}
                  />
                </Button>
              </Group>
            </Stack>
          )}
        </Stack>
      )}
    </Stack>
  );
}
