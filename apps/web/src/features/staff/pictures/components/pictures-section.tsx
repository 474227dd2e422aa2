import { actionScope, RECORD_STATUSES, sponsoredRecordName, type RecordRow } from '@kinship/domain';
import { Anchor, Badge, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Link } from 'react-router';
import { ServerDataTable, type StaffColumn } from '../../../../components/staff/server-data-table';
import { TypeTabs } from '../../../../components/staff/type-tabs';
import { useViewer } from '../../../../shared/auth/hooks/use-viewer';
import { usePartner } from '../../../../shared/partner/partner-context';
import { fetchRecordsPage } from '../../../../shared/records/fetch-records-page';
import { picturesKeys } from '../api/pictures-api';

const statusWord = (intl: IntlShape, status: string) =>
  intl.formatMessage(
    {
      id: 'staff.records.status.value',
      defaultMessage:
        '{status, select, active {active} reserved {reserved} inactive {inactive} archived {archived} other {{status}}}',
    },
    { status },
  );

/** The columns for a type's records (its kind decides whether a name or a title names a record). */
const columnsFor = (sponsoredTypesId: number, intl: IntlShape): StaffColumn<RecordRow>[] => [
  {
    key: 'code',
    title: intl.formatMessage({ id: 'staff.pictures.column.record', defaultMessage: 'Record' }),
    sortable: true,
    noWrap: true,
    render: (r) => (
      <Stack gap={0}>
        <Anchor component={Link} to={`/dashboard/records/${r.id}/pictures`} fw={600}>
          {sponsoredRecordName({ ...r, sponsoredTypesId }, r.code)}
        </Anchor>
        <Text size="xs" c="dimmed">
          {r.code}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'program',
    title: intl.formatMessage({ id: 'staff.pictures.column.program', defaultMessage: 'Program' }),
    noWrap: true,
  },
  {
    key: 'pictures',
    title: intl.formatMessage({ id: 'staff.pictures.title', defaultMessage: 'Pictures' }),
    noWrap: true,
    render: (r) =>
      r.pictures === 0 ? (
        <Badge color="orange" variant="light">
          <FormattedMessage id="staff.pictures.noneYet" defaultMessage="None yet" />
        </Badge>
      ) : (
        r.pictures
      ),
  },
  {
    key: 'status',
    title: intl.formatMessage({ id: 'staff.pictures.column.status', defaultMessage: 'Status' }),
    noWrap: true,
    render: (r) => statusWord(intl, r.status),
  },
];

/**
 * Dashboard › Pictures (pictures.manage): the records of a type with how many pictures each has
 * (a filter finds those with none), each a link to its pictures page (upload several at once,
 * describe, order, choose the profile picture). A program-scoped person sees their programs' only
 * (the records API scopes the list).
 */
export function PicturesSection() {
  const intl = useIntl();
  const partner = usePartner();
  const types = partner.partnerSponsoredTypes;
  const [typeId, setTypeId] = useState<string | null>(types[0] ? String(types[0].id) : null);
  const type = types.find((t) => String(t.id) === typeId);
  const { viewer } = useViewer(partner.id);
  const scope = actionScope(viewer, 'pictures.manage', partner.id);
  const programs = partner.entities.filter((e) => scope === 'all' || (scope ?? []).includes(e.id));

  return (
    <Stack gap="md">
      <Title order={1}>
        <FormattedMessage id="staff.pictures.title" defaultMessage="Pictures" />
      </Title>
      <Text c="dimmed">
        <FormattedMessage
          id="staff.pictures.intro"
          defaultMessage="Each record's pictures are kept on its own page: drop several at once, describe them, order them by dragging and choose the profile picture. Filter by Pictures to find the records that have none yet."
        />
      </Text>
      {!type ? (
        <Text>
          <FormattedMessage
            id="staff.records.noTypes"
            defaultMessage="This partner has no sponsored types yet."
          />
        </Text>
      ) : (
        <>
          <TypeTabs types={types} value={typeId} onChange={setTypeId} />
          <ServerDataTable<RecordRow>
            key={type.id}
            queryKey={picturesKeys.records(type.id)}
            fetchPage={(request) => fetchRecordsPage(type.id, request)}
            columns={columnsFor(type.sponsoredTypesId, intl)}
            rowKey={(r) => r.id}
            searchLabel={intl.formatMessage({
              id: 'staff.records.search',
              defaultMessage: 'Search names, code and title',
            })}
            emptyText={intl.formatMessage(
              { id: 'staff.records.empty', defaultMessage: 'No {label} here.' },
              { label: type.customLabelPlural.toLowerCase() },
            )}
            filters={[
              {
                key: 'hasPictures',
                label: intl.formatMessage({ id: 'staff.pictures.title', defaultMessage: 'Pictures' }),
                options: [
                  {
                    value: 'false',
                    label: intl.formatMessage({
                      id: 'staff.pictures.filter.none',
                      defaultMessage: 'No pictures yet',
                    }),
                  },
                  {
                    value: 'true',
                    label: intl.formatMessage({
                      id: 'staff.records.filter.hasPictures',
                      defaultMessage: 'Has pictures',
                    }),
                  },
                ],
              },
              {
                key: 'status',
                label: intl.formatMessage({ id: 'staff.pictures.column.status', defaultMessage: 'Status' }),
                options: RECORD_STATUSES.map((s) => ({ value: s, label: statusWord(intl, s) })),
              },
              {
                key: 'entitiesId',
                label: intl.formatMessage({ id: 'staff.pictures.column.program', defaultMessage: 'Program' }),
                options: programs.map((p) => ({ value: String(p.id), label: p.name })),
              },
            ]}
          />
        </>
      )}
    </Stack>
  );
}
