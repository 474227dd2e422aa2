import { Role, type SponsorDetail, type SponsorRow } from '@kinship/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadPart } from '../../../i18n/catalogue';
import { json, stubApi } from '../../../test/api-stub';
import { partnerStaff, buildCanadianPartner } from '../../../test/fixtures';
import { renderWithProviders, StaffCatalogue } from '../../../test/render';
import { SponsorPage } from './components/sponsor-page';
import { SponsorsSection } from './components/sponsors-section';

afterEach(() => vi.unstubAllGlobals());
beforeAll(async () => {
  await loadPart('fr-CA', 'public');
  await loadPart('fr-CA', 'staff');
});

const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const maple = buildCanadianPartner();
const asStaff = {
  partner: maple,
  me: partnerStaff(maple.id, [Role.Administrator]),
  locale: 'fr-CA',
} as const;

const row: SponsorRow = {
  id: 7,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.org',
  phone: null,
  city: 'Montréal',
  tempAccount: true,
  activeSponsorships: 1,
  endedSponsorships: 2,
  manualSponsorships: 0,
  sponsoring: ['Maria Lopez'],
  totalPaid: 123456,
  payments: 3,
  lastPaymentAt: '2026-10-01T12:00:00.000Z',
  methodBrand: 'visa',
  methodLast4: '4242',
  methodExpMonth: 12,
  methodExpYear: 2030,
};

describe('the Sponsors section in French', () => {
  it('lists sponsors with French headings, plurals, amounts and dates', async () => {
    stubApi({
      'GET /api/dashboard/sponsors': new Response(JSON.stringify([row]), {
        status: 200,
        headers: { 'content-type': 'application/json', 'x-total-count': '1' },
      }),
    });
    renderWithProviders(
      <StaffCatalogue>
        <SponsorsSection />
      </StaffCatalogue>,
      asStaff,
    );
    expect(await screen.findByRole('heading', { name: 'Parrains' })).toBeInTheDocument();
    const tr = (await screen.findByRole('link', { name: 'Ada Lovelace' })).closest('tr')!;
    expect(within(tr).getByText('pas encore de compte')).toBeInTheDocument();
    expect(within(tr).getByText('2 terminés')).toBeInTheDocument();
    expect(within(tr).getByText('3 paiements')).toBeInTheDocument();
    expect(within(tr).getByText('2026-10-01')).toBeInTheDocument();
    expect(within(tr).getByText('visa •••• 4242 · exp. 12/30')).toBeInTheDocument();
    expect(spaces(tr.textContent ?? '')).toContain('1 234,56 $');
    expect(screen.getByRole('button', { name: 'Enregistrer un parrainage manuel' })).toBeInTheDocument();
  });

  it('shows a person’s page with French sponsorship and giving texts', async () => {
    const detail: SponsorDetail = {
      person: {
        id: 7,
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.org',
        phone: null,
        address1: null,
        address2: null,
        city: 'Montréal',
        state: null,
        zip: null,
        tempAccount: false,
        createdAt: '2026-07-01T12:00:00.000Z',
      },
      totalPaid: 123456,
      currency: 'CAD',
      sponsorships: [
        {
          id: 55,
          usersId: 7,
          sponsoredsId: 301,
          name: 'Maria Lopez',
          code: 'ST-301',
          partnerSponsoredTypesId: 21,
          typeLabel: 'Student',
          entitiesId: 100,
          program: 'North Campus',
          numSlots: 2,
          amount: 3000,
          interval: 'month',
          isManual: false,
          linkCode: null,
          linkedAt: null,
          subscriptionsId: 900,
          subscriptionStatus: 'active',
          dateStarted: '2026-08-01T12:00:00.000Z',
          dateEnded: null,
          endReason: null,
        },
      ],
      paymentMethods: [],
      timeline: [],
    };
    stubApi({ 'GET /api/dashboard/sponsors/7': json(detail) });
    const { user } = renderWithProviders(
      <StaffCatalogue>
        <SponsorPage />
      </StaffCatalogue>,
      { ...asStaff, route: '/dashboard/sponsors/7', path: '/dashboard/sponsors/:id' },
    );
    expect(await screen.findByText('Parrainage : 1 actif, 0 terminé')).toBeInTheDocument();
    expect(screen.getByText('A un compte · connu depuis le 2026-07-01')).toBeInTheDocument();
    expect(screen.getByText('Depuis le 2026-08-01')).toBeInTheDocument();
    expect(spaces(screen.getByText(/Student · ST-301/).textContent ?? '')).toBe(
      'Student · ST-301 · North Campus · 2 places · 30,00 $/mois',
    );
    expect(spaces(document.body.textContent ?? '')).toContain('1 234,56 $');
    expect(screen.getByText('Rien pour l’instant.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Terminer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mettre fin à ce parrainage (Maria Lopez)?' });
    expect(within(dialog).getByText(/^Les places sont libérées/)).toBeInTheDocument();
  });
});
