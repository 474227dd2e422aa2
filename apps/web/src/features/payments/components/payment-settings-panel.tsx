import { Alert, Anchor, Badge, Button, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import type { SavedPaymentMethod, SubscriptionDetail } from '@kinship/domain';
import { useRef, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useFormat } from '../../../i18n/use-format';
import { usePaymentMethods } from '../../../shared/payments/api/get-payment-methods';
import { useDeletePaymentMethod, useSetDefaultPaymentMethod } from '../api/manage-payment-methods';
import {
  useResetSubscriptionPrice,
  useSubscriptionDetail,
  useUpdateSubscriptionPayment,
} from '../../../shared/payments/api/subscriptions';
import {
  describePaymentMethod,
  paymentMethodTypeName,
} from '../../../shared/payments/utils/payment-method-label';
import type { PaymentMethodResult } from '../../../shared/payments/utils/payment-method-result';
import { PaymentMethodIcon } from '../../../shared/payments/components/card-brand-icon';
import {
  PaymentMethodPicker,
  type PaymentMethodPickerHandle,
} from '../../../shared/payments/components/payment-method-picker';
import { loose } from '../../../i18n/loose-messages';

const STATUS_NAMES = defineMessages({
  active: { id: 'paymentSettings.status.active', defaultMessage: 'Active' },
  past_due: { id: 'paymentSettings.status.pastDue', defaultMessage: 'Past due' },
  canceled: { id: 'paymentSettings.status.canceled', defaultMessage: 'Canceled' },
  unpaid: { id: 'paymentSettings.status.unpaid', defaultMessage: 'Unpaid' },
  incomplete: { id: 'paymentSettings.status.incomplete', defaultMessage: 'Incomplete' },
  incomplete_expired: { id: 'paymentSettings.status.expired', defaultMessage: 'Expired' },
}) satisfies Record<SubscriptionDetail['status'], unknown>;
const LIVE: readonly SubscriptionDetail['status'][] = ['active', 'past_due', 'incomplete'];

const messages = loose(
  defineMessages({
    remove: { id: 'paymentSettings.method.remove', defaultMessage: 'Remove' },
    perMonth: { id: 'paymentSettings.amountPerMonth', defaultMessage: '{amount} per month' },
    perYear: { id: 'paymentSettings.amountPerYear', defaultMessage: '{amount} per year' },
    perMonthWithBoost: {
      id: 'paymentSettings.amountPerMonthWithBoost',
      defaultMessage: '{amount} per month (includes a {boost} boost)',
    },
    perYearWithBoost: {
      id: 'paymentSettings.amountPerYearWithBoost',
      defaultMessage: '{amount} per year (includes a {boost} boost)',
    },
    todaysPriceMonthly: {
      id: 'paymentSettings.todaysPriceMonthly',
      defaultMessage: 'Today’s price for this sponsorship is {amount} per month.',
    },
    todaysPriceYearly: {
      id: 'paymentSettings.todaysPriceYearly',
      defaultMessage: 'Today’s price for this sponsorship is {amount} per year.',
    },
    loadingMethods: { id: 'paymentSettings.loadingMethods', defaultMessage: 'Loading your payment methods' },
  }),
);

function MethodRow({ method, usersId }: { method: SavedPaymentMethod; usersId: number }) {
  const remove = useDeletePaymentMethod(usersId);
  const makeDefault = useSetDefaultPaymentMethod(usersId);
  const [confirming, setConfirming] = useState(false);
  const intl = useIntl();
  const description = describePaymentMethod(method, intl);
  const error = remove.error ?? makeDefault.error;
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      component="li"
      style={{ listStyle: 'none' }}
      aria-label={description}
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <PaymentMethodIcon method={method} />
          <div>
            <Text fw={600}>{description}</Text>
            <Text size="sm" c="dimmed">
              {paymentMethodTypeName(method, intl)}
            </Text>
          </div>
          {method.isDefault && (
            <Badge variant="light">
              <FormattedMessage id="paymentSettings.method.default" defaultMessage="Default" />
            </Badge>
          )}
          {method.lastPaymentFailed && (
            <Badge variant="light" color="red.9">
              <FormattedMessage id="paymentSettings.method.lastFailed" defaultMessage="Last payment failed" />
            </Badge>
          )}
        </Group>
        <Group gap="xs">
          {!method.isDefault && (
            <Button
              variant="default"
              size="compact-sm"
              onClick={() => makeDefault.mutate(method.id)}
              loading={makeDefault.isPending}
            >
              <FormattedMessage id="paymentSettings.method.makeDefault" defaultMessage="Make default" />
            </Button>
          )}
          <Button variant="subtle" color="red.9" size="compact-sm" onClick={() => setConfirming(true)}>
            <FormattedMessage {...messages.remove} />
          </Button>
        </Group>
      </Group>
      {error && (
        <Alert color="red" variant="light" role="alert" mt="sm">
          {error.message}
        </Alert>
      )}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={intl.formatMessage({
          id: 'paymentSettings.method.removeTitle',
          defaultMessage: 'Remove this payment method?',
        })}
        centered
      >
        <Stack gap="sm">
          <Text size="sm">
            <FormattedMessage
              id="paymentSettings.method.removeWarning"
              defaultMessage="{method} will no longer be available for payments."
              values={{ method: description }}
            />
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              <FormattedMessage id="paymentSettings.method.keep" defaultMessage="Keep it" />
            </Button>
            <Button
              color="red.9"
              loading={remove.isPending}
              onClick={() => remove.mutate(method.id, { onSettled: () => setConfirming(false) })}
            >
              <FormattedMessage {...messages.remove} />
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

function ChangeMethodModal({
  detail,
  usersId,
  onClose,
}: {
  detail: SubscriptionDetail;
  usersId: number;
  onClose: () => void;
}) {
  const picker = useRef<PaymentMethodPickerHandle>(null);
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateSubscriptionPayment();
  const intl = useIntl();
  const onPaymentMethod = (result: PaymentMethodResult) => {
    if (result.error || !result.paymentMethod) {
      setError(
        result.error ??
          intl.formatMessage({
            id: 'paymentSettings.change.noMethod',
            defaultMessage: 'Choose a payment method.',
          }),
      );
      setBusy(false);
      return;
    }
    update.mutate(
      { ordersId: detail.ordersId!, paymentMethodId: result.paymentMethod },
      {
        onSuccess: onClose,
        onError: (caught) => setError(caught.message),
        onSettled: () => setBusy(false),
      },
    );
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={intl.formatMessage({
        id: 'paymentSettings.change.title',
        defaultMessage: 'Change the payment method',
      })}
      size="lg"
      centered
    >
      <Stack gap="md">
        <Text size="sm">
          <FormattedMessage
            id="paymentSettings.change.note"
            defaultMessage="The next payments of this subscription use the method you choose. Nothing is charged now."
          />
        </Text>
        <PaymentMethodPicker
          ref={picker}
          usersId={usersId}
          onPaymentMethod={onPaymentMethod}
          onReadyChange={setReady}
        />
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <FormattedMessage id="paymentSettings.change.cancel" defaultMessage="Cancel" />
          </Button>
          <Button
            disabled={!ready || busy}
            loading={busy}
            onClick={() => {
              setError(null);
              setBusy(true);
              void picker.current?.trigger();
            }}
          >
            <FormattedMessage id="paymentSettings.change.save" defaultMessage="Save" />
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function SubscriptionCard({ id, usersId }: { id: number; usersId: number }) {
  const detail = useSubscriptionDetail(id);
  const reset = useResetSubscriptionPrice();
  const [changing, setChanging] = useState(false);
  const intl = useIntl();
  const format = useFormat();
  if (detail.isPending)
    return (
      <Loader
        size="sm"
        aria-label={intl.formatMessage({
          id: 'paymentSettings.subscription.loading',
          defaultMessage: 'Loading a subscription',
        })}
      />
    );
  if (detail.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {detail.error.message}
      </Alert>
    );
  const sub = detail.data;
  const live = LIVE.includes(sub.status);
  const names = sub.lines.map((line) =>
    line.numSlots > 1
      ? intl.formatMessage(
          {
            id: 'paymentSettings.subscription.lineSlots',
            defaultMessage: '{name} ({count, plural, one {# slot} other {# slots}})',
          },
          { name: line.name, count: line.numSlots },
        )
      : line.name,
  );
  const yearly = sub.interval === 'year';
  const subscriptionName = intl.formatMessage(
    { id: 'paymentSettings.subscription.name', defaultMessage: 'Subscription {id}' },
    { id: String(id) },
  );
  const amount = format.cents(sub.totalAmount);
  const priceChanged = live && sub.currentPrice.totalAmount !== sub.totalAmount;
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="li"
      style={{ listStyle: 'none' }}
      aria-label={subscriptionName}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Text fw={700}>{names.join(', ') || subscriptionName}</Text>
          <Badge color={live ? (sub.status === 'active' ? 'green' : 'orange') : 'gray'} variant="light">
            {intl.formatMessage(STATUS_NAMES[sub.status])}
          </Badge>
        </Group>
        <Text size="sm">
          {sub.additionalAmount > 0
            ? intl.formatMessage(yearly ? messages.perYearWithBoost : messages.perMonthWithBoost, {
                amount,
                boost: format.cents(sub.additionalAmount),
              })
            : intl.formatMessage(yearly ? messages.perYear : messages.perMonth, { amount })}
        </Text>
        {sub.nextPaymentDate && (
          <Text size="sm" c="dimmed">
            <FormattedMessage
              id="paymentSettings.subscription.nextPayment"
              defaultMessage="Next payment {date}"
              values={{ date: format.date(sub.nextPaymentDate) }}
            />
          </Text>
        )}
        <Group gap="xs">
          <Text size="sm">
            <FormattedMessage id="paymentSettings.subscription.paidWith" defaultMessage="Paid with" />
          </Text>
          {sub.paymentMethod ? (
            <>
              <PaymentMethodIcon method={sub.paymentMethod} width={28} />
              <Text size="sm">{describePaymentMethod(sub.paymentMethod, intl)}</Text>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              <FormattedMessage id="paymentSettings.subscription.noMethod" defaultMessage="no saved method" />
            </Text>
          )}
        </Group>
        {priceChanged && (
          <Text size="sm">
            {intl.formatMessage(yearly ? messages.todaysPriceYearly : messages.todaysPriceMonthly, {
              amount: format.cents(sub.currentPrice.totalAmount),
            })}
          </Text>
        )}
        {reset.isError && (
          <Alert color="red" variant="light" role="alert">
            {reset.error.message}
          </Alert>
        )}
        <Group gap="xs" mt={4}>
          {live && sub.ordersId !== null && (
            <Button variant="default" size="compact-sm" onClick={() => setChanging(true)}>
              <FormattedMessage
                id="paymentSettings.subscription.change"
                defaultMessage="Change payment method"
              />
            </Button>
          )}
          {priceChanged && (
            <Button
              variant="default"
              size="compact-sm"
              onClick={() => reset.mutate(sub.id)}
              loading={reset.isPending}
            >
              <FormattedMessage
                id="paymentSettings.subscription.resetPrice"
                defaultMessage="Reset to today’s price"
              />
            </Button>
          )}
          {!live && (
            <Anchor component={Link} to={`/checkout/billing?subscription=${sub.id}`} size="sm">
              <FormattedMessage
                id="paymentSettings.subscription.sponsorAgain"
                defaultMessage="Sponsor again"
              />
            </Anchor>
          )}
        </Group>
      </Stack>
      {changing && <ChangeMethodModal detail={sub} usersId={usersId} onClose={() => setChanging(false)} />}
    </Paper>
  );
}

/**
 * profile/paymentsettings: saved methods (brand icon, description, display name; remove, make
 * default) and each subscription's detail (change its method, reset its price).
 */
export function PaymentSettingsPanel({
  usersId,
  subscriptionIds,
  partnerName,
}: {
  usersId: number;
  subscriptionIds: number[];
  partnerName: string;
}) {
  const methods = usePaymentMethods(usersId);
  const intl = useIntl();
  return (
    <Stack gap="lg">
      <section aria-labelledby="payment-methods-title">
        <Title order={2} size="h3" id="payment-methods-title" mb="sm">
          <FormattedMessage id="paymentSettings.methods.title" defaultMessage="Saved payment methods" />
        </Title>
        {methods.isPending ? (
          <Loader size="sm" aria-label={intl.formatMessage(messages.loadingMethods)} />
        ) : methods.isError ? (
          <Alert color="red" variant="light" role="alert">
            {methods.error.message}
          </Alert>
        ) : methods.data.length === 0 ? (
          <Text c="dimmed">
            <FormattedMessage
              id="paymentSettings.methods.empty"
              defaultMessage="Your saved payment methods appear here after your first payment to {name}. Card details are held by our card payment provider, never on this site."
              values={{ name: partnerName }}
            />
          </Text>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0}>
            {methods.data.map((method) => (
              <MethodRow key={method.id} method={method} usersId={usersId} />
            ))}
          </Stack>
        )}
      </section>
      <section aria-labelledby="subscriptions-title">
        <Title order={2} size="h3" id="subscriptions-title" mb="sm">
          <FormattedMessage id="paymentSettings.subscriptions.title" defaultMessage="Subscriptions" />
        </Title>
        {subscriptionIds.length === 0 ? (
          <Text c="dimmed">
            <FormattedMessage
              id="paymentSettings.subscriptions.empty"
              defaultMessage="You have no subscriptions yet."
            />
          </Text>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0}>
            {subscriptionIds.map((id) => (
              <SubscriptionCard key={id} id={id} usersId={usersId} />
            ))}
          </Stack>
        )}
      </section>
    </Stack>
  );
}
