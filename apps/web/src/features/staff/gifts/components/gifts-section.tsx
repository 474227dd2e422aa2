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
  CODE_STATE_LABELS,
  Feature,
  formatCents,
  formatDate,
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
import { FormCard } from '../../../../components/staff/form-card';
import { SchemaForm, useSchemaForm } from '../../../../components/staff/schema-form';
import {
  ServerDataTable,
  type PageRequest,
  type StaffColumn,
} from '../../../../components/staff/server-data-table';
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

const when = (iso: string | null | undefined) => (iso ? formatDate(iso) : '—');
const problemText = (error: unknown) => (error instanceof ApiError ? error.message : 'That did not work.');
/** A failure that is not the server's answer is said plainly, as the section always has. */
const plainly = (error: unknown): never => {
  throw error instanceof ApiError ? error : new Error(problemText(error));
};

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
  return (
    <Badge color={STATE_COLOR[state] ?? 'gray'} variant="light">
      {CODE_STATE_LABELS[state] ?? state}
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
          Reason: {reason}
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
const stateFilter = (states: readonly string[]) => ({
  key: 'state',
  label: 'State',
  options: states.map((s) => ({ value: s, label: CODE_STATE_LABELS[s] ?? s })),
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
        Gifts and codes
      </Title>
      {tabs.length === 0 && <Text>Gifts, trials and lightning sponsorships are all off for this site.</Text>}
      {tabs.length > 0 && (
        <Tabs defaultValue={tabs[0]} keepMounted={false}>
          <Tabs.List>
            {tabs.includes('gifts') && <Tabs.Tab value="gifts">Gifts</Tabs.Tab>}
            {tabs.includes('trials') && <Tabs.Tab value="trials">Trial codes</Tabs.Tab>}
            {tabs.includes('lightning') && <Tabs.Tab value="lightning">Lightning links</Tabs.Tab>}
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
      <Text size="sm">{name ?? '—'}</Text>
      {email && (
        <Text size="xs" c="dimmed">
          {email}
        </Text>
      )}
    </Stack>
  );
}

const period = (months: number | null) => (months ? `${months} months` : 'Open-ended');

function GiftsTable() {
  const [opened, setOpened] = useState<StaffGift | null>(null);
  const columns: StaffColumn<StaffGift>[] = [
    { key: 'createdAt', title: 'Bought', sortable: true, noWrap: true, render: (g) => when(g.createdAt) },
    {
      key: 'state',
      title: 'State',
      render: (g) => <StateBadge state={g.state} />,
      csv: (g) => CODE_STATE_LABELS[g.state],
    },
    { key: 'recordName', title: 'Record', render: (g) => g.recordName ?? '—' },
    {
      key: 'months',
      title: 'Period',
      noWrap: true,
      render: (g) => period(g.months),
      csv: (g) => period(g.months),
    },
    {
      key: 'amount',
      title: 'Amount',
      sortable: true,
      noWrap: true,
      render: (g) => formatCents(g.amount),
      csv: (g) => (g.amount / 100).toFixed(2),
    },
    {
      key: 'giverName',
      title: 'From',
      minWidth: 160,
      render: (g) => <Person name={g.giverName} email={g.giverEmail} />,
    },
    {
      key: 'recipientName',
      title: 'To',
      minWidth: 160,
      render: (g) => <Person name={g.recipientName} email={g.redeemedByEmail ?? g.recipientEmail} />,
    },
    { key: 'deliverOn', title: 'Delivery', sortable: true, noWrap: true, render: (g) => when(g.deliverOn) },
    {
      key: 'open',
      title: '',
      noWrap: true,
      render: (g) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => setOpened(g)}
          aria-label={`Open the gift from ${g.giverName ?? 'unknown'} to ${g.recipientName ?? 'unknown'}`}
        >
          Open
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
        searchLabel="Search giver, recipient, record or code"
        emptyText="No gifts yet."
        exportFileName="gifts.csv"
        filters={[stateFilter(GIFT_STATES)]}
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
          Gift to {gift.recipientName ?? 'a recipient'}
        </Title>
      }
    >
      {detail.isError && <Alert color="red">{problemText(detail.error)}</Alert>}
      {detail.isPending && <Text c="dimmed">Loading the gift…</Text>}
      {d && (
        <Stack gap="md">
          <Group gap="xs">
            <StateBadge state={d.state} />
            <Text size="sm">
              {formatCents(d.amount)} · {period(d.months)}
            </Text>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Fact label="Bought by">
              <Person name={d.giverName} email={d.giverEmail} />
            </Fact>
            <Fact label="For">
              <Person name={d.recipientName} email={d.recipientEmail} />
            </Fact>
            <Fact label="Record">
              {d.recordName
                ? `${d.recordName}${d.typeLabel ? ` (${d.typeLabel})` : ''}`
                : `The next ${d.typeLabel ?? 'record'} waiting, chosen at redemption`}
            </Fact>
            <Fact label="Code">
              <Code>{d.code}</Code>
            </Fact>
            <Fact label="Bought on">{when(d.createdAt)}</Fact>
            <Fact label="Delivery">
              {d.deliveredAt ? `Delivered ${when(d.deliveredAt)}` : `Scheduled for ${when(d.deliverOn)}`}
            </Fact>
            <Fact label="Redemption">
              {d.redeemedAt
                ? `Redeemed ${when(d.redeemedAt)}${d.redeemedByEmail ? ` by ${d.redeemedByEmail}` : ''}`
                : `Not redeemed; the code is valid until ${when(d.expiresAt)}`}
            </Fact>
            <Fact label="Paid through">{d.endedAt ? `Ended ${when(d.endedAt)}` : when(d.paidThrough)}</Fact>
            {d.receiptCode && (
              <Fact label="Receipt">
                <Anchor href={`/receipts/${encodeURIComponent(d.receiptCode)}`} target="_blank">
                  {d.receiptCode}
                </Anchor>
              </Fact>
            )}
          </SimpleGrid>
          {d.message && (
            <Fact label="Message">
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
  const form = useSchemaForm(codeCloseInputSchema, {
    action: target.kind === 'trial' ? 'expire' : 'revoke',
    reason: '',
  });
  const { action } = form.getValues() as { action: 'expire' | 'revoke' };
  const withdraw = useWithdrawCode(target.kind, target.row.id, () => onClose());
  const name = target.kind === 'trial' ? `trial code ${target.row.code}` : `link “${target.row.campaign}”`;
  return (
    <Modal
      opened
      onClose={withdraw.isPending ? () => undefined : onClose}
      title={target.kind === 'trial' ? 'Expire or revoke a trial code' : 'Revoke a lightning link'}
      centered
    >
      <SchemaForm
        form={form}
        submitLabel={
          action === 'expire' ? 'Expire code' : target.kind === 'trial' ? 'Revoke code' : 'Revoke link'
        }
        submitColor="red"
        errorTitle={null}
        onCancel={onClose}
        onSubmit={(values) =>
          withdraw
            .mutateAsync({
              action: values.action as 'expire' | 'revoke',
              reason: (values.reason as string).trim(),
            })
            .catch(plainly)
        }
      >
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {target.kind === 'trial'
            ? `Nobody will be able to start a trial with ${name}.`
            : `The ${name} will stop working: people who open it are told it was withdrawn.`}
        </Text>
        {target.kind === 'trial' && (
          <SegmentedControl
            value={action}
            onChange={(value) => form.setFieldValue('action', value as 'expire' | 'revoke')}
            data={[
              { value: 'expire', label: 'Expire now' },
              { value: 'revoke', label: 'Revoke' },
            ]}
            aria-label="How"
          />
        )}
        {target.kind === 'trial' && (
          <Text size="xs" c="dimmed">
            {action === 'expire'
              ? 'The code ends today; a person who types it is told it has expired.'
              : 'The code is withdrawn; a person who types it is told it was withdrawn by the organization.'}
          </Text>
        )}
        <Textarea
          label="Reason"
          description="Shown to staff in the list, and kept in the audit log."
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
  const [withdrawing, setWithdrawing] = useState<StaffTrial | null>(null);
  const columns: StaffColumn<StaffTrial>[] = [
    { key: 'createdAt', title: 'Created', sortable: true, noWrap: true, render: (t) => when(t.createdAt) },
    {
      key: 'state',
      title: 'State',
      minWidth: 140,
      render: (t) => <StateWithReason state={t.state} reason={t.closedReason} />,
      csv: (t) => CODE_STATE_LABELS[t.state],
    },
    { key: 'code', title: 'Code', noWrap: true, render: (t) => <Code>{t.code}</Code> },
    { key: 'batch', title: 'Batch', render: (t) => t.batch ?? '—' },
    { key: 'days', title: 'Days', sortable: true },
    { key: 'typeLabel', title: 'Type', render: (t) => t.typeLabel ?? 'Any' },
    {
      key: 'redeemedByEmail',
      title: 'Redeemed by',
      minWidth: 160,
      render: (t) => (
        <Stack gap={0} style={{ overflowWrap: 'anywhere' }}>
          <Text size="sm">{t.redeemedByEmail ?? '—'}</Text>
          {t.recordName && (
            <Text size="xs" c="dimmed">
              {t.recordName}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'endsAt', title: 'Ends', noWrap: true, render: (t) => when(t.endsAt) },
    { key: 'expiresAt', title: 'Expires', sortable: true, noWrap: true, render: (t) => when(t.expiresAt) },
    { key: 'closedReason', title: 'Reason', hiddenByDefault: true },
    ...(mayWithdraw
      ? [
          {
            key: 'actions',
            title: '',
            noWrap: true,
            render: (t: StaffTrial) =>
              t.state === 'unused' ? (
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setWithdrawing(t)}
                  aria-label={`Expire or revoke ${t.code}`}
                >
                  Expire or revoke
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
        rowKey={(t) => t.id}
        searchLabel={
          mayWithdraw ? 'Search code, batch, redeemer or reason' : 'Search batch, redeemer or reason'
        }
        emptyText="No trial codes yet."
        exportFileName="trial-codes.csv"
        filters={[stateFilter(TRIAL_STATES)]}
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
  const types = useTypeOptions();
  const issue = useIssueTrialCodes();
  const form = useSchemaForm(trialIssueRequestSchema, {
    count: 1,
    days: 30,
    partnerSponsoredTypesId: null,
    batch: '',
  });
  return (
    <FormCard title="Issue trial codes">
      <SchemaForm
        form={form}
        submitLabel="Issue"
        errorTitle={null}
        buttonsAt="start"
        onSubmit={(values) => issue.mutateAsync(values as TrialCodesInput).catch(plainly)}
      >
        <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="sm">
          <NumberInput label="How many" min={1} max={500} {...form.getInputProps('count')} />
          <NumberInput label="Days" min={1} max={365} {...form.getInputProps('days')} />
          <Select
            label="Type"
            placeholder="Any type"
            data={types}
            {...form.getInputProps('partnerSponsoredTypesId')}
            value={typeSelectValue(form.getValues().partnerSponsoredTypesId)}
            onChange={(value) => form.setFieldValue('partnerSponsoredTypesId', typeIdOf(value))}
            clearable
          />
          <TextInput label="Batch (event)" {...form.getInputProps('batch')} />
        </SimpleGrid>
      </SchemaForm>
      {issue.data && (
        <Alert color="green" title={`${issue.data.codes.length} code(s) issued`}>
          <Text ff="monospace" size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {issue.data.codes.join('\n')}
          </Text>
        </Alert>
      )}
    </FormCard>
  );
}

function CreateLink() {
  const types = useTypeOptions();
  const create = useCreateLightningLink();
  const form = useSchemaForm(lightningRequestSchema, {
    campaign: '',
    partnerSponsoredTypesId: typeIdOf(types[0]?.value ?? null),
  });
  const values = form.getValues();
  return (
    <FormCard title="New lightning link">
      <SchemaForm
        form={form}
        submitLabel="Create link"
        submitDisabled={!(values.campaign as string).trim()}
        errorTitle={null}
        buttonsAt="start"
        onSubmit={async (v) => {
          await create.mutateAsync(v as LightningLinkInput).catch(plainly);
          form.setFieldValue('campaign', '');
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Campaign" required {...form.getInputProps('campaign')} />
          <Select
            label="Type"
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
  const [withdrawing, setWithdrawing] = useState<StaffLightning | null>(null);
  const qr = (link: StaffLightning, format: 'svg' | 'png') =>
    apiUrl(`dashboard/lightning/${link.code}/qr`, { format });
  const columns: StaffColumn<StaffLightning>[] = [
    { key: 'campaign', title: 'Campaign', sortable: true, minWidth: 140 },
    {
      key: 'state',
      title: 'State',
      minWidth: 140,
      render: (l) => <StateWithReason state={l.state ?? 'active'} reason={l.closedReason} />,
      csv: (l) => CODE_STATE_LABELS[l.state ?? 'active'],
    },
    {
      key: 'recordName',
      title: 'Opens on',
      minWidth: 140,
      render: (l) => l.recordName ?? `Next ${l.typeLabel ?? 'record'} waiting`,
    },
    {
      key: 'sponsorships',
      title: 'Sponsorships',
      sortable: true,
      noWrap: true,
      render: (l) => (l.sponsorships === 1 ? '1 sponsorship' : `${l.sponsorships} sponsorships`),
      csv: (l) => l.sponsorships,
    },
    {
      key: 'code',
      title: 'Link',
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
                Download the QR code (PNG)
              </Anchor>
            )}
          </Stack>
        ),
      csv: (l) => (l.path ? `${window.location.origin}${l.path}` : l.code),
    },
    {
      key: 'qr',
      title: 'QR code',
      render: (l) =>
        l.path !== null && l.state !== 'revoked' ? (
          <Image src={qr(l, 'svg')} alt={`QR code of ${l.campaign}`} w={72} h={72} />
        ) : null,
      csv: () => '',
    },
    { key: 'createdAt', title: 'Created', sortable: true, noWrap: true, render: (l) => when(l.createdAt) },
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
                  aria-label={`Revoke the link ${l.campaign}`}
                >
                  Revoke
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
        searchLabel="Search campaign, type or code"
        emptyText="No lightning links yet."
        exportFileName="lightning-links.csv"
        filters={[stateFilter(LIGHTNING_STATES)]}
        pinLastColumn={mayWithdraw}
      />
      {withdrawing && (
        <WithdrawDialog target={{ kind: 'link', row: withdrawing }} onClose={() => setWithdrawing(null)} />
      )}
    </>
  );
}
