import { Feature, Role, type PartnerPublic, type StaffGift, type StaffGiftDetail } from '@kinship/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadPart } from '../../../i18n/catalogue';
import { json, stubApi, paged } from '../../../test/api-stub';
import { partnerStaff, buildCanadianPartner } from '../../../test/fixtures';
import { renderWithProviders, StaffCatalogue } from '../../../test/render';
import { GiftsSection } from './components/gifts-section';

afterEach(() => vi.unstubAllGlobals());

const gift: StaffGift = {
  id: 7,
  state: 'redeemed',
  recordName: 'Ana',
  months: 6,
  amount: 123456,
  giverName: 'Gabrielle Tremblay',
  giverEmail: 'gabrielle@example.org',
  recipientName: 'Rita Gagnon',
  recipientEmail: 'rita@example.org',
  deliverOn: '2026-03-01',
  redeemedByEmail: 'rita@example.org',
  createdAt: '2026-02-20T10:00:00.000Z',
};
const detail: StaffGiftDetail = {
  ...gift,
  code: 'GIFT-CODE-2345',
  message: 'Bonne fête',
  typeLabel: 'Élève',
  receiptCode: 'R-1234',
  deliveredAt: '2026-03-01T08:00:00.000Z',
  expiresAt: '2026-05-30T08:00:00.000Z',
  redeemedAt: '2026-03-02T08:00:00.000Z',
  paidThrough: '2026-09-02T08:00:00.000Z',
  endedAt: null,
};

const cad = (dollars: number) =>
  new Intl.NumberFormat('fr-CA', { style: 'currency', currency: 'CAD' }).format(dollars);
const frenchDate = (iso: string) =>
  new Intl.DateTimeFormat('fr-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(iso));

describe('Gifts and codes in French', () => {
  it('lists a gift and opens it in French, with a fr-CA amount and dates', async () => {
    await loadPart('fr-CA', 'public');
    await loadPart('fr-CA', 'staff');
    stubApi({
      'GET /api/dashboard/gifts': paged([gift]),
      'GET /api/dashboard/gifts/7': json(detail),
    });
    const { user } = renderWithProviders(
      <StaffCatalogue>
        <GiftsSection />
      </StaffCatalogue>,
      {
        partner: buildCanadianPartner({
          partnerFeatures: [{ featuresId: Feature.Gifts }],
        } as Partial<PartnerPublic>),
        me: partnerStaff(2, [Role.DonorManagement]),
        locale: 'fr-CA',
      },
    );
    const open = await screen.findByRole('button', {
      name: 'Ouvrir le cadeau offert par Gabrielle Tremblay à Rita Gagnon',
    });
    expect(screen.getByRole('heading', { name: 'Cadeaux et codes' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Cadeaux' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Acheté le/ })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Durée' })).toBeInTheDocument();
    const row = open.closest('tr')!;
    expect(within(row).getByText('Utilisé')).toBeInTheDocument();
    expect(within(row).getByText('6 mois')).toBeInTheDocument();
    expect(cad(1234.56)).toMatch(/^1\s234,56\s\$$/);
    expect(row.textContent).toContain(cad(1234.56));
    expect(row.textContent).toContain(frenchDate(gift.createdAt));

    await user.click(open);
    const drawer = await screen.findByRole('dialog', { name: 'Cadeau pour Rita Gagnon' });
    expect(await within(drawer).findByText('GIFT-CODE-2345')).toBeInTheDocument();
    expect(drawer.textContent).toContain(`${cad(1234.56)} · 6 mois`);
    expect(within(drawer).getByText('Ana (Élève)')).toBeInTheDocument();
    expect(within(drawer).getByText('Acheté par')).toBeInTheDocument();
    expect(within(drawer).getByText(`Livré le ${frenchDate(detail.deliveredAt!)}`)).toBeInTheDocument();
    expect(
      within(drawer).getByText(`Utilisé le ${frenchDate(detail.redeemedAt!)} par rita@example.org`),
    ).toBeInTheDocument();
  });
});
