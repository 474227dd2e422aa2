import { Group, Stack, TextInput } from '@mantine/core';
import { CARD_MESSAGES, checkCard } from '@kinship/domain';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { ApiError } from '../../../lib/api-client';
import { createSandboxPaymentMethod } from '../api/create-sandbox-payment-method';
import { formatCardNumber, formatExpiry, parseExpiry } from '../utils/card-input-format';
import type { CardFieldHandle, PaymentMethodResult } from '../utils/payment-method-result';

/** Sample digits shown in the empty fields (the same in every language). */
const SAMPLE = { number: '1234 1234 1234 1234', cvc: '123' } as const;

/** The card rules' texts (domain CARD_MESSAGES, the server's words too); a test holds them equal. */
export const cardRuleMessages = defineMessages({
  invalidNumber: { id: 'payments.card.invalidNumber', defaultMessage: 'Your card number is incorrect.' },
  invalidExpiry: {
    id: 'payments.card.invalidExpiry',
    defaultMessage: "Your card's expiration date is invalid.",
  },
  expired: { id: 'payments.card.expired', defaultMessage: 'Your card has expired.' },
  invalidCvc: { id: 'payments.card.invalidCvc', defaultMessage: "Your card's security code is invalid." },
}) satisfies Record<keyof typeof CARD_MESSAGES, unknown>;

/** Which card rule a text (the domain's or the server's English) states, if any. */
function cardRuleKey(message: string): keyof typeof CARD_MESSAGES | undefined {
  return (Object.keys(CARD_MESSAGES) as (keyof typeof CARD_MESSAGES)[]).find(
    (key) => CARD_MESSAGES[key] === message,
  );
}

/**
 * The sandbox gateway's card field (the embedded default when no Stripe keys are configured): card
 * number, MM/YY, CVC and postal code, checked with the same card rules as the server and tokenised
 * by POST sandbox/paymentmethods. The number never leaves this form except to that call.
 */
export function SandboxCardField({
  ref,
  onReadyChange,
}: {
  ref?: Ref<CardFieldHandle>;
  onReadyChange?: (ready: boolean) => void;
}) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [postalCode, setPostalCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const intl = useIntl();
  const onReady = useRef(onReadyChange);
  onReady.current = onReadyChange;

  useEffect(() => {
    onReady.current?.(true);
    return () => onReady.current?.(false);
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      async createPaymentMethod(): Promise<PaymentMethodResult> {
        const fail = (text: string): PaymentMethodResult => {
          const key = cardRuleKey(text);
          const message = key ? intl.formatMessage(cardRuleMessages[key]) : text;
          setError(message);
          return { error: message, paymentMethod: null };
        };
        const exp = parseExpiry(expiry);
        if (!exp) return fail(CARD_MESSAGES.invalidExpiry);
        const card = { number, cvc, ...exp };
        const check = checkCard(card);
        if (!check.ok) return fail(check.message);
        try {
          const { id } = await createSandboxPaymentMethod({
            ...card,
            ...(postalCode.trim() ? { postalCode: postalCode.trim() } : {}),
          });
          setError(null);
          return { error: null, paymentMethod: id };
        } catch (caught) {
          return fail(
            caught instanceof ApiError || caught instanceof Error ? caught.message : String(caught),
          );
        }
      },
    }),
    [number, expiry, cvc, postalCode, intl],
  );

  return (
    <Stack
      gap="xs"
      role="group"
      aria-label={intl.formatMessage({ id: 'payments.sandbox.group', defaultMessage: 'Card details' })}
    >
      <TextInput
        label={intl.formatMessage({ id: 'payments.sandbox.number', defaultMessage: 'Card number' })}
        placeholder={SAMPLE.number}
        inputMode="numeric"
        autoComplete="cc-number"
        value={number}
        onChange={(event) => {
          setNumber(formatCardNumber(event.currentTarget.value));
          setError(null);
        }}
        error={error}
      />
      <Group grow align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          label={intl.formatMessage({ id: 'payments.sandbox.expiry', defaultMessage: 'Expiry (MM/YY)' })}
          placeholder={intl.formatMessage({
            id: 'payments.sandbox.expiryPlaceholder',
            defaultMessage: 'MM/YY',
          })}
          inputMode="numeric"
          autoComplete="cc-exp"
          value={expiry}
          onChange={(event) => setExpiry(formatExpiry(event.currentTarget.value, expiry))}
        />
        <TextInput
          label={intl.formatMessage({ id: 'payments.sandbox.cvc', defaultMessage: 'CVC' })}
          placeholder={SAMPLE.cvc}
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          value={cvc}
          onChange={(event) => setCvc(event.currentTarget.value.replace(/\D/g, '').slice(0, 4))}
        />
        <TextInput
          label={intl.formatMessage({
            id: 'payments.sandbox.postalCode',
            defaultMessage: 'ZIP / Postal code',
          })}
          autoComplete="postal-code"
          maxLength={20}
          value={postalCode}
          onChange={(event) => setPostalCode(event.currentTarget.value)}
        />
      </Group>
    </Stack>
  );
}
