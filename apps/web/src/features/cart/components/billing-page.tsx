import { Alert, Anchor, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  BILLING_DEFAULT_BOOST,
  formatCents,
  isPaymentInterval,
  isValidEmail,
  LABELS,
  MESSAGES,
  type PaymentInterval,
  type SubscriptionDetail,
  type User,
} from '@kinship/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadingScreen } from '../../../components/loading-screen';
import { PaymentErrorModal, ProcessingModal } from '../../../components/payment-modals';
import { usePageTitle } from '../../../hooks/use-page-title';
import { STEP_HEADING_STYLE, useStepFocus } from '../../../hooks/use-step-focus';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { receiptPath } from '../../../lib/receipt-path';
import { useMe } from '../../../shared/auth/api/get-me';
import { LoginButton } from '../../../shared/auth/components/login-button';
import { usePartner } from '../../../shared/partner/partner-context';
import { updateSubscriptionPayment, useSubscriptionDetail } from '../../../shared/payments/api/subscriptions';
import {
  PaymentMethodPicker,
  type PaymentMethodPickerHandle,
} from '../../../shared/payments/components/payment-method-picker';
import { PayerFields } from '../../../shared/payments/components/payer-fields';
import type { PaymentMethodResult } from '../../../shared/payments/utils/payment-method-result';
import { useCartSponsoreds } from '../api/get-cart-sponsoreds';
import { checkoutHelper } from '../api/checkout-helper';
import type { CartItem } from '../../../shared/cart/cart-store';
import { checkoutLines, priceCart } from '../utils/price-cart';
import { CartItemRow } from './cart-item-row';
import { BoostPicker } from './boost-picker';
import { CartSummary } from './cart-summary';

/**
 * What the billing page pays for:
 * - `new`: a new subscription of the given records through the checkout helper (POST
 *   payments/checkout): `?sponsored={id}&slots={n}&interval={month|year}` (add `&conversion=1` to
 *   turn a manual sponsorship into a card-paid one), or `?subscription={id}` of a subscription that
 *   has ended, which starts it again for the same records;
 * - `update`: a live subscription (`?subscription={id}`) paid from now on with another or a new
 *   method (PUT payments/updatesubscriptionpayment/{ordersId}); nothing is charged then.
 */
type BillingTarget =
  | { kind: 'new'; items: CartItem[]; interval: PaymentInterval }
  | { kind: 'update'; detail: SubscriptionDetail };

const LIVE_STATUSES: readonly SubscriptionDetail['status'][] = ['active', 'past_due', 'incomplete'];

type Phase =
  | { kind: 'form' }
  | { kind: 'processing' }
  | { kind: 'failed'; error: string }
  | { kind: 'paid'; invoice: string }
  | { kind: 'updated'; detail: SubscriptionDetail };

function wholeNumber(value: string | null): number | null {
  return value && /^\d{1,9}$/.test(value) ? Number(value) : null;
}

