import { Feature, PartnerSetting } from '@kinship/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../test/api-stub';
import { buildPartner } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { LandingRoute } from './landing';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LandingRoute', () => {
  it('template 2 shows the tagline over the header image and one button per sponsored type', () => {
    renderWithProviders(<LandingRoute />, { partner: buildPartner({ landingPageTemplatesId: 2 }) });
    const hero = screen.getByTestId('landing-template-2');
    expect(hero).toHaveStyle({ backgroundImage: 'url("/media/partners/2/header.webp")' });
    expect(within(hero).getByRole('heading', { level: 1 })).toHaveTextContent(
      'Every child deserves a great school.',
    );
    expect(within(hero).getByRole('link', { name: 'Students' })).toHaveAttribute(
      'href',
      '/sponsored/board/students',
    );
    expect(within(hero).getByRole('link', { name: 'Teachers' })).toHaveAttribute(
      'href',
      '/sponsored/board/teachers',
    );
    expect(within(hero).queryByRole('link', { name: 'Gift a Sponsorship' })).not.toBeInTheDocument();
  });

  it('template 2 adds the gift button when gifts are enabled', () => {
    renderWithProviders(<LandingRoute />, {
      partner: buildPartner({ landingPageTemplatesId: 2, partnerFeatures: [{ featuresId: Feature.Gifts }] }),
    });
    expect(screen.getByRole('link', { name: 'Gift a Sponsorship' })).toHaveAttribute('href', '/gift');
  });

  it('template 3 shows its own introduction with a sanitized excerpt and a simple list of types', () => {
    renderWithProviders(<LandingRoute />, {
      partner: buildPartner({
        landingPageTemplatesId: 3,
        description:
          '<p>We run <strong>schools</strong>.</p><img src=x onerror="alert(1)"><script>alert(2)</script>',
      }),
    });
    const landing = screen.getByTestId('landing-template-3');
    expect(within(landing).getByRole('heading', { level: 1 })).toHaveTextContent('Hope Schools');
    expect(within(landing).getByText('Every child deserves a great school.')).toBeInTheDocument();
    expect(within(landing).getByText('We run schools.')).toBeInTheDocument();
    expect(landing.innerHTML).not.toContain('onerror');
    expect(landing.innerHTML).not.toContain('<script');
    expect(within(landing).getByRole('link', { name: 'Students' })).toHaveAttribute(
      'href',
      '/sponsored/board/students',
    );
    expect(within(landing).getByRole('link', { name: 'Teachers' })).toHaveAttribute(
      'href',
      '/sponsored/board/teachers',
    );
    expect(screen.queryByTestId('landing-template-2')).not.toBeInTheDocument();
  });

  it('other templates show no landing body', () => {
    renderWithProviders(<LandingRoute />, { partner: buildPartner({ landingPageTemplatesId: 1 }) });
    expect(screen.queryByTestId('landing-template-2')).not.toBeInTheDocument();
    expect(screen.queryByTestId('landing-template-3')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('only active sponsored types get a button', () => {
    const partner = buildPartner({ landingPageTemplatesId: 2 });
    partner.partnerSponsoredTypes[1]!.active = false;
    renderWithProviders(<LandingRoute />, { partner });
    expect(screen.queryByRole('link', { name: 'Teachers' })).not.toBeInTheDocument();
  });

  it('below the template: three steps, the records waiting longest, the impact figures and a donate call', async () => {
    const api = stubApi({
      'GET /api/partners/2/landing': json({
        waitingLongest: [
          {
            id: 41,
            code: 'T-41',
            firstName: 'Odhiambo',
            lastName: null,
            title: 'Math Teacher',
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
            slotsFilled: 0,
            status: 'active',
          },
        ],
        impact: { activeSponsorships: 120, sponsors: 95, recordsSponsored: 80, programs: 4, countries: 3 },
      }),
    });
    renderWithProviders(<LandingRoute />, {
      partner: buildPartner({
        landingPageTemplatesId: 2,
        partnerFeatures: [{ featuresId: Feature.GeneralDonations }],
      }),
    });
    const steps = await screen.findByRole('region', { name: 'How sponsorship works' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(3);
    const waiting = await screen.findByRole('region', { name: 'Waiting longest for a sponsor' });
    expect(within(waiting).getByRole('link', { name: /Odhiambo/ })).toHaveAttribute(
      'href',
      '/sponsored/profile/41',
    );
    expect(within(waiting).getByRole('img', { name: 'Masked profile' })).toBeInTheDocument();
    const impact = screen.getByRole('region', { name: 'Our impact together' });
    expect(within(impact).getByText('120')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Make a donation' })).toHaveAttribute('href', '/donate');
    expect(api.callsTo('GET /api/partners/2/landing')).toHaveLength(1);
  });

  it('leaves out the sections a partner turned off, and asks nothing when both data sections are off', async () => {
    const api = stubApi({});
    renderWithProviders(<LandingRoute />, {
      partner: buildPartner({
        landingPageTemplatesId: 2,
        partnerFeatures: [{ featuresId: Feature.GeneralDonations }],
        partnerSettings: [
          { partnerSettingTypesId: PartnerSetting.LandingHowItWorks, value: 'false' },
          { partnerSettingTypesId: PartnerSetting.LandingWaitingLongest, value: 'FALSE' },
          { partnerSettingTypesId: PartnerSetting.LandingImpact, value: 'false' },
        ],
      }),
    });
    expect(await screen.findByRole('link', { name: 'Make a donation' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'How sponsorship works' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/partners/2/landing')).toHaveLength(0);
  });
});
