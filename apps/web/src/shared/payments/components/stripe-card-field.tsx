import { Input, Text } from '@mantine/core';
import type { Locale } from '@kinship/domain';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeElementLocale } from '@stripe/stripe-js';
import { useImperativeHandle, useMemo, useState, type Ref } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '../../../i18n/locale-provider';
import type { CardFieldHandle } from '../utils/payment-method-result';

export const stripeCardMessages = defineMessages({
  // Domain MESSAGES.stripeNotLoaded and MESSAGES.cardElementMissing; a test holds them equal.
  notLoaded: { id: 'payments.stripe.notLoaded', defaultMessage: 'stripe not loaded' },
  elementMissing: { id: 'payments.stripe.elementMissing', defaultMessage: 'Could not find card element' },
  cardUnusable: { id: 'payments.card.unusable', defaultMessage: 'Your card could not be used.' },
});

/** The page's locale as Stripe Elements names it (its card field and its card errors follow it). */
const STRIPE_LOCALES: Record<Locale, StripeElementLocale> = {
  'en-US': 'en',
  'en-CA': 'en-CA',
  'fr-CA': 'fr-CA',
};

// This module is its own lazy chunk: Stripe.js is fetched only when a Stripe-mode card field shows.

const loaded = new Map<string, Promise<Stripe | null>>();

/** Stripe.js on the partner's connected account, loaded once per key and account. */
function stripeFor(publishableKey: string, stripeAccount: string | null): Promise<Stripe | null> {
  const cacheKey = `${publishableKey}:${stripeAccount ?? ''}`;
  let stripe = loaded.get(cacheKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey, stripeAccount ? { stripeAccount } : undefined);
    loaded.set(cacheKey, stripe);
  }
  return stripe;
}

interface StripeCardFieldProps {
  publishableKey: string;
  stripeAccount: string | null;
  ref?: Ref<CardFieldHandle>;
  onReadyChange?: (ready: boolean) => void;
}

function CardElementField({ ref, onReadyChange }: Pick<StripeCardFieldProps, 'ref' | 'onReadyChange'>) {
  const stripe = useStripe();
  const elements = useElements();
  const intl = useIntl();
  const [error, setError] = useState<string | null>(null);

  useImperativeHandle(
    ref,
    () => ({
      async createPaymentMethod() {
        if (!stripe || !elements)
          return { error: intl.formatMessage(stripeCardMessages.notLoaded), paymentMethod: null };
        const card = elements.getElement(CardElement);
        if (!card)
          return { error: intl.formatMessage(stripeCardMessages.elementMissing), paymentMethod: null };
        const result = await stripe.createPaymentMethod({ type: 'card', card });
        if (result.error) {
          setError(result.error.message ?? null);
          return {
            error: result.error.message ?? intl.formatMessage(stripeCardMessages.cardUnusable),
            paymentMethod: null,
          };
        }
        return { error: null, paymentMethod: result.paymentMethod.id };
      },
    }),
    [stripe, elements, intl],
  );

  return (
    <Input.Wrapper
      label={intl.formatMessage({ id: 'payments.stripe.cardLabel', defaultMessage: 'Card' })}
      error={error}
    >
      <div
        style={{
          padding: '10px 12px',
          border: '1px solid var(--mantine-color-gray-4)',
          borderRadius: 'var(--mantine-radius-sm)',
          background: 'var(--mantine-color-white)',
        }}
      >
        <CardElement
          options={{ hidePostalCode: false, style: { base: { fontSize: '16px' } } }}
          onReady={() => onReadyChange?.(true)}
          onChange={(event) => setError(event.error?.message ?? null)}
        />
      </div>
      <Text size="xs" c="dimmed" mt={4}>
        <FormattedMessage
          id="payments.stripe.cardNote"
          defaultMessage="Card details go straight to our card payment provider."
        />
      </Text>
    </Input.Wrapper>
  );
}

/** Stripe Elements' CardElement with the partner's connected account (Stripe mode). */
export function StripeCardField({ publishableKey, stripeAccount, ref, onReadyChange }: StripeCardFieldProps) {
  const stripe = useMemo(() => stripeFor(publishableKey, stripeAccount), [publishableKey, stripeAccount]);
  const { locale } = useLocale();
  // Elements takes its options once; a new locale mounts a new Elements (the language switch is rare).
  return (
    <Elements key={locale} stripe={stripe} options={{ locale: STRIPE_LOCALES[locale] }}>
      <CardElementField {...(ref ? { ref } : {})} {...(onReadyChange ? { onReadyChange } : {})} />
    </Elements>
  );
}
