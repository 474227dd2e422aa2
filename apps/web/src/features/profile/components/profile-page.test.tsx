import {
  MESSAGES,
  PartnerSetting,
  type Locale,
  type PartnerPublic,
  type SponsoredDetail,
  type SponsoredImage,
  type Update,
} from '@kinship/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPart } from '../../../i18n/catalogue';
import { readCart } from '../../../shared/cart/cart-store';
import { buildPartner, buildSponsoredType, buildCanadianPartner } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { ProfilePage } from './profile-page';

function buildDetail(overrides: Partial<SponsoredDetail> = {}): SponsoredDetail {
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
    profileImagePath: null,
    status: 'active',
    birthday: null,
    birthdayFormatted: null,
    showBirthday: false,
    showAge: true,
    showLastName: false,
    bio: 'Ana loves reading and football.',
    homeroom: null,
    active: true,
    sponsoredAttributes: [{ description: 'Favourite subject', value: 'Science' }],
    customColumnValues: [],
    entities: {
      id: 4,
      name: 'Antigua Community School',
      city: 'Antigua',
      description:
        '<p>A school <b>in the hills</b>.</p><img src="x" onerror="alert(1)"><script>alert(2)</script>',
      imageUrl: 'entities/4/cover.webp',
      latitude: 14.5586,
      longitude: -90.7295,
      countries: {
        name: 'Guatemala',
        description: '<p>Land of <em>eternal spring</em>.</p><iframe src="https://evil.example"></iframe>',
        imageUrl: 'countries/gt.webp',
      },
    },
    isSponsor: false,
    canAdminister: false,
    ...overrides,
  };
}

const partner = buildPartner({
  partnerSponsoredTypes: [
    buildSponsoredType(),
    buildSponsoredType({
      id: 22,
      sponsoredTypesId: 2,
      identifier: 'teachers',
      customLabelSingular: 'Teacher',
      customLabelPlural: 'Teachers',
      visibleSlots: 3,
      maxSlots: 5,
      showSlots: true,
    }),
  ],
});

interface Answers {
  detail: SponsoredDetail | { failWith: number } | 'never';
  images: SponsoredImage[];
  updates: Update[];
}

let answers: Answers;

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

const fetchMock = vi.fn(async (input: RequestInfo | URL): Promise<Response> => {
  const { pathname } = new URL(String(input), 'http://localhost');
  if (pathname.endsWith('/images')) return json(answers.images);
  if (pathname.endsWith('/updates')) return json(answers.updates);
  if (answers.detail === 'never') return new Promise<Response>(() => undefined);
  if ('failWith' in answers.detail) {
    return new Response('Sponsored record 101 was not found.', { status: answers.detail.failWith });
  }
  return json(answers.detail);
});

function requestedPaths(): string[] {
  return fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

function renderProfile(
  detail: Partial<SponsoredDetail> = {},
  options: { partner?: PartnerPublic; locale?: Locale } = {},
) {
  answers.detail = buildDetail(detail);
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/sponsored/profile/:id" element={<ProfilePage />} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </>,
    {
      route: '/sponsored/profile/101',
      partner: options.partner ?? partner,
      ...(options.locale ? { locale: options.locale } : {}),
    },
  );
}

function mountedAt(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/sponsored/profile/:id" element={<ProfilePage />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { route, partner },
  );
}

