import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Drawer,
  Group,
  Image,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  Tabs,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  can,
  codeCloseInputSchema,
  Feature,
  GIFT_STATES,
  hasFeature,
  LIGHTNING_STATES,
  lightningRequestSchema,
  staffGiftDetailSchema,
  staffGiftSchema,
  staffLightningSchema,
  staffTrialSchema,
  trialIssueRequestSchema,
  TRIAL_STATES,
  type StaffGift,
  type StaffLightning,
  type StaffTrial,
} from '@kinship/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { loose } from '../../../../i18n/loose-messages';
import { FormCard } from '../../../../components/staff/form-card';
import { SchemaForm, useSchemaForm } from '../../../../components/staff/schema-form';
import {
  ServerDataTable,
  type PageRequest,
  type StaffColumn,
} from '../../../../components/staff/server-data-table';
import { useFormat } from '../../../../i18n/use-format';
import { apiPaged, apiRequest, ApiError, apiUrl } from '../../../../lib/api-client';
import { useViewer } from '../../../../shared/auth/hooks/use-viewer';
import { usePartner } from '../../../../shared/partner/partner-context';
import {
  givingCodesKeys,
  useCreateLightningLink,
  type LightningLinkInput,
  type TrialCodesInput,
  useIssueTrialCodes,
  useWithdrawCode,
} from '../api/gifts-api';

