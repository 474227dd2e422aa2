import fs from 'node:fs';
import path from 'node:path';
import {
  GIVING_KIND_LABELS,
  GIVING_KINDS,
  PAYMENT_LIST_STATUSES,
  PAYMENT_STATUS_LABELS,
  Role,
  SUBSCRIPTION_LIST_STATUSES,
  SUBSCRIPTION_STATUS_LABELS,
  type DelinquentRow,
  type GivingPaymentRow,
} from '@kinship/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadPart } from '../../../i18n/catalogue';
import { json, stubApi, paged } from '../../../test/api-stub';
import { partnerStaff, buildCanadianPartner } from '../../../test/fixtures';
import { renderWithProviders, StaffCatalogue } from '../../../test/render';
import { DonationsSection } from './components/donations-section';
import { givingKindMessages, paymentStatusMessages, subscriptionStatusMessages } from './messages';

afterEach(() => vi.unstubAllGlobals());
beforeAll(async () => {
  await loadPart('fr-CA', 'public');
  await loadPart('fr-CA', 'staff');
});

const source = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../../lang/en-US.json'), 'utf8'),
) as Record<string, string>;
const english = (descriptor: { id: string }) => source[descriptor.id];

const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const maple = buildCanadianPartner();
const payment: GivingPaymentRow = {
  id: 11,
  date: '2026-10-01T12:00:00.000Z',
  kind: 'donation',
  status: 'partially_refunded',
  amount: 123456,
  refundedAmount: 1000,
  refundable: 122456,
  currency: 'CAD',
  donorName: 'Ada Lovelace',
  donorEmail: 'ada@example.org',
  description: null,
  receiptCode: 'R-1001',
  subscriptionsId: null,
  failureCode: null,
  failureMessage: null,
  refunds: [],
  dispute: null,
};

describe('the Donations section in French', () => {
  it('keeps the domain’s kind and status labels as the catalogue’s English', () => {
    for (const kind of GIVING_KINDS) expect(english(givingKindMessages[kind])).toBe(GIVING_KIND_LABELS[kind]);
    for (const s of PAYMENT_LIST_STATUSES)
      expect(english(paymentStatusMessages[s])).toBe(PAYMENT_STATUS_LABELS[s]);
    for (const s of SUBSCRIPTION_LIST_STATUSES)
      expect(english(subscriptionStatusMessages[s])).toBe(SUBSCRIPTION_STATUS_LABELS[s]);
  });

  it('lists payments with French headings, statuses and amounts, and refunds in French', async () => {
    stubApi({ 'GET /api/dashboard/donations/payments': paged([payment]) });
    const { user } = renderWithProviders(
      <StaffCatalogue>
        <DonationsSection />
      </StaffCatalogue>,
      {
        partner: maple,
        me: partnerStaff(maple.id, [Role.Administrator]),
        route: '/dashboard/donations',
        locale: 'fr-CA',
      },
    );
    expect(await screen.findByRole('heading', { name: 'Dons' })).toBeInTheDocument();
    const row = (await screen.findByText('Ada Lovelace')).closest('tr')!;
    expect(spaces(row.textContent ?? '')).toContain('1 234,56 $');
    expect(spaces(row.textContent ?? '')).toContain('10,00 $ remboursé');
    expect(within(row).getByText('Remboursé en partie')).toBeInTheDocument();
    expect(within(row).getByText('Don général')).toBeInTheDocument();
    expect(within(row).getByText('2026-10-01')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Rembourser' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rembourser un paiement' });
    expect(spaces(dialog.textContent ?? '')).toContain(
      'Payé 1 234,56 $, dont 10,00 $ déjà remboursé. Jusqu’à 1 224,56 $ peut être remboursé.',
    );
    expect(within(dialog).getByRole('textbox', { name: /Montant à rembourser/ })).toBeInTheDocument();
  });

  it('tells a failed renewal’s attempts with a French plural and date', async () => {
    const row: DelinquentRow = {
      subscriptionsId: 31,
      status: 'past_due',
      donorName: 'Dana Declined',
      donorEmail: 'dana@example.org',
      records: 'Maria',
      amount: 3500,
      currency: 'CAD',
      interval: 'month',
      failedAt: '2026-11-20T12:00:00.000Z',
      declineCode: 'insufficient_funds',
      declineMessage: 'Your card has insufficient funds.',
      failedAttempts: 2,
      paymentMethod: 'Visa ending 9995',
      reminderSentAt: null,
    };
    stubApi({
      'GET /api/dashboard/donations/payments': paged([payment]),
      'GET /api/dashboard/donations/delinquent': json([row]),
    });
    const { user } = renderWithProviders(
      <StaffCatalogue>
        <DonationsSection />
      </StaffCatalogue>,
      {
        partner: maple,
        me: partnerStaff(maple.id, [Role.Administrator]),
        route: '/dashboard/donations',
        locale: 'fr-CA',
      },
    );
    await user.click(await screen.findByRole('tab', { name: 'Renouvellements échoués' }));
    const tr = await screen.findByRole('row', { name: /^Renouvellement échoué : Dana Declined/ });
    expect(within(tr).getByText('2 tentatives échouées · Visa ending 9995')).toBeInTheDocument();
    expect(within(tr).getByText('Refusé le 2026-11-20 :')).toBeInTheDocument();
    expect(spaces(tr.textContent ?? '')).toContain('35,00 $ / mois · Maria');
    expect(within(tr).getByRole('button', { name: 'Envoyer un rappel' })).toBeInTheDocument();
  });
});
