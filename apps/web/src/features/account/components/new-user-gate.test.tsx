import { screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { askForNewUserDetails } from '../../../shared/auth/new-user-details';
import { stubApi, json } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { NewUserGate } from './new-user-gate';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('NewUserGate', () => {
  it('opens the details dialog for a new account, and again when a page asks for the details after it was closed', async () => {
    stubApi({
      'GET /api/auth/get-session': json({
        user: { id: 'a1', email: 'nina@example.org', name: 'Nina New', emailVerified: true },
      }),
    });
    const { user } = renderWithProviders(<NewUserGate />, {
      me: { signedIn: true, isNew: true, user: null },
    });
    expect(await screen.findByRole('dialog', { name: /Welcome to/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    act(() => askForNewUserDetails());
    expect(await screen.findByRole('dialog', { name: /Welcome to/ })).toBeInTheDocument();
    expect(screen.getByLabelText(/First name/)).toHaveValue('Nina');
  });
});