const m = loose(
  defineMessages({
    title: { id: 'staff.gifts.title', defaultMessage: 'Gifts and codes' },
    allOff: {
      id: 'staff.gifts.allOff',
      defaultMessage: 'Gifts, trials and lightning sponsorships are all off for this site.',
    },
    tabGifts: { id: 'staff.gifts.tab.gifts', defaultMessage: 'Gifts' },
    tabTrials: { id: 'staff.gifts.tab.trials', defaultMessage: 'Trial codes' },
    tabLightning: { id: 'staff.gifts.tab.lightning', defaultMessage: 'Lightning links' },
    failed: { id: 'staff.gifts.error', defaultMessage: 'That did not work.' },
    reason: { id: 'staff.gifts.reason', defaultMessage: 'Reason: {reason}' },
    state: { id: 'staff.gifts.column.state', defaultMessage: 'State' },
    months: { id: 'staff.gifts.period.months', defaultMessage: '{months} months' },
    openEnded: { id: 'staff.gifts.period.openEnded', defaultMessage: 'Open-ended' },
    amountAndPeriod: { id: 'staff.gifts.amountAndPeriod', defaultMessage: '{amount} · {period}' },
    colBought: { id: 'staff.gifts.column.bought', defaultMessage: 'Bought' },
    colRecord: { id: 'staff.gifts.column.record', defaultMessage: 'Record' },
    colPeriod: { id: 'staff.gifts.column.period', defaultMessage: 'Period' },
    colAmount: { id: 'staff.gifts.column.amount', defaultMessage: 'Amount' },
    colFrom: { id: 'staff.gifts.column.from', defaultMessage: 'From' },
    colTo: { id: 'staff.gifts.column.to', defaultMessage: 'To' },
    colDelivery: { id: 'staff.gifts.column.delivery', defaultMessage: 'Delivery' },
    unknown: { id: 'staff.gifts.unknown', defaultMessage: 'unknown' },
    openGift: { id: 'staff.gifts.open.label', defaultMessage: 'Open the gift from {giver} to {recipient}' },
    open: { id: 'staff.gifts.open', defaultMessage: 'Open' },
    searchGifts: { id: 'staff.gifts.search', defaultMessage: 'Search giver, recipient, record or code' },
    noGifts: { id: 'staff.gifts.empty', defaultMessage: 'No gifts yet.' },
    giftTo: { id: 'staff.gifts.drawer.title', defaultMessage: 'Gift to {name}' },
    aRecipient: { id: 'staff.gifts.drawer.aRecipient', defaultMessage: 'a recipient' },
    loading: { id: 'staff.gifts.drawer.loading', defaultMessage: 'Loading the gift…' },
    boughtBy: { id: 'staff.gifts.drawer.boughtBy', defaultMessage: 'Bought by' },
    for: { id: 'staff.gifts.drawer.for', defaultMessage: 'For' },
    record: { id: 'staff.gifts.drawer.record', defaultMessage: 'Record' },
    recordWithType: { id: 'staff.gifts.drawer.recordWithType', defaultMessage: '{name} ({type})' },
    nextWaiting: {
      id: 'staff.gifts.drawer.nextWaiting',
      defaultMessage: 'The next {type} waiting, chosen at redemption',
    },
    aRecord: { id: 'staff.gifts.record', defaultMessage: 'record' },
    code: { id: 'staff.gifts.drawer.code', defaultMessage: 'Code' },
    boughtOn: { id: 'staff.gifts.drawer.boughtOn', defaultMessage: 'Bought on' },
    delivery: { id: 'staff.gifts.drawer.delivery', defaultMessage: 'Delivery' },
    delivered: { id: 'staff.gifts.drawer.delivered', defaultMessage: 'Delivered {date}' },
    scheduledFor: { id: 'staff.gifts.drawer.scheduledFor', defaultMessage: 'Scheduled for {date}' },
    redemption: { id: 'staff.gifts.drawer.redemption', defaultMessage: 'Redemption' },
    redeemed: { id: 'staff.gifts.drawer.redeemed', defaultMessage: 'Redeemed {date}' },
    redeemedBy: { id: 'staff.gifts.drawer.redeemedBy', defaultMessage: 'Redeemed {date} by {email}' },
    notRedeemed: {
      id: 'staff.gifts.drawer.notRedeemed',
      defaultMessage: 'Not redeemed; the code is valid until {date}',
    },
    paidThrough: { id: 'staff.gifts.drawer.paidThrough', defaultMessage: 'Paid through' },
    ended: { id: 'staff.gifts.drawer.ended', defaultMessage: 'Ended {date}' },
    receipt: { id: 'staff.gifts.drawer.receipt', defaultMessage: 'Receipt' },
    message: { id: 'staff.gifts.drawer.message', defaultMessage: 'Message' },
    withdrawTrialTitle: {
      id: 'staff.gifts.withdraw.trial.title',
      defaultMessage: 'Expire or revoke a trial code',
    },
    withdrawLinkTitle: { id: 'staff.gifts.withdraw.link.title', defaultMessage: 'Revoke a lightning link' },
    expireCode: { id: 'staff.gifts.withdraw.expireCode', defaultMessage: 'Expire code' },
    revokeCode: { id: 'staff.gifts.withdraw.revokeCode', defaultMessage: 'Revoke code' },
    revokeLink: { id: 'staff.gifts.withdraw.revokeLink', defaultMessage: 'Revoke link' },
    trialWithdrawn: {
      id: 'staff.gifts.withdraw.trial.effect',
      defaultMessage: 'Nobody will be able to start a trial with trial code {code}.',
    },
    linkWithdrawn: {
      id: 'staff.gifts.withdraw.link.effect',
      defaultMessage:
        'The link “{campaign}” will stop working: people who open it are told it was withdrawn.',
    },
    expireNow: { id: 'staff.gifts.withdraw.expireNow', defaultMessage: 'Expire now' },
    revoke: { id: 'staff.gifts.withdraw.revoke', defaultMessage: 'Revoke' },
    how: { id: 'staff.gifts.withdraw.how', defaultMessage: 'How' },
    expireHint: {
      id: 'staff.gifts.withdraw.expire.hint',
      defaultMessage: 'The code ends today; a person who types it is told it has expired.',
    },
    revokeHint: {
      id: 'staff.gifts.withdraw.revoke.hint',
      defaultMessage:
        'The code is withdrawn; a person who types it is told it was withdrawn by the organization.',
    },
    reasonLabel: { id: 'staff.gifts.withdraw.reason', defaultMessage: 'Reason' },
    reasonHint: {
      id: 'staff.gifts.withdraw.reason.hint',
      defaultMessage: 'Shown to staff in the list, and kept in the audit log.',
    },
    colCreated: { id: 'staff.gifts.column.created', defaultMessage: 'Created' },
    colCode: { id: 'staff.gifts.column.code', defaultMessage: 'Code' },
    colBatch: { id: 'staff.gifts.column.batch', defaultMessage: 'Batch' },
    colDays: { id: 'staff.gifts.column.days', defaultMessage: 'Days' },
    colType: { id: 'staff.gifts.column.type', defaultMessage: 'Type' },
    any: { id: 'staff.gifts.type.any', defaultMessage: 'Any' },
    colRedeemedBy: { id: 'staff.gifts.column.redeemedBy', defaultMessage: 'Redeemed by' },
    colEnds: { id: 'staff.gifts.column.ends', defaultMessage: 'Ends' },
    colExpires: { id: 'staff.gifts.column.expires', defaultMessage: 'Expires' },
    colReason: { id: 'staff.gifts.column.reason', defaultMessage: 'Reason' },
    expireOrRevokeLabel: {
      id: 'staff.gifts.trials.withdraw.label',
      defaultMessage: 'Expire or revoke {code}',
    },
    expireOrRevoke: { id: 'staff.gifts.trials.withdraw', defaultMessage: 'Expire or revoke' },
    searchTrialsAll: {
      id: 'staff.gifts.trials.search.codes',
      defaultMessage: 'Search code, batch, redeemer or reason',
    },
    searchTrials: { id: 'staff.gifts.trials.search', defaultMessage: 'Search batch, redeemer or reason' },
    noTrials: { id: 'staff.gifts.trials.empty', defaultMessage: 'No trial codes yet.' },
    issueTitle: { id: 'staff.gifts.issue.title', defaultMessage: 'Issue trial codes' },
    issue: { id: 'staff.gifts.issue.submit', defaultMessage: 'Issue' },
    howMany: { id: 'staff.gifts.issue.count', defaultMessage: 'How many' },
    days: { id: 'staff.gifts.issue.days', defaultMessage: 'Days' },
    type: { id: 'staff.gifts.issue.type', defaultMessage: 'Type' },
    anyType: { id: 'staff.gifts.issue.type.any', defaultMessage: 'Any type' },
    batch: { id: 'staff.gifts.issue.batch', defaultMessage: 'Batch (event)' },
    issued: { id: 'staff.gifts.issue.done', defaultMessage: '{count} code(s) issued' },
    newLink: { id: 'staff.gifts.link.title', defaultMessage: 'New lightning link' },
    createLink: { id: 'staff.gifts.link.submit', defaultMessage: 'Create link' },
    campaign: { id: 'staff.gifts.link.campaign', defaultMessage: 'Campaign' },
    colCampaign: { id: 'staff.gifts.column.campaign', defaultMessage: 'Campaign' },
    colOpensOn: { id: 'staff.gifts.column.opensOn', defaultMessage: 'Opens on' },
    nextRecord: { id: 'staff.gifts.links.next', defaultMessage: 'Next {type} waiting' },
    colSponsorships: { id: 'staff.gifts.column.sponsorships', defaultMessage: 'Sponsorships' },
    sponsorships: {
      id: 'staff.gifts.links.sponsorships',
      defaultMessage: '{count, plural, one {# sponsorship} other {# sponsorships}}',
    },
    colLink: { id: 'staff.gifts.column.link', defaultMessage: 'Link' },
    downloadQr: { id: 'staff.gifts.links.downloadQr', defaultMessage: 'Download the QR code (PNG)' },
    colQr: { id: 'staff.gifts.column.qr', defaultMessage: 'QR code' },
    qrOf: { id: 'staff.gifts.links.qr.alt', defaultMessage: 'QR code of {campaign}' },
    revokeLinkLabel: { id: 'staff.gifts.links.revoke.label', defaultMessage: 'Revoke the link {campaign}' },
    searchLinks: { id: 'staff.gifts.links.search', defaultMessage: 'Search campaign, type or code' },
    noLinks: { id: 'staff.gifts.links.empty', defaultMessage: 'No lightning links yet.' },
  }),
);

