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
import { can, type SponsorDetail, type SponsorshipView } from '@kinship/domain';
import { useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Link, useParams } from 'react-router';
import { LoadingScreen } from '../../../../components/loading-screen';
import { ServerDataTable, type StaffColumn } from '../../../../components/staff/server-data-table';
import { useFormat, type Formats } from '../../../../i18n/use-format';
import { useViewer } from '../../../../shared/auth/hooks/use-viewer';
import { usePartner } from '../../../../shared/partner/partner-context';
import { useSponsor } from '../api/sponsors-api';
import { sponsorMessages as m } from '../messages';
import { ManualSponsorshipForm } from './manual-sponsorship-form';
import { SponsorshipActions } from './sponsorship-actions';
import { expiresSoon, personName, savedMethodText } from './sponsors-section';

/** A coloured dot's content: a space, so the row reads "date what" and not "datewhat". */
const BULLET = ' ';

type TimelineRow = SponsorDetail['timeline'][number] & { position: number };

/** The giving history on a desktop: when, what (with its kind's colour) and how much. */
const timelineColumns = (intl: IntlShape, format: Formats): StaffColumn<TimelineRow>[] => [
  {
    key: 'at',
    title: intl.formatMessage(m.columnDate),
    sortable: true,
    noWrap: true,
    render: (e) => format.date(e.at),
    csv: (e) => format.date(e.at),
    sortValue: (e) => new Date(e.at).getTime(),
  },
  {
    key: 'text',
    title: intl.formatMessage(m.columnWhat),
    minWidth: 200,
    render: (e) => (
      <Group gap="xs" wrap="nowrap">
        <Badge size="xs" circle color={TIMELINE_COLORS[e.kind]} aria-hidden>
          {BULLET}
        </Badge>
        {e.text}
      </Group>
    ),
  },
  {
    key: 'amount',
    title: intl.formatMessage(m.columnAmount),
    sortable: true,
    noWrap: true,
    align: 'right',
    render: (e) => (e.amount !== null ? format.cents(e.amount) : ''),
    csv: (e) => (e.amount !== null ? format.cents(e.amount) : ''),
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
        <FormattedMessage {...m.statusEnded} />
      </Badge>
    );
  if (s.isManual)
    return (
      <Badge color="grape" variant="light">
        <FormattedMessage {...m.statusOffline} />
      </Badge>
    );
  return (
    <Badge color="green" variant="light">
      {s.subscriptionStatus ?? <FormattedMessage {...m.statusActive} />}
    </Badge>
  );
}

function SponsorshipCard({ s, actions }: { s: SponsorshipView; actions: React.ReactNode }) {
  const intl = useIntl();
  const format = useFormat();
  const facts = [
    s.typeLabel,
    s.code,
    s.program,
    intl.formatMessage(m.slotCount, { count: s.numSlots }),
    ...(s.amount > 0
      ? [
          intl.formatMessage(m.amountPerInterval, {
            amount: format.cents(s.amount),
            interval: s.interval ?? 'month',
          }),
        ]
      : []),
  ];
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
            {facts.join(' · ')}
          </Text>
          <Text size="sm">
            {[
              s.dateEnded
                ? intl.formatMessage(m.sinceUntil, {
                    start: format.date(s.dateStarted),
                    end: format.date(s.dateEnded),
                  })
                : intl.formatMessage(m.since, { start: format.date(s.dateStarted) }),
              s.endReason,
            ]
              .filter(Boolean)
              .join(' — ')}
          </Text>
          {s.linkCode && (
            <Text size="sm">
              <FormattedMessage
                {...m.linkCode}
                values={{
                  code: s.linkCode,
                  b: (chunks) => (
                    <Text span ff="monospace" fw={700}>
                      {chunks}
                    </Text>
                  ),
                }}
              />
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
  const intl = useIntl();
  const format = useFormat();
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
          <FormattedMessage {...m.back} />
        </Anchor>
        <Text role="alert">{error?.message ?? intl.formatMessage(m.notFound)}</Text>
      </Stack>
    );

  const { person } = data;
  const name = personName(intl, person);
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
        <FormattedMessage {...m.back} />
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={0}>
          <Title order={1}>{name}</Title>
          <Text c="dimmed" size="sm">
            <FormattedMessage
              {...(person.tempAccount ? m.knownSinceTemp : m.knownSince)}
              values={{ date: format.date(person.createdAt) }}
            />
          </Text>
        </Stack>
        {canRecord && (
          <Button onClick={() => setRecording(true)}>
            <FormattedMessage {...m.recordManual} />
          </Button>
        )}
      </Group>

      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Card withBorder padding="sm">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            <FormattedMessage {...m.contact} />
          </Text>
          {person.email && <Anchor href={`mailto:${person.email}`}>{person.email}</Anchor>}
          {person.phone && <Text size="sm">{person.phone}</Text>}
          {address && <Text size="sm">{address}</Text>}
        </Card>
        <Card withBorder padding="sm">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            <FormattedMessage {...m.given} />
          </Text>
          <Text fz="xl" fw={700}>
            {format.cents(data.totalPaid)}
          </Text>
          <Text size="sm" c="dimmed">
            <FormattedMessage
              {...m.sponsorshipCounts}
              values={{ active: active.length, ended: ended.length, total: active.length + ended.length }}
            />
          </Text>
        </Card>
        <Card withBorder padding="sm">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            <FormattedMessage {...m.savedMethods} />
          </Text>
          {data.paymentMethods.length === 0 && (
            <Text size="sm">
              <FormattedMessage {...m.none} />
            </Text>
          )}
          {data.paymentMethods.map((method) => (
            <Text
              key={method.id}
              size="sm"
              c={expiresSoon(method.expMonth, method.expYear) ? 'red' : undefined}
            >
              {method.isDefault
                ? intl.formatMessage(m.defaultMethod, { method: savedMethodText(intl, method) })
                : savedMethodText(intl, method)}
            </Text>
          ))}
        </Card>
      </SimpleGrid>

      <Stack gap="xs" component="section" aria-labelledby="sponsorships-title">
        <Title order={2} size="h3" id="sponsorships-title">
          <FormattedMessage {...m.sponsorships} />
        </Title>
        {data.sponsorships.length === 0 && (
          <Text>
            <FormattedMessage {...m.noSponsorships} />
          </Text>
        )}
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
          <FormattedMessage {...m.giving} />
        </Title>
        {data.timeline.length === 0 ? (
          <Text>
            <FormattedMessage {...m.nothingYet} />
          </Text>
        ) : phone ? (
          <Timeline bulletSize={14} lineWidth={2}>
            {data.timeline.map((e, i) => (
              <Timeline.Item key={i} color={TIMELINE_COLORS[e.kind]} title={e.text}>
                <Text size="xs" c="dimmed">
                  {e.amount !== null
                    ? intl.formatMessage(m.timelineWhenAmount, {
                        date: format.date(e.at),
                        amount: format.cents(e.amount),
                      })
                    : format.date(e.at)}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        ) : (
          <ServerDataTable
            rows={data.timeline.map((e, i) => ({ ...e, position: i }))}
            columns={timelineColumns(intl, format)}
            rowKey={(e) => e.position}
            searchLabel={intl.formatMessage(m.searchGiving)}
            emptyText={intl.formatMessage(m.nothingYet)}
            exportFileName={`giving-${person.id}.csv`}
          />
        )}
      </Stack>

      <Modal
        opened={recording}
        onClose={() => setRecording(false)}
        title={intl.formatMessage(m.recordManualFor, { name })}
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
