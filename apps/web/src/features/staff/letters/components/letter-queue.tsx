import {
  LETTER_FLAG_KINDS,
  LETTER_STATUSES,
  type LetterBulkResult,
  type LetterDeliveryStep,
  type LetterQueueItem,
} from '@kinship/domain';
import { Alert, Anchor, Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ServerDataTable, type StaffColumn } from '../../../../components/staff/server-data-table';
import { loose } from '../../../../i18n/loose-messages';
import { useFormat } from '../../../../i18n/use-format';
import { fetchLettersPage, lettersKeys, useBulkLetters, useLetterAssignees } from '../api/letters-api';
import {
  directionMessages,
  flagKindMessages,
  labelOf,
  recordText,
  statusMessages,
  STATUS_COLORS,
} from '../messages';
import { useLetterPrograms } from '../utils/use-letter-programs';

const m = loose(
  defineMessages({
    search: { id: 'staff.letters.queue.search', defaultMessage: 'Search record, code, sponsor or text' },
    empty: {
      id: 'staff.letters.queue.empty',
      defaultMessage:
        'No letters waiting. Letters sponsors write appear here after the automatic safety check.',
    },
    colRecord: { id: 'staff.letters.column.record', defaultMessage: 'Record' },
    colSponsor: { id: 'staff.letters.column.sponsor', defaultMessage: 'Sponsor' },
    colDirection: { id: 'staff.letters.column.direction', defaultMessage: 'Direction' },
    colExcerpt: { id: 'staff.letters.column.excerpt', defaultMessage: 'Letter' },
    colFlags: { id: 'staff.letters.column.flags', defaultMessage: 'Flags' },
    colState: { id: 'staff.letters.column.state', defaultMessage: 'State' },
    colAssignee: { id: 'staff.letters.column.assignee', defaultMessage: 'Assigned to' },
    colSubmitted: { id: 'staff.letters.column.submitted', defaultMessage: 'Submitted' },
    colProgram: { id: 'staff.letters.column.program', defaultMessage: 'Program' },
    filterFlagged: { id: 'staff.letters.filter.flagged', defaultMessage: 'Flagged' },
    filterFlag: { id: 'staff.letters.filter.flag', defaultMessage: 'Flag' },
    yes: { id: 'staff.letters.filter.yes', defaultMessage: 'Yes' },
    no: { id: 'staff.letters.filter.no', defaultMessage: 'No' },
    me: { id: 'staff.letters.filter.me', defaultMessage: 'Me' },
    nobody: { id: 'staff.letters.filter.nobody', defaultMessage: 'Nobody' },
    openFlags: {
      id: 'staff.letters.flags.open',
      defaultMessage: '{count, plural, one {# open flag} other {# open flags}}',
    },
    noFlags: { id: 'staff.letters.flags.none', defaultMessage: 'None open' },
    pictures: {
      id: 'staff.letters.pictures.count',
      defaultMessage: '{count, plural, one {# picture} other {# pictures}}',
    },
    scan: { id: 'staff.letters.scan', defaultMessage: 'On paper' },
    rowLabel: { id: 'staff.letters.row', defaultMessage: 'Letter {id}: {record}' },
    approveSelected: { id: 'staff.letters.bulk.approve', defaultMessage: 'Approve selected' },
    waiting: { id: 'staff.letters.status.waiting', defaultMessage: 'Waiting (new or in review)' },
    markSent: { id: 'staff.letters.bulk.sent', defaultMessage: 'Mark sent to program' },
    markDelivered: { id: 'staff.letters.bulk.delivered', defaultMessage: 'Mark delivered' },
    approvedCount: {
      id: 'staff.letters.bulk.approved',
      defaultMessage:
        '{count, plural, =0 {No letter approved.} one {# letter approved.} other {# letters approved.}}',
    },
    sentCount: {
      id: 'staff.letters.bulk.sentDone',
      defaultMessage:
        '{count, plural, =0 {No letter marked sent to the program.} one {# letter marked sent to the program.} other {# letters marked sent to the program.}}',
    },
    deliveredCount: {
      id: 'staff.letters.bulk.deliveredDone',
      defaultMessage:
        '{count, plural, =0 {No letter marked delivered.} one {# letter marked delivered.} other {# letters marked delivered.}}',
    },
    skipped: {
      id: 'staff.letters.bulk.skipped',
      defaultMessage: '{count, plural, one {# letter skipped:} other {# letters skipped:}}',
    },
    skippedOne: { id: 'staff.letters.bulk.skippedOne', defaultMessage: '{letter}: {reason}' },
    letterNumber: { id: 'staff.letters.number', defaultMessage: 'Letter {id}' },
    dismiss: { id: 'staff.letters.bulk.dismiss', defaultMessage: 'Dismiss' },
  }),
);

