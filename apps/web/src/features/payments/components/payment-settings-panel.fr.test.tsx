import type { SubscriptionDetail } from '@kinship/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadPart } from '../../../i18n/catalogue';
import { json, stubApi } from '../../../test/api-stub';
import { signedIn, buildCanadianPartner } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { PaymentSettingsPanel } from './payment-settings-panel';

const spaces = (value: string | null | undefined) => (value ?? '').replace(/[\u00a0\u202f]/g, ' ');

const maple = buildCanadianPartner({
  name: 'Maple Kids',
});

const visa = {
  id: 'pm_visa',
  type: 'card' as const,
  card: { brand: 'visa', last4: '4242', expMonth: 3, expYear: 2031 },
  usBankAccount: null,
  acssDebit: null,
  isDefault: true,
};

const subscription: SubscriptionDetail = {
  id: 55,
  ordersId: 900,
  status: 'past_due',
  interval: 'year',
  baseAmount: 123456,
  additionalAmount: 6173,
  totalAmount: 129629,
  currency: 'cad',
  nextPaymentDate: '2026-11-27T00:00:00.000Z',
  currentPeriodEnd: '2026-11-27T00:00:00.000Z',
  canceledAt: null,
  paymentMethod: visa,
  currentPrice: { baseAmount: 123456, additionalAmount: 6173, totalAmount: 129629 },
  lines: [
    {
      id: 1,
      sponsoredsId: 42,
      name: 'Ana Lopez',
      numSlots: 2,
      amount: 123456,
      dateStarted: '2025-11-27',
      dateEnded: null,
    },
  ],
};

beforeAll(async () => {
  await loadPart('fr-CA', 'public');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('payment settings in French', () => {
  it('shows saved methods and a subscription with amounts in Canadian dollars and dates as 2026-11-27', async () => {
    stubApi({
      'GET /api/payments/7/paymentmethods': json([visa]),
      'GET /api/payments/subscriptiondetail/55': json(subscription),
    });
    renderWithProviders(
      <PaymentSettingsPanel usersId={7} subscriptionIds={[55]} partnerName="Maple Kids" />,
      {
        partner: maple,
        locale: 'fr-CA',
        me: signedIn(),
      },
    );

    expect(screen.getByRole('heading', { name: 'Modes de paiement enregistrés' })).toBeInTheDocument();
    const method = await screen.findByRole('listitem', { name: 'Visa •••• 4242, exp. 03/2031' });
    expect(within(method).getByText('Carte de crédit')).toBeInTheDocument();
    expect(within(method).getByText('Par défaut')).toBeInTheDocument();
    expect(within(method).getByRole('button', { name: 'Retirer' })).toBeInTheDocument();

    const card = await screen.findByRole('listitem', { name: 'Abonnement 55' });
    expect(within(card).getByText('Ana Lopez (2 places)')).toBeInTheDocument();
    expect(within(card).getByText('En retard')).toBeInTheDocument();
    expect(
      within(card).getByText(
        (_, element) =>
          element?.tagName === 'P' &&
          spaces(element.textContent) === '1 296,29 $ par année (dont un coup de pouce de 61,73 $)',
      ),
    ).toBeInTheDocument();
    expect(within(card).getByText('Prochain paiement le 2026-11-27')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Changer le mode de paiement' })).toBeInTheDocument();
  });
});
