import { can } from '@kinship/domain';
import { Alert, Card, Group, Progress, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { loose } from '../../../../i18n/loose-messages';
import { ConfirmButton } from '../../../../components/staff/confirm-dialog';
import { useViewer } from '../../../../shared/auth/hooks/use-viewer';
import { usePartner } from '../../../../shared/partner/partner-context';
import { useJobProgress, useLatestYearEndRun, useStartYearEndRun } from '../api/reports-api';

const m = loose(
  defineMessages({
    title: { id: 'staff.reports.yearEnd.title', defaultMessage: 'Year-end receipts' },
    intro: {
      id: 'staff.reports.yearEnd.intro',
      defaultMessage:
        "Emails every donor of a year their giving statement (PDF), once each: a donor who already received the year's statement is not sent another.",
    },
    year: { id: 'staff.reports.yearEnd.year', defaultMessage: 'Year' },
    confirmTitle: {
      id: 'staff.reports.yearEnd.confirm.title',
      defaultMessage: 'Send the {year} statements?',
    },
    confirmMessage: {
      id: 'staff.reports.yearEnd.confirm.message',
      defaultMessage: 'Every donor who gave in {year} receives their giving statement by email.',
    },
    confirm: { id: 'staff.reports.yearEnd.confirm', defaultMessage: 'Send statements' },
    start: { id: 'staff.reports.yearEnd.start', defaultMessage: 'Send year-end statements' },
    statementsFor: { id: 'staff.reports.yearEnd.run.year', defaultMessage: 'Statements for {year}' },
    latest: { id: 'staff.reports.yearEnd.run.latest', defaultMessage: 'Latest run' },
    line: { id: 'staff.reports.yearEnd.run.line', defaultMessage: '{run}: {state}' },
    done: { id: 'staff.reports.yearEnd.run.done', defaultMessage: 'done, {done} of {total} donors' },
    failed: { id: 'staff.reports.yearEnd.run.failed', defaultMessage: 'failed ({reason})' },
    unknownError: { id: 'staff.reports.yearEnd.run.unknownError', defaultMessage: 'unknown error' },
    starting: { id: 'staff.reports.yearEnd.run.starting', defaultMessage: 'starting…' },
    progress: { id: 'staff.reports.yearEnd.run.progress', defaultMessage: '{done} of {total} donors' },
    progressLabel: {
      id: 'staff.reports.yearEnd.run.progress.label',
      defaultMessage: 'Year-end statements sent',
    },
    none: { id: 'staff.reports.yearEnd.none', defaultMessage: 'No statements have been sent from here yet.' },
  }),
);

/**
 * The year-end receipts run: every donor of the chosen year gets their statement PDF by email,
 * once each; the latest run's progress bar comes from the server, so it survives a reload. Starting
 * it needs donations.manage (decision 052); others see the latest run only.
 */
export function YearEndRunCard() {
  const intl = useIntl();
  const t = intl.formatMessage;
  const partner = usePartner();
  const { viewer } = useViewer(partner.id);
  const mayStart = can(viewer, 'donations.manage', { partnersId: partner.id });
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: 6 }, (_, i) => String(thisYear - i));
  const [year, setYear] = useState<string>(String(thisYear));
  const latest = useLatestYearEndRun();
  const start = useStartYearEndRun();
  const run = latest.data ?? null;
  const running = run !== null && run.state !== 'completed' && run.state !== 'failed';
  // The job's own progress answers only those who could start it; others read the latest run.
  const progress = useJobProgress(run && mayStart ? run.jobId : null);
  const live = progress.data ?? run;
  const percent =
    live && live.total ? Math.round((live.done / live.total) * 100) : live?.state === 'completed' ? 100 : 0;
  const liveRunning = live ? live.state !== 'completed' && live.state !== 'failed' : running;
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={2} size="h3">
          <FormattedMessage {...m.title} />
        </Title>
        <Text size="sm">
          <FormattedMessage {...m.intro} />
        </Text>
        {mayStart && (
          <Group align="flex-end" gap="sm">
            <Select
              label={t(m.year)}
              data={years}
              value={year}
              onChange={(v) => v && setYear(v)}
              allowDeselect={false}
              w={120}
            />
            <ConfirmButton
              title={t(m.confirmTitle, { year })}
              message={t(m.confirmMessage, { year })}
              confirmLabel={t(m.confirm)}
              onConfirm={() => start.mutateAsync(Number(year))}
              buttonProps={{ color: 'blue', variant: 'filled', disabled: liveRunning }}
            >
              <FormattedMessage {...m.start} />
            </ConfirmButton>
          </Group>
        )}
        {start.isError && <Alert color="red">{(start.error as Error).message}</Alert>}
        {run && live && (
          <Stack gap={4} aria-live="polite">
            <Text size="sm">
              {t(m.line, {
                run: run.year ? t(m.statementsFor, { year: String(run.year) }) : t(m.latest),
                state:
                  live.state === 'completed'
                    ? t(m.done, { done: live.done, total: live.total ?? live.done })
                    : live.state === 'failed'
                      ? t(m.failed, { reason: live.message ?? t(m.unknownError) })
                      : live.total === null
                        ? t(m.starting)
                        : t(m.progress, { done: live.done, total: live.total }),
              })}
            </Text>
            <Progress
              value={percent}
              color={live.state === 'failed' ? 'red' : live.state === 'completed' ? 'green' : 'blue'}
              animated={liveRunning}
              aria-label={t(m.progressLabel)}
            />
          </Stack>
        )}
        {!run && !latest.isLoading && (
          <Text size="sm" c="dimmed">
            <FormattedMessage {...m.none} />
          </Text>
        )}
      </Stack>
    </Card>
  );
}
