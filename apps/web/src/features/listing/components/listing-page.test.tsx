import { MESSAGES, PartnerSetting, type FilterType, type SponsoredSummary } from '@kinship/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildPartner, buildSponsoredType } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { ListingPage } from './listing-page';

const genderFilter: FilterType = {
  id: 3,
  label: 'Gender',
  type: 'static',
  filterField: 'gender',
  filterOptionKind: 3,
  options: [
    { id: 'Male', value: 'Male' },
    { id: 'Female', value: 'Female' },
  ],
};

const programFilter: FilterType = {
  id: 5,
  label: 'School',
  type: 'dynamic',
  filterField: 'entitiesId',
  filterOptionKind: 2,
  options: [],
};

function buildSummary(overrides: Partial<SponsoredSummary> = {}): SponsoredSummary {
  return {
    id: 101,
    code: 'S-101',
    firstName: 'Ana',
    lastName: null,
    title: null,
    gender: 'Female',
    age: 9,
    gradesId: 7,
    grades: { description: '4th Grade' },
    masked: false,
    monthlyAmount: 3900,
    maxSlots: 1,
    slotsFilled: 0,
    sponsoredTypesId: 1,
    partnerSponsoredTypesId: 21,
    entitiesId: 4,
    entities: { id: 4, name: 'Antigua Community School', city: 'Antigua' },
    profileImagePath: null,
    status: 'active',
    ...overrides,
  };
}

const partner = buildPartner({
  entities: [
    { id: 4, name: 'Antigua Community School', city: 'Antigua' },
    { id: 5, name: 'Gulu Hope School', city: 'Gulu' },
  ],
  partnerSponsoredTypes: [
    buildSponsoredType({ filterTypes: [genderFilter, programFilter], gridLayout: 'deck' }),
    buildSponsoredType({
      id: 22,
      sponsoredTypesId: 2,
      identifier: 'teachers',
      customLabelSingular: 'Teacher',
      customLabelPlural: 'Teachers',
      filterTypes: [genderFilter],
    }),
  ],
});

/** Shows where the router is and how it got there, and lets a test navigate. */
function RouterProbe() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="location">{`${location.pathname}${location.search}`}</output>
      <output data-testid="navigation-type">{navigationType}</output>
      <button type="button" onClick={() => void navigate('/sponsored/board/teachers?gender=Female&page=3')}>
        Go to teachers
      </button>
    </>
  );
}

type Answer = { items: SponsoredSummary[]; count: number } | { status: number } | 'never';

let answer: Answer;
const fetchMock = vi.fn(async (input: RequestInfo | URL): Promise<Response> => {
  void input;
  if (answer === 'never') return new Promise<Response>(() => undefined);
  if ('status' in answer) return new Response('Database unavailable', { status: answer.status });
  return new Response(JSON.stringify(answer.items), {
    status: 200,
    headers: { 'content-type': 'application/json', 'x-total-count': String(answer.count) },
  });
});

/** The query of the n-th listing call (0-based; default the last). */
function listingCall(n?: number): URLSearchParams {
  const calls = fetchMock.mock.calls
    .map(([input]) => String(input))
    .filter((url) => url.includes('/sponsoreds'));
  const url = calls.at(n ?? -1);
  if (!url) throw new Error('No listing call was made');
  return new URL(url, 'http://localhost').searchParams;
}

function listingCallCount(): number {
  return fetchMock.mock.calls.filter(([input]) => String(input).includes('/sponsoreds')).length;
}

function renderListing(route = '/sponsored/board/students', options: { partner?: typeof partner } = {}) {
  return renderWithProviders(
    <>
      <ListingPage />
      <RouterProbe />
    </>,
    { route, path: '/sponsored/board/:sponsoredType', partner: options.partner ?? partner },
  );
}