/** What a bulk action did, with the letters it left alone named as the table showed them. */
interface BulkOutcome {
  action: 'approve' | LetterDeliveryStep;
  result: LetterBulkResult;
  names: Record<number, string>;
}

/** The queue's states to filter by: "Waiting" (submitted or in review, the default view) and each state. */
const QUEUE_STATUSES = LETTER_STATUSES.filter((s) => s !== 'draft');

/**
 * The queue (GET dashboard/letters, server-paged): opens on the letters waiting; filters by state,
 * direction, flags, program, assignee and a search. Chosen rows can be approved together (flagged
 * ones are skipped, with why) or marked sent to the program or delivered.
 */
export function LetterQueue() {
  const intl = useIntl();
  const t = intl.formatMessage;
  const format = useFormat();
  const programs = useLetterPrograms();
  const assignees = useLetterAssignees();
  const bulk = useBulkLetters();
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const run = async (
    action: BulkOutcome['action'],
    rows: LetterQueueItem[],
    clear: () => void,
  ): Promise<void> => {
    setFailure(null);
    setOutcome(null);
    const ids = rows.map((r) => r.id);
    try {
      const result =
        action === 'approve'
          ? await bulk.approve.mutateAsync(ids)
          : await bulk.step.mutateAsync({ ids, status: action });
      setOutcome({ action, result, names: Object.fromEntries(rows.map((r) => [r.id, recordText(r)])) });
      clear();
    } catch (error) {
      setFailure((error as Error).message);
    }
  };
  const busy = bulk.approve.isPending || bulk.step.isPending;

  const columns: StaffColumn<LetterQueueItem>[] = [
    {
      key: 'recordName',
      title: t(m.colRecord),
      minWidth: 140,
      render: (row) => (
        <Stack gap={0}>
          <Anchor component={Link} to={`/dashboard/letters/${row.id}`} fw={600}>
            {row.recordName}
          </Anchor>
          {row.recordCode && (
            <Text size="xs" c="dimmed">
              {row.recordCode}
            </Text>
          )}
        </Stack>
      ),
      csv: (row) => recordText(row),
    },
    { key: 'sponsorFirstName', title: t(m.colSponsor), hiddenOnPhone: true },
    {
      key: 'direction',
      title: t(m.colDirection),
      hiddenOnPhone: true,
      noWrap: true,
      render: (row) => labelOf(intl, directionMessages, row.direction),
      csv: (row) => labelOf(intl, directionMessages, row.direction),
    },
    {
      key: 'excerpt',
      title: t(m.colExcerpt),
      minWidth: 200,
      // A phone keeps what a moderator picks by (record, flags, state); the letter opens in one tap.
      hiddenOnPhone: true,
      render: (row) => (
        <Stack gap={2}>
          <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {row.excerpt}
          </Text>
          {(row.picturesCount > 0 || row.hasScan) && (
            <Text size="xs" c="dimmed">
              {[
                row.picturesCount > 0 && t(m.pictures, { count: row.picturesCount }),
                row.hasScan && t(m.scan),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'openFlags',
      title: t(m.colFlags),
      render: (row) => <FlagBadges row={row} />,
      csv: (row) => row.flagKinds.map((k) => labelOf(intl, flagKindMessages, k)).join(', '),
    },
    {
      key: 'status',
      title: t(m.colState),
      noWrap: true,
      render: (row) => (
        <Badge color={STATUS_COLORS[row.status]} variant="light">
          {labelOf(intl, statusMessages, row.status)}
        </Badge>
      ),
      csv: (row) => labelOf(intl, statusMessages, row.status),
    },
    {
      key: 'assignee',
      title: t(m.colAssignee),
      hiddenOnPhone: true,
      render: (row) => row.assignee?.name ?? '—',
      csv: (row) => row.assignee?.name ?? '',
    },
    { key: 'programName', title: t(m.colProgram), hiddenByDefault: true },
    {
      key: 'submittedAt',
      title: t(m.colSubmitted),
      noWrap: true,
      hiddenOnPhone: true,
      render: (row) => (row.submittedAt ? format.date(row.submittedAt) : '—'),
      csv: (row) => (row.submittedAt ? format.date(row.submittedAt) : ''),
    },
  ];

  return (
    <Stack gap="sm">
      {failure && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      {outcome && <BulkOutcomeAlert outcome={outcome} onClose={() => setOutcome(null)} />}
      <ServerDataTable<LetterQueueItem>
        queryKey={lettersKeys.queue()}
        fetchPage={fetchLettersPage}
        rowKey={(row) => row.id}
        rowLabel={(row) => t(m.rowLabel, { id: row.id, record: recordText(row) })}
        searchLabel={t(m.search)}
        emptyText={t(m.empty)}
        defaultFilters={{ status: 'waiting' }}
        exportFileName="letters.csv"
        filters={[
          {
            key: 'status',
            label: t(m.colState),
            options: [
              { value: 'waiting', label: t(m.waiting) },
              ...QUEUE_STATUSES.map((s) => ({ value: s, label: labelOf(intl, statusMessages, s) })),
            ],
          },
          {
            key: 'direction',
            label: t(m.colDirection),
            options: (['to_sponsored', 'to_sponsor'] as const).map((d) => ({
              value: d,
              label: labelOf(intl, directionMessages, d),
            })),
          },
          {
            key: 'flagged',
            label: t(m.filterFlagged),
            options: [
              { value: 'true', label: t(m.yes) },
              { value: 'false', label: t(m.no) },
            ],
          },
          {
            key: 'flag',
            label: t(m.filterFlag),
            options: LETTER_FLAG_KINDS.map((k) => ({ value: k, label: labelOf(intl, flagKindMessages, k) })),
          },
          ...(programs.length > 1
            ? [
                {
                  key: 'programId',
                  label: t(m.colProgram),
                  options: programs.map((p) => ({ value: String(p.id), label: p.name })),
                },
              ]
            : []),
          {
            key: 'assignee',
            label: t(m.colAssignee),
            options: [
              { value: 'me', label: t(m.me) },
              { value: 'none', label: t(m.nobody) },
              ...(assignees.data ?? []).map((a) => ({ value: String(a.id), label: a.name })),
            ],
          },
        ]}
        columns={columns}
        selectionActions={(selected, clear) => (
          <>
            <Button size="xs" loading={busy} onClick={() => void run('approve', selected, clear)}>
              {t(m.approveSelected)}
            </Button>
            <Button
              size="xs"
              variant="default"
              disabled={busy}
              onClick={() => void run('sent_to_program', selected, clear)}
            >
              {t(m.markSent)}
            </Button>
            <Button
              size="xs"
              variant="default"
              disabled={busy}
              onClick={() => void run('delivered', selected, clear)}
            >
              {t(m.markDelivered)}
            </Button>
          </>
        )}
      />
    </Stack>
  );
}

/** A row's flags: how many are open (red), and the kinds the pre-screen found. */
function FlagBadges({ row }: { row: LetterQueueItem }) {
  const intl = useIntl();
  if (row.flagKinds.length === 0 && row.openFlags === 0) return <Text size="sm">—</Text>;
  const open = row.openFlags > 0;
  return (
    <Group gap={4}>
      <Badge color={open ? 'red' : 'gray'} variant={open ? 'filled' : 'light'} size="sm">
        {open ? intl.formatMessage(m.openFlags, { count: row.openFlags }) : intl.formatMessage(m.noFlags)}
      </Badge>
      {row.flagKinds.map((kind) => (
        // On a phone the count alone, so the state stays in view; the letter lists every flag.
        // Dark shades: an outline badge's small text on white needs 4.5:1 (axe color-contrast).
        <Badge key={kind} color={open ? 'red.9' : 'gray.7'} variant="outline" size="sm" visibleFrom="sm">
          {labelOf(intl, flagKindMessages, kind)}
        </Badge>
      ))}
    </Group>
  );
}

function BulkOutcomeAlert({ outcome, onClose }: { outcome: BulkOutcome; onClose: () => void }) {
  const intl = useIntl();
  const { result, names } = outcome;
  const done =
    outcome.action === 'approve'
      ? m.approvedCount
      : outcome.action === 'delivered'
        ? m.deliveredCount
        : m.sentCount;
  const skipped = result.skipped.length > 0;
  return (
    <Alert
      color={skipped ? 'yellow' : 'green'}
      role="status"
      withCloseButton
      closeButtonLabel={intl.formatMessage(m.dismiss)}
      onClose={onClose}
    >
      <Stack gap={4}>
        <Text size="sm">
          <FormattedMessage {...done} values={{ count: result.done.length }} />
        </Text>
        {skipped && (
          <>
            <Text size="sm">
              <FormattedMessage {...m.skipped} values={{ count: result.skipped.length }} />
            </Text>
            <List size="sm">
              {result.skipped.map((s) => (
                <List.Item key={s.id}>
                  <Anchor component={Link} to={`/dashboard/letters/${s.id}`} size="sm">
                    {intl.formatMessage(m.skippedOne, {
                      letter: names[s.id] ?? intl.formatMessage(m.letterNumber, { id: s.id }),
                      reason: s.reason,
                    })}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          </>
        )}
      </Stack>
    </Alert>
  );
}
