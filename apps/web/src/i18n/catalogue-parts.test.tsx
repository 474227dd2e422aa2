import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../app/router';
import { stubApi } from '../test/api-stub';
import { signedIn, signedOut, buildCanadianPartner } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { isPartLoaded, loadPart } from './catalogue';
import { chunkOf } from './catalogue-parts';

/*
 * The first load carries only the site part of a locale's catalogue (issue 23's 10 KB budget): the
 * layout and the pages a visitor lands on must find every message there, and a page past them
 * waits for the rest of the public part instead of showing English.
 */

const maple = buildCanadianPartner();

let errors: string[] = [];
const missing = () => errors.filter((message) => message.includes('MISSING_TRANSLATION'));

beforeAll(async () => {
  await loadPart('fr-CA', 'site');
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  errors = [];
});

const watchErrors = () =>
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args.map(String).join(' '));
  });

describe('the catalogue’s parts', () => {
  it('puts each message in its chunk: the dashboard’s, the server’s, the first load’s, the rest', () => {
    expect(chunkOf('staff.records.title')).toBe('staff');
    expect(chunkOf('mail.receipt.subject')).toBe('server');
    expect(chunkOf('error.notFound')).toBe('server');
    expect(chunkOf('nav.about')).toBe('site');
    expect(chunkOf('profile.key.age')).toBe('site');
    expect(chunkOf('account.menuFor')).toBe('site');
    expect(chunkOf('cart.empty')).toBe('rest');
    expect(chunkOf('account.profile.title')).toBe('rest');
  });

  it('draws the layout and the landing page in French from the site part alone', async () => {
    watchErrors();
    stubApi({});
    renderWithProviders(<AppRoutes />, { partner: maple, locale: 'fr-CA', me: signedOut });
    expect(isPartLoaded('fr-CA', 'public')).toBe(false);
    const nav = await screen.findByRole('navigation', { name: 'Principal' });
    expect(within(nav).getAllByText('À propos').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Se connecter').length).toBeGreaterThan(0);
    expect(missing()).toEqual([]);
  });

  it('draws the avatar menu of a signed-in visitor from the site part alone', async () => {
    watchErrors();
    stubApi({});
    const { user } = renderWithProviders(<AppRoutes />, { partner: maple, locale: 'fr-CA', me: signedIn() });
    await user.click(await screen.findByRole('button', { name: /^Menu du compte/ }));
    expect(await screen.findByText('Mon profil')).toBeInTheDocument();
    expect(missing()).toEqual([]);
  });

  it('opens a page past the first load once the rest of the public part is there, in French', async () => {
    watchErrors();
    stubApi({});
    renderWithProviders(<AppRoutes />, { partner: maple, locale: 'fr-CA', route: '/checkout' });
    expect(await screen.findByText('Votre panier est vide', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(isPartLoaded('fr-CA', 'public')).toBe(true);
    expect(missing()).toEqual([]);
  });
});
