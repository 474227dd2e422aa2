import { Alert, Loader, Stack } from '@mantine/core';
import { Suspense, type Ref } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { lazyNamed } from '../../../lib/lazy-with-timeout';
import { usePartner } from '../../partner/partner-context';
import { usePaymentConfig } from '../api/get-payment-config';
import type { CardFieldHandle } from '../utils/payment-method-result';
import { SandboxCardField } from './sandbox-card-field';
import { TestCardNotice } from './test-card-notice';

export const cardFieldMessages = defineMessages({
  // Domain MESSAGES.notConfiguredForPayments (spec); a test holds the two equal.
  notConfigured: {
    id: 'payments.card.notConfigured',
    defaultMessage: 'Partner is not configured to take payments.',
  },
});

// Stripe.js and Elements stay out of every other chunk.
const StripeCardField = lazyNamed(() => import('./stripe-card-field'), 'StripeCardField');

export interface CardFieldProps {
  ref?: Ref<CardFieldHandle>;
  /** True once the field can take a card (Stripe's element mounted, or the sandbox form shown). */
  onReadyChange?: (ready: boolean) => void;
}

/**
 * The card entry form of this site: the sandbox's own field, or Stripe's CardElement on the
 * partner's connected account; with the test card notice on a demo site.
 */
export function CardField({ ref, onReadyChange }: CardFieldProps) {
  const partner = usePartner();
  const config = usePaymentConfig();
  const intl = useIntl();
  const loadingLabel = intl.formatMessage({
    id: 'payments.card.loading',
    defaultMessage: 'Loading the card form',
  });
  const handlers = { ...(ref ? { ref } : {}), ...(onReadyChange ? { onReadyChange } : {}) };

  let field;
  if (config.isPending) field = <Loader size="sm" aria-label={loadingLabel} />;
  else if (config.isError)
    field = (
      <Alert
        color="red"
        variant="light"
        role="alert"
        title={intl.formatMessage({
          id: 'payments.card.loadFailed',
          defaultMessage: 'The card form could not be loaded',
        })}
      >
        {config.error.message}
      </Alert>
    );
  else if (!config.data.paymentsConfigured)
    field = (
      <Alert color="red" variant="light" role="alert">
        {intl.formatMessage(cardFieldMessages.notConfigured)}
      </Alert>
    );
  else if (config.data.gateway === 'stripe' && config.data.publishableKey)
    field = (
      <Suspense fallback={<Loader size="sm" aria-label={loadingLabel} />}>
        <StripeCardField
          publishableKey={config.data.publishableKey}
          stripeAccount={config.data.stripeAccount}
          {...handlers}
        />
      </Suspense>
    );
  else field = <SandboxCardField {...handlers} />;

  return (
    <Stack gap="sm">
      {partner.demoMode && <TestCardNotice />}
      {field}
    </Stack>
  );
}