/** A code's state as staff read it (domain CODE_STATE_LABELS in English, word for word). */
const codeStateMessages = loose(
  defineMessages({
    paying: { id: 'staff.gifts.state.paying', defaultMessage: 'Paying' },
    failed: { id: 'staff.gifts.state.failed', defaultMessage: 'Payment failed' },
    scheduled: { id: 'staff.gifts.state.scheduled', defaultMessage: 'Scheduled' },
    delivered: { id: 'staff.gifts.state.delivered', defaultMessage: 'Delivered' },
    redeemed: { id: 'staff.gifts.state.redeemed', defaultMessage: 'Redeemed' },
    continued: { id: 'staff.gifts.state.continued', defaultMessage: 'Continued' },
    ended: { id: 'staff.gifts.state.ended', defaultMessage: 'Ended' },
    expired: { id: 'staff.gifts.state.expired', defaultMessage: 'Expired' },
    revoked: { id: 'staff.gifts.state.revoked', defaultMessage: 'Revoked' },
    unused: { id: 'staff.gifts.state.unused', defaultMessage: 'Unused' },
    running: { id: 'staff.gifts.state.running', defaultMessage: 'Running' },
    converted: { id: 'staff.gifts.state.converted', defaultMessage: 'Converted' },
    active: { id: 'staff.gifts.state.active', defaultMessage: 'Active' },
  }),
);

/** A state's name in the page's language; an unknown state as stored. */
function codeStateText(intl: IntlShape, state: string): string {
  const message = (codeStateMessages as Record<string, (typeof codeStateMessages)['active'] | undefined>)[
    state
  ];
  return message ? intl.formatMessage(message) : state;
}

