import { MESSAGES, type SavedPaymentMethod } from '@kinship/domain';
import { screen, within } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi, text } from '../../../test/api-stub';
import { buildPartner, signedIn, sandboxPaymentConfig } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import type { PaymentMethodResult } from '../utils/payment-method-result';
import { PaymentMethodPicker, type PaymentMethodPickerHandle } from './payment-method-picker';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function saved(id: string, brand: string, last4: string, isDefault = false): SavedPaymentMethod {
  return {
    id,
    type: 'card',
    card: { brand, last4, expMonth: 12, expYear: 2030 },
    usBankAccount: null,
    acssDebit: null,
    isDefault,
  };
}

/** The picker with a Trigger button, reporting readiness and each result. */
function Harness({
  usersId,
  onResult,
}: {
  usersId: number | null;
  onResult: (r: PaymentMethodResult) => void;
}) {
  const picker = useRef<PaymentMethodPickerHandle>(null);
  const [ready, setReady] = useState(false);
  return (
    <>
      <PaymentMethodPicker
        ref={picker}
        usersId={usersId}
        onPaymentMethod={onResult}
        onReadyChange={setReady}
      />
      <button type="button" disabled={!ready} onClick={() => void picker.current?.trigger()}>
        Trigger
      </button>
    </>
  );
}

describe('PaymentMethodPicker', () => {
  it('offers New Card and Existing Method with the saved default preselected, and passes its id with no error', async () => {
    stubApi({
      'GET /api/payments/config': json(sandboxPaymentConfig),
      'GET /api/payments/7/paymentmethods': json([
        saved('pm_mc', 'mastercard', '4444'),
        saved('pm_visa', 'visa', '4242', true),
      ]),
    });
    const onResult = vi.fn();
    const { user } = renderWithProviders(<Harness usersId={7} onResult={onResult} />, { me: signedIn() });

    expect(await screen.findByRole('tab', { name: 'Existing Method' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tab', { name: 'New Card' })).toHaveAttribute('aria-selected', 'false');
    const select = screen.getByRole('combobox', { name: 'Saved payment method' });
    expect(select).toHaveValue('Visa •••• 4242, exp 12/2030');
    expect(document.querySelector('[data-brand="visa"]')).not.toBeNull();

    await user.click(select);
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => within(option).getByText(/••••/).textContent)).toEqual([
      'Mastercard •••• 4444, exp 12/2030',
      'Visa •••• 4242, exp 12/2030',
    ]);
    expect(
      within(options[0]!)
        .getByText('Mastercard •••• 4444, exp 12/2030')
        .parentElement!.querySelector('[data-brand="mastercard"]'),
    ).not.toBeNull();
    await user.click(options[0]!);

    await user.click(screen.getByRole('button', { name: 'Trigger' }));
    expect(onResult).toHaveBeenCalledWith({ error: null, paymentMethod: 'pm_mc' });
  });

  it('shows only the card form when there are no saved methods, and turns a new card into a payment method', async () => {
    const api = stubApi({
      'GET /api/payments/config': json(sandboxPaymentConfig),
      'GET /api/payments/7/paymentmethods': json([]),
      'POST /api/sandbox/paymentmethods': json({
        id: 'pm_sandbox_new',
        card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
      }),
    });
    const onResult = vi.fn();
    const { user } = renderWithProviders(<Harness usersId={7} onResult={onResult} />, { me: signedIn() });

    const number = await screen.findByLabelText('Card number');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    await user.type(number, '4242424242424242');
    expect(number).toHaveValue('4242 4242 4242 4242');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1230');
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveValue('12/30');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.type(screen.getByLabelText('ZIP / Postal code'), '78701');
    await user.click(screen.getByRole('button', { name: 'Trigger' }));

    await vi.waitFor(() =>
      expect(onResult).toHaveBeenCalledWith({ error: null, paymentMethod: 'pm_sandbox_new' }),
    );
    expect(api.callsTo('POST /api/sandbox/paymentmethods')[0]!.body).toEqual({
      number: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
      postalCode: '78701',
    });
  });

  it('a card that fails the card rules is reported as an error and never sent', async () => {
    const api = stubApi({ 'GET /api/payments/config': json(sandboxPaymentConfig) });
    const onResult = vi.fn();
    const { user } = renderWithProviders(<Harness usersId={null} onResult={onResult} />);
    await user.type(await screen.findByLabelText('Card number'), '4242424242424241');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1230');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Trigger' }));
    expect(onResult).toHaveBeenCalledWith({ error: 'Your card number is incorrect.', paymentMethod: null });
    expect(screen.getByText('Your card number is incorrect.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/sandbox/paymentmethods')).toHaveLength(0);
  });

  it('passes the provider’s refusal of a card on as the error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi({
      'GET /api/payments/config': json(sandboxPaymentConfig),
      'POST /api/sandbox/paymentmethods': text('Your card has expired.', 400),
    });
    const onResult = vi.fn();
    const { user } = renderWithProviders(<Harness usersId={null} onResult={onResult} />);
    await user.type(await screen.findByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1230');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Trigger' }));
    await vi.waitFor(() =>
      expect(onResult).toHaveBeenCalledWith({ error: 'Your card has expired.', paymentMethod: null }),
    );
  });

  it('on a demo site shows the test card notice with the three test numbers', async () => {
    stubApi({ 'GET /api/payments/config': json(sandboxPaymentConfig) });
    renderWithProviders(<Harness usersId={null} onResult={vi.fn()} />, {
      partner: buildPartner({ demoMode: true }),
    });
    const notice = await screen.findByRole('note');
    expect(notice).toHaveTextContent(MESSAGES.demoTestCard);
    expect(notice).toHaveTextContent('4242 4242 4242 4242 succeeds');
    expect(notice).toHaveTextContent('4000 0000 0000 0002 is declined');
    expect(notice).toHaveTextContent('4000 0000 0000 9995 has insufficient funds');
  });

  it('says the partner takes no payments when it has no gateway account', async () => {
    stubApi({ 'GET /api/payments/config': json({ ...sandboxPaymentConfig, paymentsConfigured: false }) });
    renderWithProviders(<Harness usersId={null} onResult={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Partner is not configured to take payments.');
    expect(screen.getByRole('button', { name: 'Trigger' })).toBeDisabled();
  });
});