function BillingForm({ target, user }: { target: BillingTarget; user: User }) {
  const partner = usePartner();
  const queryClient = useQueryClient();
  const picker = useRef<PaymentMethodPickerHandle>(null);
  const [ready, setReady] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: 'form' });
  const [boostPercent, setBoostPercent] = useState<number>(BILLING_DEFAULT_BOOST);
  const idempotency = useIdempotencyKey();
  const items = target.kind === 'new' ? target.items : [];
  const interval = target.kind === 'new' ? target.interval : target.detail.interval;
  const records = useCartSponsoreds(items.map((item) => item.sponsoredsId));
  const cart = priceCart(items, records, interval, boostPercent);
  const headingRef = useStepFocus<HTMLHeadingElement>(
    phase.kind === 'paid' || phase.kind === 'updated' ? phase.kind : 'form',
  );
  const headingProps = { ref: headingRef, tabIndex: -1, style: STEP_HEADING_STYLE } as const;

  const form = useForm({
    mode: 'uncontrolled',
    initialValues: {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      email: user.email ?? '',
    },
    validate: {
      firstName: (value) => (value.trim() ? null : 'Enter your first name'),
      lastName: (value) => (value.trim() ? null : 'Enter your last name'),
      email: (value) => (isValidEmail(value.trim()) ? null : 'Enter a valid email address'),
    },
  });

  const fail = (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    setPhase({ kind: 'failed', error: message });
  };

  const onPaymentMethod = async (result: PaymentMethodResult) => {
    if (result.error || !result.paymentMethod) {
      fail(result.error ?? 'No payment method was chosen.');
      return;
    }
    try {
      if (target.kind === 'update') {
        const detail = await updateSubscriptionPayment(target.detail.ordersId!, result.paymentMethod);
        setPhase({ kind: 'updated', detail });
      } else {
        const payer = form.getValues();
        const lines = checkoutLines(user.id, cart.lines);
        const { invoice } = await checkoutHelper(
          {
            partnersId: partner.id,
            stripePaymentIntent: result.paymentMethod,
            userSponsoreds: lines,
            baseAmount: cart.baseAmount,
            additionalAmount: cart.additionalAmount,
            paymentInterval: interval,
            email: payer.email.trim(),
            firstName: payer.firstName.trim(),
            lastName: payer.lastName.trim(),
          },
          idempotency.keyFor(JSON.stringify({ lines, interval, boostPercent })),
        );
        idempotency.settle(null);
        setPhase({ kind: 'paid', invoice });
      }
      void queryClient.invalidateQueries({ queryKey: ['users'] });
      void queryClient.invalidateQueries({ queryKey: ['payments'] });
    } catch (caught) {
      if (target.kind === 'new') idempotency.settle(caught);
      fail(caught);
    }
  };

  if (phase.kind === 'paid') {
    const receipt = receiptPath(phase.invoice);
    return (
      <Stack gap="md" align="flex-start">
        <Title order={1} {...headingProps}>
          Payment complete
        </Title>
        <Text>Thank you! Your sponsorship is paid and a receipt has been sent by email.</Text>
        <Group>
          {receipt.internal ? (
            <Button component={Link} to={receipt.href}>
              View your receipt
            </Button>
          ) : (
            <Button component="a" href={receipt.href}>
              View your receipt
            </Button>
          )}
          <Anchor component={Link} to="/profile/sponsorships">
            See your sponsorships
          </Anchor>
        </Group>
      </Stack>
    );
  }
  if (phase.kind === 'updated') {
    return (
      <Stack gap="md" align="flex-start">
        <Title order={1} {...headingProps}>
          Payment method updated
        </Title>
        <Text>
          Your subscription of {formatCents(phase.detail.totalAmount)} per {phase.detail.interval} is now paid
          with the method you chose.
        </Text>
        <Anchor component={Link} to="/profile/paymentsettings">
          Back to payment settings
        </Anchor>
      </Stack>
    );
  }

  const submit = () => {
    if (form.validate().hasErrors) return;
    setPhase({ kind: 'processing' });
    void picker.current?.trigger();
  };
  const blocked = target.kind === 'new' && (cart.hasIssues || cart.loading || items.length === 0);

  return (
    <Stack gap="lg">
      <Title order={1} {...headingProps}>
        {target.kind === 'new' ? 'Billing' : 'Update the payment of your subscription'}
      </Title>
      {target.kind === 'new' ? (
        <>
          {cart.hasIssues && <Alert color="red" variant="light" role="alert" title={MESSAGES.cartIssues} />}
          <Stack component="ul" gap="sm" p={0} m={0} aria-label="What you are paying for">
            {cart.lines.map((line) => (
              <CartItemRow key={line.item.id} line={line} interval={interval} />
            ))}
          </Stack>
          <Paper withBorder p="lg" radius="md">
            <Stack gap="md">
              <BoostPicker id="billing-boost" value={boostPercent} onChange={setBoostPercent} />
              <CartSummary cart={cart} interval={interval} boostPercent={boostPercent} />
            </Stack>
          </Paper>
        </>
      ) : (
        <Paper withBorder p="lg" radius="md">
          <Text>
            {target.detail.lines
              .filter((line) => line.dateEnded === null)
              .map((line) => line.name)
              .join(', ')}{' '}
            · {formatCents(target.detail.totalAmount)} per {target.detail.interval}
          </Text>
          <Text size="sm" c="dimmed">
            Nothing is charged now; the next payment uses the method you choose.
          </Text>
        </Paper>
      )}
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="billing-details-title">
        <Title order={2} size="h4" id="billing-details-title" mb="md">
          Billing details
        </Title>
        <PayerFields form={form} />
      </Paper>
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="billing-method-title">
        <Title order={2} size="h4" id="billing-method-title" mb="md">
          Payment method
        </Title>
        <PaymentMethodPicker
          ref={picker}
          usersId={user.id}
          onPaymentMethod={(result) => void onPaymentMethod(result)}
          onReadyChange={setReady}
        />
      </Paper>
      <Group justify="flex-end">
        <Button variant="default" component={Link} to="/profile/paymentsettings">
          {LABELS.cancel}
        </Button>
        <Button onClick={submit} disabled={!ready || phase.kind === 'processing' || blocked}>
          {LABELS.payNow}
        </Button>
      </Group>
      <ProcessingModal
        opened={phase.kind === 'processing'}
        title="Processing your payment"
        message="Please wait while we complete your transaction."
      />
      <PaymentErrorModal
        opened={phase.kind === 'failed'}
        onClose={() => setPhase({ kind: 'form' })}
        title={MESSAGES.billingErrorTitle}
      >
        <Text>{phase.kind === 'failed' ? MESSAGES.billingErrorBody(phase.error) : ''}</Text>
      </PaymentErrorModal>
    </Stack>
  );
}