/** The section's shared words: a date or a dash, a gift's period, a failure said plainly. */
function useGiftWords() {
  const intl = useIntl();
  const format = useFormat();
  return {
    intl,
    t: intl.formatMessage,
    format,
    when: (iso: string | null | undefined) => (iso ? format.date(iso) : '—'),
    period: (months: number | null) =>
      months ? intl.formatMessage(m.months, { months }) : intl.formatMessage(m.openEnded),
    state: (state: string) => codeStateText(intl, state),
  };
}

const problemText = (intl: IntlShape, error: unknown) =>
  error instanceof ApiError ? error.message : intl.formatMessage(m.failed);
/** A failure that is not the server's answer is said plainly, as the section always has. */
const plainlyIn =
  (intl: IntlShape) =>
  (error: unknown): never => {
    throw error instanceof ApiError ? error : new Error(problemText(intl, error));
  };

/** What an empty cell shows. */
const NONE = '—';

const STATE_COLOR: Record<string, string> = {
  scheduled: 'gray',
  delivered: 'blue',
  redeemed: 'green',
  continued: 'teal',
  ended: 'gray',
  expired: 'orange',
  revoked: 'red',
  paying: 'yellow',
  failed: 'red',
  unused: 'blue',
  running: 'green',
  converted: 'teal',
  active: 'green',
};

function StateBadge({ state }: { state: string }) {
  const intl = useIntl();
  return (
    <Badge color={STATE_COLOR[state] ?? 'gray'} variant="light">
      {codeStateText(intl, state)}
    </Badge>
  );
}

/** A state with the reason staff gave when they expired or revoked the code. */
function StateWithReason({ state, reason }: { state: string; reason?: string | null | undefined }) {
  return (
    <Stack gap={2}>
      <StateBadge state={state} />
      {reason && (
        <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
          <FormattedMessage {...m.reason} values={{ reason }} />
        </Text>
      )}
    </Stack>
  );
}

/** The query of a page of one of the section's lists (search, sort, state filter, paging: decision 059). */
function pageQuery(request: PageRequest) {
  return {
    page: request.page,
    pageSize: request.pageSize,
    q: request.search,
    ...(request.sort ? { sort: request.sort.column, order: request.sort.direction } : {}),
    ...request.filters,
  };
}
const stateFilter = (intl: IntlShape, states: readonly string[]) => ({
  key: 'state',
  label: intl.formatMessage(m.state),
  options: states.map((s) => ({ value: s, label: codeStateText(intl, s) })),
});

/**
 * Dashboard › Gifts and codes (donations.view to read; codes.manage to issue trial codes, create
 * lightning links and expire or revoke them, decisions 047, 052 and 059): every gift, trial code
 * and lightning link with its state, each list paged by the server. A gift opens with its purchaser,
 * recipient, record, money, dates and code. Without codes.manage the server sends codes as their
 * last four characters and links without their address, and the forms and actions are not shown.
 */
