import { Alert, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { isValidEmail, type PaymentInterval, type User } from '@kinship/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { useLabels } from '../../../i18n/labels';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import {
  PaymentMethodPicker,
  type PaymentMethodPickerHandle,
} from '../../../shared/payments/components/payment-method-picker';
import { forgetLightningCode, lightningCode } from '../../../shared/cart/cart-store';
import { PayerFields } from '../../../shared/payments/components/payer-fields';
import type { PaymentMethodResult } from '../../../shared/payments/utils/payment-method-result';
import { usePartner } from '../../../shared/partner/partner-context';
import { checkout } from '../api/checkout';
import { recordChangedUnderCart } from '../utils/checkout-errors';
import { cartMessages } from '../messages';
import { checkoutLines, type PricedCart } from '../utils/price-cart';
import { CartSummary } from './cart-summary';

/** 'Error: {message}.' (domain MESSAGES.checkoutError) without doubling the message's own full stop. */
export function checkoutErrorText(intl: IntlShape, message: string): string {
  return intl.formatMessage(cartMessages.checkoutError, { message: message.trim().replace(/\.+$/, '') });
}

export interface PaymentStepProps {
  cart: PricedCart;
  interval: PaymentInterval;
  boostPercent: number;
  user: User;
  onCancel: () => void;
  onPaid: (invoice: string, receiptEmail: string) => void;
}

/**
 * The payment step: the payment method picker, Pay Now and Cancel. Pay Now is disabled until the
 * card field is ready, while submitting, and when the cart has issues. One Idempotency-Key per
 * attempt, reused when an attempt whose outcome is unknown is retried.
 */
export function PaymentStep({ cart, interval, boostPercent, user, onCancel, onPaid }: PaymentStepProps) {
  const partner = usePartner();
  const intl = useIntl();
  const labels = useLabels();
  const queryClient = useQueryClient();
  const picker = useRef<PaymentMethodPickerHandle>(null);
  const [ready, setReady] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const idempotency = useIdempotencyKey();
  // The payer's name and receipt email, from the person's record; the spec's email rule applies.
  const contact = useForm({
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
              id: 'cart.payer.receiptEmailRequired',
              defaultMessage: 'Enter a valid email address for your receipt',
            }),
    },
  });

  const lines = checkoutLines(user.id, cart.lines);
  const signature = JSON.stringify({ interval, boostPercent, lines });

  const onPaymentMethod = useCallback(
    async (result: PaymentMethodResult) => {
      if (result.error || !result.paymentMethod) {
        setError(
          checkoutErrorText(
            intl,
            result.error ??
              intl.formatMessage({
                id: 'cart.noPaymentMethod',
                defaultMessage: 'No payment method was chosen',
              }),
          ),
        );
        setSubmitting(false);
        return;
      }
      const payer = contact.getValues();
      try {
        const { invoice } = await checkout(
          interval,
          {
            partnersId: partner.id,
            stripePaymentIntent: result.paymentMethod,
            userSponsoreds: lines,
            email: payer.email.trim(),
            firstName: payer.firstName.trim(),
            lastName: payer.lastName.trim(),
            baseAmount: cart.baseAmount,
            additionalAmount: cart.additionalAmount,
            ...(lightningCode() ? { lightningCode: lightningCode() } : {}),
          },
          idempotency.keyFor(signature),
        );
        idempotency.settle(null);
        forgetLightningCode();
        onPaid(invoice, payer.email.trim());
      } catch (caught) {
        idempotency.settle(caught);
        setError(checkoutErrorText(intl, caught instanceof Error ? caught.message : String(caught)));
        // The slots or the price changed under the cart: show the records as they are now.
        if (recordChangedUnderCart(caught)) {
          await queryClient.invalidateQueries({ queryKey: ['sponsored'] });
        }
      } finally {
        setSubmitting(false);
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `signature` stands for `lines`
    [
      interval,
      partner.id,
      signature,
      contact,
      cart.baseAmount,
      cart.additionalAmount,
      idempotency,
      onPaid,
      queryClient,
      intl,
    ],
  );

  const pay = () => {
    if (contact.validate().hasErrors) return;
    setError(null);
    setSubmitting(true);
    void picker.current?.trigger();
  };

  return (
    <Stack gap="lg">
      <Paper withBorder p="lg" radius="md">
        <CartSummary cart={cart} interval={interval} boostPercent={boostPercent} />
      </Paper>
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="payer-title">
        <Title order={2} size="h4" id="payer-title" mb="md">
          <FormattedMessage id="cart.payer.title" defaultMessage="Your details" />
        </Title>
        <PayerFields
          form={contact}
          emailLabel={intl.formatMessage({
            id: 'cart.payer.receiptEmail',
            defaultMessage: 'Email for your receipt',
          })}
        />
      </Paper>
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="payment-method-title">
        <Title order={2} size="h4" id="payment-method-title" mb="md">
          <FormattedMessage {...cartMessages.paymentMethod} />
        </Title>
        <PaymentMethodPicker
          ref={picker}
          usersId={user.id}
          onPaymentMethod={(result) => void onPaymentMethod(result)}
          onReadyChange={setReady}
        />
      </Paper>
      {cart.hasIssues && (
        <Alert color="red" variant="light" role="alert">
          <FormattedMessage {...cartMessages.issues} />
        </Alert>
      )}
      {error && (
        <Alert color="red.9" variant="filled" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={submitting}>
          {labels.cancel}
        </Button>
        <Button onClick={pay} loading={submitting} disabled={!ready || submitting || cart.hasIssues}>
          {labels.payNow}
        </Button>
      </Group>
    </Stack>
  );
}
