import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Tabs,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  actionScope,
  can,
  cancelSubscriptionInputSchema,
  formatDate,
  formatReceiptAmount,
  GIVING_KIND_LABELS,
  GIVING_KINDS,
  PAYMENT_LIST_STATUSES,
  PAYMENT_STATUS_LABELS,
  refundInputSchema,
  SUBSCRIPTION_LIST_STATUSES,
  SUBSCRIPTION_STATUS_LABELS,
  type DelinquentRow,
  type GivingPaymentRow,
  type GivingSubscriptionRow,
  type PaymentListStatus,
  type SubscriptionListStatus,
} from '@kinship/domain';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { SchemaForm, useSchemaForm } from '../../../../components/staff/schema-form';
import {
  ServerDataTable,
  type StaffColumn,
  type StaffFilter,
} from '../../../../components/staff/server-data-table';
import { useViewer } from '../../../../shared/auth/hooks/use-viewer';
import { usePartner } from '../../../../shared/partner/partner-context';
import {
  fetchPaymentsPage,
  fetchSubscriptionsPage,
  givingKeys,
  newRequestKey,
  useCancelSubscription,
  useDelinquent,
  useRefundPayment,
  useRemindDonor,
  useRetryRenewal,
} from '../api/donations-api';

const TABS = ['payments', 'subscriptions', 'delinquent'] as const;
type Tab = (typeof TABS)[number];

const PAYMENT_COLORS: Record<PaymentListStatus, string> = {
  succeeded: 'green',
  partially_refunded: 'orange',
  refunded: 'gray',
  failed: 'red',
  pending: 'yellow',
};
const SUBSCRIPTION_COLORS: Record<SubscriptionListStatus, string> = {
  active: 'green',
  past_due: 'red',
  unpaid: 'red',
  canceled: 'gray',
  incomplete: 'yellow',
  incomplete_expired: 'gray',
};
const ENDED: readonly SubscriptionListStatus[] = ['canceled', 'unpaid', 'incomplete_expired'];

const money = (cents: number, currency: string) => formatReceiptAmount(cents, currency);
const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

