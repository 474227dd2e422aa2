import { Alert, Anchor, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  BILLING_DEFAULT_BOOST,
  isPaymentInterval,
  isValidEmail,
  type PaymentInterval,
  type SubscriptionDetail,
  type User,
} from '@kinship/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { LoadingScreen } from '../../../components/loading-screen';
import { PaymentErrorModal, ProcessingModal } from '../../../components/payment-modals';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useLabels } from '../../../i18n/labels';
import { useFormat } from '../../../i18n/use-format';
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
import { cartMessages, perIntervalMessages } from '../messages';
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

const messages = defineMessages({
  title: { id: 'cart.billing.title', defaultMessage: 'Billing' },
  updateTitle: { id: 'cart.billing.updateTitle', defaultMessage: 'Update the payment of your subscription' },
  noMethod: { id: 'cart.billing.noMethod', defaultMessage: 'No payment method was chosen.' },
});

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
  const intl = useIntl();
  const labels = useLabels();
  const format = useFormat();
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
      firstName: (value) => (value.trim() ? null : intl.formatMessage(cartMessages.firstNameRequired)),
      lastName: (value) => (value.trim() ? null : intl.formatMessage(cartMessages.lastNameRequired)),
      email: (value) =>
        isValidEmail(value.trim())
          ? null
          : intl.formatMessage({
              id: 'cart.payer.emailRequired',
              defaultMessage: 'Enter a valid email address',
            }),
    },
  });

  const fail = (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    setPhase({ kind: 'failed', error: message });
  };

  const onPaymentMethod = async (result: PaymentMethodResult) => {
    if (result.error || !result.paymentMethod) {
      fail(result.error ?? intl.formatMessage(messages.noMethod));
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
          <FormattedMessage id="cart.billing.paidTitle" defaultMessage="Payment complete" />
        </Title>
        <Text>
          <FormattedMessage
            id="cart.billing.paid"
            defaultMessage="Thank you! Your sponsorship is paid and a receipt has been sent by email."
          />
        </Text>
        <Group>
          {receipt.internal ? (
            <Button component={Link} to={receipt.href}>
              <FormattedMessage {...cartMessages.viewReceipt} />
            </Button>
          ) : (
            <Button component="a" href={receipt.href}>
              <FormattedMessage {...cartMessages.viewReceipt} />
            </Button>
          )}
          <Anchor component={Link} to="/profile/sponsorships">
            <FormattedMessage {...cartMessages.seeSponsorships} />
          </Anchor>
        </Group>
      </Stack>
    );
  }
  if (phase.kind === 'updated') {
    return (
      <Stack gap="md" align="flex-start">
        <Title order={1} {...headingProps}>
          <FormattedMessage id="cart.billing.updatedTitle" defaultMessage="Payment method updated" />
        </Title>
        <Text>
          {phase.detail.interval === 'year' ? (
            <FormattedMessage
              id="cart.billing.updatedYearly"
              defaultMessage="Your subscription of {amount} per year is now paid with the method you chose."
              values={{ amount: format.cents(phase.detail.totalAmount) }}
            />
          ) : (
            <FormattedMessage
              id="cart.billing.updatedMonthly"
              defaultMessage="Your subscription of {amount} per month is now paid with the method you chose."
              values={{ amount: format.cents(phase.detail.totalAmount) }}
            />
          )}
        </Text>
        <Anchor component={Link} to="/profile/paymentsettings">
          <FormattedMessage id="cart.billing.backToSettings" defaultMessage="Back to payment settings" />
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
        {intl.formatMessage(target.kind === 'new' ? messages.title : messages.updateTitle)}
      </Title>
      {target.kind === 'new' ? (
        <>
          {cart.hasIssues && (
            <Alert color="red" variant="light" role="alert" title={intl.formatMessage(cartMessages.issues)} />
          )}
          <Stack
            component="ul"
            gap="sm"
            p={0}
            m={0}
            aria-label={intl.formatMessage({
              id: 'cart.billing.items',
              defaultMessage: 'What you are paying for',
            })}
          >
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
            <FormattedMessage
              id="cart.billing.subscription"
              defaultMessage="{names} · {price}"
              values={{
                names: target.detail.lines
                  .filter((line) => line.dateEnded === null)
                  .map((line) => line.name)
                  .join(', '),
                price: intl.formatMessage(perIntervalMessages[target.detail.interval], {
                  amount: format.cents(target.detail.totalAmount),
                }),
              }}
            />
          </Text>
          <Text size="sm" c="dimmed">
            <FormattedMessage
              id="cart.billing.nothingCharged"
              defaultMessage="Nothing is charged now; the next payment uses the method you choose."
            />
          </Text>
        </Paper>
      )}
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="billing-details-title">
        <Title order={2} size="h4" id="billing-details-title" mb="md">
          <FormattedMessage id="cart.billing.details" defaultMessage="Billing details" />
        </Title>
        <PayerFields form={form} />
      </Paper>
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="billing-method-title">
        <Title order={2} size="h4" id="billing-method-title" mb="md">
          <FormattedMessage {...cartMessages.paymentMethod} />
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
          {labels.cancel}
        </Button>
        <Button onClick={submit} disabled={!ready || phase.kind === 'processing' || blocked}>
          {labels.payNow}
        </Button>
      </Group>
      <ProcessingModal
        opened={phase.kind === 'processing'}
        title={intl.formatMessage({
          id: 'cart.billing.processingTitle',
          defaultMessage: 'Processing your payment',
        })}
        message={intl.formatMessage({
          id: 'cart.billing.processing',
          defaultMessage: 'Please wait while we complete your transaction.',
        })}
      />
      <PaymentErrorModal
        opened={phase.kind === 'failed'}
        onClose={() => setPhase({ kind: 'form' })}
        title={intl.formatMessage(cartMessages.billingErrorTitle)}
      >
        <Text>
          {phase.kind === 'failed'
            ? intl.formatMessage(cartMessages.billingErrorBody, { error: phase.error })
            : ''}
        </Text>
      </PaymentErrorModal>
    </Stack>
  );
}