beforeEach(() => {
  answer = { items: [buildSummary()], count: 1 };
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ListingPage states', () => {
  it("shows 'Loading Profiles' while the profiles load", async () => {
    answer = 'never';
    renderListing();
    expect(await screen.findByText('Loading Profiles')).toBeInTheDocument();
    expect(MESSAGES.listingLoading).toBe('Loading Profiles');
  });

  it('shows the empty message when no profile matches', async () => {
    answer = { items: [], count: 0 };
    renderListing();
    expect(
      await screen.findByText('No results. Please change your filters or check back later!'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });

  it('shows nothing about a failed load and logs it to the console', async () => {
    answer = { status: 500 };
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderListing();
    await waitFor(() =>
      expect(consoleError).toHaveBeenCalledWith('Could not load the listing', expect.anything()),
    );
    expect(screen.queryByText('Loading Profiles')).not.toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.listingEmpty)).not.toBeInTheDocument();
    expect(screen.queryByText(/error|wrong|unavailable|failed/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByTestId('sponsored-grid')).not.toBeInTheDocument();
  });

  it('says the page was not found for an unknown sponsored type, without calling the listing', () => {
    renderListing('/sponsored/board/dragons');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(listingCallCount()).toBe(0);
  });
});

describe('ListingPage query', () => {
  it('asks for one page of active, not fully sponsored records of the type', async () => {
    renderListing();
    await screen.findByText('Ana');
    const query = listingCall();
    expect(Object.fromEntries(query)).toEqual({
      partnersId: '2',
      partnerSponsoredTypesId: '21',
      offset: '0',
      limit: '25',
      status: 'active',
      isFullySponsored: 'No',
    });
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/^\/api\/partners\/2\/sponsoreds\?/);
  });

  it('reads the filters and the 1-based page from the query string on load', async () => {
    answer = { items: [buildSummary()], count: 60 };
    renderListing('/sponsored/board/students?gender=Female&page=2');
    await screen.findByText('Ana');
    expect(listingCall().get('gender')).toBe('Female');
    expect(listingCall().get('offset')).toBe('25');
    expect(screen.getByRole('combobox', { name: 'Gender' })).toHaveValue('Female');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('data-active', 'true');
  });

  it('ignores query values that no filter offers', async () => {
    renderListing('/sponsored/board/students?gender=Robot&entitiesId=999');
    await screen.findByText('Ana');
    expect(listingCall().has('gender')).toBe(false);
    expect(listingCall().has('entitiesId')).toBe(false);
  });

  it('choosing a filter reloads from the first page and writes the filter back without a history entry', async () => {
    const { user } = renderListing('/sponsored/board/students?page=2');
    answer = { items: [buildSummary()], count: 60 };
    await screen.findByText('Ana');
    expect(listingCall().get('offset')).toBe('25');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Gender' }), 'Male');

    await waitFor(() => expect(listingCall().get('gender')).toBe('Male'));
    expect(listingCall().get('offset')).toBe('0');
    expect(screen.getByTestId('location')).toHaveTextContent('/sponsored/board/students?gender=Male');
    expect(screen.getByTestId('navigation-type')).toHaveTextContent('REPLACE');
  });

  it('clearing the filters reloads without them', async () => {
    const { user } = renderListing('/sponsored/board/students?gender=Female&entitiesId=4&page=2');
    await screen.findByText('Ana');
    const callsBefore = listingCallCount();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));

    await waitFor(() => expect(listingCallCount()).toBe(callsBefore + 1));
    expect(Object.fromEntries(listingCall())).toEqual({
      partnersId: '2',
      partnerSponsoredTypesId: '21',
      offset: '0',
      limit: '25',
      status: 'active',
      isFullySponsored: 'No',
    });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/sponsored\/board\/students$/);
    expect(screen.getByTestId('navigation-type')).toHaveTextContent('REPLACE');
  });

  it('choosing a page reloads it, writes it 1-based and scrolls to the top', async () => {
    answer = { items: [buildSummary()], count: 60 };
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { user } = renderListing('/sponsored/board/students?gender=Female');
    await screen.findByText('Ana');

    await user.click(screen.getByRole('button', { name: 'Page 3' }));

    await waitFor(() => expect(listingCall().get('offset')).toBe('50'));
    expect(listingCall().get('gender')).toBe('Female');
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/sponsored/board/students?gender=Female&page=3',
    );
    expect(screen.getByTestId('navigation-type')).toHaveTextContent('REPLACE');
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
  });

  it('changing the sponsored type clears the filters and the page', async () => {
    const { user } = renderListing('/sponsored/board/students?gender=Female&page=2');
    await screen.findByText('Ana');

    await user.click(screen.getByRole('button', { name: 'Go to teachers' }));

    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/sponsored\/board\/teachers$/),
    );
    const query = listingCall();
    expect(query.get('partnerSponsoredTypesId')).toBe('22');
    expect(query.get('offset')).toBe('0');
    expect(query.has('gender')).toBe(false);
    expect(screen.getByRole('combobox', { name: 'Gender' })).toHaveValue('');
  });
});

