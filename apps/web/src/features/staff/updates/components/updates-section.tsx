import { formatDate, type UpdatePostSummary } from '@kinship/domain';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ServerDataTable } from '../../../../components/staff/server-data-table';
import { fetchUpdatesPage, updatesKeys } from '../api/updates-api';
import { UpdateEditor } from './update-editor';

export const STATUS_LABELS = { draft: 'Draft', scheduled: 'Scheduled', sent: 'Sent' } as const;
const STATUS_COLORS = { draft: 'gray', scheduled: 'blue', sent: 'green' } as const;

/** MM/DD/YYYY and the time, in the person's own time zone. */
export function whenText(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const time = date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  return `${formatDate(date)} ${time}`;
}

/**
 * The dashboard's Updates section (issue 13 item 2, decision 037): every update post (drafts,
 * scheduled, sent) with its recipients and its sent and opened notices; `?edit=new` or `?edit={id}`
 * opens the editor in place.
 */
export function UpdatesSection() {
  const [params, setParams] = useSearchParams();
  const edit = params.get('edit');
  const close = () => setParams({});
  if (edit !== null) {
    const id = edit === 'new' ? null : Number(edit);
    return (
      <UpdateEditor
        key={edit}
        id={id !== null && Number.isInteger(id) && id > 0 ? id : null}
        onSaved={(saved) => setParams({ edit: String(saved) })}
        onClose={close}
      />
    );
  }
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Updates</Title>
        <Button onClick={() => setParams({ edit: 'new' })}>New update</Button>
      </Group>
      <Text c="dimmed" size="sm">
        Updates are emailed to every active sponsor of their records at their distribution time, and shown on
        each record&apos;s Sponsor Updates tab.
      </Text>
      <ServerDataTable<UpdatePostSummary>
        queryKey={updatesKeys.list()}
        fetchPage={fetchUpdatesPage}
        rowKey={(row) => row.id}
        searchLabel="Search titles"
        emptyText="No updates yet."
        filters={[
          {
            key: 'status',
            label: 'Status',
            options: Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label })),
          },
        ]}
        columns={[
          {
            key: 'title',
            title: 'Title',
            render: (row) => (
              <Button variant="subtle" size="compact-sm" onClick={() => setParams({ edit: String(row.id) })}>
                {row.title}
              </Button>
            ),
          },
          {
            key: 'status',
            title: 'Status',
            render: (row) => (
              <Badge color={STATUS_COLORS[row.status]} variant="light">
                {STATUS_LABELS[row.status]}
              </Badge>
            ),
          },
          {
            key: 'audienceLabel',
            title: 'Recipients',
            render: (row) =>
              `${row.audienceLabel} (${row.recordsCount} ${row.recordsCount === 1 ? 'record' : 'records'})`,
          },
          {
            key: 'distributeAt',
            title: 'Distribution',
            render: (row) => whenText(row.sentAt ?? row.distributeAt) || 'Not set',
          },
          { key: 'sentCount', title: 'Sent' },
          { key: 'openedCount', title: 'Opened' },
          { key: 'picturesCount', title: 'Pictures', hiddenByDefault: true },
        ]}
      />
    </Stack>
  );
}
