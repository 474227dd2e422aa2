import { roleLabel, type AuditRow } from '@kinship/domain';
import { Anchor, Button, Code, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  ServerDataTable,
  dateRangeValue,
  type StaffColumn,
} from '../../../../components/staff/server-data-table';
import { auditExportUrl, auditKeys, fetchAuditPage, type AuditFilters } from '../api/audit-api';
import { formatAuditChanges } from '../utils/format-audit-change';

/** The kinds of writes, as action prefixes (every audited action is `entity.verb`). */
const ACTION_OPTIONS = [
  { value: 'sponsored.', label: 'Records' },
  { value: 'sponsored_image.', label: 'Pictures' },
  { value: 'program.', label: 'Programs' },
  { value: 'sponsored_type.', label: 'Types and plans' },
  { value: 'record_import.', label: 'Imports' },
  { value: 'team_member.', label: 'Team changes' },
  { value: 'invitation.', label: 'Invitations' },
  { value: 'partner.', label: 'Partner settings' },
  { value: 'user.', label: 'People' },
  { value: 'subscription.', label: 'Subscriptions' },
  { value: 'payment_method.', label: 'Payment methods' },
  { value: 'donation.', label: 'Donations' },
];

const ENTITY_WORDS: Record<string, string> = { sponsored: 'record', user: 'person', partner: 'partner' };

function who(row: AuditRow): string {
  if (row.actorKind !== 'person') return row.actorKind === 'gateway' ? 'Payment provider' : row.actorKind;
  return row.actorName ?? row.actorEmail ?? `Person ${row.usersId ?? '?'}`;
}

/** The CSV keeps the stored values as they are (ids and cents), for reconciling with other exports. */
function rawChangeText(row: AuditRow): string {
  return Object.entries(row.changes)
    .map(([field, { before, after }]) => `${field}: ${JSON.stringify(before)} → ${JSON.stringify(after)}`)
    .join('; ');
}

const COLUMNS: StaffColumn<AuditRow>[] = [
  {
    key: 'createdAt',
    title: 'When',
    render: (r) => new Date(r.createdAt).toLocaleString(),
  },
  {
    key: 'who',
    title: 'Who',
    render: (r) => (
      <div>
        {r.usersId ? (
          <Anchor component={Link} to={`/dashboard/audit?usersId=${r.usersId}`} size="sm">
            {who(r)}
          </Anchor>
        ) : (
          <Text size="sm">{who(r)}</Text>
        )}
        {r.roles.length > 0 && (
          <Text size="xs" c="dimmed">
            {r.roles.map(roleLabel).join(', ')}
          </Text>
        )}
      </div>
    ),
    csv: who,
  },
  { key: 'action', title: 'What', render: (r) => <Code>{r.action}</Code> },
  {
    key: 'entity',
    title: 'Record',
    render: (r) =>
      r.entityId ? (
        <Anchor
          component={Link}
          size="sm"
          to={`/dashboard/audit?entityType=${encodeURIComponent(r.entityType)}&entityId=${encodeURIComponent(r.entityId)}`}
        >
          {ENTITY_WORDS[r.entityType] ?? r.entityType} {r.entityId}
        </Anchor>
      ) : (
        r.entityType
      ),
    csv: (r) => `${r.entityType} ${r.entityId ?? ''}`,
  },
  {
    key: 'changes',
    title: 'Changes',
    render: (r) => (
      <Text size="xs" style={{ wordBreak: 'break-word', maxWidth: 420 }}>
        {formatAuditChanges(r.changes) || '—'}
      </Text>
    ),
    csv: rawChangeText,
  },
  { key: 'clientAddress', title: 'Address', hiddenByDefault: true },
  { key: 'requestId', title: 'Request', hiddenByDefault: true },
];

/**
 * The Audit log section (issue 14 item 4): every audited write of the partner, newest first,
 * filtered by who (`usersId`), what (`action`), when and which record (`entityType` and
 * `entityId`), all read from the address so a record's or a person's page can link to its history.
 */
export function AuditSection() {
  const [params, setParams] = useSearchParams();
  const [range, setRange] = useState<[string | null, string | null]>([null, null]);
  const filters: AuditFilters = {
    usersId: params.get('usersId') ?? undefined,
    action: params.get('action') ?? undefined,
    entityType: params.get('entityType') ?? undefined,
    entityId: params.get('entityId') ?? undefined,
    when: dateRangeValue(range) || undefined,
  };
  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const scoped = filters.usersId || filters.entityId;

  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Audit log</Title>
        <Text c="dimmed">Who changed what and when, with the values before and after.</Text>
      </div>
      {scoped && (
        <Paper withBorder p="sm" radius="md" role="status">
          <Group justify="space-between">
            <Text size="sm">
              {filters.entityId
                ? `History of ${ENTITY_WORDS[filters.entityType ?? ''] ?? filters.entityType ?? 'record'} ${filters.entityId}`
                : `What person ${filters.usersId} did`}
            </Text>
            <Button size="xs" variant="default" component={Link} to="/dashboard/audit">
              Show everything
            </Button>
          </Group>
        </Paper>
      )}
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="What"
          placeholder="Any action"
          data={ACTION_OPTIONS}
          value={filters.action ?? null}
          onChange={(v) => setParam('action', v)}
          clearable
          w={200}
        />
        <DatePickerInput
          type="range"
          label="When"
          placeholder="Any day"
          value={range}
          onChange={(v) => setRange(v as [string | null, string | null])}
          clearable
          w={260}
        />
        <Button component="a" href={auditExportUrl(filters, '')} variant="default" download>
          Export CSV
        </Button>
      </Group>
      <ServerDataTable<AuditRow>
        queryKey={auditKeys.list(filters)}
        fetchPage={(request) => fetchAuditPage(filters, request)}
        columns={COLUMNS}
        rowKey={(r) => r.id}
        searchLabel="Search by email, name, action or id"
        emptyText="No audited writes match."
      />
    </Stack>
  );
}
