import { Anchor, Badge, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { can, type SponsorRow } from '@kinship/domain';
import { useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { ServerDataTable, type StaffColumn } from '../../../../components/staff/server-data-table';
import { useFormat, type Formats } from '../../../../i18n/use-format';
import { useViewer } from '../../../../shared/auth/hooks/use-viewer';
import { usePartner } from '../../../../shared/partner/partner-context';
import { fetchSponsorsPage, sponsorsKeys } from '../api/sponsors-api';
import { sponsorMessages as m } from '../messages';
import { ManualSponsorshipForm } from './manual-sponsorship-form';

export const personName = (
  intl: IntlShape,
  p: { firstName: string | null; lastName: string | null; email: string | null },
) => [p.firstName, p.lastName].filter(Boolean).join(' ') || p.email || intl.formatMessage(m.unnamed);

export function savedMethodText(
  intl: IntlShape,
  method: {
    brand: string | null;
    last4: string | null;
    expMonth: number | null;
    expYear: number | null;
  },
): string {
  if (!method.last4) return '';
  const brand = method.brand ?? intl.formatMessage(m.account);
  return method.expMonth && method.expYear
    ? intl.formatMessage(m.savedMethodExpiring, {
        brand,
        last4: method.last4,
        expiry: `${String(method.expMonth).padStart(2, '0')}/${String(method.expYear).slice(-2)}`,
      })
    : intl.formatMessage(m.savedMethod, { brand, last4: method.last4 });
}

/** The records sponsored now, the first three by name and a count of the rest. */
export function sponsoringText(intl: IntlShape, names: readonly string[]): string {
  if (names.length === 0) return '—';
  const shown = names.slice(0, 3).join(', ');
  return names.length > 3 ? intl.formatMessage(m.sponsoringMore, { shown, more: names.length - 3 }) : shown;
}

/** An expiry in the past or this month: the card will decline the next renewal. */
export function expiresSoon(expMonth: number | null, expYear: number | null, now = new Date()): boolean {
  if (!expMonth || !expYear) return false;
  return expYear * 12 + expMonth <= now.getFullYear() * 12 + now.getMonth() + 1;
}

const columns = (intl: IntlShape, format: Formats): StaffColumn<SponsorRow>[] => [
  {
    key: 'name',
    title: intl.formatMessage(m.columnName),
    sortable: true,
    noWrap: true,
    render: (r) => (
      <Stack gap={0}>
        <Anchor component={Link} to={`/dashboard/sponsors/${r.id}`} fw={600}>
          {personName(intl, r)}
        </Anchor>
        {r.tempAccount && (
          <Text size="xs" c="dimmed">
            <FormattedMessage {...m.noAccountYet} />
          </Text>
        )}
      </Stack>
    ),
    csv: (r) => personName(intl, r),
  },
  { key: 'email', title: intl.formatMessage(m.columnEmail), sortable: true },
  { key: 'phone', title: intl.formatMessage(m.columnPhone), hiddenByDefault: true },
  { key: 'city', title: intl.formatMessage(m.columnCity), hiddenByDefault: true },
  {
    key: 'activeSponsorships',
    title: intl.formatMessage(m.columnSponsoring),
    sortable: true,
    minWidth: 280,
    render: (r) => (
      <Stack gap={2}>
        <Text size="sm">{sponsoringText(intl, r.sponsoring)}</Text>
        <Group gap={4}>
          {r.manualSponsorships > 0 && (
            <Badge size="xs" variant="light" color="grape">
              <FormattedMessage {...m.offlineCount} values={{ count: r.manualSponsorships }} />
            </Badge>
          )}
          {r.endedSponsorships > 0 && (
            <Badge size="xs" variant="light" color="gray">
              <FormattedMessage {...m.endedCount} values={{ count: r.endedSponsorships }} />
            </Badge>
          )}
        </Group>
      </Stack>
    ),
    csv: (r) => r.sponsoring.join('; '),
  },
  {
    key: 'totalPaid',
    title: intl.formatMessage(m.columnPaid),
    sortable: true,
    noWrap: true,
    render: (r) => (
      <Stack gap={0}>
        <Text size="sm">{format.cents(r.totalPaid)}</Text>
        <Text size="xs" c="dimmed">
          <FormattedMessage {...m.paymentCount} values={{ count: r.payments }} />
        </Text>
      </Stack>
    ),
    csv: (r) => (r.totalPaid / 100).toFixed(2),
  },
  {
    key: 'lastPaymentAt',
    title: intl.formatMessage(m.columnLastPayment),
    sortable: true,
    noWrap: true,
    render: (r) => (r.lastPaymentAt ? format.date(r.lastPaymentAt) : '—'),
    csv: (r) => r.lastPaymentAt ?? '',
  },
  {
    key: 'method',
    title: intl.formatMessage(m.columnSavedMethod),
    render: (r) => {
      const text = savedMethodText(intl, {
        brand: r.methodBrand,
        last4: r.methodLast4,
        expMonth: r.methodExpMonth,
        expYear: r.methodExpYear,
      });
      if (!text) return '—';
      return (
        <Text size="sm" c={expiresSoon(r.methodExpMonth, r.methodExpYear) ? 'red' : undefined}>
          {text}
        </Text>
      );
    },
    csv: (r) =>
      savedMethodText(intl, {
        brand: r.methodBrand,
        last4: r.methodLast4,
        expMonth: r.methodExpMonth,
        expYear: r.methodExpYear,
      }),
  },
];

/** Sponsors: the people who sponsor or give at the partner, and manual sponsorships. */
export function SponsorsSection() {
  const intl = useIntl();
  const format = useFormat();
  const partner = usePartner();
  const { viewer } = useViewer(partner.id);
  const [recording, setRecording] = useState(false);
  const phone = useMediaQuery('(max-width: 48em)');
  const navigate = useNavigate();
  const canManage = can(viewer, 'sponsors.manage', { partnersId: partner.id });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>
          <FormattedMessage {...m.title} />
        </Title>
        {canManage && (
          <Button onClick={() => setRecording(true)}>
            <FormattedMessage {...m.recordManual} />
          </Button>
        )}
      </Group>
      <Text c="dimmed" size="sm">
        <FormattedMessage {...m.intro} />
      </Text>
      <ServerDataTable<SponsorRow>
        queryKey={sponsorsKeys.list()}
        fetchPage={fetchSponsorsPage}
        columns={columns(intl, format)}
        rowKey={(r) => r.id}
        searchLabel={intl.formatMessage(m.search)}
        exportFileName="sponsors.csv"
        emptyText={intl.formatMessage(m.empty)}
        filters={[
          {
            key: 'kind',
            label: intl.formatMessage(m.filterWho),
            options: [
              { value: 'active', label: intl.formatMessage(m.filterActive) },
              { value: 'manual', label: intl.formatMessage(m.filterManual) },
              { value: 'ended', label: intl.formatMessage(m.filterEnded) },
              { value: 'donor', label: intl.formatMessage(m.filterDonor) },
            ],
          },
        ]}
      />
      <Modal
        opened={recording}
        onClose={() => setRecording(false)}
        title={intl.formatMessage(m.recordManual)}
        size="lg"
        fullScreen={phone ?? false}
      >
        <ManualSponsorshipForm
          types={partner.partnerSponsoredTypes}
          onDone={(view) => {
            setRecording(false);
            void navigate(`/dashboard/sponsors/${view.usersId}`);
          }}
        />
      </Modal>
    </Stack>
  );
}