function SubscriptionBilling({ id, user }: { id: number; user: User }) {
  const intl = useIntl();
  const detail = useSubscriptionDetail(id);
  if (detail.isPending)
    return (
      <LoadingScreen
        message={intl.formatMessage({
          id: 'cart.billing.loading',
          defaultMessage: 'Loading your subscription',
        })}
      />
    );
  if (detail.isError)
    return (
      <Alert
        color="red"
        variant="light"
        role="alert"
        title={intl.formatMessage({
          id: 'cart.billing.loadFailed',
          defaultMessage: 'This subscription could not be loaded',
        })}
      >
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
  const intl = useIntl();
  usePageTitle(intl.formatMessage(messages.title));
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
        <Title order={1}>
          <FormattedMessage {...messages.title} />
        </Title>
        <Text>
          <FormattedMessage {...cartMessages.loginRequired} />
        </Text>
        <LoginButton variant="filled" />
      </Stack>
    );
  else if (!me.user)
    content = (
      <Stack gap="md" align="flex-start">
        <Title order={1}>
          <FormattedMessage {...messages.title} />
        </Title>
        <Text>
          <FormattedMessage {...cartMessages.completeProfile} />
        </Text>
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
        <Title order={1}>
          <FormattedMessage {...messages.title} />
        </Title>
        <Text>
          <FormattedMessage
            id="cart.billing.nothingToPay"
            defaultMessage="There is nothing to pay here. Your subscriptions are in your payment settings."
          />
        </Text>
        <Anchor component={Link} to="/profile/paymentsettings">
          <FormattedMessage id="cart.billing.settingsLink" defaultMessage="Payment settings" />
        </Anchor>
      </Stack>
    );

  return (
    <Container size="md" py="xl">
      {content}
    </Container>
  );
}
