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
  GIVING_KINDS,
  PAYMENT_LIST_STATUSES,
  refundInputSchema,
  SUBSCRIPTION_LIST_STATUSES,
  type DelinquentRow,
  type GivingPaymentRow,
  type GivingSubscriptionRow,
  type PaymentListStatus,
  type SubscriptionListStatus,
} from '@kinship/domain';
import { useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { SchemaForm, useSchemaForm } from '../../../../components/staff/schema-form';
import {
  ServerDataTable,
  type StaffColumn,
  type StaffFilter,
} from '../../../../components/staff/server-data-table';
import { useCurrency } from '../../../../i18n/use-currency';
import { useFormat, type Formats } from '../../../../i18n/use-format';
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
import {
  disputeMessages,
  donationMessages as m,
  givingKindMessages,
  paymentStatusMessages,
  subscriptionStatusMessages,
} from '../messages';

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

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

function Donor({ name, email }: { name: string | null; email: string | null }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{name ?? <FormattedMessage {...m.unknownDonor} />}</Text>
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
function disputeText(
  intl: IntlShape,
  format: Formats,
  dispute: NonNullable<GivingPaymentRow['dispute']>,
): string {
  const stage =
    dispute.status === 'lost'
      ? disputeMessages.lost
      : dispute.status === 'won'
        ? disputeMessages.won
        : dispute.status === 'warning_closed'
          ? disputeMessages.inquiryClosed
          : dispute.status.includes('under_review')
            ? disputeMessages.underReview
            : disputeMessages.needsResponse;
  return intl.formatMessage(m.disputeLine, {
    stage: intl.formatMessage(stage),
    amount: format.cents(dispute.amount),
  });
}

/** What an amount is per: `$30.00 / month`. */
const perInterval = (intl: IntlShape, amount: string, interval: string) =>
  intl.formatMessage(m.perInterval, { amount, interval });

export function DonationsSection() {
  const intl = useIntl();
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
            label: intl.formatMessage(m.program),
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
      <Title order={1}>
        <FormattedMessage {...m.title} />
      </Title>
      <Tabs value={tab} onChange={changeTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="payments">
            <FormattedMessage {...m.tabPayments} />
          </Tabs.Tab>
          <Tabs.Tab value="subscriptions">
            <FormattedMessage {...m.tabSubscriptions} />
          </Tabs.Tab>
          <Tabs.Tab value="delinquent">
            <FormattedMessage {...m.tabDelinquent} />
          </Tabs.Tab>
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
  const intl = useIntl();
  const format = useFormat();
  const [refunding, setRefunding] = useState<GivingPaymentRow | null>(null);
  const kindLabel = (kind: GivingPaymentRow['kind']) => intl.formatMessage(givingKindMessages[kind]);
  const statusLabel = (s: PaymentListStatus) => intl.formatMessage(paymentStatusMessages[s]);
  const columns: StaffColumn<GivingPaymentRow>[] = [
    {
      key: 'date',
      title: intl.formatMessage(m.columnDate),
      sortable: true,
      render: (p) => format.date(p.date),
      csv: (p) => format.date(p.date),
    },
    {
      key: 'donorName',
      title: intl.formatMessage(m.columnDonor),
      render: (p) => <Donor name={p.donorName} email={p.donorEmail} />,
    },
    { key: 'donorEmail', title: intl.formatMessage(m.columnEmail), hiddenByDefault: true },
    {
      key: 'kind',
      title: intl.formatMessage(m.columnKind),
      render: (p) => kindLabel(p.kind),
      csv: (p) => kindLabel(p.kind),
    },
    { key: 'description', title: intl.formatMessage(m.columnFor), hiddenByDefault: true },
    {
      key: 'amount',
      title: intl.formatMessage(m.columnAmount),
      sortable: true,
      render: (p) => (
        <Stack gap={0}>
          <Text size="sm">{format.cents(p.amount)}</Text>
          {p.refundedAmount > 0 && (
            <Text size="xs" c="dimmed">
              <FormattedMessage {...m.refundedAmount} values={{ amount: format.cents(p.refundedAmount) }} />
            </Text>
          )}
        </Stack>
      ),
      csv: (p) => (p.amount / 100).toFixed(2),
    },
    {
      key: 'status',
      title: intl.formatMessage(m.columnStatus),
      render: (p) => (
        <Stack gap={2}>
          <Badge variant="light" color={PAYMENT_COLORS[p.status]}>
            {statusLabel(p.status)}
          </Badge>
          {p.failureMessage && (
            <Text size="xs" c="red">
              {p.failureMessage}
            </Text>
          )}
          {p.dispute && <Text size="xs">{disputeText(intl, format, p.dispute)}</Text>}
          {p.refunds.some((r) => r.source === 'gateway') && (
            <Text size="xs">
              <FormattedMessage {...m.refundedAtProvider} />
            </Text>
          )}
        </Stack>
      ),
      csv: (p) =>
        p.dispute
          ? intl.formatMessage(m.statusWithDispute, {
              status: statusLabel(p.status),
              dispute: disputeText(intl, format, p.dispute),
            })
          : statusLabel(p.status),
    },
    {
      key: 'receiptCode',
      title: intl.formatMessage(m.columnReceipt),
      render: (p) =>
        p.receiptCode ? (
          <Anchor href={`/receipts/${encodeURIComponent(p.receiptCode)}`} target="_blank" size="sm">
            <FormattedMessage {...m.receiptLink} />
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
                  <FormattedMessage {...m.refund} />
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
        searchLabel={intl.formatMessage(m.paymentsSearch)}
        emptyText={intl.formatMessage(m.paymentsEmpty)}
        exportFileName="payments.csv"
        initialFilters={initialStatus ? { status: initialStatus } : {}}
        filters={[
          {
            key: 'status',
            label: intl.formatMessage(m.columnStatus),
            options: PAYMENT_LIST_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })),
          },
          {
            key: 'kind',
            label: intl.formatMessage(m.columnKind),
            options: GIVING_KINDS.map((k) => ({ value: k, label: kindLabel(k) })),
          },
          ...programFilter,
          { kind: 'dateRange', key: 'date', label: intl.formatMessage(m.columnDate) },
        ]}
      />
      {refunding && <RefundDialog payment={refunding} onClose={() => setRefunding(null)} />}
    </>
  );
}

/** The refund dialog's rules: an amount in dollars up to what remains, and the domain's reason rule. */
const refundFormSchema = (intl: IntlShape, format: Formats, payment: GivingPaymentRow) =>
  z.object({
    amount: z.union([z.number(), z.string()]).superRefine((dollars, context) => {
      const cents = Math.round(Number(dollars) * 100);
      if (!Number.isFinite(cents) || cents < 1)
        context.addIssue({
          code: 'custom',
          message: intl.formatMessage(m.refundTooSmall, { amount: format.cents(1) }),
        });
      else if (cents > payment.refundable)
        context.addIssue({
          code: 'custom',
          message: intl.formatMessage(m.refundTooLarge, { amount: format.cents(payment.refundable) }),
        });
    }),
    reason: refundInputSchema.shape.reason,
  });

function RefundDialog({ payment, onClose }: { payment: GivingPaymentRow; onClose: () => void }) {
  const intl = useIntl();
  const format = useFormat();
  const currency = useCurrency();
  const refund = useRefundPayment();
  // One key per dialog: a second click of Refund answers the same refund.
  const [requestKey] = useState(newRequestKey);
  const [schema] = useState(() => refundFormSchema(intl, format, payment));
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
    <Modal
      opened
      onClose={refund.isPending ? () => undefined : onClose}
      title={intl.formatMessage(m.refundTitle)}
      centered
    >
      {done ? (
        <Stack gap="md">
          <Alert color="green" title={intl.formatMessage(m.refundMade)}>
            {done.refunds.at(-1)?.status === 'pending' ? (
              <FormattedMessage {...m.refundPending} />
            ) : (
              <FormattedMessage
                {...m.refundDone}
                values={{ amount: format.cents(done.refunds.at(-1)?.amount ?? 0) }}
              />
            )}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>
              <FormattedMessage {...m.close} />
            </Button>
          </Group>
        </Stack>
      ) : (
        <SchemaForm
          form={form}
          submitLabel={intl.formatMessage(m.refund)}
          submitColor="red"
          errorTitle={null}
          onCancel={onClose}
          onSubmit={(values) => send(values as z.input<typeof schema>)}
        >
          <Text size="sm">
            <FormattedMessage
              {...m.refundSummary}
              values={{
                donor: payment.donorName ?? intl.formatMessage(m.unknownDonor),
                description: payment.description ?? intl.formatMessage(givingKindMessages[payment.kind]),
                date: format.date(payment.date),
              }}
            />
          </Text>
          <Text size="sm">
            {payment.refundedAmount > 0 ? (
              <FormattedMessage
                {...m.refundPaidPartly}
                values={{
                  paid: format.cents(payment.amount),
                  refunded: format.cents(payment.refundedAmount),
                  refundable: format.cents(payment.refundable),
                }}
              />
            ) : (
              <FormattedMessage
                {...m.refundPaid}
                values={{ paid: format.cents(payment.amount), refundable: format.cents(payment.refundable) }}
              />
            )}
          </Text>
          <NumberInput
            label={intl.formatMessage(m.refundAmount)}
            {...(currency.symbolFirst ? { prefix: currency.symbol } : { suffix: ` ${currency.symbol}` })}
            decimalScale={2}
            fixedDecimalScale
            min={0.01}
            max={payment.refundable / 100}
            step={0.01}
            {...form.getInputProps('amount')}
            required
          />
          <Textarea
            label={intl.formatMessage(m.reason)}
            description={intl.formatMessage(m.refundReasonHelp)}
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
  const intl = useIntl();
  const format = useFormat();
  const [canceling, setCanceling] = useState<GivingSubscriptionRow | null>(null);
  const statusLabel = (s: SubscriptionListStatus) => intl.formatMessage(subscriptionStatusMessages[s]);
  const columns: StaffColumn<GivingSubscriptionRow>[] = [
    {
      key: 'date',
      title: intl.formatMessage(m.columnStarted),
      sortable: true,
      render: (s) => format.date(s.createdAt),
      csv: (s) => format.date(s.createdAt),
    },
    {
      key: 'donorName',
      title: intl.formatMessage(m.columnDonor),
      render: (s) => <Donor name={s.donorName} email={s.donorEmail} />,
    },
    { key: 'records', title: intl.formatMessage(m.columnRecords) },
    {
      key: 'amount',
      title: intl.formatMessage(m.columnAmount),
      sortable: true,
      render: (s) => perInterval(intl, format.cents(s.amount), s.interval),
      csv: (s) => (s.amount / 100).toFixed(2),
    },
    {
      key: 'status',
      title: intl.formatMessage(m.columnStatus),
      render: (s) => (
        <Stack gap={2}>
          <Badge variant="light" color={SUBSCRIPTION_COLORS[s.status]}>
            {statusLabel(s.status)}
          </Badge>
          {s.cancelReason && (
            <Text size="xs" c="dimmed">
              {s.cancelReason}
            </Text>
          )}
        </Stack>
      ),
      csv: (s) => statusLabel(s.status),
    },
    {
      key: 'currentPeriodEnd',
      title: intl.formatMessage(m.columnNextPayment),
      render: (s) =>
        s.currentPeriodEnd && !ENDED.includes(s.status) ? format.date(s.currentPeriodEnd) : '—',
    },
    { key: 'paymentMethod', title: intl.formatMessage(m.columnCard), hiddenByDefault: true },
    ...(canManage
      ? [
          {
            key: 'actions',
            title: '',
            render: (s: GivingSubscriptionRow) =>
              ENDED.includes(s.status) ? null : (
                <Button size="xs" variant="light" color="red" onClick={() => setCanceling(s)}>
                  <FormattedMessage {...m.cancel} />
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
        searchLabel={intl.formatMessage(m.subscriptionsSearch)}
        emptyText={intl.formatMessage(m.subscriptionsEmpty)}
        exportFileName="subscriptions.csv"
        initialFilters={initialStatus ? { status: initialStatus } : {}}
        filters={[
          {
            key: 'status',
            label: intl.formatMessage(m.columnStatus),
            options: SUBSCRIPTION_LIST_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })),
          },
          ...programFilter,
          { kind: 'dateRange', key: 'date', label: intl.formatMessage(m.columnStarted) },
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
  const intl = useIntl();
  const format = useFormat();
  const cancel = useCancelSubscription();
  const form = useSchemaForm(cancelSubscriptionInputSchema, { reason: '' });
  return (
    <Modal
      opened
      onClose={cancel.isPending ? () => undefined : onClose}
      title={intl.formatMessage(m.cancelTitle)}
      centered
    >
      <SchemaForm
        form={form}
        submitLabel={intl.formatMessage(m.cancelSubmit)}
        submitColor="red"
        errorTitle={null}
        onCancel={onClose}
        cancelLabel={intl.formatMessage(m.cancelKeep)}
        onSubmit={(values) =>
          cancel.mutateAsync({ id: subscription.id, reason: (values.reason as string).trim() })
        }
        onDone={onClose}
      >
        <Text size="sm">
          <FormattedMessage
            {...m.cancelSummary}
            values={{
              donor: subscription.donorName ?? intl.formatMessage(m.unknownDonor),
              amount: perInterval(intl, format.cents(subscription.amount), subscription.interval),
              records: subscription.records,
            }}
          />
        </Text>
        <Text size="sm">
          <FormattedMessage {...m.cancelExplain} />
        </Text>
        <Textarea
          label={intl.formatMessage(m.reason)}
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
  const intl = useIntl();
  const format = useFormat();
  const [entitiesId, setEntitiesId] = useState('');
  const { data, isPending, isError, error } = useDelinquent(entitiesId);
  const columns = delinquentColumns(intl, format);
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        <FormattedMessage {...m.delinquentIntro} />
      </Text>
      {programs.length > 1 && (
        <Select
          label={intl.formatMessage(m.program)}
          placeholder={intl.formatMessage(m.all)}
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
        columns={canManage ? columns : columns.slice(0, -1)}
        rowKey={(row) => row.subscriptionsId}
        rowLabel={(row) =>
          row.donorName
            ? intl.formatMessage(m.delinquentRow, { donor: row.donorName })
            : intl.formatMessage(m.delinquentRowUnknown)
        }
        searchLabel={intl.formatMessage(m.delinquentSearch)}
        emptyText={intl.formatMessage(m.delinquentEmpty)}
        exportFileName="failed-renewals.csv"
      />
    </Stack>
  );
}

const delinquentColumns = (intl: IntlShape, format: Formats): StaffColumn<DelinquentRow>[] => [
  {
    key: 'donor',
    title: intl.formatMessage(m.columnDonor),
    sortable: true,
    minWidth: 180,
    render: (row) => <Donor name={row.donorName} email={row.donorEmail} />,
    csv: (row) => row.donorName ?? intl.formatMessage(m.unknownDonor),
  },
  { key: 'donorEmail', title: intl.formatMessage(m.columnEmail), hiddenByDefault: true },
  {
    key: 'status',
    title: intl.formatMessage(m.columnStatus),
    sortable: true,
    noWrap: true,
    render: (row) => (
      <Badge variant="light" color="red">
        {intl.formatMessage(subscriptionStatusMessages[row.status])}
      </Badge>
    ),
    csv: (row) => intl.formatMessage(subscriptionStatusMessages[row.status]),
  },
  {
    key: 'amount',
    title: intl.formatMessage(m.columnAmount),
    sortable: true,
    minWidth: 140,
    render: (row) => (
      <Text size="sm">
        <FormattedMessage
          {...m.delinquentAmount}
          values={{
            amount: perInterval(intl, format.cents(row.amount), row.interval),
            records: row.records || intl.formatMessage(m.noRecords),
          }}
        />
      </Text>
    ),
    csv: (row) => perInterval(intl, format.cents(row.amount), row.interval),
    sortValue: (row) => row.amount,
  },
  { key: 'records', title: intl.formatMessage(m.columnRecords), hiddenByDefault: true },
  {
    key: 'failedAt',
    title: intl.formatMessage(m.columnDecline),
    sortable: true,
    minWidth: 240,
    render: (row) => (
      <Stack gap={4}>
        <Text size="sm">
          <FormattedMessage
            {...m.declinedOn}
            values={{
              date: format.date(row.failedAt),
              decline: declineText(intl, row),
              b: (chunks) => (
                <Text span fw={600}>
                  {chunks}
                </Text>
              ),
            }}
          />
        </Text>
        <Text size="xs" c="dimmed">
          {[
            intl.formatMessage(m.failedAttempts, { count: row.failedAttempts }),
            row.paymentMethod,
            row.reminderSentAt
              ? intl.formatMessage(m.reminderSentOn, { date: format.date(row.reminderSentAt) })
              : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </Stack>
    ),
    csv: (row) =>
      intl.formatMessage(m.declineCsv, { date: format.date(row.failedAt), decline: declineText(intl, row) }),
    sortValue: (row) => new Date(row.failedAt).getTime(),
  },
  { key: 'paymentMethod', title: intl.formatMessage(m.columnPaymentMethod), hiddenByDefault: true },
  {
    key: 'actions',
    title: intl.formatMessage(m.columnActions),
    hideTitle: true,
    minWidth: 220,
    render: (row) => <DelinquentActions row={row} />,
    csv: () => null,
  },
];

/** The card's decline as the provider worded it, with its code: `Your card was declined. (card declined)`. */
const declineText = (intl: IntlShape, row: DelinquentRow) => {
  const message = row.declineMessage ?? intl.formatMessage(m.paymentFailed);
  return row.declineCode
    ? intl.formatMessage(m.declineWithCode, { message, code: row.declineCode.replace(/_/g, ' ') })
    : message;
};

/** A failed renewal's reminder and retry, with what the last one answered. */
function DelinquentActions({ row }: { row: DelinquentRow }) {
  const intl = useIntl();
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
          ? {
              color: 'green',
              text: row.donorEmail
                ? intl.formatMessage(m.reminderSentTo, { email: row.donorEmail })
                : intl.formatMessage(m.reminderSentToDonor),
            }
          : { color: 'blue', text: intl.formatMessage(m.reminderAlreadySent) },
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
          ? { color: 'green', text: intl.formatMessage(m.retryPaid) }
          : {
              color: 'red',
              text: intl.formatMessage(m.retryDeclined, {
                message: result.message ?? intl.formatMessage(m.retryDeclinedDefault),
              }),
            },
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
          <FormattedMessage {...m.sendReminder} />
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={() => void retry()}
          loading={busy === 'retry'}
          disabled={busy !== null}
        >
          <FormattedMessage {...m.retryPayment} />
        </Button>
      </Group>
    </Stack>
  );
}
