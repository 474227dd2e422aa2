import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '../../../test/api-stub';
import { signedOut } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { InvitationPage } from './invitation-page';

describe('/invitation/{token}', () => {
  it("a visitor's Sign up! opens the form with the invited address, and remembers the invitation to come back to", async () => {
    stubApi({
      'GET /api/invitations/tok.en': json({
        partnerName: 'Hope Schools',
        email: 'new.staff@example.org',
        roles: [3],
        programs: [],
        state: 'pending',
      }),
    });
    const { user } = renderWithProviders(<InvitationPage />, {
      me: signedOut,
      route: '/invitation/tok.en',
      path: '/invitation/:token',
    });
    const signUp = await screen.findByRole('link', { name: 'Sign up!' });
    expect(signUp).toHaveAttribute('href', '/signup?email=new.staff%40example.org');
    await user.click(signUp);
    expect(window.sessionStorage.getItem('kinship.postLoginTarget')).toBe('/invitation/tok.en');
  });

  it('names the invited roles as staff read them', async () => {
    stubApi({
      'GET /api/invitations/tok.en': json({
        partnerName: 'Hope Schools',
        email: 'new.staff@example.org',
        roles: [6],
        programs: [],
        state: 'pending',
      }),
    });
    renderWithProviders(<InvitationPage />, {
      me: signedOut,
      route: '/invitation/tok.en',
      path: '/invitation/:token',
    });
    expect(await screen.findByText(/as Donor management for every program/)).toBeInTheDocument();
  });
});