describe('ListingPage filters and cards', () => {
  it('lists the programs as "name, city" under the partner label for programs', async () => {
    const labelled = {
      ...partner,
      partnerSettings: [{ partnerSettingTypesId: PartnerSetting.ProgramLabel, value: 'Village' }],
    };
    renderListing('/sponsored/board/students', { partner: labelled });
    await screen.findByText('Ana');

    const village = screen.getByRole('combobox', { name: 'Village' });
    expect(
      within(village)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any', 'Antigua Community School, Antigua', 'Gulu Hope School, Gulu']);
  });

  it('keeps the filter type label for programs when the partner has no program label', async () => {
    renderListing();
    await screen.findByText('Ana');
    expect(screen.getByRole('combobox', { name: 'School' })).toBeInTheDocument();
  });

  it('shows each card with its name, details and price, linked to its profile', async () => {
    answer = {
      items: [
        buildSummary(),
        buildSummary({
          id: 102,
          firstName: 'Luis',
          lastName: 'Pérez',
          age: null,
          grades: null,
          monthlyAmount: 123456,
        }),
      ],
      count: 2,
    };
    renderListing();
    const ana = (await screen.findByText('Ana')).closest('a');
    expect(ana).toHaveAttribute('href', '/sponsored/profile/101');
    const card = within(ana as HTMLElement);
    expect(card.getByText('Age: 9')).toBeInTheDocument();
    expect(card.getByText('Grade: 4th Grade')).toBeInTheDocument();
    expect(card.getByText('Program: Antigua Community School')).toBeInTheDocument();
    expect(card.getByText('$39.00/month')).toBeInTheDocument();
    expect(ana?.querySelector('img')).toHaveAttribute('src', '/default-profile.svg');

    const luis = screen.getByText('Luis Pérez').closest('a');
    expect(luis).toHaveAttribute('href', '/sponsored/profile/102');
    expect(within(luis as HTMLElement).getByText('$1,234.56/month')).toBeInTheDocument();
    expect(within(luis as HTMLElement).queryByText(/^Age/)).not.toBeInTheDocument();
  });

  it('shows a lock icon on masked profiles only', async () => {
    answer = {
      items: [buildSummary({ masked: true }), buildSummary({ id: 102, firstName: 'Luis' })],
      count: 2,
    };
    renderListing();
    const ana = (await screen.findByText('Ana')).closest('a') as HTMLElement;
    expect(within(ana).getByRole('img', { name: 'Masked profile' })).toBeInTheDocument();
    const luis = screen.getByText('Luis').closest('a') as HTMLElement;
    expect(within(luis).queryByRole('img', { name: 'Masked profile' })).not.toBeInTheDocument();
  });

  it('shows the slots filled when the type shows slots, with its slot name', async () => {
    const withSlots = buildPartner({
      partnerSponsoredTypes: [buildSponsoredType({ showSlots: true, customSlotName: 'Seat' })],
    });
    answer = { items: [buildSummary({ maxSlots: 4, slotsFilled: 1 })], count: 1 };
    renderListing('/sponsored/board/students', { partner: withSlots });
    expect(await screen.findByText('1 of 4 Seats filled')).toBeInTheDocument();
  });

  it('shows the header banner with the partner tagline and the type name', async () => {
    renderListing();
    await screen.findByText('Ana');
    expect(screen.getByRole('heading', { level: 1, name: 'Students' })).toBeInTheDocument();
    expect(screen.getByText('Every child deserves a great school.')).toBeInTheDocument();
    expect(screen.getByTestId('listing-header-image')).toHaveStyle({
      backgroundImage: 'url(/media/partners/2/header.webp)',
    });
  });

  it("lays the cards out in the type's grid layout", async () => {
    renderListing();
    await screen.findByText('Ana');
    expect(screen.getByTestId('sponsored-grid')).toHaveAttribute('data-layout', 'deck');
  });
});
