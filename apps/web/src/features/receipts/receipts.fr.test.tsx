import type { Receipt } from '@kinship/domain';
import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadPart } from '../../i18n/catalogue';
import { json, stubApi } from '../../test/api-stub';
import { buildCanadianPartner } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ReceiptPage } from './components/receipt-page';

const canadian = buildCanadianPartner();
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
const receipt: Receipt = {
  code: 'R-1',
  partnerName: 'Maple Schools',
  amount: 123456,
  currency: 'cad',
  date: '2026-11-27T15:00:00.000Z',
  description: 'Monthly sponsorship of Ana',
  donorName: 'Sam Sponsor',
  taxNotice: null,
  paymentNotice: [],
  kind: 'subscription',
  interval: 'month',
  refundedAmount: 1000,
  refunds: [{ amount: 1000, date: '2026-11-28T15:00:00.000Z' }],
};

beforeAll(async () => {
  await loadPart('fr-CA', 'public');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the receipt page', () => {
  it('reads in French with 1 234,56 $ amounts and fr-CA dates', async () => {
    stubApi({ 'GET /api/receipts/R-1': json(receipt) });
    renderWithProviders(<ReceiptPage />, {
      partner: canadian,
      route: '/receipts/R-1',
      path: '/receipts/:code',
      locale: 'fr-CA',
    });
    expect(await screen.findByRole('heading', { name: 'Reçu' })).toBeInTheDocument();
    expect(plain(screen.getByTestId('receipt-amount').textContent)).toBe('1 234,56 $');
    expect(plain(screen.getByTestId('receipt-net-amount').textContent)).toBe('1 224,56 $');
    expect(screen.getByText('Mensuel')).toBeInTheDocument();
    expect(screen.getByText('Remboursé le 2026-11-28')).toBeInTheDocument();
    expect(screen.getByText('Numéro du reçu')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Imprimer' })).toBeInTheDocument();
  });

  it('keeps the spec’s receipt amount in en-US, naming a foreign currency', async () => {
    stubApi({ 'GET /api/receipts/R-1': json(receipt) });
    renderWithProviders(<ReceiptPage />, { route: '/receipts/R-1', path: '/receipts/:code' });
    expect(await screen.findByTestId('receipt-amount')).toHaveTextContent('$1,234.56 CAD');
    expect(screen.getByText('Refunded on 11/28/2026')).toBeInTheDocument();
  });
});
