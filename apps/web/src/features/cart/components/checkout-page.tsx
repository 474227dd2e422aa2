import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { CHECKOUT_DEFAULT_BOOST, type PaymentInterval } from '@kinship/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { HelpTip } from '../../../components/help-tip';
import { useLabels } from '../../../i18n/labels';
import { usePageTitle } from '../../../hooks/use-page-title';
import { STEP_HEADING_STYLE, useStepFocus } from '../../../hooks/use-step-focus';
import { useMe } from '../../../shared/auth/api/get-me';
import { LoginButton } from '../../../shared/auth/components/login-button';
import { SignUpButton } from '../../../shared/auth/components/sign-up-button';
import { askForNewUserDetails } from '../../../shared/auth/new-user-details';
import { useCartSponsoreds } from '../api/get-cart-sponsoreds';
import { clearCart, removeFromCart, useCart } from '../../../shared/cart/cart-store';
import { cartMessages } from '../messages';
import { priceCart } from '../utils/price-cart';
import { CartItemRow } from './cart-item-row';
import { BoostPicker } from './boost-picker';
import { CartSummary } from './cart-summary';
import { CheckoutSuccess } from './checkout-success';
import { PaymentStep } from './payment-step';

type Step = 'cart' | 'payment';

/**
 * /checkout: the cart step (remove items, Monthly or Annual, boost, total), then the payment step;
 * a thank-you once paid. Visitors see the register and sign-in prompt instead of Checkout.
 */
export function CheckoutPage() {
  const intl = useIntl();
  const labels = useLabels();
  usePageTitle(labels.checkout);
  const queryClient = useQueryClient();
  const { data: me, isPending: meLoading } = useMe();
  const items = useCart();
  const records = useCartSponsoreds(items.map((item) => item.sponsoredsId));
  const [step, setStep] = useState<Step>('cart');
  const [interval, setPaymentInterval] = useState<PaymentInterval>('month');
  const [boostPercent, setBoostPercent] = useState<number>(CHECKOUT_DEFAULT_BOOST);
  const [paid, setPaid] = useState<{ invoice: string; email: string | null } | null>(null);
  const cart = priceCart(items, records, interval, boostPercent);
  const headingRef = useStepFocus<HTMLHeadingElement>(paid ? 'paid' : step);

  if (paid) {
    return (
      <Container size="md" py="xl">
        <CheckoutSuccess invoice={paid.invoice} email={paid.email} headingRef={headingRef} />
      </Container>
    );
  }

  const heading = (
    <Title order={1} mb="lg" ref={headingRef} tabIndex={-1} style={STEP_HEADING_STYLE}>
      {labels.checkout}
    </Title>
  );

  if (items.length === 0) {
    return (
      <Container size="md" py="xl">
        {heading}
        <Stack gap="md" align="flex-start">
          <Text size="lg">
            <FormattedMessage {...cartMessages.empty} />
          </Text>
          <Anchor component={Link} to="/">
            <FormattedMessage id="cart.findSomeone" defaultMessage="Find someone to sponsor" />
          </Anchor>
        </Stack>
      </Container>
    );
  }

  const user = me?.user ?? null;
  const onPaid = (invoice: string, receiptEmail: string) => {
    setPaid({ invoice, email: receiptEmail });
    clearCart();
    void queryClient.invalidateQueries({ queryKey: ['users'] });
    void queryClient.invalidateQueries({ queryKey: ['payments'] });
  };

  if (step === 'payment' && user) {
    return (
      <Container size="md" py="xl">
        {heading}
        <PaymentStep
          cart={cart}
          interval={interval}
          boostPercent={boostPercent}
          user={user}
          onCancel={() => setStep('cart')}
          onPaid={onPaid}
        />
      </Container>
    );
  }

  let action;
  if (meLoading)
    action = (
      <Loader
        size="sm"
        aria-label={intl.formatMessage({
          id: 'cart.checkingSignIn',
          defaultMessage: 'Checking your sign-in',
        })}
      />
    );
  else if (!me?.signedIn)
    action = (
      <Alert variant="light" title={intl.formatMessage(cartMessages.loginRequired)} w="100%">
        <Text size="sm" mb="sm">
          <FormattedMessage
            id="cart.accountNeeded"
            defaultMessage="Sponsorships are monthly or annual subscriptions, so they belong to an account."
          />
        </Text>
        <Group>
          <LoginButton variant="filled" />
          <SignUpButton variant="default" />
        </Group>
      </Alert>
    );
  else if (!user)
    action = (
      <Alert variant="light" w="100%">
        <Text size="sm" mb="sm">
          <FormattedMessage {...cartMessages.completeProfile} />
        </Text>
        <Button onClick={askForNewUserDetails}>
          <FormattedMessage id="cart.completeProfileButton" defaultMessage="Complete my profile" />
        </Button>
      </Alert>
    );
  else
    action = (
      <Button size="md" onClick={() => setStep('payment')} disabled={cart.hasIssues || cart.loading}>
        {labels.checkout}
      </Button>
    );

  return (
    <Container size="md" py="xl">
      {heading}
      <Stack gap="lg">
        {cart.hasIssues && (
          <Alert color="red" variant="light" role="alert" title={intl.formatMessage(cartMessages.issues)} />
        )}
        <Stack
          component="ul"
          gap="sm"
          p={0}
          m={0}
          aria-label={intl.formatMessage({ id: 'cart.list', defaultMessage: 'Your cart' })}
        >
          {cart.lines.map((line) => (
            <CartItemRow
              key={line.item.id}
              line={line}
              interval={interval}
              onRemove={() => removeFromCart(line.item.id)}
            />
          ))}
        </Stack>
        <Paper withBorder p="lg" radius="md">
          <Stack gap="md">
            <div>
              <Group gap={4} wrap="nowrap" mb={6}>
                <Text fw={600} id="checkout-interval">
                  <FormattedMessage id="cart.interval.title" defaultMessage="Payment interval" />
                </Text>
                <HelpTip
                  title={intl.formatMessage({
                    id: 'cart.interval.helpTitle',
                    defaultMessage: 'Monthly or annual?',
                  })}
                  tip={intl.formatMessage({
                    id: 'cart.interval.helpTip',
                    defaultMessage:
                      'Monthly charges your card each month. Annual charges 12 months at once, once a year, for the same total. You can change your payment method later in your payment settings.',
                  })}
                />
              </Group>
              <SegmentedControl
                aria-labelledby="checkout-interval"
                value={interval}
                onChange={(value) => setPaymentInterval(value === 'year' ? 'year' : 'month')}
                data={[
                  { value: 'month', label: labels.monthly },
                  { value: 'year', label: labels.annual },
                ]}
              />
            </div>
            <BoostPicker id="checkout-boost" value={boostPercent} onChange={setBoostPercent} />
            <CartSummary cart={cart} interval={interval} boostPercent={boostPercent} />
          </Stack>
        </Paper>
        <Group justify="flex-end">{action}</Group>
      </Stack>
    </Container>
  );
}
