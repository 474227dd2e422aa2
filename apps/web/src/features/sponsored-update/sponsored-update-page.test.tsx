import type { SponsoredUpdatePage as UpdatePage } from '@kinship/domain';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPart } from '../../i18n/catalogue';
import { buildCanadianPartner } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { SponsoredUpdatePage } from './sponsored-update-page';

const page: UpdatePage = {
  id: 5,
  title: 'First term report',
  distributionDate: '2025-03-07',
  updateMessage: '<p>Ana passed every exam.</p>',
  sponsoredsId: 101,
  recordName: 'Ana',
};

let answer: () => Response;

const fetchMock = vi.fn(async () => answer());

function renderPage(options: Parameters<typeof renderWithProviders>[1] = {}) {
  return renderWithProviders(<SponsoredUpdatePage />, {
    route: '/sponsored/update/abc',
    path: '/sponsored/update/:code',
    ...options,
  });
}

beforeEach(() => {
  answer = () => new Response(JSON.stringify(page), { headers: { 'content-type': 'application/json' } });
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SponsoredUpdatePage', () => {
  it('shows the update with its record, date and a way to the profile', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'First term report' })).toBeInTheDocument();
    expect(screen.getByText(/An update about/)).toHaveTextContent('An update about Ana');
    expect(screen.getByRole('link', { name: 'Ana' })).toHaveAttribute('href', '/sponsored/profile/101');
    expect(screen.getByText('03/07/2025')).toBeInTheDocument();
    expect(screen.getByText('Ana passed every exam.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the profile' })).toHaveAttribute(
      'href',
      '/sponsored/profile/101',
    );
  });

  it('tells someone who may not read it so, with a way back to the site', async () => {
    const refusal = "This update can be read only by the record's sponsors and the partner's staff.";
    answer = () => new Response(refusal, { status: 403 });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sponsor update' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByRole('link', { name: 'Back to the site' })).toHaveAttribute('href', '/');
  });

  it('is in French, with the date in the French format', async () => {
    await loadPart('fr-CA', 'public');
    renderPage({
      partner: buildCanadianPartner(),
      locale: 'fr-CA',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'First term report' })).toBeInTheDocument();
    expect(screen.getByText(/Nouvelles concernant/)).toHaveTextContent('Nouvelles concernant Ana');
    expect(screen.getByText('2025-03-07')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir le profil' })).toBeInTheDocument();
  });

  it('is in French when it cannot be read', async () => {
    await loadPart('fr-CA', 'public');
    answer = () => new Response('Refused', { status: 403 });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage({
      partner: buildCanadianPartner(),
      locale: 'fr-CA',
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Nouvelles aux parrains' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour au site' })).toHaveAttribute('href', '/');
  });
});
