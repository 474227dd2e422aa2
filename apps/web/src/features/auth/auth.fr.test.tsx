import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LoginRoute } from '../../app/routes/login';
import { ResetPasswordRoute } from '../../app/routes/reset-password';
import { SignUpRoute } from '../../app/routes/sign-up';
import { loadPart } from '../../i18n/catalogue';
import { json, stubApi } from '../../test/api-stub';
import { buildCanadianPartner } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { RESET_LINK_INVALID } from './components/reset-password-form';
import sourceCatalogue from '../../../../../lang/en-US.json';
import { authMessages } from './messages';

/** The source locale's catalogue: the English every message's default compiles from. */
const source: Record<string, string> = sourceCatalogue;

const canadian = buildCanadianPartner({
  name: 'Maple Schools',
});

beforeAll(async () => {
  await loadPart('fr-CA', 'public');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('signing in and up in French', () => {
  it('the login page speaks French and names the provider', async () => {
    stubApi({
      'GET /api/auth-config': json({ emailPassword: true, oidc: { providerId: 'oidc', name: 'Acme' } }),
    });
    const { user } = renderWithProviders(<LoginRoute />, {
      partner: canadian,
      locale: 'fr-CA',
      route: '/login',
    });
    expect(screen.getByRole('heading', { name: 'Connectez-vous à Maple Schools' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Continuer avec Acme' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mot de passe oublié ?' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
    expect(screen.getByRole('link', { name: 'Créer un compte' })).toHaveAttribute('href', '/signup');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Entrez une adresse courriel valide')).toBeInTheDocument();
    expect(screen.getByText('Entrez votre mot de passe')).toBeInTheDocument();
    expect(document.title).toMatch(/^Se connecter/);
  });

  it('the sign-up page speaks French, the password rule included', async () => {
    stubApi({ 'GET /api/auth-config': json({ emailPassword: true, oidc: null }) });
    const { user } = renderWithProviders(<SignUpRoute />, {
      partner: canadian,
      locale: 'fr-CA',
      route: '/signup',
    });
    expect(screen.getByRole('heading', { name: 'Joignez-vous à Maple Schools' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Courriel/)).toBeInTheDocument();
    expect(screen.getByText('Au moins 8 caractères')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Mot de passe/), 'court');
    await user.click(screen.getByRole('button', { name: 'Créer le compte' }));
    expect(await screen.findByText('Utilisez au moins 8 caractères')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/login');
  });

  it('an expired reset link is told in French', () => {
    renderWithProviders(<ResetPasswordRoute />, {
      partner: canadian,
      locale: 'fr-CA',
      route: '/reset-password?token=x&error=INVALID_TOKEN',
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Ce lien de réinitialisation est invalide ou expiré. Demandez-en un nouveau.',
    );
    expect(screen.getByRole('heading', { name: 'Choisissez un nouveau mot de passe' })).toBeInTheDocument();
  });
});

describe('the reset link’s English', () => {
  it('is the text the form’s callers know it by', () => {
    expect(source[authMessages.resetLinkInvalid.id]).toBe(RESET_LINK_INVALID);
  });
});
