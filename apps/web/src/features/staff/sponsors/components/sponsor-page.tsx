import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { can, formatCents, formatDate, type SponsorDetail, type SponsorshipView } from '@kinship/domain';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadingScreen } from '../../../../components/loading-screen';
import { ServerDataTable, type StaffColumn } from '../../../../components/staff/server-data-table';
import { useViewer } from '../../../../shared/auth/hooks/use-viewer';
import { usePartner } from '../../../../shared/partner/partner-context';
import { useSponsor } from '../api/sponsors-api';
import { ManualSponsorshipForm } from './manual-sponsorship-form';
import { SponsorshipActions } from './sponsorship-actions';
import { expiresSoon, personName, savedMethodText } from './sponsors-section';

type TimelineRow = SponsorDetail['timeline'][number] & { position: number };

/** The giving history on a desktop: when, what (with its kind's colour) and how much. */
const TIMELINE_COLUMNS: StaffColumn<TimelineRow>[] = [
  {
    key: 'at',
    title: 'Date',
    sortable: true,
    noWrap: true,
    render: (e) => formatDate(e.at),
    csv: (e) => formatDate(e.at),
    sortValue: (e) => new Date(e.at).getTime(),
  },
  {
    key: 'text',
    title: 'What',
    minWidth: 200,
    render: (e) => (
      <Group gap="xs" wrap="nowrap">
        <Badge size="xs" circle color={TIMELINE_COLORS[e.kind]} aria-hidden>
          {' '}
        </Badge>
        {e.text}
      </Group>
    ),
  },
  {
    key: 'amount',
    title: 'Amount',
    sortable: true,
    noWrap: true,
    align: 'right',
    render: (e) => (e.amount !== null ? formatCents(e.amount) : ''),
    csv: (e) => (e.amount !== null ? formatCents(e.amount) : ''),
    sortValue: (e) => e.amount,
  },
];

const TIMELINE_COLORS: Record<SponsorDetail['timeline'][number]['kind'], string> = {
  sponsorship_started: 'green',
  sponsorship_ended: 'gray',
  payment: 'blue',
  payment_failed: 'red',
  refund: 'orange',
  donation: 'grape',
};

function status(s: SponsorshipView) {
  if (s.dateEnded)
    return (
      <Badge color="gray" variant="light">
        ended
      </Badge>
    );
  if (s.isManual)
    return (
      <Badge color="grape" variant="light">
        paid offline
      </Badge>
    );
  return (
    <Badge color="green" variant="light">
      {s.subscriptionStatus ?? 'active'}
    </Badge>
  );
}

function SponsorshipCard({ s, actions }: { s: SponsorshipView; actions: React.ReactNode }) {
  return (
    <Card withBorder padding="sm" radius="md" component="li" style={{ listStyle: 'none' }}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Group gap="xs">
            <Anchor component={Link} to={`/sponsored/profile/${s.sponsoredsId}`} fw={600}>
              {s.name}
            </Anchor>
            {status(s)}
          </Group>
          <Text size="sm" c="dimmed">
            {s.typeLabel} · {s.code} · {s.program} · {s.numSlots} {s.numSlots === 1 ? 'slot' : 'slots'}
            {s.amount > 0 && ` · ${formatCents(s.amount)}/${s.interval ?? 'month'}`}
          </Text>
          <Text size="sm">
            Since {formatDate(s.dateStarted)}
            {s.dateEnded && ` until ${formatDate(s.dateEnded)}`}
            {s.endReason && ` — ${s.endReason}`}
          </Text>
          {s.linkCode && (
            <Text size="sm">
              Link code (not used yet):{' '}
              <Text span ff="monospace" fw={700}>
                {s.linkCode}
              </Text>
            </Text>
          )}
        </Stack>
        {!s.dateEnded && actions}
      </Group>
    </Card>
  );
}

