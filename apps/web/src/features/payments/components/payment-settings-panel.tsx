import { Alert, Anchor, Badge, Button, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { formatCents, formatDate, type SavedPaymentMethod, type SubscriptionDetail } from '@kinship/domain';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
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

const STATUS_NAMES: Record<SubscriptionDetail['status'], string> = {
  active: 'Active',
  past_due: 'Past due',
  canceled: 'Canceled',
  unpaid: 'Unpaid',
  incomplete: 'Incomplete',
  incomplete_expired: 'Expired',
};
const LIVE: readonly SubscriptionDetail['status'][] = ['active', 'past_due', 'incomplete'];
const PER = { month: 'per month', year: 'per year' } as const;

function MethodRow({ method, usersId }: { method: SavedPaymentMethod; usersId: number }) {
  const remove = useDeletePaymentMethod(usersId);
  const makeDefault = useSetDefaultPaymentMethod(usersId);
  const [confirming, setConfirming] = useState(false);
  const description = describePaymentMethod(method);
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
              {paymentMethodTypeName(method)}
            </Text>
          </div>
          {method.isDefault && <Badge variant="light">Default</Badge>}
          {method.lastPaymentFailed && (
            <Badge variant="light" color="red.9">
              Last payment failed
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
              Make default
            </Button>
          )}
          <Button variant="subtle" color="red.9" size="compact-sm" onClick={() => setConfirming(true)}>
            Remove
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
        title="Remove this payment method?"
        centered
      >
        <Stack gap="sm">
          <Text size="sm">{description} will no longer be available for payments.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
            <Button
              color="red.9"
              loading={remove.isPending}
              onClick={() => remove.mutate(method.id, { onSettled: () => setConfirming(false) })}
            >
              Remove
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
  const onPaymentMethod = (result: PaymentMethodResult) => {
    if (result.error || !result.paymentMethod) {
      setError(result.error ?? 'Choose a payment method.');
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
    <Modal opened onClose={onClose} title="Change the payment method" size="lg" centered>
      <Stack gap="md">
        <Text size="sm">
          The next payments of this subscription use the method you choose. Nothing is charged now.
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
            Cancel
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
            Save
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
  if (detail.isPending) return <Loader size="sm" aria-label="Loading a subscription" />;
  if (detail.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {detail.error.message}
      </Alert>
    );
  const sub = detail.data;
  const live = LIVE.includes(sub.status);
  const names = sub.lines.map((line) =>
    line.numSlots > 1 ? `${line.name} (${line.numSlots} slots)` : line.name,
  );
  const priceChanged = live && sub.currentPrice.totalAmount !== sub.totalAmount;
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="li"
      style={{ listStyle: 'none' }}
      aria-label={`Subscription ${id}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Text fw={700}>{names.join(', ') || `Subscription ${id}`}</Text>
          <Badge color={live ? (sub.status === 'active' ? 'green' : 'orange') : 'gray'} variant="light">
            {STATUS_NAMES[sub.status]}
          </Badge>
        </Group>
        <Text size="sm">
          {formatCents(sub.totalAmount)} {PER[sub.interval]}
          {sub.additionalAmount > 0 ? ` (includes a ${formatCents(sub.additionalAmount)} boost)` : ''}
        </Text>
        {sub.nextPaymentDate && (
          <Text size="sm" c="dimmed">
            Next payment {formatDate(sub.nextPaymentDate)}
          </Text>
        )}
        <Group gap="xs">
          <Text size="sm">Paid with</Text>
          {sub.paymentMethod ? (
            <>
              <PaymentMethodIcon method={sub.paymentMethod} width={28} />
              <Text size="sm">{describePaymentMethod(sub.paymentMethod)}</Text>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              no saved method
            </Text>
          )}
        </Group>
        {priceChanged && (
          <Text size="sm">
            Today&rsquo;s price for this sponsorship is {formatCents(sub.currentPrice.totalAmount)}{' '}
            {PER[sub.interval]}.
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
              Change payment method
            </Button>
          )}
          {priceChanged && (
            <Button
              variant="default"
              size="compact-sm"
              onClick={() => reset.mutate(sub.id)}
              loading={reset.isPending}
            >
              Reset to today&rsquo;s price
            </Button>
          )}
          {!live && (
            <Anchor component={Link} to={`/checkout/billing?subscription=${sub.id}`} size="sm">
              Sponsor again
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
  return (
    <Stack gap="lg">
      <section aria-labelledby="payment-methods-title">
        <Title order={2} size="h3" id="payment-methods-title" mb="sm">
          Saved payment methods
        </Title>
        {methods.isPending ? (
          <Loader size="sm" aria-label="Loading your payment methods" />
        ) : methods.isError ? (
          <Alert color="red" variant="light" role="alert">
            {methods.error.message}
          </Alert>
        ) : methods.data.length === 0 ? (
          <Text c="dimmed">
            Your saved payment methods appear here after your first payment to {partnerName}. Card details are
            held by our card payment provider, never on this site.
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
          Subscriptions
        </Title>
        {subscriptionIds.length === 0 ? (
          <Text c="dimmed">You have no subscriptions yet.</Text>
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
