import { Feature } from '@kinship/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildPartner } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { LandingRoute } from './landing';

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
});