function Donor({ name, email }: { name: string | null; email: string | null }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{name ?? 'Unknown donor'}</Text>
      {email && (
        <Text size="xs" c="dimmed">
          {email}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The Donations section (decision 041): payments and subscriptions with their status, filters and
 * search; refunds and cancellations with a reason for those who may; the delinquent list of failed
 * renewals with a reminder and a retry. Reads ?tab= and ?status= from the address (the overview links there).
 */
/** A dispute as staff read it: its stage at the provider and its amount. */
function disputeText(dispute: NonNullable<GivingPaymentRow['dispute']>, currency: string): string {
  const stage =
    dispute.status === 'lost'
      ? 'Dispute lost'
      : dispute.status === 'won'
        ? 'Dispute won'
        : dispute.status === 'warning_closed'
          ? 'Dispute inquiry closed'
          : dispute.status.includes('under_review')
            ? 'Dispute under review'
            : 'Disputed: a response is needed';
  return `${stage} · ${money(dispute.amount, currency)}`;
}

export function DonationsSection() {
  const partner = usePartner();
  const { viewer } = useViewer(partner.id);
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'payments';
  const status = params.get('status') ?? '';
  const canRefund = can(viewer, 'donations.refund', { partnersId: partner.id });
  const scope = actionScope(viewer, 'donations.view', partner.id);
  const programs = partner.entities.filter((e) => scope === 'all' || (scope ?? []).includes(e.id));
  const programFilter: StaffFilter[] =
    programs.length > 1
      ? [
          {
            key: 'entitiesId',
            label: 'Program',
            options: programs.map((e) => ({ value: String(e.id), label: e.name })),
          },
        ]
      : [];

  const changeTab = (next: string | null) => {
    const nextParams = new URLSearchParams();
    if (next && next !== 'payments') nextParams.set('tab', next);
    setParams(nextParams, { replace: true });
  };

  return (
    <Stack gap="md">
      <Title order={1}>Donations</Title>
      <Tabs value={tab} onChange={changeTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="payments">Payments</Tabs.Tab>
          <Tabs.Tab value="subscriptions">Subscriptions</Tabs.Tab>
          <Tabs.Tab value="delinquent">Failed renewals</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="payments" pt="md">
          <PaymentsTab
            canRefund={canRefund}
            programFilter={programFilter}
            initialStatus={(PAYMENT_LIST_STATUSES as readonly string[]).includes(status) ? status : ''}
          />
        </Tabs.Panel>
        <Tabs.Panel value="subscriptions" pt="md">
          <SubscriptionsTab
            canManage={canRefund}
            programFilter={programFilter}
            initialStatus={(SUBSCRIPTION_LIST_STATUSES as readonly string[]).includes(status) ? status : ''}
          />
        </Tabs.Panel>
        <Tabs.Panel value="delinquent" pt="md">
          <DelinquentTab canManage={canRefund} programs={programs} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

// ------------------------------------------------------------------------------ payments

function PaymentsTab({
  canRefund,
  programFilter,
  initialStatus,
}: {
  canRefund: boolean;
  programFilter: StaffFilter[];
  initialStatus: string;
}) {
  const [refunding, setRefunding] = useState<GivingPaymentRow | null>(null);
  const columns: StaffColumn<GivingPaymentRow>[] = [
    {
      key: 'date',
      title: 'Date',
      sortable: true,
      render: (p) => formatDate(p.date),
      csv: (p) => formatDate(p.date),
    },
    {
      key: 'donorName',
      title: 'Donor',
      render: (p) => <Donor name={p.donorName} email={p.donorEmail} />,
    },
    { key: 'donorEmail', title: 'Email', hiddenByDefault: true },
    {
      key: 'kind',
      title: 'Kind',
      render: (p) => GIVING_KIND_LABELS[p.kind],
      csv: (p) => GIVING_KIND_LABELS[p.kind],
    },
    { key: 'description', title: 'For', hiddenByDefault: true },
    {
      key: 'amount',
      title: 'Amount',
      sortable: true,
      render: (p) => (
        <Stack gap={0}>
          <Text size="sm">{money(p.amount, p.currency)}</Text>
          {p.refundedAmount > 0 && (
            <Text size="xs" c="dimmed">
              {money(p.refundedAmount, p.currency)} refunded
            </Text>
          )}
        </Stack>
      ),
      csv: (p) => (p.amount / 100).toFixed(2),
    },
    {
      key: 'status',
      title: 'Status',
      render: (p) => (
        <Stack gap={2}>
          <Badge variant="light" color={PAYMENT_COLORS[p.status]}>
            {PAYMENT_STATUS_LABELS[p.status]}
          </Badge>
          {p.failureMessage && (
            <Text size="xs" c="red">
              {p.failureMessage}
            </Text>
          )}
          {p.dispute && <Text size="xs">{disputeText(p.dispute, p.currency)}</Text>}
          {p.refunds.some((r) => r.source === 'gateway') && (
            <Text size="xs">Refunded at the payment provider</Text>
          )}
        </Stack>
      ),
      csv: (p) =>
        p.dispute
          ? `${PAYMENT_STATUS_LABELS[p.status]} (${disputeText(p.dispute, p.currency)})`
          : PAYMENT_STATUS_LABELS[p.status],
    },
    {
      key: 'receiptCode',
      title: 'Receipt',
      render: (p) =>
        p.receiptCode ? (
          <Anchor href={`/receipts/${encodeURIComponent(p.receiptCode)}`} target="_blank" size="sm">
            Receipt
          </Anchor>
        ) : (
          ''
        ),
    },
    ...(canRefund
      ? [
          {
            key: 'actions',
            title: '',
            render: (p: GivingPaymentRow) =>
              p.refundable > 0 ? (
                <Button size="xs" variant="light" color="red" onClick={() => setRefunding(p)}>
                  Refund
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
        queryKey={givingKeys.payments()}
        fetchPage={fetchPaymentsPage}
        columns={columns}
        rowKey={(p) => p.id}
        searchLabel="Search donor name, email or receipt"
        emptyText="No payments match."
        exportFileName="payments.csv"
        initialFilters={initialStatus ? { status: initialStatus } : {}}
        filters={[
          {
            key: 'status',
            label: 'Status',
            options: PAYMENT_LIST_STATUSES.map((s) => ({ value: s, label: PAYMENT_STATUS_LABELS[s] })),
          },
          {
            key: 'kind',
            label: 'Kind',
            options: GIVING_KINDS.map((k) => ({ value: k, label: GIVING_KIND_LABELS[k] })),
          },
          ...programFilter,
          { kind: 'dateRange', key: 'date', label: 'Date' },
        ]}
      />
      {refunding && <RefundDialog payment={refunding} onClose={() => setRefunding(null)} />}
    </>
  );
}

/** The refund dialog's rules: an amount in dollars up to what remains, and the domain's reason rule. */
const refundFormSchema = (payment: GivingPaymentRow) =>
  z.object({
    amount: z.union([z.number(), z.string()]).superRefine((dollars, context) => {
      const cents = Math.round(Number(dollars) * 100);
      if (!Number.isFinite(cents) || cents < 1)
        context.addIssue({ code: 'custom', message: 'Enter an amount of at least $0.01.' });
      else if (cents > payment.refundable)
        context.addIssue({
          code: 'custom',
          message: `You can refund at most ${money(payment.refundable, payment.currency)} of this payment.`,
        });
    }),
    reason: refundInputSchema.shape.reason,
  });

function RefundDialog({ payment, onClose }: { payment: GivingPaymentRow; onClose: () => void }) {
  const refund = useRefundPayment();
  // One key per dialog: a second click of Refund answers the same refund.
  const [requestKey] = useState(newRequestKey);
  const [schema] = useState(() => refundFormSchema(payment));
  const form = useSchemaForm(schema, { amount: payment.refundable / 100, reason: '' });
  const [done, setDone] = useState<GivingPaymentRow | null>(null);

  const send = async (values: z.input<typeof schema>) => {
    const cents = Math.round(Number(values.amount) * 100);
    const updated = await refund.mutateAsync({
      id: payment.id,
      body: {
        ...(cents === payment.refundable ? {} : { amount: cents }),
        reason: values.reason.trim(),
        requestKey,
      },
    });
    setDone(updated);
  };

  return (
    <Modal opened onClose={refund.isPending ? () => undefined : onClose} title="Refund a payment" centered>
      {done ? (
        <Stack gap="md">
          <Alert color="green" title="Refund made">
            {done.refunds.at(-1)?.status === 'pending'
              ? 'The payment provider could not be reached; the refund is recorded and will be completed automatically.'
              : `${money(done.refunds.at(-1)?.amount ?? 0, done.currency)} was refunded. The donor has been emailed and their receipt shows the refund.`}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>Close</Button>
          </Group>
        </Stack>
      ) : (
        <SchemaForm
          form={form}
          submitLabel="Refund"
          submitColor="red"
          errorTitle={null}
          onCancel={onClose}
          onSubmit={(values) => send(values as z.input<typeof schema>)}
        >
          <Text size="sm">
            {payment.donorName ?? 'Unknown donor'} · {payment.description ?? GIVING_KIND_LABELS[payment.kind]}{' '}
            · {formatDate(payment.date)}
          </Text>
          <Text size="sm">
            Paid {money(payment.amount, payment.currency)}
            {payment.refundedAmount > 0
              ? `, ${money(payment.refundedAmount, payment.currency)} refunded already`
              : ''}
            . Up to {money(payment.refundable, payment.currency)} can be refunded.
          </Text>
          <NumberInput
            label="Amount to refund"
            prefix="$"
            decimalScale={2}
            fixedDecimalScale
            min={0.01}
            max={payment.refundable / 100}
            step={0.01}
            {...form.getInputProps('amount')}
            required
          />
          <Textarea
            label="Reason"
            description="Recorded with the refund; the donor does not see it."
            {...form.getInputProps('reason')}
            maxLength={500}
            autosize
            minRows={2}
            required
          />
        </SchemaForm>
      )}
    </Modal>
  );
}

// ------------------------------------------------------------------------------ subscriptions

function SubscriptionsTab({
  canManage,
  programFilter,
  initialStatus,
}: {
  canManage: boolean;
  programFilter: StaffFilter[];
  initialStatus: string;
}) {
  const [canceling, setCanceling] = useState<GivingSubscriptionRow | null>(null);
  const columns: StaffColumn<GivingSubscriptionRow>[] = [
    {
      key: 'date',
      title: 'Started',
      sortable: true,
      render: (s) => formatDate(s.createdAt),
      csv: (s) => formatDate(s.createdAt),
    },
    { key: 'donorName', title: 'Donor', render: (s) => <Donor name={s.donorName} email={s.donorEmail} /> },
    { key: 'records', title: 'Records' },
    {
      key: 'amount',
      title: 'Amount',
      sortable: true,
      render: (s) => `${money(s.amount, s.currency)} / ${s.interval}`,
      csv: (s) => (s.amount / 100).toFixed(2),
    },
    {
      key: 'status',
      title: 'Status',
      render: (s) => (
        <Stack gap={2}>
          <Badge variant="light" color={SUBSCRIPTION_COLORS[s.status]}>
            {SUBSCRIPTION_STATUS_LABELS[s.status]}
          </Badge>
          {s.cancelReason && (
            <Text size="xs" c="dimmed">
              {s.cancelReason}
            </Text>
          )}
        </Stack>
      ),
      csv: (s) => SUBSCRIPTION_STATUS_LABELS[s.status],
    },
    {
      key: 'currentPeriodEnd',
      title: 'Next payment',
      render: (s) => (s.currentPeriodEnd && !ENDED.includes(s.status) ? formatDate(s.currentPeriodEnd) : '—'),
    },
    { key: 'paymentMethod', title: 'Card', hiddenByDefault: true },
    ...(canManage
      ? [
          {
            key: 'actions',
            title: '',
            render: (s: GivingSubscriptionRow) =>
              ENDED.includes(s.status) ? null : (
                <Button size="xs" variant="light" color="red" onClick={() => setCanceling(s)}>
                  Cancel
                </Button>
              ),
            csv: () => '',
          },
        ]
      : []),
  ];
  return (
    <>
      <ServerDataTable
        queryKey={givingKeys.subscriptions()}
        fetchPage={fetchSubscriptionsPage}
        columns={columns}
        rowKey={(s) => s.id}
        searchLabel="Search donor name or email"
        emptyText="No subscriptions match."
        exportFileName="subscriptions.csv"
        initialFilters={initialStatus ? { status: initialStatus } : {}}
        filters={[
          {
            key: 'status',
            label: 'Status',
            options: SUBSCRIPTION_LIST_STATUSES.map((s) => ({
              value: s,
              label: SUBSCRIPTION_STATUS_LABELS[s],
            })),
          },
          ...programFilter,
          { kind: 'dateRange', key: 'date', label: 'Started' },
        ]}
      />
      {canceling && <CancelDialog subscription={canceling} onClose={() => setCanceling(null)} />}
    </>
  );
}

function CancelDialog({
  subscription,
  onClose,
}: {
  subscription: GivingSubscriptionRow;
  onClose: () => void;
}) {
  const cancel = useCancelSubscription();
  const form = useSchemaForm(cancelSubscriptionInputSchema, { reason: '' });
  return (
    <Modal
      opened
      onClose={cancel.isPending ? () => undefined : onClose}
      title="Cancel a subscription"
      centered
    >
      <SchemaForm
        form={form}
        submitLabel="Cancel subscription"
        submitColor="red"
        errorTitle={null}
        onCancel={onClose}
        cancelLabel="Keep it"
        onSubmit={(values) =>
          cancel.mutateAsync({ id: subscription.id, reason: (values.reason as string).trim() })
        }
        onDone={onClose}
      >
        <Text size="sm">
          {subscription.donorName ?? 'Unknown donor'} · {money(subscription.amount, subscription.currency)} /{' '}
          {subscription.interval} · {subscription.records}
        </Text>
        <Text size="sm">
          No further payments will be taken, the sponsorships end and their slots open again. The donor is
          emailed.
        </Text>
        <Textarea
          label="Reason"
          {...form.getInputProps('reason')}
          maxLength={500}
          autosize
          minRows={2}
          required
        />
      </SchemaForm>
    </Modal>
  );
}

// ------------------------------------------------------------------------------ delinquent

function DelinquentTab({
  canManage,
  programs,
}: {
  canManage: boolean;
  programs: readonly { id: number; name: string }[];
}) {
  const [entitiesId, setEntitiesId] = useState('');
  const { data, isPending, isError, error } = useDelinquent(entitiesId);
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Sponsorships whose renewal payment failed and is not paid yet, with the card’s decline. Send the donor
        a reminder to update their card, or retry the payment once they have.
      </Text>
      {programs.length > 1 && (
        <Select
          label="Program"
          placeholder="All"
          clearable
          data={programs.map((p) => ({ value: String(p.id), label: p.name }))}
          value={entitiesId || null}
          onChange={(v) => setEntitiesId(v ?? '')}
          style={{ maxWidth: '20rem' }}
        />
      )}
      <ServerDataTable
        rows={data}
        loading={isPending}
        error={isError ? new Error(errorText(error)) : null}
        columns={canManage ? DELINQUENT_COLUMNS : DELINQUENT_COLUMNS.slice(0, -1)}
        rowKey={(row) => row.subscriptionsId}
        rowLabel={(row) => `Failed renewal of ${row.donorName ?? 'a donor'}`}
        searchLabel="Search failed renewals"
        emptyText="No failed renewals. Every sponsorship is paid up."
        exportFileName="failed-renewals.csv"
      />
    </Stack>
  );
}

const DELINQUENT_COLUMNS: StaffColumn<DelinquentRow>[] = [
  {
    key: 'donor',
    title: 'Donor',
    sortable: true,
    minWidth: 180,
    render: (row) => <Donor name={row.donorName} email={row.donorEmail} />,
    csv: (row) => row.donorName ?? 'Unknown donor',
  },
  { key: 'donorEmail', title: 'Email', hiddenByDefault: true },
  {
    key: 'status',
    title: 'Status',
    sortable: true,
    noWrap: true,
    render: (row) => (
      <Badge variant="light" color="red">
        {SUBSCRIPTION_STATUS_LABELS[row.status]}
      </Badge>
    ),
    csv: (row) => SUBSCRIPTION_STATUS_LABELS[row.status],
  },
  {
    key: 'amount',
    title: 'Amount',
    sortable: true,
    minWidth: 140,
    render: (row) => (
      <Text size="sm">
        {money(row.amount, row.currency)} / {row.interval} · {row.records || 'no records'}
      </Text>
    ),
    csv: (row) => `${money(row.amount, row.currency)} / ${row.interval}`,
    sortValue: (row) => row.amount,
  },
  { key: 'records', title: 'Records', hiddenByDefault: true },
  {
    key: 'failedAt',
    title: 'Decline',
    sortable: true,
    minWidth: 240,
    render: (row) => (
      <Stack gap={4}>
        <Text size="sm">
          <Text span fw={600}>
            Declined {formatDate(row.failedAt)}:
          </Text>{' '}
          {declineText(row)}
        </Text>
        <Text size="xs" c="dimmed">
          {row.failedAttempts} failed {row.failedAttempts === 1 ? 'attempt' : 'attempts'}
          {row.paymentMethod ? ` · ${row.paymentMethod}` : ''}
          {row.reminderSentAt ? ` · reminder sent ${formatDate(row.reminderSentAt)}` : ''}
        </Text>
      </Stack>
    ),
    csv: (row) => `${formatDate(row.failedAt)}: ${declineText(row)}`,
    sortValue: (row) => new Date(row.failedAt).getTime(),
  },
  { key: 'paymentMethod', title: 'Payment method', hiddenByDefault: true },
  {
    key: 'actions',
    title: 'Actions',
    hideTitle: true,
    minWidth: 220,
    render: (row) => <DelinquentActions row={row} />,
    csv: () => null,
  },
];

const declineText = (row: DelinquentRow) =>
  `${row.declineMessage ?? 'The payment failed.'}${row.declineCode ? ` (${row.declineCode.replace(/_/g, ' ')})` : ''}`;

/** A failed renewal's reminder and retry, with what the last one answered. */
function DelinquentActions({ row }: { row: DelinquentRow }) {
  const remindDonor = useRemindDonor();
  const retryRenewal = useRetryRenewal();
  const [busy, setBusy] = useState<'remind' | 'retry' | null>(null);
  const [message, setMessage] = useState<{ color: string; text: string } | null>(null);

  const remind = async () => {
    setBusy('remind');
    try {
      const result = await remindDonor.mutateAsync(row.subscriptionsId);
      setMessage(
        result.queued
          ? { color: 'green', text: `Reminder sent to ${row.donorEmail ?? 'the donor'}.` }
          : { color: 'blue', text: 'A reminder about this failed payment was already sent.' },
      );
    } catch (e) {
      setMessage({ color: 'red', text: errorText(e) });
    } finally {
      setBusy(null);
    }
  };
  const retry = async () => {
    setBusy('retry');
    try {
      const result = await retryRenewal.mutateAsync({ id: row.subscriptionsId, requestKey: newRequestKey() });
      setMessage(
        result.outcome === 'paid'
          ? { color: 'green', text: 'The payment went through; the subscription is active again.' }
          : { color: 'red', text: `Declined again: ${result.message ?? 'the card was declined.'}` },
      );
    } catch (e) {
      setMessage({ color: 'red', text: errorText(e) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="xs">
      {message && (
        <Alert color={message.color} role="status" p="xs">
          {message.text}
        </Alert>
      )}
      <Group gap="sm" wrap="nowrap">
        <Button size="xs" onClick={() => void remind()} loading={busy === 'remind'} disabled={busy !== null}>
          Send reminder
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={() => void retry()}
          loading={busy === 'retry'}
          disabled={busy !== null}
        >
          Retry payment
        </Button>
      </Group>
    </Stack>
  );
}
