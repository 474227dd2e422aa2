import { Feature } from '@kinship/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadPart } from '../../../i18n/catalogue';
import { json, stubApi } from '../../../test/api-stub';
import { buildCanadianPartner } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { HeroLanding } from './hero-landing';
import { IntroLanding } from './intro-landing';
import { LandingSections } from './landing-sections';

const waitingRecord = {
  id: 41,
  code: 'T-41',
  firstName: '',
  lastName: null,
  title: null,
  gender: null,
  age: null,
  gradesId: null,
  grades: null,
  sponsoredTypesId: 2,
  partnerSponsoredTypesId: 2,
  entitiesId: 4,
  entities: { id: 4, name: 'Antigua Community School', city: 'Antigua' },
  masked: true,
  monthlyAmount: 3000,
  profileImagePath: null,
  maxSlots: 3,
  slotsFilled: 2,
  status: 'active',
};

beforeAll(async () => {
  await loadPart('fr-CA', 'site');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the landing in French', () => {
  it('template 2 offers the gift in French', () => {
    renderWithProviders(
      <HeroLanding partner={buildCanadianPartner({ partnerFeatures: [{ featuresId: Feature.Gifts }] })} />,
      {
        partner: buildCanadianPartner({ partnerFeatures: [{ featuresId: Feature.Gifts }] }),
        locale: 'fr-CA',
      },
    );
    expect(screen.getByRole('link', { name: 'Offrir un parrainage' })).toHaveAttribute('href', '/gift');
  });

  it('template 3 introduces the partner in French', () => {
    const partner = buildCanadianPartner({ landingPageTemplatesId: 3 });
    renderWithProviders(<IntroLanding partner={partner} />, { partner, locale: 'fr-CA' });
    expect(screen.getByRole('link', { name: 'En savoir plus sur Hope Schools' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Qui parrainer' })).toBeInTheDocument();
  });

  it('the sections below: steps, waiting records, figures in French numbers and plurals, and the donate call', async () => {
    stubApi({
      'GET /api/partners/2/landing': json({
        waitingLongest: [waitingRecord],
        impact: { activeSponsorships: 1234, sponsors: 1, recordsSponsored: 80, programs: 4, countries: 1 },
      }),
    });
    const partner = buildCanadianPartner({ partnerFeatures: [{ featuresId: Feature.GeneralDonations }] });
    renderWithProviders(<LandingSections partner={partner} />, { partner, locale: 'fr-CA' });
    const steps = screen.getByRole('region', { name: 'Comment fonctionne le parrainage' });
    expect(within(steps).getByRole('heading', { name: 'Choisissez une personne' })).toBeInTheDocument();
    expect(within(steps).getByRole('link', { name: 'Trouver une personne à parrainer' })).toBeInTheDocument();

    const waiting = await screen.findByRole('region', {
      name: 'En attente d’un parrain depuis le plus longtemps',
    });
    expect(within(waiting).getByText('Profil 41')).toBeInTheDocument();
    expect(within(waiting).getByRole('img', { name: 'Profil masqué' })).toBeInTheDocument();
    expect(within(waiting).getByText('1 place à combler')).toBeInTheDocument();

    const impact = screen.getByRole('region', { name: 'Ce que nous accomplissons ensemble' });
    const text = impact.textContent!.replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toContain('1 234parrainages actifs');
    expect(text).toContain('1parrain');
    expect(text).toContain('4programmes');
    expect(text).toContain('1pays');

    expect(screen.getByRole('heading', { name: 'Pas encore le moment de parrainer?' })).toBeInTheDocument();
    expect(
      screen.getByText('Un don ponctuel à Hope Schools aide là où les besoins sont les plus grands.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Faire un don' })).toHaveAttribute('href', '/donate');
  });
});
