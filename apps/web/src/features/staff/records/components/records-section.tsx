import { Badge, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import {
  actionScope,
  can,
  GRADES,
  RECORD_STATUSES,
  tableColumnsFor,
  type PartnerSponsoredType,
  type RecordInput,
  type RecordRow,
} from '@kinship/domain';
import { useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { ConfirmButton } from '../../../../components/staff/confirm-dialog';
import { ServerDataTable, type StaffColumn } from '../../../../components/staff/server-data-table';
import { TypeTabs } from '../../../../components/staff/type-tabs';
import { useViewer } from '../../../../shared/auth/hooks/use-viewer';
import { usePartner } from '../../../../shared/partner/partner-context';
import { recordQueryOptions, recordsKeys } from '../../../../shared/records/record-queries';
import {
  fetchRecordsPage,
  recordsExportUrl,
  useCreateRecord,
  useDeleteRecord,
  useDuplicateRecord,
  useUpdateRecord,
} from '../api/records-api';
import { columnMessages } from '../messages';
import { RecordEditor } from './record-editor';
import { formatGrade } from '../../../../i18n/grades';
import { useFormat, type Formats } from '../../../../i18n/use-format';

const statusWord = (intl: IntlShape, status: string) =>
  intl.formatMessage(
    {
      id: 'staff.records.status.value',
      defaultMessage:
        '{status, select, active {active} reserved {reserved} inactive {inactive} archived {archived} other {{status}}}',
    },
    { status },
  );

function columnsFor(type: PartnerSponsoredType, intl: IntlShape, format: Formats): StaffColumn<RecordRow>[] {
  const slots = (r: RecordRow) =>
    intl.formatMessage(
      { id: 'staff.records.slots', defaultMessage: '{filled} of {max}' },
      { filled: r.slotsFilled, max: r.maxSlots },
    );
  const own: StaffColumn<RecordRow>[] = tableColumnsFor(type.sponsoredTypesId).map((c) => ({
    key: c.key,
    title: intl.formatMessage(columnMessages[c.key]),
    sortable: c.key !== 'age',
    noWrap: true,
    ...(c.key === 'grade' ? { render: (r: RecordRow) => r.grade ?? '' } : {}),
  }));
  return [
    {
      key: 'code',
      title: intl.formatMessage({ id: 'staff.records.column.code', defaultMessage: 'Code' }),
      sortable: true,
      noWrap: true,
    },
    ...own,
    {
      key: 'status',
      title: intl.formatMessage({ id: 'staff.records.column.status', defaultMessage: 'Status' }),
      sortable: true,
      noWrap: true,
      render: (r) => (
        <Badge
          variant="light"
          color={r.status === 'active' ? 'green' : r.status === 'archived' ? 'gray' : 'yellow'}
        >
          {statusWord(intl, r.status)}
        </Badge>
      ),
    },
    {
      key: 'program',
      title: intl.formatMessage({ id: 'staff.records.column.program', defaultMessage: 'Program' }),
      sortable: true,
      noWrap: true,
    },
    {
      key: 'slotsFilled',
      title: intl.formatMessage({ id: 'staff.records.column.slots', defaultMessage: 'Slots' }),
      sortable: true,
      noWrap: true,
      render: slots,
      csv: slots,
    },
    {
      key: 'monthlyAmount',
      title: intl.formatMessage({ id: 'staff.records.column.monthly', defaultMessage: 'Monthly' }),
      sortable: true,
      noWrap: true,
      render: (r) => format.cents(r.monthlyAmount),
      csv: (r) => format.cents(r.monthlyAmount),
    },
    {
      key: 'sponsors',
      title: intl.formatMessage({ id: 'staff.records.column.sponsors', defaultMessage: 'Sponsors' }),
      sortable: true,
    },
    ...type.customColumns.map((column) => ({
      key: `custom:${column}`,
      title: column,
      hiddenByDefault: true,
      render: (r: RecordRow) => r.customColumnValues[column] ?? '',
      csv: (r: RecordRow) => r.customColumnValues[column] ?? '',
    })),
  ];
}

/** To the import wizard, with this type chosen (issue 21: the wizard was linked from nowhere). */
function ImportButton({ typeId, label }: { typeId: number; label?: string }) {
  return (
    <Button component={Link} to={`/dashboard/records/import?type=${typeId}`} variant="default">
      {label ?? <FormattedMessage id="staff.records.import" defaultMessage="Import" />}
    </Button>
  );
}

type Editing = { mode: 'new' } | { mode: 'edit'; id: number } | null;

/** Records: one server-paged table per sponsored type, and the record editor in a dialog. */
export function RecordsSection() {
  const partner = usePartner();
  const intl = useIntl();
  const format = useFormat();
  const types = partner.partnerSponsoredTypes;
  // A figure of the Overview links here with ?type=&status=&sponsored=&entitiesId= (issue 13).
  const [params] = useSearchParams();
  const linkedType = types.find((t) => String(t.id) === params.get('type'));
  const [typeId, setTypeId] = useState<string | null>(
    linkedType ? String(linkedType.id) : types[0] ? String(types[0].id) : null,
  );
  const [linkedFilters] = useState(() =>
    Object.fromEntries(
      ['status', 'sponsored', 'entitiesId', 'gradesId', 'gender', 'hasPictures'].flatMap((key) => {
        const value = params.get(key);
        return value ? [[key, value]] : [];
      }),
    ),
  );
  const [editing, setEditing] = useState<Editing>(null);
  // Read on the first render (not in an effect): the table's pinned column follows its first value.
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
  const type = types.find((t) => String(t.id) === typeId);
  const { viewer } = useViewer(partner.id);
  // A program-scoped person is offered (and may write to) their own programs only.
  const viewScope = actionScope(viewer, 'records.view', partner.id);
  const manageScope = actionScope(viewer, 'records.manage', partner.id);
  const within = (scope: typeof viewScope) => (e: { id: number }) =>
    scope === 'all' || (scope ?? []).includes(e.id);
  const programs = partner.entities.filter(within(viewScope)).map((e) => ({ id: e.id, name: e.name }));
  const writablePrograms = programs.filter(within(manageScope));
  const canManage = writablePrograms.length > 0;
  const current = useQuery(recordQueryOptions(editing?.mode === 'edit' ? editing.id : null));
  const create = useCreateRecord();
  const update = useUpdateRecord();
  const duplicate = useDuplicateRecord();
  const remove = useDeleteRecord();

  if (!type)
    return (
      <Text>
        <FormattedMessage
          id="staff.records.noTypes"
          defaultMessage="This partner has no sponsored types yet."
        />
      </Text>
    );

  const actions: StaffColumn<RecordRow> = {
    key: 'actions',
    title: intl.formatMessage({ id: 'staff.records.column.actions', defaultMessage: 'Actions' }),
    noWrap: true,
    render: (r) => (
      <Group gap={4} wrap="nowrap">
        <Button size="compact-sm" variant="light" onClick={() => setEditing({ mode: 'edit', id: r.id })}>
          <FormattedMessage id="staff.records.edit" defaultMessage="Edit" />
        </Button>
        {canManage && (
          <>
            <Button
              size="compact-sm"
              variant="subtle"
              onClick={async () => {
                const copy = await duplicate.mutateAsync(r.id);
                setEditing({ mode: 'edit', id: copy.id });
              }}
            >
              <FormattedMessage id="staff.records.duplicate" defaultMessage="Duplicate" />
            </Button>
            <ConfirmButton
              title={intl.formatMessage(
                { id: 'staff.records.delete.title', defaultMessage: 'Delete {code}?' },
                { code: r.code },
              )}
              message={intl.formatMessage({
                id: 'staff.records.delete.message',
                defaultMessage:
                  'The record and its fun facts are deleted for good. A record that has sponsors, holds, updates or messages cannot be deleted: archive it instead.',
              })}
              confirmLabel={intl.formatMessage({ id: 'staff.records.delete', defaultMessage: 'Delete' })}
              onConfirm={async () => {
                await remove.mutateAsync(r.id);
              }}
              buttonProps={{ size: 'compact-sm', variant: 'subtle', color: 'red' }}
            >
              <FormattedMessage id="staff.records.delete" defaultMessage="Delete" />
            </ConfirmButton>
          </>
        )}
      </Group>
    ),
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>
          <FormattedMessage id="staff.records.title" defaultMessage="Records" />
        </Title>
        <Button onClick={() => setEditing({ mode: 'new' })}>
          <FormattedMessage
            id="staff.records.new"
            defaultMessage="New {label}"
            values={{ label: type.customLabelSingular.toLowerCase() }}
          />
        </Button>
      </Group>
      <TypeTabs types={types} value={typeId} onChange={setTypeId} />
      <ServerDataTable<RecordRow>
        key={type.id}
        queryKey={recordsKeys.list(type.id)}
        fetchPage={(request) => fetchRecordsPage(type.id, request)}
        initialFilters={linkedType && String(linkedType.id) === typeId ? linkedFilters : undefined}
        columns={[...columnsFor(type, intl, format), actions]}
        rowKey={(r) => r.id}
        searchLabel={intl.formatMessage({
          id: 'staff.records.search',
          defaultMessage: 'Search names, code and title',
        })}
        serverExport={(format, query) => recordsExportUrl(type.id, format, query)}
        toolbarActions={canManage && <ImportButton typeId={type.id} />}
        emptyAction={
          canManage && (
            <ImportButton
              typeId={type.id}
              label={intl.formatMessage(
                { id: 'staff.records.importType', defaultMessage: 'Import {label}' },
                { label: type.customLabelPlural.toLowerCase() },
              )}
            />
          )
        }
        // One line a row; the table scrolls sideways in its card, its actions kept in view on a
        // desktop (a phone has no room to pin them).
        pinLastColumn={!phone}
        emptyText={intl.formatMessage(
          { id: 'staff.records.empty', defaultMessage: 'No {label} here.' },
          { label: type.customLabelPlural.toLowerCase() },
        )}
        filters={[
          {
            key: 'status',
            label: intl.formatMessage({ id: 'staff.records.column.status', defaultMessage: 'Status' }),
            options: RECORD_STATUSES.map((s) => ({ value: s, label: statusWord(intl, s) })),
          },
          {
            key: 'entitiesId',
            label: intl.formatMessage({ id: 'staff.records.column.program', defaultMessage: 'Program' }),
            options: programs.map((p) => ({ value: String(p.id), label: p.name })),
          },
          {
            key: 'gradesId',
            label: intl.formatMessage(columnMessages.grade),
            options: Object.entries(GRADES).map(([id, name]) => ({
              value: id,
              label: formatGrade(intl, Number(id), name),
            })),
          },
          {
            key: 'gender',
            label: intl.formatMessage({ id: 'staff.records.filter.gender', defaultMessage: 'Gender' }),
            options: [
              {
                value: 'Female',
                label: intl.formatMessage({ id: 'staff.records.gender.female', defaultMessage: 'Female' }),
              },
              {
                value: 'Male',
                label: intl.formatMessage({ id: 'staff.records.gender.male', defaultMessage: 'Male' }),
              },
            ],
          },
          {
            key: 'sponsored',
            label: intl.formatMessage({ id: 'staff.records.filter.sponsored', defaultMessage: 'Sponsored' }),
            options: [
              {
                value: 'true',
                label: intl.formatMessage({
                  id: 'staff.records.filter.sponsored',
                  defaultMessage: 'Sponsored',
                }),
              },
              {
                value: 'false',
                label: intl.formatMessage({
                  id: 'staff.records.filter.waiting',
                  defaultMessage: 'Waiting for a sponsor',
                }),
              },
            ],
          },
          {
            key: 'hasPictures',
            label: intl.formatMessage({ id: 'staff.records.filter.pictures', defaultMessage: 'Pictures' }),
            options: [
              {
                value: 'true',
                label: intl.formatMessage({
                  id: 'staff.records.filter.hasPictures',
                  defaultMessage: 'Has pictures',
                }),
              },
              {
                value: 'false',
                label: intl.formatMessage({
                  id: 'staff.records.filter.noPictures',
                  defaultMessage: 'No pictures',
                }),
              },
            ],
          },
        ]}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        size="xl"
        fullScreen={phone ?? false}
        title={type.customLabelPlural}
      >
        {editing?.mode === 'new' && (
          <RecordEditor
            type={type}
            programs={writablePrograms}
            onSave={(values: RecordInput) => create.mutateAsync(values)}
            onDone={() => setEditing(null)}
          />
        )}
        {editing?.mode === 'edit' && current.data && current.data.id === editing.id && (
          <RecordEditor
            key={current.data.id}
            type={type}
            programs={writablePrograms}
            record={current.data}
            historyHref={
              can(viewer, 'audit.view', { partnersId: partner.id })
                ? `/dashboard/audit?entityType=sponsored&entityId=${current.data.id}`
                : undefined
            }
            onSave={(values: RecordInput) => update.mutateAsync({ id: editing.id, values })}
            onArchive={() =>
              update.mutateAsync({ id: editing.id, values: { status: 'archived', confirm: true } })
            }
            onDone={() => setEditing(null)}
          />
        )}
        {editing?.mode === 'edit' && current.isLoading && (
          <Text>
            <FormattedMessage id="staff.records.loading" defaultMessage="Loading…" />
          </Text>
        )}
      </Modal>
    </Stack>
  );
}
