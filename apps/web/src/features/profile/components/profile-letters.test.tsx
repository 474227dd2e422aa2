import { Feature, type SponsoredDetail } from '@kinship/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isPartLoaded, loadPart } from '../../../i18n/catalogue';
import { json, stubApi } from '../../../test/api-stub';
import {
  buildCanadianPartner,
  buildPartner,
  buildRecordLetters,
  buildSponsorLetter,
  buildUser,
  signedIn,
} from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { ProfilePage } from './profile-page';

const withLetters = buildPartner({ partnerFeatures: [{ featuresId: Feature.Messages }] });
const DETAIL = 'GET /api/sponsoreds/101';
const LETTERS = 'GET /api/sponsoreds/101/messages';

function detail(overrides: Partial<SponsoredDetail> = {}): SponsoredDetail {
  return {
    id: 101,
    code: 'S-101',
    firstName: 'Amina',
    lastName: null,
    title: null,
    gender: 'Female',
    age: 9,
    gradesId: null,
    grades: null,
    masked: false,
    monthlyAmount: 3900,
    maxSlots: 1,
    slotsFilled: 1,
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
    bio: 'Amina loves football.',
    homeroom: null,
    active: true,
    sponsoredAttributes: [],
    customColumnValues: [],
    entities: {
      id: 4,
      name: 'Hill School',
      city: 'Antigua',
      description: '',
      imageUrl: null,
      latitude: null,
      longitude: null,
      countries: null,
    },
    isSponsor: true,
    canAdminister: false,
    ...overrides,
  } as SponsoredDetail;
}

function renderProfile(options: { detail: SponsoredDetail; partner?: typeof withLetters; locale?: 'fr-CA' }) {
  const api = stubApi({
    [DETAIL]: json(options.detail),
    'GET /api/sponsoreds/101/images': json([]),
    [LETTERS]: json(
      buildRecordLetters({
        letters: [
          buildSponsorLetter({
            status: 'sent_to_program',
            nextStep: { status: 'delivered', typicalDays: 10 },
          }),
        ],
      }),
    ),
  });
  const view = renderWithProviders(<ProfilePage />, {
    partner: options.partner ?? withLetters,
    me: signedIn(buildUser()),
    route: '/sponsored/profile/101',
    path: '/sponsored/profile/:id',
    ...(options.locale ? { locale: options.locale } : {}),
  });
  return { ...view, api };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Letters tab of a profile', () => {
  it('is there for the record’s sponsor, and asks for the letters only once opened', async () => {
    const { api, user } = renderProfile({ detail: detail() });
    const tab = await screen.findByRole('tab', { name: 'Letters' });
    expect(api.callsTo(LETTERS)).toHaveLength(0);
    await user.click(tab);
    expect(await screen.findByRole('button', { name: 'Write to Amina' })).toBeInTheDocument();
    expect(screen.getByText('On its way', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(screen.getByText('Usually delivered within 10 days')).toBeInTheDocument();
    expect(api.callsTo(LETTERS)).toHaveLength(1);
  });

  it('is not there for someone who does not sponsor the record, and their page never asks for letters', async () => {
    const { api } = renderProfile({ detail: detail({ isSponsor: false, canAdminister: true }) });
    expect(await screen.findByRole('tab', { name: 'Sponsor Updates' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Letters' })).toBeNull();
    expect(api.calls.some((call) => call.path.endsWith('/messages'))).toBe(false);
  });

  it('is not there when the partner has no Messages feature', async () => {
    const { api } = renderProfile({ detail: detail(), partner: buildPartner() });
    expect(await screen.findByRole('tab', { name: 'Sponsor Updates' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Letters' })).toBeNull();
    expect(api.calls.some((call) => call.path.endsWith('/messages'))).toBe(false);
  });

  it('reads in French: the tab from the first load’s part, the letters once the public part is there', async () => {
    await loadPart('fr-CA', 'site');
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      errors.push(args.map(String).join(' '));
    });
    const canadian = buildCanadianPartner({ partnerFeatures: [{ featuresId: Feature.Messages }] });
    const { user } = renderProfile({ detail: detail(), partner: canadian, locale: 'fr-CA' });
    const tab = await screen.findByRole('tab', { name: 'Lettres' });
    expect(isPartLoaded('fr-CA', 'public')).toBe(false);
    await user.click(tab);
    expect(
      await screen.findByRole('button', { name: 'Écrire à Amina' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Habituellement remise dans un délai de 10 jours')).toBeInTheDocument();
    expect(screen.getByText('Vos lettres avec Amina')).toBeInTheDocument();
    expect(screen.getByText('Vous avez écrit')).toBeInTheDocument();
    expect(screen.getByText('Écrite')).toBeInTheDocument();
    expect(screen.getAllByText('2026-09-01').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Écrire à Amina' }));
    const textarea = screen.getByRole('textbox', { name: 'Votre lettre à Amina' });
    expect(
      screen.getByText('0 caractères sur 5 000', { normalizer: (s) => s.replace(/[\u00a0\u202f]/g, ' ') }),
    ).toBeInTheDocument();
    await user.type(textarea, 'Écris-moi à sam@example.com');
    expect(await screen.findByText('Ceci ressemble à une adresse courriel :')).toBeInTheDocument();
    expect(
      screen.getByText(
        /Les lettres qui contiennent des coordonnées sont retenues pour l’équipe de Hope Schools/,
      ),
    ).toBeInTheDocument();
    expect(errors.filter((e) => e.includes('MISSING_TRANSLATION'))).toEqual([]);
  });
});
