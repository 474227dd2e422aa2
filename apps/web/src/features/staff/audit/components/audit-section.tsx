import { featureLabel, type AuditRow } from '@kinship/domain';
import { Anchor, Button, Code, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMemo, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { loose } from '../../../../i18n/loose-messages';
import { Link, useSearchParams } from 'react-router';
import {
  ServerDataTable,
  dateRangeValue,
  type StaffColumn,
} from '../../../../components/staff/server-data-table';
import { useFormat } from '../../../../i18n/use-format';
import { roleName, roleNames } from '../../../../components/staff/role-names';
import { auditExportUrl, auditKeys, fetchAuditPage, type AuditFilters } from '../api/audit-api';
import { auditFieldLabel, formatAuditChanges, type AuditWords } from '../utils/format-audit-change';

const m = loose(
  defineMessages({
    title: { id: 'staff.audit.title', defaultMessage: 'Audit log' },
    intro: {
      id: 'staff.audit.intro',
      defaultMessage: 'Who changed what and when, with the values before and after.',
    },
    historyOf: { id: 'staff.audit.scope.entity', defaultMessage: 'History of {entity} {id}' },
    whatPersonDid: { id: 'staff.audit.scope.person', defaultMessage: 'What person {id} did' },
    showEverything: { id: 'staff.audit.scope.clear', defaultMessage: 'Show everything' },
    what: { id: 'staff.audit.filter.what', defaultMessage: 'What' },
    anyAction: { id: 'staff.audit.filter.what.any', defaultMessage: 'Any action' },
    when: { id: 'staff.audit.filter.when', defaultMessage: 'When' },
    anyDay: { id: 'staff.audit.filter.when.any', defaultMessage: 'Any day' },
    export: { id: 'staff.audit.export', defaultMessage: 'Export CSV' },
    search: { id: 'staff.audit.search', defaultMessage: 'Search by email, name, action or id' },
    empty: { id: 'staff.audit.empty', defaultMessage: 'No audited writes match.' },
    colWhen: { id: 'staff.audit.column.when', defaultMessage: 'When' },
    colWho: { id: 'staff.audit.column.who', defaultMessage: 'Who' },
    colWhat: { id: 'staff.audit.column.what', defaultMessage: 'What' },
    colRecord: { id: 'staff.audit.column.record', defaultMessage: 'Record' },
    colChanges: { id: 'staff.audit.column.changes', defaultMessage: 'Changes' },
    colAddress: { id: 'staff.audit.column.address', defaultMessage: 'Address' },
    colRequest: { id: 'staff.audit.column.request', defaultMessage: 'Request' },
    gateway: { id: 'staff.audit.actor.gateway', defaultMessage: 'Payment provider' },
    person: { id: 'staff.audit.actor.person', defaultMessage: 'Person {id}' },
    entityRecord: { id: 'staff.audit.entity.record', defaultMessage: 'record' },
    entityPerson: { id: 'staff.audit.entity.person', defaultMessage: 'person' },
    entityPartner: { id: 'staff.audit.entity.partner', defaultMessage: 'partner' },
    none: { id: 'staff.audit.value.none', defaultMessage: 'none' },
    yes: { id: 'staff.audit.value.yes', defaultMessage: 'Yes' },
    no: { id: 'staff.audit.value.no', defaultMessage: 'No' },
    empty_: { id: 'staff.audit.value.empty', defaultMessage: '(empty)' },
    change: { id: 'staff.audit.change', defaultMessage: '{field}: {before} → {after}' },
  }),
);

/** The names of the fields staff most often see changed; any other reads as its English label. */
const fieldMessages = loose(
  defineMessages({
    amount: { id: 'staff.audit.field.amount', defaultMessage: 'Amount' },
    baseAmount: { id: 'staff.audit.field.baseAmount', defaultMessage: 'Base amount' },
    monthlyAmount: { id: 'staff.audit.field.monthlyAmount', defaultMessage: 'Monthly amount' },
    refundedAmount: { id: 'staff.audit.field.refundedAmount', defaultMessage: 'Refunded amount' },
    status: { id: 'staff.audit.field.status', defaultMessage: 'Status' },
    roles: { id: 'staff.audit.field.roles', defaultMessage: 'Roles' },
    entityIds: { id: 'staff.audit.field.entityIds', defaultMessage: 'Entity ids' },
    features: { id: 'staff.audit.field.features', defaultMessage: 'Features' },
    demoMode: { id: 'staff.audit.field.demoMode', defaultMessage: 'Demo mode' },
    privateDemo: { id: 'staff.audit.field.privateDemo', defaultMessage: 'Private demo' },
    name: { id: 'staff.audit.field.name', defaultMessage: 'Name' },
    title: { id: 'staff.audit.field.title', defaultMessage: 'Title' },
    description: { id: 'staff.audit.field.description', defaultMessage: 'Description' },
    email: { id: 'staff.audit.field.email', defaultMessage: 'Email' },
    firstName: { id: 'staff.audit.field.firstName', defaultMessage: 'First name' },
    lastName: { id: 'staff.audit.field.lastName', defaultMessage: 'Last name' },
    endReason: { id: 'staff.audit.field.endReason', defaultMessage: 'End reason' },
    verified: { id: 'staff.audit.field.verified', defaultMessage: 'Verified' },
    label: { id: 'staff.audit.field.label', defaultMessage: 'Label' },
  }),
);

/** The kinds of writes, as action prefixes (every audited action is `entity.verb`). */
const actionMessages = loose(
  defineMessages({
    'sponsored.': { id: 'staff.audit.action.records', defaultMessage: 'Records' },
    'sponsored_image.': { id: 'staff.audit.action.pictures', defaultMessage: 'Pictures' },
    'program.': { id: 'staff.audit.action.programs', defaultMessage: 'Programs' },
    'sponsored_type.': { id: 'staff.audit.action.types', defaultMessage: 'Types and plans' },
    'record_import.': { id: 'staff.audit.action.imports', defaultMessage: 'Imports' },
    'team_member.': { id: 'staff.audit.action.team', defaultMessage: 'Team changes' },
    'invitation.': { id: 'staff.audit.action.invitations', defaultMessage: 'Invitations' },
    'partner.': { id: 'staff.audit.action.partner', defaultMessage: 'Partner settings' },
    'user.': { id: 'staff.audit.action.people', defaultMessage: 'People' },
    'subscription.': { id: 'staff.audit.action.subscriptions', defaultMessage: 'Subscriptions' },
    'payment_method.': { id: 'staff.audit.action.paymentMethods', defaultMessage: 'Payment methods' },
    'donation.': { id: 'staff.audit.action.donations', defaultMessage: 'Donations' },
  }),
);

/** What an empty cell shows. */
const NONE = '—';

const ENTITY_WORDS = {
  sponsored: m.entityRecord,
  user: m.entityPerson,
  partner: m.entityPartner,
} as Record<string, (typeof m)['entityRecord'] | undefined>;

/** An entity type as staff read it (record, person, partner), else as stored. */
function entityWord(intl: IntlShape, entityType: string): string {
  const word = ENTITY_WORDS[entityType];
  return word ? intl.formatMessage(word) : entityType;
}

function who(intl: IntlShape, row: AuditRow): string {
  if (row.actorKind !== 'person')
    return row.actorKind === 'gateway' ? intl.formatMessage(m.gateway) : row.actorKind;
  return row.actorName ?? row.actorEmail ?? intl.formatMessage(m.person, { id: row.usersId ?? '?' });
}

/** The CSV keeps the stored values as they are (ids and cents), for reconciling with other exports. */
function rawChangeText(row: AuditRow): string {
  return Object.entries(row.changes)
    .map(([field, { before, after }]) => `${field}: ${JSON.stringify(before)} → ${JSON.stringify(after)}`)
    .join('; ');
}

function auditColumns(intl: IntlShape, words: AuditWords): StaffColumn<AuditRow>[] {
  const t = intl.formatMessage;
  return [
    {
      key: 'createdAt',
      title: t(m.colWhen),
      render: (r) => intl.formatDate(r.createdAt, { dateStyle: 'short', timeStyle: 'short' }),
    },
    {
      key: 'who',
      title: t(m.colWho),
      render: (r) => (
        <div>
          {r.usersId ? (
            <Anchor component={Link} to={`/dashboard/audit?usersId=${r.usersId}`} size="sm">
              {who(intl, r)}
            </Anchor>
          ) : (
            <Text size="sm">{who(intl, r)}</Text>
          )}
          {r.roles.length > 0 && (
            <Text size="xs" c="dimmed">
              {roleNames(intl, r.roles)}
            </Text>
          )}
        </div>
      ),
      csv: (r) => who(intl, r),
    },
    { key: 'action', title: t(m.colWhat), render: (r) => <Code>{r.action}</Code> },
    {
      key: 'entity',
      title: t(m.colRecord),
      render: (r) =>
        r.entityId ? (
          <Anchor
            component={Link}
            size="sm"
            to={`/dashboard/audit?entityType=${encodeURIComponent(r.entityType)}&entityId=${encodeURIComponent(r.entityId)}`}
          >
            {entityWord(intl, r.entityType)} {r.entityId}
          </Anchor>
        ) : (
          r.entityType
        ),
      csv: (r) => `${r.entityType} ${r.entityId ?? ''}`,
    },
    {
      key: 'changes',
      title: t(m.colChanges),
      render: (r) => (
        <Text size="xs" style={{ wordBreak: 'break-word', maxWidth: 420 }}>
          {formatAuditChanges(r.changes, words) || NONE}
        </Text>
      ),
      csv: rawChangeText,
    },
    { key: 'clientAddress', title: t(m.colAddress), hiddenByDefault: true },
    { key: 'requestId', title: t(m.colRequest), hiddenByDefault: true },
  ];
}

/**
 * The Audit log section (issue 14 item 4): every audited write of the partner, newest first,
 * filtered by who (`usersId`), what (`action`), when and which record (`entityType` and
 * `entityId`), all read from the address so a record's or a person's page can link to its history.
 */
export function AuditSection() {
  const intl = useIntl();
  const t = intl.formatMessage;
  const format = useFormat();
  const columns = useMemo(() => {
    const words: AuditWords = {
      none: intl.formatMessage(m.none),
      yes: intl.formatMessage(m.yes),
      no: intl.formatMessage(m.no),
      empty: intl.formatMessage(m.empty_),
      cents: format.cents,
      role: (id) => roleName(intl, id),
      feature: featureLabel,
      change: (field, before, after) => intl.formatMessage(m.change, { field, before, after }),
      field: (field) => {
        const message = Object.hasOwn(fieldMessages, field)
          ? fieldMessages[field as keyof typeof fieldMessages]
          : undefined;
        return message ? intl.formatMessage(message) : auditFieldLabel(field);
      },
    };
    return auditColumns(intl, words);
  }, [intl, format]);
  const actionOptions = Object.entries(actionMessages).map(([value, message]) => ({
    value,
    label: t(message),
  }));
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
        <Title order={1}>
          <FormattedMessage {...m.title} />
        </Title>
        <Text c="dimmed">
          <FormattedMessage {...m.intro} />
        </Text>
      </div>
      {scoped && (
        <Paper withBorder p="sm" radius="md" role="status">
          <Group justify="space-between">
            <Text size="sm">
              {filters.entityId
                ? t(m.historyOf, {
                    entity: filters.entityType ? entityWord(intl, filters.entityType) : t(m.entityRecord),
                    id: filters.entityId,
                  })
                : t(m.whatPersonDid, { id: filters.usersId })}
            </Text>
            <Button size="xs" variant="default" component={Link} to="/dashboard/audit">
              <FormattedMessage {...m.showEverything} />
            </Button>
          </Group>
        </Paper>
      )}
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t(m.what)}
          placeholder={t(m.anyAction)}
          data={actionOptions}
          value={filters.action ?? null}
          onChange={(v) => setParam('action', v)}
          clearable
          w={200}
        />
        <DatePickerInput
          type="range"
          label={t(m.when)}
          placeholder={t(m.anyDay)}
          value={range}
          onChange={(v) => setRange(v as [string | null, string | null])}
          clearable
          w={260}
        />
        <Button component="a" href={auditExportUrl(filters, '')} variant="default" download>
          <FormattedMessage {...m.export} />
        </Button>
      </Group>
      <ServerDataTable<AuditRow>
        queryKey={auditKeys.list(filters)}
        fetchPage={(request) => fetchAuditPage(filters, request)}
        columns={columns}
        rowKey={(r) => r.id}
        searchLabel={t(m.search)}
        emptyText={t(m.empty)}
      />
    </Stack>
  );
}
