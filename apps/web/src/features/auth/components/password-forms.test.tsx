import { ERRORS } from '@kinship/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { NewPasswordForm, RESET_LINK_INVALID } from './reset-password-form';
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

describe('a reset link the server refuses', () => {
  const answer = (message: string, code: string | null) =>
    vi.fn(
      async () =>
        new Response(JSON.stringify({ code: 'INVALID_TOKEN', message }), {
          status: 400,
          headers: { 'content-type': 'application/json', ...(code ? { 'x-error-code': code } : {}) },
        }),
    );
  const submit = async () => {
    const { user } = renderWithProviders(<NewPasswordForm token="stale" />);
    await user.type(screen.getByLabelText(/^New password/), 'a long new password');
    await user.type(screen.getByLabelText(/^Repeat the new password/), 'a long new password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    return screen.findByRole('alert');
  };

  it('is told by its code, whatever the wording', async () => {
    vi.stubGlobal('fetch', answer('Le jeton ne vaut rien', ERRORS.TOKEN_INVALID));
    const alert = await submit();
    expect(alert).toHaveTextContent(RESET_LINK_INVALID);
    expect(alert).not.toHaveTextContent('Le jeton');
  });

  it('is not guessed from the English text when the code is missing', async () => {
    vi.stubGlobal('fetch', answer('Invalid token', null));
    const alert = await submit();
    expect(alert).toHaveTextContent('Invalid token');
    expect(alert).not.toHaveTextContent(RESET_LINK_INVALID);
  });
});
