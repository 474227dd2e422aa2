import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { NewPasswordForm } from './reset-password-form';
import { SignUpForm } from './sign-up-form';

/** The server's refusal of a common password, as better-auth answers it. */
const COMMON =
  'This password is one of the most common passwords, so it is easy to guess. Please choose another.';
const refuse = () =>
  vi.fn(
    async () =>
      new Response(JSON.stringify({ code: 'PASSWORD_TOO_COMMON', message: COMMON }), { status: 400 }),
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a password the server refuses', () => {
  it('is explained on the sign-up form in the server’s words', async () => {
    vi.stubGlobal('fetch', refuse());
    const onSignedUp = vi.fn();
    const { user } = renderWithProviders(<SignUpForm onSignedUp={onSignedUp} />);
    await user.type(screen.getByLabelText(/First name/), 'Pat');
    await user.type(screen.getByLabelText(/Last name/), 'Common');
    await user.type(screen.getByLabelText(/Email/), 'pat@example.org');
    await user.type(screen.getByLabelText(/^Password/), 'password');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(COMMON);
    expect(onSignedUp).not.toHaveBeenCalled();
  });

  it('is explained on the new-password form of the reset link', async () => {
    vi.stubGlobal('fetch', refuse());
    const { user } = renderWithProviders(<NewPasswordForm token="t0ken" />);
    await user.type(screen.getByLabelText(/^New password/), 'sunshine');
    await user.type(screen.getByLabelText(/^Repeat the new password/), 'sunshine');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(COMMON);
  });
});