function SubscriptionBilling({ id, user }: { id: number; user: User }) {
  const detail = useSubscriptionDetail(id);
  if (detail.isPending) return <LoadingScreen message="Loading your subscription" />;
  if (detail.isError)
    return (
      <Alert color="red" variant="light" role="alert" title="This subscription could not be loaded">
        {detail.error.message}
      </Alert>
    );
  const sub = detail.data;
  if (LIVE_STATUSES.includes(sub.status) && sub.ordersId !== null) {
    return <BillingForm target={{ kind: 'update', detail: sub }} user={user} />;
  }
  const items: CartItem[] = sub.lines.map((line) => ({
    id: String(line.sponsoredsId),
    sponsoredsId: line.sponsoredsId,
    quantity: line.numSlots,
  }));
  return <BillingForm target={{ kind: 'new', items, interval: sub.interval }} user={user} />;
}

/** /checkout/billing: the card payment for a subscription (see BillingTarget for the query). */
export function BillingPage() {
  usePageTitle('Billing');
  const [params] = useSearchParams();
  const { data: me, isPending } = useMe();
  const subscriptionId = wholeNumber(params.get('subscription'));
  const sponsoredsId = wholeNumber(params.get('sponsored'));
  const requestedInterval = params.get('interval');
  const interval: PaymentInterval = isPaymentInterval(requestedInterval) ? requestedInterval : 'month';
  const conversion = params.get('conversion') === '1' || params.get('conversion') === 'true';

  let content;
  if (isPending) content = <LoadingScreen />;
  else if (!me?.signedIn)
    content = (
      <Stack gap="md" align="flex-start">
        <Title order={1}>Billing</Title>
        <Text>{MESSAGES.checkoutLoginRequired}</Text>
        <LoginButton variant="filled" />
      </Stack>
    );
  else if (!me.user)
    content = (
      <Stack gap="md" align="flex-start">
        <Title order={1}>Billing</Title>
        <Text>Please complete your profile before making a payment.</Text>
      </Stack>
    );
  else if (subscriptionId !== null) content = <SubscriptionBilling id={subscriptionId} user={me.user} />;
  else if (sponsoredsId !== null) {
    const manual = me.user.userSponsoreds.find(
      (line) => line.sponsoredsId === sponsoredsId && line.dateEnded === null,
    );
    const quantity = wholeNumber(params.get('slots')) ?? (conversion && manual ? manual.numSlots : 1);
    content = (
      <BillingForm
        target={{
          kind: 'new',
          items: [
            {
              id: String(sponsoredsId),
              sponsoredsId,
              quantity: Math.max(1, quantity),
              isConversion: conversion,
            },
          ],
          interval,
        }}
        user={me.user}
      />
    );
  } else
    content = (
      <Stack gap="md" align="flex-start">
        <Title order={1}>Billing</Title>
        <Text>There is nothing to pay here. Your subscriptions are in your payment settings.</Text>
        <Anchor component={Link} to="/profile/paymentsettings">
          Payment settings
        </Anchor>
      </Stack>
    );

  return (
    <Container size="md" py="xl">
      {content}
    </Container>
  );
}
