import { PAYMENT_PROCESSING_NOTICE } from '@kinship/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildPartner } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { SiteFooter } from './site-footer';

function noticeParagraphs() {
  return within(screen.getByTestId('payment-notice'))
    .getAllByText(/./)
    .map((p) => p.textContent);
}

describe('SiteFooter', () => {
  it('links to About, Contact and Privacy', () => {
    renderWithProviders(<SiteFooter />);
    const nav = screen.getByRole('navigation', { name: 'Footer' });
    expect(within(nav).getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    expect(within(nav).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    expect(within(nav).getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
  });

  it('a US partner with an ein names a 501(c)3 organisation', () => {
    renderWithProviders(<SiteFooter />, { partner: buildPartner({ countriesId: 10, ein: '12-3456789' }) });
    expect(noticeParagraphs()).toEqual([
      PAYMENT_PROCESSING_NOTICE,
      'Hope Schools is a 501(c)3 organization (EIN 12-3456789). Your contribution is tax deductible to the extent allowed by law.',
    ]);
  });

  it('a Canadian partner with an ein names a registered charity with its business number', () => {
    renderWithProviders(<SiteFooter />, {
      partner: buildPartner({ name: 'Maple Schools', countriesId: 8, ein: '123456789RR0001' }),
    });
    expect(noticeParagraphs()).toEqual([
      PAYMENT_PROCESSING_NOTICE,
      'Maple Schools is a registered Canadian charity (business number 123456789RR0001). Your contribution is tax deductible to the extent allowed by law.',
    ]);
  });

  it('without an ein there is no tax paragraph', () => {
    renderWithProviders(<SiteFooter />, { partner: buildPartner({ ein: null }) });
    expect(noticeParagraphs()).toEqual([PAYMENT_PROCESSING_NOTICE]);
  });

  it('demo mode shows the test cards; live mode does not', () => {
    const { unmount } = renderWithProviders(<SiteFooter />, { partner: buildPartner({ demoMode: true }) });
    expect(screen.getByText(/This is a demo site/)).toBeInTheDocument();
    expect(screen.getByText('4242 4242 4242 4242')).toBeInTheDocument();
    expect(screen.getByText('4000 0000 0000 0002')).toBeInTheDocument();
    expect(screen.getByText('4000 0000 0000 9995')).toBeInTheDocument();
    unmount();
    renderWithProviders(<SiteFooter />, { partner: buildPartner({ demoMode: false }) });
    expect(screen.queryByText(/This is a demo site/)).not.toBeInTheDocument();
  });
});