beforeEach(() => {
  answers = { detail: buildDetail(), images: [], updates: [] };
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ProfilePage loading', () => {
  it('shows the profile of the record in the address once it has loaded', async () => {
    mountedAt('/sponsored/profile/101');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ana' })).toBeInTheDocument();
    expect(requestedPaths()).toContain('/api/sponsoreds/101');
    expect(screen.getByText('Ana loves reading and football.')).toBeInTheDocument();
  });

  it('shows every bio as the sanitised HTML it is stored as, with no guess at its format (decision 061)', async () => {
    renderProfile({
      bio: '<p>Ana loves <strong>reading</strong>.<br />And football.</p><p>Grade 3 &lt;3</p><script>x()</script>',
    });
    const strong = await screen.findByText('reading');
    expect(strong.tagName).toBe('STRONG');
    expect(strong.closest('p')?.querySelector('br')).not.toBeNull();
    expect(screen.getByText('Grade 3 <3')).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
  });

  it('reads a bio that does not start with a tag as HTML too', async () => {
    renderProfile({ bio: 'Ana &amp; Bo <em>both</em> like maths.' });
    expect(await screen.findByText('both')).toHaveProperty('tagName', 'EM');
    expect(screen.queryByText(/&amp;/)).toBeNull();
  });

  it('logs a failed load and shows a neutral note without its details', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answers.detail = { failWith: 404 };
    mountedAt('/sponsored/profile/101');
    expect(await screen.findByText(/This profile is not available right now/)).toBeInTheDocument();
    await waitFor(() =>
      expect(consoleError).toHaveBeenCalledWith('Could not load the profile', expect.anything()),
    );
    expect(screen.queryByText(/not found|404/i)).not.toBeInTheDocument();
  });

  it('does not ask for an id that is not a number', () => {
    mountedAt('/sponsored/profile/abc');
    expect(screen.getByText(/This profile is not available right now/)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("titles the page with the partner's name only, never the record's", async () => {
    document.title = 'Something else';
    renderProfile({ firstName: 'Ana', lastName: 'Lopez' });
    await screen.findByRole('heading', { level: 1, name: 'Ana Lopez' });
    expect(document.title).toBe('Hope Schools');
  });

  it('goes back to the previous page with Go Back', async () => {
    function Start() {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => void navigate('/sponsored/profile/101')}>
          Open Ana
        </button>
      );
    }
    const { user } = renderWithProviders(
      <>
        <Routes>
          <Route path="/start" element={<Start />} />
          <Route path="/sponsored/profile/:id" element={<ProfilePage />} />
        </Routes>
        <LocationProbe />
      </>,
      { route: '/start', partner },
    );
    await user.click(screen.getByRole('button', { name: 'Open Ana' }));
    await screen.findByRole('heading', { level: 1, name: 'Ana' });
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/start'));
  });
});