export function GiftsSection() {
  const partner = usePartner();
  const { viewer } = useViewer(partner.id);
  const mayIssue = can(viewer, 'codes.manage', { partnersId: partner.id });
  const tabs = [
    hasFeature(partner, Feature.Gifts) && 'gifts',
    hasFeature(partner, Feature.Trials) && 'trials',
    hasFeature(partner, Feature.LightningSponsorships) && 'lightning',
  ].filter(Boolean) as string[];

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        <FormattedMessage {...m.title} />
      </Title>
      {tabs.length === 0 && (
        <Text>
          <FormattedMessage {...m.allOff} />
        </Text>
      )}
      {tabs.length > 0 && (
        <Tabs defaultValue={tabs[0]} keepMounted={false}>
          <Tabs.List>
            {tabs.includes('gifts') && (
              <Tabs.Tab value="gifts">
                <FormattedMessage {...m.tabGifts} />
              </Tabs.Tab>
            )}
            {tabs.includes('trials') && (
              <Tabs.Tab value="trials">
                <FormattedMessage {...m.tabTrials} />
              </Tabs.Tab>
            )}
            {tabs.includes('lightning') && (
              <Tabs.Tab value="lightning">
                <FormattedMessage {...m.tabLightning} />
              </Tabs.Tab>
            )}
          </Tabs.List>
          <Tabs.Panel value="gifts" pt="md">
            <GiftsTable />
          </Tabs.Panel>
          <Tabs.Panel value="trials" pt="md">
            <Stack gap="md">
              {mayIssue && <IssueTrials />}
              <TrialsTable mayWithdraw={mayIssue} />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="lightning" pt="md">
            <Stack gap="md">
              {mayIssue && <CreateLink />}
              <LinksTable mayWithdraw={mayIssue} />
            </Stack>
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}

/** A name over its address, both allowed to wrap anywhere (long addresses on a phone). */
function Person({ name, email }: { name: string | null; email: string | null }) {
  return (
    <Stack gap={0} style={{ overflowWrap: 'anywhere' }}>
      <Text size="sm">{name ?? NONE}</Text>
      {email && (
        <Text size="xs" c="dimmed">
          {email}
        </Text>
      )}
    </Stack>
  );
}

function GiftsTable() {
  const { intl, t, format, when, period, state } = useGiftWords();
  const [opened, setOpened] = useState<StaffGift | null>(null);
  const columns: StaffColumn<StaffGift>[] = [
    {
      key: 'createdAt',
      title: t(m.colBought),
      sortable: true,
      noWrap: true,
      render: (g) => when(g.createdAt),
    },
    {
      key: 'state',
      title: t(m.state),
      render: (g) => <StateBadge state={g.state} />,
      csv: (g) => state(g.state),
    },
    { key: 'recordName', title: t(m.colRecord), render: (g) => g.recordName ?? '—' },
    {
      key: 'months',
      title: t(m.colPeriod),
      noWrap: true,
      render: (g) => period(g.months),
      csv: (g) => period(g.months),
    },
    {
      key: 'amount',
      title: t(m.colAmount),
      sortable: true,
      noWrap: true,
      render: (g) => format.cents(g.amount),
      csv: (g) => (g.amount / 100).toFixed(2),
    },
    {
      key: 'giverName',
      title: t(m.colFrom),
      minWidth: 160,
      render: (g) => <Person name={g.giverName} email={g.giverEmail} />,
    },
    {
      key: 'recipientName',
      title: t(m.colTo),
      minWidth: 160,
      render: (g) => <Person name={g.recipientName} email={g.redeemedByEmail ?? g.recipientEmail} />,
    },
    {
      key: 'deliverOn',
      title: t(m.colDelivery),
      sortable: true,
      noWrap: true,
      render: (g) => when(g.deliverOn),
    },
    {
      key: 'open',
      title: '',
      noWrap: true,
      render: (g) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => setOpened(g)}
          aria-label={t(m.openGift, {
            giver: g.giverName ?? t(m.unknown),
            recipient: g.recipientName ?? t(m.unknown),
          })}
        >
          <FormattedMessage {...m.open} />
        </Button>
      ),
      csv: () => '',
    },
  ];
  return (
    <>
      <ServerDataTable
        queryKey={[...givingCodesKeys.all, 'gifts']}
        fetchPage={(request) =>
          apiPaged('dashboard/gifts', { query: pageQuery(request), itemSchema: staffGiftSchema })
        }
        columns={columns}
        rowKey={(g) => g.id}
        searchLabel={t(m.searchGifts)}
        emptyText={t(m.noGifts)}
        exportFileName="gifts.csv"
        filters={[stateFilter(intl, GIFT_STATES)]}
        pinLastColumn
      />
      {opened && <GiftDrawer gift={opened} onClose={() => setOpened(null)} />}
    </>
  );
}

/** One line of a gift opened: a label over its value. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** A gift opened (GET dashboard/gifts/{id}): who bought it for whom, the record, money, dates, delivery and code. */
function GiftDrawer({ gift, onClose }: { gift: StaffGift; onClose: () => void }) {
  const { intl, t, format, when, period } = useGiftWords();
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
  const detail = useQuery({
    queryKey: [...givingCodesKeys.all, 'gift', gift.id],
    queryFn: () => apiRequest(`dashboard/gifts/${gift.id}`, { schema: staffGiftDetailSchema }),
  });
  const d = detail.data;
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'md'}
      title={
        <Title order={2} size="h3">
          {t(m.giftTo, { name: gift.recipientName ?? t(m.aRecipient) })}
        </Title>
      }
    >
      {detail.isError && <Alert color="red">{problemText(intl, detail.error)}</Alert>}
      {detail.isPending && (
        <Text c="dimmed">
          <FormattedMessage {...m.loading} />
        </Text>
      )}
      {d && (
        <Stack gap="md">
          <Group gap="xs">
            <StateBadge state={d.state} />
            <Text size="sm">
              {t(m.amountAndPeriod, { amount: format.cents(d.amount), period: period(d.months) })}
            </Text>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Fact label={t(m.boughtBy)}>
              <Person name={d.giverName} email={d.giverEmail} />
            </Fact>
            <Fact label={t(m.for)}>
              <Person name={d.recipientName} email={d.recipientEmail} />
            </Fact>
            <Fact label={t(m.record)}>
              {d.recordName
                ? d.typeLabel
                  ? t(m.recordWithType, { name: d.recordName, type: d.typeLabel })
                  : d.recordName
                : t(m.nextWaiting, { type: d.typeLabel ?? t(m.aRecord) })}
            </Fact>
            <Fact label={t(m.code)}>
              <Code>{d.code}</Code>
            </Fact>
            <Fact label={t(m.boughtOn)}>{when(d.createdAt)}</Fact>
            <Fact label={t(m.delivery)}>
              {d.deliveredAt
                ? t(m.delivered, { date: when(d.deliveredAt) })
                : t(m.scheduledFor, { date: when(d.deliverOn) })}
            </Fact>
            <Fact label={t(m.redemption)}>
              {d.redeemedAt
                ? d.redeemedByEmail
                  ? t(m.redeemedBy, { date: when(d.redeemedAt), email: d.redeemedByEmail })
                  : t(m.redeemed, { date: when(d.redeemedAt) })
                : t(m.notRedeemed, { date: when(d.expiresAt) })}
            </Fact>
            <Fact label={t(m.paidThrough)}>
              {d.endedAt ? t(m.ended, { date: when(d.endedAt) }) : when(d.paidThrough)}
            </Fact>
            {d.receiptCode && (
              <Fact label={t(m.receipt)}>
                <Anchor href={`/receipts/${encodeURIComponent(d.receiptCode)}`} target="_blank">
                  {d.receiptCode}
                </Anchor>
              </Fact>
            )}
          </SimpleGrid>
          {d.message && (
            <Fact label={t(m.message)}>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {d.message}
              </Text>
            </Fact>
          )}
        </Stack>
      )}
    </Drawer>
  );
}

