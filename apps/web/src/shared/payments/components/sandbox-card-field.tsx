import { Group, Stack, TextInput } from '@mantine/core';
import { CARD_MESSAGES, checkCard } from '@kinship/domain';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { ApiError } from '../../../lib/api-client';
import { createSandboxPaymentMethod } from '../api/create-sandbox-payment-method';
import { formatCardNumber, formatExpiry, parseExpiry } from '../utils/card-input-format';
import type { CardFieldHandle, PaymentMethodResult } from '../utils/payment-method-result';

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
        const fail = (message: string): PaymentMethodResult => {
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
    [number, expiry, cvc, postalCode],
  );

  return (
    <Stack gap="xs" role="group" aria-label="Card details">
      <TextInput
        label="Card number"
        placeholder="1234 1234 1234 1234"
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
          label="Expiry (MM/YY)"
          placeholder="MM/YY"
          inputMode="numeric"
          autoComplete="cc-exp"
          value={expiry}
          onChange={(event) => setExpiry(formatExpiry(event.currentTarget.value, expiry))}
        />
        <TextInput
          label="CVC"
          placeholder="123"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          value={cvc}
          onChange={(event) => setCvc(event.currentTarget.value.replace(/\D/g, '').slice(0, 4))}
        />
        <TextInput
          label="ZIP / Postal code"
          autoComplete="postal-code"
          maxLength={20}
          value={postalCode}
          onChange={(event) => setPostalCode(event.currentTarget.value)}
        />
      </Group>
    </Stack>
  );
}
