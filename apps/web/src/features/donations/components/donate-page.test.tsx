import { Feature, MESSAGES } from '@kinship/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi, text, type ApiAnswer } from '../../../test/api-stub';
import { buildPartner, sandboxPaymentConfig } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { DonatePage } from './donate-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const partner = buildPartner({ partnerFeatures: [{ featuresId: Feature.GeneralDonations }] });
const renderDonate = () => renderWithProviders(<DonatePage />, { route: '/donate', partner });

function stubDonation(answer: ApiAnswer) {
  return stubApi({
    'GET /api/payments/config': json(sandboxPaymentConfig),
    'POST /api/sandbox/paymentmethods': json({
      id: 'pm_sandbox_1',
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
    }),
    'POST /api/payments': answer,
  });
}

async function fillForm(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.type(screen.getByLabelText(/First name/), 'Vera');
  await user.type(screen.getByLabelText(/Last name/), 'Visitor');
  await user.type(screen.getByLabelText(/^Email/), 'vera@example.org');
  await user.type(await screen.findByLabelText('Card number'), '4242424242424242');
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1230');
  await user.type(screen.getByLabelText('CVC'), '123');
  await user.type(screen.getByLabelText('ZIP / Postal code'), '78701');
}

describe('DonatePage', () => {
  it('tells a visitor when the partner takes no general donations', () => {
    stubDonation(json('/receipts/r1'));
    renderWithProviders(<DonatePage />, { route: '/donate' });
    expect(screen.getByText('General donations are not enabled for this site.')).toBeInTheDocument();
    expect(screen.queryByRole('spinbutton', { name: /Amount/ })).not.toBeInTheDocument();
  });

  it('starts at 10 with the quick amounts 10, 25, 50, 75 and 100', async () => {
    stubDonation(json('/receipts/r1'));
    const { user } = renderDonate();
    const amount = screen.getByRole('spinbutton', { name: /Amount/ });
    expect(amount).toHaveValue(10);
    expect(amount).toHaveAttribute('min', '1');
    expect(amount).toHaveAttribute('step', '0.01');
    const quick = screen.getByRole('group', { name: 'Quick amounts' });
    expect(
      within(quick)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['$10', '$25', '$50', '$75', '$100']);
    await user.click(within(quick).getByRole('button', { name: '$75' }));
    expect(amount).toHaveValue(75);
  });

  it('requires the names and a valid email, and sends nothing until they are given', async () => {
    const api = stubDonation(json('/receipts/r1'));
    const { user } = renderDonate();
    await screen.findByLabelText('Card number');
    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Donate $10.00' }));
    expect(screen.getByText('Enter your first name')).toBeInTheDocument();
    expect(screen.getByText('Enter your last name')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(api.callsTo('POST /api/payments')).toHaveLength(0);
  });

  it('keeps the optional comment to 500 characters and sends it as the note', async () => {
    const api = stubDonation(json('/receipts/r1'));
    const { user } = renderDonate();
    await fillForm(user);
    const comment = screen.getByLabelText(/Comment/);
    await user.click(comment);
    await user.paste('x'.repeat(501));
    expect(comment).toHaveValue('x'.repeat(500));
    expect(screen.getByText('Optional, up to 500 characters (500/500)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Donate $10.00' }));
    await screen.findByRole('heading', { name: 'Thank you for your donation!' });
    expect(api.callsTo('POST /api/payments')[0]!.body).toMatchObject({ note: 'x'.repeat(500), amount: 10 });
  });

  it('posts the donation with the card token and shows the thank-you with the receipt link', async () => {
    const api = stubDonation(json('/receipts/abc123'));
    const { user } = renderDonate();
    await fillForm(user);
    await user.click(
      within(screen.getByRole('group', { name: 'Quick amounts' })).getByRole('button', { name: '$25' }),
    );
    await user.click(screen.getByRole('button', { name: 'Donate $25.00' }));

    expect(await screen.findByRole('heading', { name: 'Thank you for your donation!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View your receipt' })).toHaveAttribute(
      'href',
      '/receipts/abc123',
    );
    const [call] = api.callsTo('POST /api/payments');
    expect(call!.query.get('partnersId')).toBe('2');
    expect(call!.headers['idempotency-key']).toBeTruthy();
    expect(call!.body).toMatchObject({
      partnersId: 2,
      amount: 25,
      firstName: 'Vera',
      lastName: 'Visitor',
      email: 'vera@example.org',
      token: 'pm_sandbox_1',
      note: null,
    });
  });

  it('shows the error modal with the spec’s words and the provider’s message when the payment fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubDonation(text('Your card was declined.', 402));
    const { user } = renderDonate();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Donate $10.00' }));

    const modal = await screen.findByRole('dialog', { name: MESSAGES.donationErrorTitle });
    expect(
      within(modal).getByText('Payment failed. Please check your information and try again.'),
    ).toBeInTheDocument();
    expect(within(modal).getByText('Your card was declined.')).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Close' }));
    // Nothing typed is lost: the form is back with its values.
    expect(screen.getByLabelText(/First name/)).toHaveValue('Vera');
  });
});
