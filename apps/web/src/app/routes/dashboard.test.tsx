import { Role } from '@kinship/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildPartner, partnerStaff, signedIn, signedOut } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { DashboardRoute, NO_ADMIN_ACCESS } from './dashboard';

describe('DashboardRoute', () => {
  it('a person holding a role sees the administration page with each sponsored type and its listing', () => {
    renderWithProviders(<DashboardRoute />, {
      me: partnerStaff(2, [Role.DonorManagement]),
      route: '/dashboard',
    });
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { name: 'Administration', level: 1 })).toBeInTheDocument();
    expect(within(main).getByText('Hope Schools')).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Students' })).toHaveAttribute(
      'href',
      '/sponsored/board/students',
    );
    expect(within(main).getByRole('link', { name: 'Teachers' })).toHaveAttribute(
      'href',
      '/sponsored/board/teachers',
    );
    expect(screen.queryByText(NO_ADMIN_ACCESS)).not.toBeInTheDocument();
  });

  it('a platform administrator may administer any partner', () => {
    renderWithProviders(<DashboardRoute />, {
      me: partnerStaff(1, [Role.Administrator]),
      partner: buildPartner({ id: 3, name: 'Maple Schools' }),
    });
    expect(screen.getByRole('heading', { name: 'Administration' })).toBeInTheDocument();
    expect(screen.queryByText(NO_ADMIN_ACCESS)).not.toBeInTheDocument();
  });

  it('a sponsor without a role is told they have no access', () => {
    renderWithProviders(<DashboardRoute />, { me: signedIn() });
    expect(screen.getByRole('alert')).toHaveTextContent(
      "You do not have access to this partner's administration.",
    );
    expect(screen.queryByRole('link', { name: 'Students' })).not.toBeInTheDocument();
  });

  it('a visitor is told the same and offered Login', () => {
    renderWithProviders(<DashboardRoute />, { me: signedOut });
    expect(screen.getByText(NO_ADMIN_ACCESS)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });
});
