import { LOCALE_NAMES, MESSAGES, type UserSponsored } from '@kinship/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { UserAreaRoute } from '../../app/routes/user-area';
import { loadPart } from '../../i18n/catalogue';
import { json, stubApi } from '../../test/api-stub';
import { buildUser, signedIn, buildCanadianPartner } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ProfileDetailsPanel } from './components/profile-details-panel';
import sourceCatalogue from '../../../../../lang/en-US.json';
import { accountMessages } from './messages';

/** The source locale's catalogue: the English every message's default compiles from. */
const source: Record<string, string> = sourceCatalogue;

const canadian = buildCanadianPartner();
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

const user = buildUser({
  firstName: 'Sam',
  lastName: 'Sponsor',
  address1: '1 rue Principale',
  city: 'Montréal',
  state: 'QC',
  zip: 'H2X 1Y4',
});
const line: UserSponsored = {
  id: 1,
  sponsoredsId: 101,
  partnersId: canadian.id,
  numSlots: 2,
  amount: 123456,
  interval: 'month',
  dateStarted: '2025-03-04T00:00:00.000Z',
  dateEnded: null,
  sponsoreds: {
    id: 101,
    firstName: 'Maria',
    lastName: 'Lopez',
    title: null,
    profileImagePath: null,
    masked: true,
    partnerSponsoredTypesId: 21,
    sponsoredTypesId: 1,
  },
} as UserSponsored;

beforeAll(async () => {
  await loadPart('fr-CA', 'public');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the account area in French', () => {
  it('shows the tabs, the sponsorships and their amounts and dates in fr-CA', async () => {
    stubApi({ [`GET /api/users/${user.id}/sponsoreds`]: json([line]) });
    renderWithProviders(<UserAreaRoute />, {
      partner: canadian,
      me: signedIn(user),
      route: '/profile/sponsorships',
      path: '/profile/*',
      locale: 'fr-CA',
    });
    const tabs = screen.getByRole('navigation', { name: 'Mon profil' });
    expect(within(tabs).getByRole('link', { name: 'Parrainages' })).toBeInTheDocument();
    expect(within(tabs).getByRole('link', { name: 'Mes coordonnées' })).toBeInTheDocument();
    const active = await screen.findByRole('region', { name: 'Vos parrainages' });
    expect(plain(within(active).getByText(/places/).textContent)).toBe('2 places · 1 234,56 $ par mois');
    expect(within(active).getByText('Depuis le 2025-03-04')).toBeInTheDocument();
  });

  it('offers the partner’s languages on the details form and saves the chosen one', async () => {
    const api = stubApi({ [`PUT /api/users/${user.id}`]: json(user) });
    const { user: person } = renderWithProviders(<ProfileDetailsPanel user={user} />, {
      partner: canadian,
      me: signedIn(user),
      locale: 'fr-CA',
    });
    expect(screen.getByRole('heading', { name: 'Vos coordonnées' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Prénom/)).toHaveValue('Sam');
    const language = screen.getByRole('combobox', { name: 'Langue' });
    expect(language).toHaveValue(LOCALE_NAMES['fr-CA']);
    await person.click(language);
    await person.click(await screen.findByRole('option', { name: 'English' }));
    await person.click(screen.getByRole('button', { name: 'Enregistrer les coordonnées' }));
    await waitFor(() => expect(api.callsTo(`PUT /api/users/${user.id}`)).toHaveLength(1));
    expect(api.callsTo(`PUT /api/users/${user.id}`)[0]!.body).toMatchObject({
      locale: 'en-CA',
      city: 'Montréal',
    });
    // Saved in English, the page follows the choice.
    expect(await screen.findByText('Your details were saved.')).toBeInTheDocument();
  });

  it('asks for no language where the partner offers one, and sends none', async () => {
    const api = stubApi({ [`PUT /api/users/${user.id}`]: json(user) });
    const { user: person } = renderWithProviders(<ProfileDetailsPanel user={user} />, { me: signedIn(user) });
    expect(screen.queryByRole('combobox', { name: 'Language' })).not.toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(api.callsTo(`PUT /api/users/${user.id}`)).toHaveLength(1));
    expect(api.callsTo(`PUT /api/users/${user.id}`)[0]!.body).not.toHaveProperty('locale');
  });

  it('says the phone rule in French and keeps the spec’s English as the default', async () => {
    const { user: person } = renderWithProviders(<ProfileDetailsPanel user={{ ...user, phone: '123' }} />, {
      partner: canadian,
      me: signedIn(user),
      locale: 'fr-CA',
    });
    await person.click(screen.getByRole('button', { name: 'Enregistrer les coordonnées' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Numéro de téléphone invalide : 123');
  });
});

describe('the account area’s spec texts', () => {
  it('keep the domain’s English word for word', () => {
    // The descriptors' defaults are compiled at build time: the extracted catalogue holds their English.
    expect(source[accountMessages.invalidPhone.id]).toBe(MESSAGES.invalidPhone('{message}'));
    expect(source[accountMessages.newUserNoEmail.id]).toBe(MESSAGES.newUserNoEmail);
    expect(source[accountMessages.newUserSaveFailed.id]).toBe(MESSAGES.newUserSaveFailed('{error}'));
  });
});