describe('ProfilePage tabs', () => {
  it('offers Profile, Program and Country to a visitor, without Sponsor Updates or an updates call', async () => {
    renderProfile();
    await screen.findByRole('heading', { level: 1, name: 'Ana' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Profile',
      'Program',
      'Country',
    ]);
    expect(requestedPaths().some((path) => path.endsWith('/updates'))).toBe(false);
  });

  it("labels the Program tab with the partner's program label", async () => {
    const labelled = buildPartner({
      ...partner,
      partnerSettings: [{ partnerSettingTypesId: PartnerSetting.ProgramLabel, value: 'School' }],
    });
    renderProfile({}, { partner: labelled });
    expect(await screen.findByRole('tab', { name: 'School' })).toBeInTheDocument();
  });

  it("shows a sponsor the Sponsor Updates tab, with 'No updates yet. Check back later!' when there are none", async () => {
    const { user } = renderProfile({ isSponsor: true });
    await user.click(await screen.findByRole('tab', { name: 'Sponsor Updates' }));
    expect(await screen.findByText('No updates yet. Check back later!')).toBeInTheDocument();
    expect(MESSAGES.noUpdates).toBe('No updates yet. Check back later!');
  });

  it('shows a partner admin the updates with their title, MM/DD/YYYY date and message', async () => {
    answers.updates = [
      {
        id: 1,
        title: 'First term report',
        distributionDate: '2025-03-07',
        updateMessage: 'Ana passed every exam.',
      },
    ];
    const { user } = renderProfile({ canAdminister: true });
    await user.click(await screen.findByRole('tab', { name: 'Sponsor Updates' }));
    const update = (await screen.findByRole('heading', { name: 'First term report' })).closest('article');
    expect(within(update as HTMLElement).getByText('03/07/2025')).toBeInTheDocument();
    expect(within(update as HTMLElement).getByText('Ana passed every exam.')).toBeInTheDocument();
  });

  it('shows the program picture, its sanitized description and a map of where it is', async () => {
    const { user, container } = renderProfile();
    await user.click(await screen.findByRole('tab', { name: 'Program' }));
    expect(await screen.findByText('in the hills')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Antigua Community School' })).toHaveAttribute(
      'src',
      '/media/entities/4/cover.webp',
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();

    const map = await screen.findByRole('img', {
      name: 'Map showing the location of Antigua Community School, Antigua, Guatemala',
    });
    expect(map.tagName.toLowerCase()).toBe('svg');
    expect(screen.getByRole('link', { name: 'Open in OpenStreetMap' })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=14.5586&mlon=-90.7295#map=12/14.5586/-90.7295',
    );
  });

  it('shows no map for a program without a location', async () => {
    const detail = buildDetail();
    const { user } = renderProfile({ entities: { ...detail.entities, latitude: null, longitude: null } });
    await user.click(await screen.findByRole('tab', { name: 'Program' }));
    await screen.findByText('in the hills');
    expect(screen.queryByRole('link', { name: 'Open in OpenStreetMap' })).not.toBeInTheDocument();
  });

  it('shows the country picture and sanitized description', async () => {
    const { user, container } = renderProfile();
    await user.click(await screen.findByRole('tab', { name: 'Country' }));
    expect(await screen.findByText('eternal spring')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Guatemala' })).toHaveAttribute('src', '/media/countries/gt.webp');
    expect(container.querySelector('iframe')).toBeNull();
  });
});

describe('ProfilePage masking notices', () => {
  it('shows the lock notice to a visitor on a masked profile', async () => {
    renderProfile({ masked: true });
    expect(await screen.findByText(MESSAGES.maskedLock)).toBeInTheDocument();
    expect(MESSAGES.maskedLock).toMatch(/masked to protect identity and safety/);
    expect(MESSAGES.maskedLock).toMatch(/Sponsor to unlock/);
  });

  it('shows the admin notice to a partner admin', async () => {
    renderProfile({ masked: true, canAdminister: true, isSponsor: true });
    expect(await screen.findByText(MESSAGES.maskedAdmin)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.maskedLock)).not.toBeInTheDocument();
  });

  it('shows the sponsor notice to a sponsor', async () => {
    renderProfile({ masked: true, isSponsor: true });
    expect(await screen.findByText(MESSAGES.maskedSponsor)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.maskedLock)).not.toBeInTheDocument();
  });

  it('shows no notice on a profile that is not masked', async () => {
    renderProfile({ masked: false });
    await screen.findByRole('heading', { level: 1, name: 'Ana' });
    for (const text of [MESSAGES.maskedLock, MESSAGES.maskedAdmin, MESSAGES.maskedSponsor]) {
      expect(screen.queryByText(text)).not.toBeInTheDocument();
    }
  });
});

