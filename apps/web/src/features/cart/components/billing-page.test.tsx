import { MESSAGES } from '@kinship/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi, text, type ApiAnswer } from '../../../test/api-stub';
import { buildUser, signedIn, signedOut, sandboxPaymentConfig } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { BillingPage } from './billing-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const record = {
  id: 41,
  firstName: 'Grade 4',
  lastName: null,
  title: 'Grade 4 Class',
  profileImagePath: null,
  monthlyAmount: 2500,
  maxSlots: 10,
  slotsFilled: 2,
  partnerSponsoredTypesId: 4,
  isSponsor: false,
};

const me = signedIn(buildUser({ id: 7, firstName: 'Bea', lastName: 'Billing', email: 'bea@example.org' }));
const route = '/checkout/billing?sponsored=41&slots=2&interval=month';

function stubBilling(checkout: ApiAnswer) {
  return stubApi({
    'GET /api/payments/config': json(sandboxPaymentConfig),
    'GET /api/payments/7/paymentmethods': json([
      {
        id: 'pm_saved',
        type: 'card',
        card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
        usBankAccount: null,
        acssDebit: null,
        isDefault: true,
      },
    ]),
    'GET /api/sponsoreds/41': json(record),
    // Paying refreshes the person's record.
    'GET /api/users/getByToken': json(me.user),
    'POST /api/payments/checkout': checkout,
  });
}

describe('BillingPage', () => {
  it('asks a visitor to sign in', () => {
    stubBilling(json({ invoice: '/receipts/r1' }));
    renderWithProviders(<BillingPage />, { route, me: signedOut });
    expect(screen.getByText(MESSAGES.checkoutLoginRequired)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('preselects a 3% boost and totals base plus boost', async () => {
    stubBilling(json({ invoice: '/receipts/r1' }));
    renderWithProviders(<BillingPage />, { route, me });
    expect(await screen.findByText('Boost (3.00%)')).toBeInTheDocument();
    expect(await screen.findByTestId('cart-base')).toHaveTextContent('$50.00');
    expect(screen.getByTestId('cart-boost')).toHaveTextContent('$1.50');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$51.50 per month');
  });

  it('requires first name, last name and email before paying', async () => {
    const api = stubBilling(json({ invoice: '/receipts/r1' }));
    const { user } = renderWithProviders(<BillingPage />, { route, me });
    await screen.findByRole('tab', { name: 'Existing Method' });
    const first = screen.getByLabelText(/First name/);
    await user.clear(first);
    await user.clear(screen.getByLabelText(/Last name/));
    await user.clear(screen.getByLabelText(/^Email/));
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(screen.getByText('Enter your first name')).toBeInTheDocument();
    expect(screen.getByText('Enter your last name')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(api.callsTo('POST /api/payments/checkout')).toHaveLength(0);
  });

  it('pays with the saved method through the checkout helper and shows the receipt', async () => {
    const api = stubBilling(json({ invoice: '/receipts/r9' }));
    const { user } = renderWithProviders(<BillingPage />, { route, me });
    await screen.findByTestId('cart-base');
    await screen.findByRole('tab', { name: 'Existing Method' });
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));

    expect(await screen.findByRole('heading', { name: 'Payment complete' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View your receipt' })).toHaveAttribute('href', '/receipts/r9');
    expect(api.callsTo('POST /api/payments/checkout')[0]!.body).toMatchObject({
      partnersId: 2,
      stripePaymentIntent: 'pm_saved',
      baseAmount: 5000,
      additionalAmount: 150,
      paymentInterval: 'month',
      email: 'bea@example.org',
      firstName: 'Bea',
      lastName: 'Billing',
      userSponsoreds: [expect.objectContaining({ usersId: 7, sponsoredsId: 41, numSlots: 2, amount: 5000 })],
    });
  });

  it('shows the error modal with the error and the advice to wait or use another method', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubBilling(text('Your card has insufficient funds.', 402));
    const { user } = renderWithProviders(<BillingPage />, { route, me });
    await screen.findByTestId('cart-base');
    await screen.findByRole('tab', { name: 'Existing Method' });
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));

    const modal = await screen.findByRole('dialog', { name: 'Error completing transaction!' });
    expect(
      within(modal).getByText(
        'Your card has insufficient funds. Please wait a few minutes and try again, or use another payment method.',
      ),
    ).toBeInTheDocument();
  });
});
