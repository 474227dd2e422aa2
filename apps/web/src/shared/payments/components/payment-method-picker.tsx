import { Group, Loader, Select, Stack, Tabs, Text } from '@mantine/core';
import type { SavedPaymentMethod } from '@kinship/domain';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useIntl } from 'react-intl';
import { useLabels } from '../../../i18n/labels';
import { usePaymentMethods } from '../api/get-payment-methods';
import { describePaymentMethod } from '../utils/payment-method-label';
import type { CardFieldHandle, PaymentMethodResult } from '../utils/payment-method-result';
import { PaymentMethodIcon } from './card-brand-icon';
import { CardField } from './card-field';

export interface PaymentMethodPickerHandle {
  /** Turns the chosen method into a payment method id and hands the result to `onPaymentMethod`. */
  trigger(): Promise<void>;
}

export interface PaymentMethodPickerProps {
  /** The signed-in person's record id, whose saved methods are offered; null for a visitor. */
  usersId: number | null;
  ref?: Ref<PaymentMethodPickerHandle>;
  onPaymentMethod: (result: PaymentMethodResult) => void;
  /** Whether a payment can be triggered now (a saved method chosen, or the card field ready). */
  onReadyChange?: (ready: boolean) => void;
}

type Tab = 'new' | 'existing';

/** The default method, else the first whose last payment did not fail, else the first. */
function defaultMethodOf(methods: SavedPaymentMethod[]): string | null {
  return (
    (
      methods.find((method) => method.isDefault) ??
      methods.find((method) => !method.lastPaymentFailed) ??
      methods[0]
    )?.id ?? null
  );
}

/**
 * SPEC "Payment method picker": loading, then two tabs (New Card, Existing Method) with Existing
 * Method preselected when the person has saved methods; only the card entry form when they have none.
 */
export function PaymentMethodPicker({
  usersId,
  ref,
  onPaymentMethod,
  onReadyChange,
}: PaymentMethodPickerProps) {
  const methods = usePaymentMethods(usersId);
  const saved = methods.data ?? [];
  const hasSaved = saved.length > 0;
  const [tab, setTab] = useState<Tab | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [cardReady, setCardReady] = useState(false);
  const card = useRef<CardFieldHandle>(null);
  const intl = useIntl();
  const labels = useLabels();

  const activeTab: Tab = tab ?? (hasSaved ? 'existing' : 'new');
  const chosenId = chosen && saved.some((m) => m.id === chosen) ? chosen : defaultMethodOf(saved);
  const loading = usersId !== null && methods.isPending;
  const useExisting = hasSaved && activeTab === 'existing';
  const ready = !loading && (useExisting ? chosenId !== null : cardReady);

  const reportReady = useRef(onReadyChange);
  reportReady.current = onReadyChange;
  useEffect(() => {
    reportReady.current?.(ready);
  }, [ready]);

  useImperativeHandle(
    ref,
    () => ({
      async trigger() {
        if (useExisting) {
          onPaymentMethod({ error: null, paymentMethod: chosenId });
          return;
        }
        if (!card.current) {
          onPaymentMethod({
            error: intl.formatMessage({
              id: 'payments.picker.cardNotReady',
              defaultMessage: 'The card form is not ready yet.',
            }),
            paymentMethod: null,
          });
          return;
        }
        onPaymentMethod(await card.current.createPaymentMethod());
      },
    }),
    [useExisting, chosenId, onPaymentMethod, intl],
  );

  if (loading)
    return (
      <Loader
        size="sm"
        aria-label={intl.formatMessage({
          id: 'payments.picker.loading',
          defaultMessage: 'Loading your payment methods',
        })}
      />
    );

  const cardForm = <CardField ref={card} onReadyChange={setCardReady} />;
  if (!hasSaved) return cardForm;

  const byId = new Map(saved.map((method) => [method.id, method]));
  const chosenMethod = chosenId ? byId.get(chosenId) : undefined;
  return (
    <Tabs value={activeTab} onChange={(value) => setTab(value === 'new' ? 'new' : 'existing')} keepMounted>
      <Tabs.List mb="md">
        <Tabs.Tab value="new">{labels.newCard}</Tabs.Tab>
        <Tabs.Tab value="existing">{labels.existingMethod}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="new">{cardForm}</Tabs.Panel>
      <Tabs.Panel value="existing">
        <Stack gap="xs">
          <Select
            label={intl.formatMessage({
              id: 'payments.picker.saved',
              defaultMessage: 'Saved payment method',
            })}
            data={saved.map((method) => ({
              value: method.id,
              label: method.lastPaymentFailed
                ? intl.formatMessage(
                    { id: 'payments.picker.lastFailed', defaultMessage: '{method} (last payment failed)' },
                    { method: describePaymentMethod(method, intl) },
                  )
                : describePaymentMethod(method, intl),
            }))}
            value={chosenId}
            onChange={(value) => value && setChosen(value)}
            allowDeselect={false}
            checkIconPosition="right"
            leftSection={chosenMethod ? <PaymentMethodIcon method={chosenMethod} width={28} /> : null}
            leftSectionWidth={40}
            renderOption={({ option }) => {
              const method = byId.get(option.value);
              return (
                <Group gap="sm" wrap="nowrap">
                  {method && <PaymentMethodIcon method={method} width={30} />}
                  <Text size="sm">{option.label}</Text>
                </Group>
              );
            }}
          />
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}
