import { can } from '@kinship/domain';
import { Alert, Card, Group, Progress, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmButton } from '../../../../components/staff/confirm-dialog';
import { useViewer } from '../../../../shared/auth/hooks/use-viewer';
import { usePartner } from '../../../../shared/partner/partner-context';
import { useJobProgress, useLatestYearEndRun, useStartYearEndRun } from '../api/reports-api';

/**
 * The year-end receipts run: every donor of the chosen year gets their statement PDF by email,
 * once each; the latest run's progress bar comes from the server, so it survives a reload. Starting
 * it needs donations.manage (decision 052); others see the latest run only.
 */
export function YearEndRunCard() {
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
          Year-end receipts
        </Title>
        <Text size="sm">
          Emails every donor of a year their giving statement (PDF), once each: a donor who already received
          the year's statement is not sent another.
        </Text>
        {mayStart && (
          <Group align="flex-end" gap="sm">
            <Select
              label="Year"
              data={years}
              value={year}
              onChange={(v) => v && setYear(v)}
              allowDeselect={false}
              w={120}
            />
            <ConfirmButton
              title={`Send the ${year} statements?`}
              message={`Every donor who gave in ${year} receives their giving statement by email.`}
              confirmLabel="Send statements"
              onConfirm={() => start.mutateAsync(Number(year))}
              buttonProps={{ color: 'blue', variant: 'filled', disabled: liveRunning }}
            >
              Send year-end statements
            </ConfirmButton>
          </Group>
        )}
        {start.isError && <Alert color="red">{(start.error as Error).message}</Alert>}
        {run && live && (
          <Stack gap={4} aria-live="polite">
            <Text size="sm">
              {run.year ? `Statements for ${run.year}` : 'Latest run'}:{' '}
              {live.state === 'completed'
                ? `done, ${live.done} of ${live.total ?? live.done} donors`
                : live.state === 'failed'
                  ? `failed (${live.message ?? 'unknown error'})`
                  : live.total === null
                    ? 'starting…'
                    : `${live.done} of ${live.total} donors`}
            </Text>
            <Progress
              value={percent}
              color={live.state === 'failed' ? 'red' : live.state === 'completed' ? 'green' : 'blue'}
              animated={liveRunning}
              aria-label="Year-end statements sent"
            />
          </Stack>
        )}
        {!run && !latest.isLoading && (
          <Text size="sm" c="dimmed">
            No statements have been sent from here yet.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
