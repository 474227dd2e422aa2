import type { UpdatePostSummary } from '@kinship/domain';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { loose } from '../../../../i18n/loose-messages';
import { useSearchParams } from 'react-router';
import { ServerDataTable } from '../../../../components/staff/server-data-table';
import { fetchUpdatesPage, updatesKeys } from '../api/updates-api';
import { statusMessages, useWhenText } from '../messages';
import { UpdateEditor } from './update-editor';

const STATUS_COLORS = { draft: 'gray', scheduled: 'blue', sent: 'green' } as const;

const m = loose(
  defineMessages({
    title: { id: 'staff.updates.title', defaultMessage: 'Updates' },
    newUpdate: { id: 'staff.updates.new', defaultMessage: 'New update' },
    search: { id: 'staff.updates.search', defaultMessage: 'Search titles' },
    empty: { id: 'staff.updates.empty', defaultMessage: 'No updates yet.' },
    colTitle: { id: 'staff.updates.column.title', defaultMessage: 'Title' },
    colStatus: { id: 'staff.updates.column.status', defaultMessage: 'Status' },
    colRecipients: { id: 'staff.updates.column.recipients', defaultMessage: 'Recipients' },
    recipients: {
      id: 'staff.updates.recipients',
      defaultMessage: '{audience} ({count, plural, one {# record} other {# records}})',
    },
    colDistribution: { id: 'staff.updates.column.distribution', defaultMessage: 'Distribution' },
    notSet: { id: 'staff.updates.distribution.notSet', defaultMessage: 'Not set' },
    colSent: { id: 'staff.updates.column.sent', defaultMessage: 'Sent' },
    colOpened: { id: 'staff.updates.column.opened', defaultMessage: 'Opened' },
    colPictures: { id: 'staff.updates.column.pictures', defaultMessage: 'Pictures' },
  }),
);

/**
 * The dashboard's Updates section (issue 13 item 2, decision 037): every update post (drafts,
 * scheduled, sent) with its recipients and its sent and opened notices; `?edit=new` or `?edit={id}`
 * opens the editor in place.
 */
export function UpdatesSection() {
  const intl = useIntl();
  const t = intl.formatMessage;
  const whenText = useWhenText();
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
        <Title order={1}>
          <FormattedMessage {...m.title} />
        </Title>
        <Button onClick={() => setParams({ edit: 'new' })}>
          <FormattedMessage {...m.newUpdate} />
        </Button>
      </Group>
      <Text c="dimmed" size="sm">
        <FormattedMessage
          id="staff.updates.intro"
          defaultMessage="Updates are emailed to every active sponsor of their records at their distribution time, and shown on each record's Sponsor Updates tab."
        />
      </Text>
      <ServerDataTable<UpdatePostSummary>
        queryKey={updatesKeys.list()}
        fetchPage={fetchUpdatesPage}
        rowKey={(row) => row.id}
        searchLabel={t(m.search)}
        emptyText={t(m.empty)}
        filters={[
          {
            key: 'status',
            label: t(m.colStatus),
            options: Object.entries(statusMessages).map(([value, message]) => ({ value, label: t(message) })),
          },
        ]}
        columns={[
          {
            key: 'title',
            title: t(m.colTitle),
            render: (row) => (
              <Button variant="subtle" size="compact-sm" onClick={() => setParams({ edit: String(row.id) })}>
                {row.title}
              </Button>
            ),
          },
          {
            key: 'status',
            title: t(m.colStatus),
            render: (row) => (
              <Badge color={STATUS_COLORS[row.status]} variant="light">
                {t(statusMessages[row.status])}
              </Badge>
            ),
          },
          {
            key: 'audienceLabel',
            title: t(m.colRecipients),
            render: (row) => t(m.recipients, { audience: row.audienceLabel, count: row.recordsCount }),
          },
          {
            key: 'distributeAt',
            title: t(m.colDistribution),
            render: (row) => whenText(row.sentAt ?? row.distributeAt) || t(m.notSet),
          },
          { key: 'sentCount', title: t(m.colSent) },
          { key: 'openedCount', title: t(m.colOpened) },
          { key: 'picturesCount', title: t(m.colPictures), hiddenByDefault: true },
        ]}
      />
    </Stack>
  );
}
