import { Anchor, Badge, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { can, formatCents, formatDate, type SponsorRow } from '@kinship/domain';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ServerDataTable, type StaffColumn } from '../../../../components/staff/server-data-table';
import { useViewer } from '../../../../shared/auth/hooks/use-viewer';
import { usePartner } from '../../../../shared/partner/partner-context';
import { fetchSponsorsPage, sponsorsKeys } from '../api/sponsors-api';
import { ManualSponsorshipForm } from './manual-sponsorship-form';

export const personName = (p: { firstName: string | null; lastName: string | null; email: string | null }) =>
  [p.firstName, p.lastName].filter(Boolean).join(' ') || p.email || 'Unnamed';

export function savedMethodText(m: {
  brand: string | null;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
}): string {
  if (!m.last4) return '';
  const exp =
    m.expMonth && m.expYear
      ? ` · exp. ${String(m.expMonth).padStart(2, '0')}/${String(m.expYear).slice(-2)}`
      : '';
  return `${m.brand ?? 'Account'} •••• ${m.last4}${exp}`;
}

/** The records sponsored now, the first three by name and a count of the rest. */
export function sponsoringText(names: readonly string[]): string {
  if (names.length === 0) return '—';
  const shown = names.slice(0, 3).join(', ');
  return names.length > 3 ? `${shown} and ${names.length - 3} more` : shown;
}

/** An expiry in the past or this month: the card will decline the next renewal. */
export function expiresSoon(expMonth: number | null, expYear: number | null, now = new Date()): boolean {
  if (!expMonth || !expYear) return false;
  return expYear * 12 + expMonth <= now.getFullYear() * 12 + now.getMonth() + 1;
}

const COLUMNS: StaffColumn<SponsorRow>[] = [
  {
    key: 'name',
    title: 'Name',
    sortable: true,
    noWrap: true,
    render: (r) => (
      <Stack gap={0}>
        <Anchor component={Link} to={`/dashboard/sponsors/${r.id}`} fw={600}>
          {personName(r)}
        </Anchor>
        {r.tempAccount && (
          <Text size="xs" c="dimmed">
            no account yet
          </Text>
        )}
      </Stack>
    ),
    csv: (r) => personName(r),
  },
  { key: 'email', title: 'Email', sortable: true },
  { key: 'phone', title: 'Phone', hiddenByDefault: true },
  { key: 'city', title: 'City', hiddenByDefault: true },
  {
    key: 'activeSponsorships',
    title: 'Sponsoring',
    sortable: true,
    minWidth: 280,
    render: (r) => (
      <Stack gap={2}>
        <Text size="sm">{sponsoringText(r.sponsoring)}</Text>
        <Group gap={4}>
          {r.manualSponsorships > 0 && (
            <Badge size="xs" variant="light" color="grape">
              {r.manualSponsorships} offline
            </Badge>
          )}
          {r.endedSponsorships > 0 && (
            <Badge size="xs" variant="light" color="gray">
              {r.endedSponsorships} ended
            </Badge>
          )}
        </Group>
      </Stack>
    ),
    csv: (r) => r.sponsoring.join('; '),
  },
  {
    key: 'totalPaid',
    title: 'Paid',
    sortable: true,
    noWrap: true,
    render: (r) => (
      <Stack gap={0}>
        <Text size="sm">{formatCents(r.totalPaid)}</Text>
        <Text size="xs" c="dimmed">
          {r.payments} {r.payments === 1 ? 'payment' : 'payments'}
        </Text>
      </Stack>
    ),
    csv: (r) => (r.totalPaid / 100).toFixed(2),
  },
  {
    key: 'lastPaymentAt',
    title: 'Last payment',
    sortable: true,
    noWrap: true,
    render: (r) => (r.lastPaymentAt ? formatDate(r.lastPaymentAt) : '—'),
    csv: (r) => r.lastPaymentAt ?? '',
  },
  {
    key: 'method',
    title: 'Saved method',
    render: (r) => {
      const text = savedMethodText({
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
      savedMethodText({
        brand: r.methodBrand,
        last4: r.methodLast4,
        expMonth: r.methodExpMonth,
        expYear: r.methodExpYear,
      }),
  },
];

/** Sponsors: the people who sponsor or give at the partner, and manual sponsorships. */
export function SponsorsSection() {
  const partner = usePartner();
  const { viewer } = useViewer(partner.id);
  const [recording, setRecording] = useState(false);
  const phone = useMediaQuery('(max-width: 48em)');
  const navigate = useNavigate();
  const canManage = can(viewer, 'sponsors.manage', { partnersId: partner.id });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Sponsors</Title>
        {canManage && <Button onClick={() => setRecording(true)}>Record a manual sponsorship</Button>}
      </Group>
      <Text c="dimmed" size="sm">
        Everyone who sponsors or gives here, with their sponsorships, payments and saved card. Open a person
        for the timeline of their giving, to end or move a sponsorship, or to record one paid offline.
      </Text>
      <ServerDataTable<SponsorRow>
        queryKey={sponsorsKeys.list()}
        fetchPage={fetchSponsorsPage}
        columns={COLUMNS}
        rowKey={(r) => r.id}
        searchLabel="Search name, email and phone"
        exportFileName="sponsors.csv"
        emptyText="No sponsors or donors here."
        filters={[
          {
            key: 'kind',
            label: 'Who',
            options: [
              { value: 'active', label: 'Sponsoring now' },
              { value: 'manual', label: 'Paid offline' },
              { value: 'ended', label: 'Sponsored before' },
              { value: 'donor', label: 'Donors only' },
            ],
          },
        ]}
      />
      <Modal
        opened={recording}
        onClose={() => setRecording(false)}
        title="Record a manual sponsorship"
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