/** /dashboard/sponsors/:id: a person's contact details, sponsorships, saved methods and giving. */
export function SponsorPage() {
  const id = Number(useParams().id);
  const partner = usePartner();
  const { viewer } = useViewer(partner.id);
  const { data, isPending, error, refetch } = useSponsor(id);
  const [recording, setRecording] = useState(false);
  const phone = useMediaQuery('(max-width: 48em)');

  if (isPending) return <LoadingScreen />;
  if (error || !data)
    return (
      <Stack>
        <Anchor component={Link} to="/dashboard/sponsors">
          ← Sponsors
        </Anchor>
        <Text role="alert">{error?.message ?? 'This person was not found.'}</Text>
      </Stack>
    );

  const { person } = data;
  const name = personName(person);
  const mayManage = (s: SponsorshipView) =>
    can(viewer, 'sponsors.manage', { partnersId: partner.id, entitiesId: s.entitiesId });
  const canRecord = can(viewer, 'sponsors.manage', { partnersId: partner.id });
  // The mutation hooks refresh the section's queries; this person's page waits for its own.
  const changed = () => refetch();
  const active = data.sponsorships.filter((s) => !s.dateEnded);
  const ended = data.sponsorships.filter((s) => s.dateEnded);
  const address = [
    person.address1,
    person.address2,
    [person.city, person.state, person.zip].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/dashboard/sponsors" size="sm">
        ← Sponsors
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={0}>
          <Title order={1}>{name}</Title>
          <Text c="dimmed" size="sm">
            {person.tempAccount ? 'No account yet (recorded by staff)' : 'Has an account'} · known since{' '}
            {formatDate(person.createdAt)}
          </Text>
        </Stack>
        {canRecord && <Button onClick={() => setRecording(true)}>Record a manual sponsorship</Button>}
      </Group>

      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Card withBorder padding="sm">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Contact
          </Text>
          {person.email && <Anchor href={`mailto:${person.email}`}>{person.email}</Anchor>}
          {person.phone && <Text size="sm">{person.phone}</Text>}
          {address && <Text size="sm">{address}</Text>}
        </Card>
        <Card withBorder padding="sm">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Given
          </Text>
          <Text fz="xl" fw={700}>
            {formatCents(data.totalPaid)}
          </Text>
          <Text size="sm" c="dimmed">
            {active.length} active, {ended.length} ended{' '}
            {ended.length + active.length === 1 ? 'sponsorship' : 'sponsorships'}
          </Text>
        </Card>
        <Card withBorder padding="sm">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Saved methods
          </Text>
          {data.paymentMethods.length === 0 && <Text size="sm">None</Text>}
          {data.paymentMethods.map((m) => (
            <Text key={m.id} size="sm" c={expiresSoon(m.expMonth, m.expYear) ? 'red' : undefined}>
              {savedMethodText(m)}
              {m.isDefault ? ' (default)' : ''}
            </Text>
          ))}
        </Card>
      </SimpleGrid>

      <Stack gap="xs" component="section" aria-labelledby="sponsorships-title">
        <Title order={2} size="h3" id="sponsorships-title">
          Sponsorships
        </Title>
        {data.sponsorships.length === 0 && <Text>No sponsorships.</Text>}
        <Stack component="ul" gap="xs" p={0} m={0}>
          {[...active, ...ended].map((s) => (
            <SponsorshipCard
              key={s.id}
              s={s}
              actions={mayManage(s) ? <SponsorshipActions sponsorship={s} onChanged={changed} /> : null}
            />
          ))}
        </Stack>
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="timeline-title">
        <Title order={2} size="h3" id="timeline-title">
          Giving
        </Title>
        {data.timeline.length === 0 ? (
          <Text>Nothing yet.</Text>
        ) : phone ? (
          <Timeline bulletSize={14} lineWidth={2}>
            {data.timeline.map((e, i) => (
              <Timeline.Item key={i} color={TIMELINE_COLORS[e.kind]} title={e.text}>
                <Text size="xs" c="dimmed">
                  {formatDate(e.at)}
                  {e.amount !== null && ` · ${formatCents(e.amount)}`}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        ) : (
          <ServerDataTable
            rows={data.timeline.map((e, i) => ({ ...e, position: i }))}
            columns={TIMELINE_COLUMNS}
            rowKey={(e) => e.position}
            searchLabel="Search giving"
            emptyText="Nothing yet."
            exportFileName={`giving-${person.id}.csv`}
          />
        )}
      </Stack>

      <Modal
        opened={recording}
        onClose={() => setRecording(false)}
        title={`Record a manual sponsorship for ${name}`}
        size="lg"
        fullScreen={phone ?? false}
      >
        <ManualSponsorshipForm
          types={partner.partnerSponsoredTypes}
          person={{ id: person.id, name }}
          onDone={() => {
            setRecording(false);
            void changed();
          }}
        />
      </Modal>
    </Stack>
  );
}
