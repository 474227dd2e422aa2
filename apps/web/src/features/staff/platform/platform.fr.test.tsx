import type { ConsolePartner, PartnerPublic } from '@kinship/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadPart } from '../../../i18n/catalogue';
import { json, stubApi } from '../../../test/api-stub';
import { buildCanadianPartner } from '../../../test/fixtures';
import { renderWithProviders, StaffCatalogue } from '../../../test/render';
import { PlatformSection } from './components/platform-section';

afterEach(() => vi.unstubAllGlobals());

const hope: ConsolePartner = {
  id: 8,
  name: 'Espoir Québec',
  subdomain: 'espoir',
  demoMode: true,
  privateDemo: false,
  paymentsOnboarded: false,
  activeSponsorships: 1234,
  lastActivity: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-01T00:00:00.000Z',
  domainsWaiting: ['espoir.example.org'],
};

const frenchDate = (iso: string) =>
  new Intl.DateTimeFormat('fr-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(iso));

describe('the platform console in French', () => {
  it('lists the partners and offers the creation form in French, with fr-CA numbers and dates', async () => {
    await loadPart('fr-CA', 'public');
    await loadPart('fr-CA', 'staff');
    stubApi({ 'GET /api/dashboard/platform/partners': json([hope]) });
    renderWithProviders(
      <StaffCatalogue>
        <PlatformSection />
      </StaffCatalogue>,
      {
        partner: buildCanadianPartner({} as Partial<PartnerPublic>),
        locale: 'fr-CA',
      },
    );
    const row = (await screen.findByText('Espoir Québec')).closest('tr')!;
    expect(screen.getByRole('heading', { name: 'Console de la plateforme' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Partenaires' })).toBeInTheDocument();
    expect(within(row).getByText('non connecté')).toBeInTheDocument();
    expect(within(row).getByText('espoir.example.org : en attente de vérification')).toBeInTheDocument();
    expect(
      within(row).getByRole('button', { name: 'Vérifier espoir.example.org manuellement' }),
    ).toBeInTheDocument();
    expect(within(row).getByRole('switch', { name: 'Mode démo de Espoir Québec' })).toBeChecked();
    expect(row.textContent).toContain(new Intl.NumberFormat('fr-CA').format(1234));
    expect(row.textContent).toContain(frenchDate(hope.lastActivity!));

    const form = screen.getByRole('region', { name: 'Créer un partenaire' });
    expect(within(form).getByRole('textbox', { name: /Sous-domaine/ })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Créer le partenaire' })).toBeInTheDocument();
  });
});