/** What is being withdrawn: a trial code (expire or revoke) or a lightning link (revoke). */
type Withdrawing = { kind: 'trial'; row: StaffTrial } | { kind: 'link'; row: StaffLightning };

/**
 * The dialog that expires or revokes a code with a reason (POST dashboard/trials/{id}/withdraw,
 * dashboard/lightning/{id}/withdraw; codes.manage, decision 059). The reason is shown in the list.
 */
function WithdrawDialog({ target, onClose }: { target: Withdrawing; onClose: () => void }) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const form = useSchemaForm(codeCloseInputSchema, {
    action: target.kind === 'trial' ? 'expire' : 'revoke',
    reason: '',
  });
  const { action } = form.getValues() as { action: 'expire' | 'revoke' };
  const withdraw = useWithdrawCode(target.kind, target.row.id, () => onClose());
  return (
    <Modal
      opened
      onClose={withdraw.isPending ? () => undefined : onClose}
      title={t(target.kind === 'trial' ? m.withdrawTrialTitle : m.withdrawLinkTitle)}
      centered
    >
      <SchemaForm
        form={form}
        submitLabel={t(
          action === 'expire' ? m.expireCode : target.kind === 'trial' ? m.revokeCode : m.revokeLink,
        )}
        submitColor="red"
        errorTitle={null}
        onCancel={onClose}
        onSubmit={(values) =>
          withdraw
            .mutateAsync({
              action: values.action as 'expire' | 'revoke',
              reason: (values.reason as string).trim(),
            })
            .catch(plainlyIn(intl))
        }
      >
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {target.kind === 'trial'
            ? t(m.trialWithdrawn, { code: target.row.code })
            : t(m.linkWithdrawn, { campaign: target.row.campaign })}
        </Text>
        {target.kind === 'trial' && (
          <SegmentedControl
            value={action}
            onChange={(value) => form.setFieldValue('action', value as 'expire' | 'revoke')}
            data={[
              { value: 'expire', label: t(m.expireNow) },
              { value: 'revoke', label: t(m.revoke) },
            ]}
            aria-label={t(m.how)}
          />
        )}
        {target.kind === 'trial' && (
          <Text size="xs" c="dimmed">
            {t(action === 'expire' ? m.expireHint : m.revokeHint)}
          </Text>
        )}
        <Textarea
          label={t(m.reasonLabel)}
          description={t(m.reasonHint)}
          {...form.getInputProps('reason')}
          maxLength={500}
          autosize
          minRows={2}
          withAsterisk
          data-autofocus
        />
      </SchemaForm>
    </Modal>
  );
}

