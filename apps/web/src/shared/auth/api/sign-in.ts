import { ApiError, errorCodeOf } from '../../../lib/api-client';

/**
 * better-auth's standard routes; the session is an httpOnly cookie set by the answer. A refusal
 * throws an ApiError with the library's message and the code the server names it by (x-error-code).
 */
async function authPost(path: string, body: unknown): Promise<void> {
  const response = await fetch(`/api/auth/${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    let message = response.statusText;
    try {
      const data = (await response.json()) as { message?: string };
      message = data.message ?? message;
    } catch {
      // keep the status text
    }
    throw new ApiError(response.status, message, null, errorCodeOf(response));
  }
}

export const signInWithEmail = (email: string, password: string) =>
  authPost('sign-in/email', { email, password });

/**
 * Creates an account. `callbackURL` is the page the confirmation link returns to once opened (a
 * path on this site: the server refuses anything else, decision 054).
 */
export const signUpWithEmail = (name: string, email: string, password: string, callbackURL: string) =>
  authPost('sign-up/email', { name, email, password, callbackURL });

export const signOut = () => authPost('sign-out', {});

/**
 * Asks for a password reset mail. The server answers the same whether or not the address has an
 * account; the link in the mail opens /reset-password?token=.
 */
export const requestPasswordReset = (email: string) =>
  authPost('request-password-reset', { email, redirectTo: '/reset-password' });

/** Sets a new password with the token from the reset mail. */
export const resetPassword = (token: string, newPassword: string) =>
  authPost('reset-password', { token, newPassword });

/**
 * Starts sign-in through the configured OpenID Connect provider (better-auth's social sign-in,
 * which the generic OAuth plugin serves): the browser then follows the provider's URL, and comes
 * back through /redirect.
 */
export async function startProviderSignIn(providerId: string): Promise<void> {
  const response = await fetch('/api/auth/sign-in/social', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ provider: providerId, callbackURL: '/redirect' }),
  });
  const data = (await response.json().catch(() => ({}))) as { url?: string; message?: string };
  if (!response.ok || !data.url) throw new Error(data.message ?? response.statusText);
  window.location.assign(data.url);
}

/** better-auth's session: the account's email (the person record may not exist yet). */
export interface AuthSession {
  user: { id: string; email: string | null; name: string | null; emailVerified: boolean };
}

/**
 * The session, or null when signed out (better-auth answers 200 with null). A 429 or a 5xx throws:
 * it says nothing about whether the person is signed in.
 */
export async function getAuthSession(): Promise<AuthSession | null> {
  const response = await fetch('/api/auth/get-session', { credentials: 'same-origin' });
  if (response.status === 429 || response.status >= 500)
    throw new ApiError(
      response.status,
      (await response.text()) || response.statusText,
      null,
      errorCodeOf(response),
    );
  if (!response.ok) return null;
  const text = await response.text();
  return text && text !== 'null' ? (JSON.parse(text) as AuthSession) : null;
}
