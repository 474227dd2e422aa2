import type { FilterType, SponsoredSummary } from '@kinship/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadPart } from '../../../i18n/catalogue';
import { stubApi } from '../../../test/api-stub';
import { buildSponsoredType, buildCanadianPartner } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { ListingPage } from './listing-page';

const genderFilter: FilterType = {
  id: 3,
  label: 'Genre',
  type: 'static',
  filterField: 'gender',
  filterOptionKind: 3,
  options: [{ id: 'Female', value: 'Fille' }],
};

/** The platform's own filters, as the reference data stores them (in English). */
const platformFilters: FilterType[] = [
  {
    id: 11,
    label: 'Gender',
    type: 'static',
    filterField: 'gender',
    filterOptionKind: 3,
    options: [
      { id: 'Male', value: 'Male' },
      { id: 'Female', value: 'Female' },
    ],
  },
  {
    id: 12,
    label: 'Birth month',
    type: 'static',
    filterField: 'birthMonth',
    filterOptionKind: 5,
    options: [
      { id: '1', value: 'January' },
      { id: '8', value: 'August' },
    ],
  },
  {
    id: 13,
    label: 'Grade',
    type: 'static',
    filterField: 'gradesId',
    filterOptionKind: 4,
    options: [
      { id: 3, value: 'Kindergarten' },
      { id: 7, value: '4th Grade' },
      { id: 99, value: 'Cours du soir' },
    ],
  },
];

const summary = (overrides: Partial<SponsoredSummary> = {}): SponsoredSummary => ({
  id: 101,
  code: 'S-101',
  firstName: 'Ana',
  lastName: null,
  title: null,
  gender: 'Female',
  age: 9,
  gradesId: 7,
  grades: { description: '4e année' },
  masked: true,
  monthlyAmount: 123456,
  maxSlots: 1,
  slotsFilled: 0,
  sponsoredTypesId: 1,
  partnerSponsoredTypesId: 21,
  entitiesId: 4,
  entities: { id: 4, name: 'École d’Antigua', city: 'Antigua' },
  profileImagePath: null,
  status: 'active',
  ...overrides,
});

const canadian = (
  showSlots: boolean,
  customSlotName: string | null = null,
  filterTypes: FilterType[] = [genderFilter],
) =>
  buildCanadianPartner({
    entities: [{ id: 4, name: 'École d’Antigua', city: 'Antigua' }],
    partnerSponsoredTypes: [
      buildSponsoredType({ filterTypes, gridLayout: 'deck', showSlots, customSlotName }),
    ],
  });

function answer(items: SponsoredSummary[], count = items.length) {
  stubApi({
    'GET /api/partners/2/sponsoreds': () =>
      new Response(JSON.stringify(items), {
        status: 200,
        headers: { 'content-type': 'application/json', 'x-total-count': String(count) },
      }),
  });
}

const renderListing = (partner: ReturnType<typeof canadian>) =>
  renderWithProviders(<ListingPage />, {
    route: '/sponsored/board/students',
    path: '/sponsored/board/:sponsoredType',
    partner,
    locale: 'fr-CA',
  });

const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

beforeAll(async () => {
  await loadPart('fr-CA', 'site');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the listing in French', () => {
  it('shows each card’s details, its monthly amount in Canadian dollars and its slots in French', async () => {
    answer([summary()], 60);
    renderListing(canadian(true));
    const card = await screen.findByRole('link', { name: /Ana/ });
    expect(within(card).getByRole('img', { name: 'Profil masqué' })).toBeInTheDocument();
    const text = plain(card.textContent);
    expect(text).toContain('Âge : 9');
    expect(text).toContain('Niveau : 4e année');
    expect(text).toContain('Programme : École d’Antigua');
    expect(text).toContain('1 234,56 $/mois');
    expect(text).toContain('0 place comblée sur 1');
    expect(screen.getByRole('option', { name: 'Indifférent' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Effacer les filtres' })).toBeDisabled();
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('button', { name: 'Page 2' })).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Page suivante' })).toBeInTheDocument();
  });

  it('names a partner’s own slots as it wrote them', async () => {
    answer([summary({ maxSlots: 3, slotsFilled: 2 })]);
    renderListing(canadian(true, 'Seat'));
    const card = await screen.findByRole('link', { name: /Ana/ });
    expect(plain(card.textContent)).toContain('Seat : 2 sur 3');
  });

  it('shows the platform’s own filters and their options in French, and a partner’s own words as written', async () => {
    answer([summary()]);
    renderListing(canadian(false, null, platformFilters));
    const filters = await screen.findByRole('region', { name: 'Filtres' });
    const gender = within(filters).getByRole('combobox', { name: 'Genre' });
    expect(
      within(gender)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Indifférent', 'Masculin', 'Féminin']);
    const month = within(filters).getByRole('combobox', { name: 'Mois de naissance' });
    expect(
      within(month)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Indifférent', 'Janvier', 'Août']);
    const grade = within(filters).getByRole('combobox', { name: 'Niveau scolaire' });
    const grades = within(grade)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(grades[1]).toBe('Maternelle');
    expect(grades[2]).toBe('4e année');
    // An option the platform did not word (a partner's own grade) is shown as written.
    expect(grades[3]).toBe('Cours du soir');
  });

  it('says in French that nothing matches', async () => {
    answer([]);
    renderListing(canadian(false));
    expect(
      await screen.findByText('Aucun résultat. Modifiez vos filtres ou revenez plus tard!'),
    ).toBeInTheDocument();
  });

  it('says in French that an unknown type has no page', () => {
    stubApi({});
    renderWithProviders(<ListingPage />, {
      route: '/sponsored/board/nobody',
      path: '/sponsored/board/:sponsoredType',
      partner: canadian(false),
      locale: 'fr-CA',
    });
    expect(screen.getByRole('heading', { name: 'Page introuvable' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/');
  });
});