function TrialsTable({ mayWithdraw }: { mayWithdraw: boolean }) {
  const { intl, t, when, state } = useGiftWords();
  const [withdrawing, setWithdrawing] = useState<StaffTrial | null>(null);
  const columns: StaffColumn<StaffTrial>[] = [
    {
      key: 'createdAt',
      title: t(m.colCreated),
      sortable: true,
      noWrap: true,
      render: (trial) => when(trial.createdAt),
    },
    {
      key: 'state',
      title: t(m.state),
      minWidth: 140,
      render: (trial) => <StateWithReason state={trial.state} reason={trial.closedReason} />,
      csv: (trial) => state(trial.state),
    },
    { key: 'code', title: t(m.colCode), noWrap: true, render: (trial) => <Code>{trial.code}</Code> },
    { key: 'batch', title: t(m.colBatch), render: (trial) => trial.batch ?? '—' },
    { key: 'days', title: t(m.colDays), sortable: true },
    { key: 'typeLabel', title: t(m.colType), render: (trial) => trial.typeLabel ?? t(m.any) },
    {
      key: 'redeemedByEmail',
      title: t(m.colRedeemedBy),
      minWidth: 160,
      render: (trial) => (
        <Stack gap={0} style={{ overflowWrap: 'anywhere' }}>
          <Text size="sm">{trial.redeemedByEmail ?? NONE}</Text>
          {trial.recordName && (
            <Text size="xs" c="dimmed">
              {trial.recordName}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'endsAt', title: t(m.colEnds), noWrap: true, render: (trial) => when(trial.endsAt) },
    {
      key: 'expiresAt',
      title: t(m.colExpires),
      sortable: true,
      noWrap: true,
      render: (trial) => when(trial.expiresAt),
    },
    { key: 'closedReason', title: t(m.colReason), hiddenByDefault: true },
    ...(mayWithdraw
      ? [
          {
            key: 'actions',
            title: '',
            noWrap: true,
            render: (trial: StaffTrial) =>
              trial.state === 'unused' ? (
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setWithdrawing(trial)}
                  aria-label={t(m.expireOrRevokeLabel, { code: trial.code })}
                >
                  <FormattedMessage {...m.expireOrRevoke} />
                </Button>
              ) : null,
            csv: () => '',
          },
        ]
      : []),
  ];
  return (
    <>
      <ServerDataTable
        queryKey={[...givingCodesKeys.all, 'trials']}
        fetchPage={(request) =>
          apiPaged('dashboard/trials', { query: pageQuery(request), itemSchema: staffTrialSchema })
        }
        columns={columns}
        rowKey={(trial) => trial.id}
        searchLabel={t(mayWithdraw ? m.searchTrialsAll : m.searchTrials)}
        emptyText={t(m.noTrials)}
        exportFileName="trial-codes.csv"
        filters={[stateFilter(intl, TRIAL_STATES)]}
        pinLastColumn={mayWithdraw}
      />
      {withdrawing && (
        <WithdrawDialog target={{ kind: 'trial', row: withdrawing }} onClose={() => setWithdrawing(null)} />
      )}
    </>
  );
}

function useTypeOptions() {
  const partner = usePartner();
  return partner.partnerSponsoredTypes
    .filter((t) => t.active)
    .map((t) => ({ value: String(t.id), label: t.customLabelSingular }));
}

/** A type's id in the form, its text in the Select. */
const typeSelectValue = (id: unknown) => (typeof id === 'number' ? String(id) : null);
const typeIdOf = (value: string | null) => (value ? Number(value) : null);

function IssueTrials() {
  const intl = useIntl();
  const t = intl.formatMessage;
  const types = useTypeOptions();
  const issue = useIssueTrialCodes();
  const form = useSchemaForm(trialIssueRequestSchema, {
    count: 1,
    days: 30,
    partnerSponsoredTypesId: null,
    batch: '',
  });
  return (
    <FormCard title={t(m.issueTitle)}>
      <SchemaForm
        form={form}
        submitLabel={t(m.issue)}
        errorTitle={null}
        buttonsAt="start"
        onSubmit={(values) => issue.mutateAsync(values as TrialCodesInput).catch(plainlyIn(intl))}
      >
        <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="sm">
          <NumberInput label={t(m.howMany)} min={1} max={500} {...form.getInputProps('count')} />
          <NumberInput label={t(m.days)} min={1} max={365} {...form.getInputProps('days')} />
          <Select
            label={t(m.type)}
            placeholder={t(m.anyType)}
            data={types}
            {...form.getInputProps('partnerSponsoredTypesId')}
            value={typeSelectValue(form.getValues().partnerSponsoredTypesId)}
            onChange={(value) => form.setFieldValue('partnerSponsoredTypesId', typeIdOf(value))}
            clearable
          />
          <TextInput label={t(m.batch)} {...form.getInputProps('batch')} />
        </SimpleGrid>
      </SchemaForm>
      {issue.data && (
        <Alert color="green" title={t(m.issued, { count: issue.data.codes.length })}>
          <Text ff="monospace" size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {issue.data.codes.join('\n')}
          </Text>
        </Alert>
      )}
    </FormCard>
  );
}

function CreateLink() {
  const intl = useIntl();
  const t = intl.formatMessage;
  const types = useTypeOptions();
  const create = useCreateLightningLink();
  const form = useSchemaForm(lightningRequestSchema, {
    campaign: '',
    partnerSponsoredTypesId: typeIdOf(types[0]?.value ?? null),
  });
  const values = form.getValues();
  return (
    <FormCard title={t(m.newLink)}>
      <SchemaForm
        form={form}
        submitLabel={t(m.createLink)}
        submitDisabled={!(values.campaign as string).trim()}
        errorTitle={null}
        buttonsAt="start"
        onSubmit={async (v) => {
          await create.mutateAsync(v as LightningLinkInput).catch(plainlyIn(intl));
          form.setFieldValue('campaign', '');
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t(m.campaign)} required {...form.getInputProps('campaign')} />
          <Select
            label={t(m.type)}
            data={types}
            {...form.getInputProps('partnerSponsoredTypesId')}
            value={typeSelectValue(values.partnerSponsoredTypesId)}
            onChange={(value) => form.setFieldValue('partnerSponsoredTypesId', typeIdOf(value))}
            allowDeselect={false}
          />
        </SimpleGrid>
      </SchemaForm>
    </FormCard>
  );
}

function LinksTable({ mayWithdraw }: { mayWithdraw: boolean }) {
  const { intl, t, when, state } = useGiftWords();
  const [withdrawing, setWithdrawing] = useState<StaffLightning | null>(null);
  const qr = (link: StaffLightning, format: 'svg' | 'png') =>
    apiUrl(`dashboard/lightning/${link.code}/qr`, { format });
  const columns: StaffColumn<StaffLightning>[] = [
    { key: 'campaign', title: t(m.colCampaign), sortable: true, minWidth: 140 },
    {
      key: 'state',
      title: t(m.state),
      minWidth: 140,
      render: (l) => <StateWithReason state={l.state ?? 'active'} reason={l.closedReason} />,
      csv: (l) => state(l.state ?? 'active'),
    },
    {
      key: 'recordName',
      title: t(m.colOpensOn),
      minWidth: 140,
      render: (l) => l.recordName ?? t(m.nextRecord, { type: l.typeLabel ?? t(m.aRecord) }),
    },
    {
      key: 'sponsorships',
      title: t(m.colSponsorships),
      sortable: true,
      noWrap: true,
      render: (l) => t(m.sponsorships, { count: l.sponsorships }),
      csv: (l) => l.sponsorships,
    },
    {
      key: 'code',
      title: t(m.colLink),
      minWidth: 200,
      render: (l) =>
        l.path === null ? (
          <Code>{l.code}</Code>
        ) : (
          <Stack gap={4}>
            <Anchor href={l.path} size="sm" style={{ wordBreak: 'break-all' }}>
              {window.location.origin}
              {l.path}
            </Anchor>
            {l.state !== 'revoked' && (
              <Anchor href={qr(l, 'png')} download={`${l.campaign}.png`} size="sm">
                <FormattedMessage {...m.downloadQr} />
              </Anchor>
            )}
          </Stack>
        ),
      csv: (l) => (l.path ? `${window.location.origin}${l.path}` : l.code),
    },
    {
      key: 'qr',
      title: t(m.colQr),
      render: (l) =>
        l.path !== null && l.state !== 'revoked' ? (
          <Image src={qr(l, 'svg')} alt={t(m.qrOf, { campaign: l.campaign })} w={72} h={72} />
        ) : null,
      csv: () => '',
    },
    {
      key: 'createdAt',
      title: t(m.colCreated),
      sortable: true,
      noWrap: true,
      render: (l) => when(l.createdAt),
    },
    ...(mayWithdraw
      ? [
          {
            key: 'actions',
            title: '',
            noWrap: true,
            render: (l: StaffLightning) =>
              l.state !== 'revoked' ? (
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setWithdrawing(l)}
                  aria-label={t(m.revokeLinkLabel, { campaign: l.campaign })}
                >
                  <FormattedMessage {...m.revoke} />
                </Button>
              ) : null,
            csv: () => '',
          },
        ]
      : []),
  ];
  return (
    <>
      <ServerDataTable
        queryKey={[...givingCodesKeys.all, 'lightning']}
        fetchPage={(request) =>
          apiPaged('dashboard/lightning', { query: pageQuery(request), itemSchema: staffLightningSchema })
        }
        columns={columns}
        rowKey={(l) => l.id}
        searchLabel={t(m.searchLinks)}
        emptyText={t(m.noLinks)}
        exportFileName="lightning-links.csv"
        filters={[stateFilter(intl, LIGHTNING_STATES)]}
        pinLastColumn={mayWithdraw}
      />
      {withdrawing && (
        <WithdrawDialog target={{ kind: 'link', row: withdrawing }} onClose={() => setWithdrawing(null)} />
      )}
    </>
  );
}