describe('ProfilePage sponsor button', () => {
  it("shows 'Sponsored!' disabled to someone who already sponsors the record", async () => {
    renderProfile({ isSponsor: true, maxSlots: 5, slotsFilled: 1, partnerSponsoredTypesId: 22 });
    expect(await screen.findByRole('button', { name: 'Sponsored!' })).toBeDisabled();
  });

  it("shows 'Sponsored!' disabled when no slots remain", async () => {
    renderProfile({ maxSlots: 1, slotsFilled: 1 });
    expect(await screen.findByRole('button', { name: 'Sponsored!' })).toBeDisabled();
  });

  it('shows one Sponsor button with the monthly price when one slot can be chosen', async () => {
    renderProfile({ maxSlots: 1, slotsFilled: 0 });
    expect(await screen.findByRole('button', { name: 'Sponsor – $39.00/month' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Sponsored!' })).not.toBeInTheDocument();
  });

  it("uses the partner's sponsor button label", async () => {
    const labelled = buildPartner({
      ...partner,
      partnerSettings: [{ partnerSettingTypesId: PartnerSetting.SponsorButtonLabel, value: 'Support' }],
    });
    renderProfile({}, { partner: labelled });
    expect(await screen.findByRole('button', { name: 'Support – $39.00/month' })).toBeInTheDocument();
  });

  it('adds one slot to the cart and goes to /checkout', async () => {
    const { user } = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Sponsor – $39.00/month' }));
    expect(readCart()).toEqual([{ id: '101', sponsoredsId: 101, quantity: 1 }]);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/checkout'));
  });

  it('offers 1 to min(remaining, visible slots) slots with their total price', async () => {
    // Teachers: 3 visible slots; 4 of 5 remain, so 3 can be chosen.
    const { user } = renderProfile({
      partnerSponsoredTypesId: 22,
      sponsoredTypesId: 2,
      maxSlots: 5,
      slotsFilled: 1,
      monthlyAmount: 5000,
    });
    await user.click(await screen.findByRole('button', { name: 'Sponsor – from $50.00/month' }));
    const choices = await screen.findAllByRole('menuitem');
    expect(choices.map((choice) => choice.textContent)).toEqual([
      '1 Slot – $50.00/month',
      '2 Slots – $100.00/month',
      '3 Slots – $150.00/month',
    ]);
  });

  it('offers only the remaining slots when fewer remain than are visible', async () => {
    const { user } = renderProfile({ partnerSponsoredTypesId: 22, maxSlots: 5, slotsFilled: 3 });
    await user.click(await screen.findByRole('button', { name: 'Sponsor – from $39.00/month' }));
    const choices = await screen.findAllByRole('menuitem');
    expect(choices.map((choice) => choice.textContent)).toEqual([
      '1 Slot – $39.00/month',
      '2 Slots – $78.00/month',
    ]);
  });

  it("names the slots with the type's slot name", async () => {
    const named = buildPartner({
      partnerSponsoredTypes: [buildSponsoredType({ visibleSlots: 2, maxSlots: 2, customSlotName: 'Share' })],
    });
    const { user } = renderProfile({ maxSlots: 2, slotsFilled: 0 }, { partner: named });
    await user.click(await screen.findByRole('button', { name: 'Sponsor – from $39.00/month' }));
    expect(await screen.findByRole('menuitem', { name: '2 Shares – $78.00/month' })).toBeInTheDocument();
  });

  it('adds the chosen number of slots to the cart and goes to /checkout', async () => {
    const { user } = renderProfile({ partnerSponsoredTypesId: 22, maxSlots: 5, slotsFilled: 1 });
    await user.click(await screen.findByRole('button', { name: 'Sponsor – from $39.00/month' }));
    await user.click(await screen.findByRole('menuitem', { name: '2 Slots – $78.00/month' }));
    expect(readCart()).toEqual([{ id: '101', sponsoredsId: 101, quantity: 2 }]);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/checkout'));
  });
});

describe('ProfilePage profile tab', () => {
  it('shows the key information of a person: gender, age, monthly amount and location', async () => {
    renderProfile();
    const table = within(
      (await screen.findByRole('heading', { name: 'Key information' })).closest('section')!,
    );
    expect(table.getByRole('row', { name: 'Gender Female' })).toBeInTheDocument();
    expect(table.getByRole('row', { name: 'Age 9' })).toBeInTheDocument();
    expect(table.getByRole('row', { name: 'Monthly amount $39.00' })).toBeInTheDocument();
    expect(
      table.getByRole('row', { name: 'Location Antigua Community School, Antigua, Guatemala' }),
    ).toBeInTheDocument();
    expect(table.queryByRole('row', { name: /Birthday/ })).not.toBeInTheDocument();
    expect(table.queryByText(/filled/)).not.toBeInTheDocument();
  });

  it('shows the birthday instead of the age when it is given, and the slots filled when the type shows them', async () => {
    renderProfile({
      partnerSponsoredTypesId: 22,
      sponsoredTypesId: 2,
      birthday: '1990-04-12',
      birthdayFormatted: '04/12/1990',
      maxSlots: 5,
      slotsFilled: 2,
    });
    const table = within(
      (await screen.findByRole('heading', { name: 'Key information' })).closest('section')!,
    );
    expect(table.getByRole('row', { name: 'Birthday 04/12/1990' })).toBeInTheDocument();
    expect(table.queryByRole('row', { name: /^Age/ })).not.toBeInTheDocument();
    expect(table.getByText('2 of 5 Slots filled')).toBeInTheDocument();
  });

  it('shows no gender or age for a record that is not a person', async () => {
    renderProfile({ sponsoredTypesId: 4, firstName: 'Clean Water', title: 'Clean Water', gender: null });
    const table = within(
      (await screen.findByRole('heading', { name: 'Key information' })).closest('section')!,
    );
    expect(table.queryByRole('row', { name: /^Age/ })).not.toBeInTheDocument();
    expect(table.queryByRole('row', { name: /^Gender/ })).not.toBeInTheDocument();
  });

  it('shows the picture, or the default picture when there is none', async () => {
    renderProfile({ profileImagePath: 'sponsoreds/101/profile.webp' });
    expect(await screen.findByRole('img', { name: 'Picture of Ana' })).toHaveAttribute(
      'src',
      '/media/sponsoreds/101/profile.webp',
    );
  });

  it('falls back to the default picture when the picture is hidden', async () => {
    renderProfile({ profileImagePath: null });
    expect(await screen.findByRole('img', { name: 'Picture of Ana' })).toHaveAttribute(
      'src',
      '/default-profile.svg',
    );
  });

  it('shows the fun facts, the type description, how it works and the support contact', async () => {
    renderProfile();
    await screen.findByRole('heading', { level: 1, name: 'Ana' });
    expect(screen.getByRole('row', { name: 'Favourite subject Science' })).toBeInTheDocument();
    expect(screen.getByText('Students in our partner schools.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'How it works' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@hope.example' })).toHaveAttribute(
      'href',
      'mailto:support@hope.example',
    );
  });

  it('shows the perks to a visitor and no pictures, without asking for them', async () => {
    renderProfile();
    await screen.findByRole('heading', { level: 1, name: 'Ana' });
    expect(screen.getByRole('heading', { name: 'What you receive as a sponsor' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Pictures' })).not.toBeInTheDocument();
    expect(requestedPaths().some((path) => path.endsWith('/images'))).toBe(false);
  });

  it('shows a sponsor the pictures and no perks', async () => {
    answers.images = [{ imagePath: 'sponsoreds/101/a.webp', description: 'At the science fair' }];
    renderProfile({ isSponsor: true });
    expect(await screen.findByRole('heading', { name: 'Pictures' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'What you receive as a sponsor' })).not.toBeInTheDocument();
  });

  it("opens a picture in the viewer, at most 750px high, with 'No description.' when it has none", async () => {
    answers.images = [
      { imagePath: 'sponsoreds/101/a.webp', description: 'At the science fair' },
      { imagePath: 'sponsoredS/101/b.webp', description: null },
    ];
    const { user } = renderProfile({ canAdminister: true });
    await user.click(await screen.findByRole('button', { name: 'Open picture 2 of Ana' }));
    const viewer = await screen.findByRole('dialog');
    expect(within(viewer).getByText('No description.')).toBeInTheDocument();
    expect(within(viewer).getByTestId('picture-viewer-image')).toHaveStyle({ maxHeight: '750px' });
    expect(within(viewer).getByTestId('picture-viewer-image')).toHaveAttribute(
      'src',
      '/media/sponsoredS/101/b.webp',
    );
  });

  it('shows the description of a picture that has one', async () => {
    answers.images = [{ imagePath: 'sponsoreds/101/a.webp', description: 'At the science fair' }];
    const { user } = renderProfile({ isSponsor: true });
    await user.click(await screen.findByRole('button', { name: 'Open picture 1 of Ana' }));
    const viewer = await screen.findByRole('dialog');
    expect(within(viewer).getByText('At the science fair', { selector: 'p' })).toBeInTheDocument();
    expect(within(viewer).queryByText('No description.')).not.toBeInTheDocument();
  });
});

describe('ProfilePage in French', () => {
  const maple = buildCanadianPartner({ partnerSponsoredTypes: partner.partnerSponsoredTypes });
  const spaces = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
  const rowsOf = (section: HTMLElement) =>
    within(section)
      .getAllByRole('row')
      .map((row) => [
        spaces(row.querySelector('th')!.textContent),
        spaces(row.querySelector('td')!.textContent),
      ]);

  beforeEach(async () => {
    await loadPart('fr-CA', 'site');
  });

  it('shows the tabs, key information, amounts and dates in French', async () => {
    const { user } = renderProfile(
      {
        birthday: '1990-04-12',
        birthdayFormatted: '04/12/1990',
        monthlyAmount: 123456,
        maxSlots: 5,
        slotsFilled: 2,
        partnerSponsoredTypesId: 22,
      },
      { partner: maple, locale: 'fr-CA' },
    );
    const key = (await screen.findByRole('heading', { name: 'Renseignements clés' })).closest('section')!;
    expect(rowsOf(key)).toEqual([
      ['Genre', 'Féminin'],
      ['Date de naissance', '1990-04-12'],
      ['Niveau scolaire', '4e année'],
      ['Montant mensuel', '1 234,56 $'],
      ['Places', '2 places sur 5 sont prises'],
      ['Lieu', 'Antigua Community School, Antigua, Guatemala'],
    ]);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Profil', 'Programme', 'Pays']);
    expect(screen.getByRole('button', { name: 'Retour' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Comment ça fonctionne' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Ce que vous recevez comme parrain ou marraine' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Vous pouvez prendre plus d’une place.')).toBeInTheDocument();

    const sponsor = screen.getByRole('button', { name: /^Parrainer – à partir de/ });
    expect(spaces(sponsor.textContent)).toBe('Parrainer – à partir de 1 234,56 $/mois');
    await user.click(sponsor);
    const choices = await screen.findAllByRole('menuitem');
    expect(choices.map((choice) => spaces(choice.textContent))).toEqual([
      '1 place – 1 234,56 $/mois',
      '2 places – 2 469,12 $/mois',
      '3 places – 3 703,68 $/mois',
    ]);
  });

  it('gives the age in years and the masking notice in French', async () => {
    renderProfile({ masked: true }, { partner: maple, locale: 'fr-CA' });
    const key = (await screen.findByRole('heading', { name: 'Renseignements clés' })).closest('section')!;
    expect(rowsOf(key)).toContainEqual(['Âge', '9 ans']);
    expect(
      screen.getByText(
        'Ce profil est masqué pour protéger l’identité et la sécurité de la personne. Parrainez pour voir le nom complet, les photos et les nouvelles.',
      ),
    ).toBeInTheDocument();
    expect(spaces(screen.getByRole('button', { name: /^Parrainer –/ }).textContent)).toBe(
      'Parrainer – 39,00 $/mois',
    );
  });

  it('shows a sponsor the updates with their dates in French', async () => {
    answers.updates = [
      {
        id: 1,
        title: 'Bulletin du premier trimestre',
        distributionDate: '2025-03-07',
        updateMessage: 'Ana a réussi tous ses examens.',
      },
    ];
    const { user } = renderProfile({ isSponsor: true }, { partner: maple, locale: 'fr-CA' });
    expect(await screen.findByRole('button', { name: 'Parrainage confirmé!' })).toBeDisabled();
    await user.click(screen.getByRole('tab', { name: 'Nouvelles aux parrains' }));
    const update = (await screen.findByRole('heading', { name: 'Bulletin du premier trimestre' })).closest(
      'article',
    );
    expect(within(update as HTMLElement).getByText('2025-03-07')).toBeInTheDocument();
  });
});
