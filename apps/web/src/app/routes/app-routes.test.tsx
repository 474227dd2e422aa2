import { MESSAGES, Role } from '@kinship/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../test/api-stub';
import { buildPartner, buildUser, partnerStaff, signedIn, signedOut } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { AppRoutes } from '../router';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.sessionStorage.clear();
});

const privatePartner = buildPartner({ privateDemo: true, demoMode: true });

describe('private demo gate', () => {
  it('a visitor without permission sees only the demo-access notice and a Login button', () => {
    renderWithProviders(<AppRoutes />, { partner: privatePartner, me: signedOut, route: '/about' });
    expect(screen.getByText(MESSAGES.privateDemo)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'About Hope Schools' })).not.toBeInTheDocument();
  });

  it('a signed-in person with no permission at this partner is still stopped', () => {
    renderWithProviders(<AppRoutes />, {
      partner: privatePartner,
      me: partnerStaff(9, [Role.Administrator]),
    });
    expect(screen.getByText(MESSAGES.privateDemo)).toBeInTheDocument();
  });

  it('the sign-in page stays reachable behind the gate', async () => {
    renderWithProviders(<AppRoutes />, { partner: privatePartner, me: signedOut, route: '/login' });
    expect(await screen.findByRole('heading', { name: 'Sign in to Hope Schools' })).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.privateDemo)).not.toBeInTheDocument();
  });

  it('anyone holding a permission at the partner sees the whole site', () => {
    renderWithProviders(<AppRoutes />, {
      partner: privatePartner,
      me: partnerStaff(2, [Role.Messages]),
      route: '/about',
    });
    expect(screen.queryByText(MESSAGES.privateDemo)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'About Hope Schools', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('an entity scope alone is a permission', () => {
    const me = signedIn(
      buildUser({
        partnerUsers: [{ partnersId: 2, partnerUserRoles: [], partnerUserEntities: [{ entitiesId: 4 }] }],
      }),
    );
    renderWithProviders(<AppRoutes />, { partner: privatePartner, me, route: '/contact' });
    expect(screen.getByRole('heading', { name: 'Contact Hope Schools' })).toBeInTheDocument();
  });

  it('a public partner is open to everyone', () => {
    renderWithProviders(<AppRoutes />, { me: signedOut, route: '/contact' });
    expect(screen.queryByText(MESSAGES.privateDemo)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@hope.example' })).toHaveAttribute(
      'href',
      'mailto:support@hope.example',
    );
  });
});

describe('site routes', () => {
  it('the link page sits in the one main landmark of the layout', async () => {
    renderWithProviders(<AppRoutes />, { route: '/link', me: signedOut });
    expect(
      await screen.findByRole('heading', { name: 'Link your sponsorship', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(document.querySelectorAll('#main-content')).toHaveLength(1);
  });

  it('every page has a skip link to the main landmark, the navigation bar and the footer', () => {
    renderWithProviders(<AppRoutes />, { route: '/privacy' });
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Privacy notice', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('Privacy · Hope Schools');
  });

  it.each(['/initiatives', '/nowhere'])('%s is not built yet and shows the 404 page', (route) => {
    renderWithProviders(<AppRoutes />, { route });
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it.each(['/redeemtrial/ABCD', '/lightning/students/ABCD'])(
    '%s shows the 404 page when the partner has its feature off',
    async (route) => {
      renderWithProviders(<AppRoutes />, { route });
      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    },
  );

  it('/signup has the navigation bar and the sign-up form', async () => {
    renderWithProviders(<AppRoutes />, { route: '/signup' });
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Join Hope Schools' })).toBeInTheDocument();
    expect(screen.getByLabelText(/First name/)).toBeInTheDocument();
  });

  it('/about tells the story, defines the word and shows a banner', () => {
    renderWithProviders(<AppRoutes />, { route: '/about' });
    expect(screen.getByRole('heading', { name: 'About Hope Schools', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('kin·ship')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Our story' })).toBeInTheDocument();
  });

  it('/about/partner shows the sanitized description, the website, the support email and a partnership note', async () => {
    renderWithProviders(<AppRoutes />, {
      route: '/about/partner',
      partner: buildPartner({
        description: '<p>We <em>teach</em>.</p><script>window.hacked = true</script>',
      }),
    });
    const main = screen.getByRole('main');
    expect((await within(main).findByText('teach')).tagName).toBe('EM');
    expect(main.innerHTML).not.toContain('<script');
    expect(within(main).getByRole('link', { name: 'hope.example' })).toHaveAttribute(
      'href',
      'https://hope.example',
    );
    expect(within(main).getByRole('link', { name: 'support@hope.example' })).toHaveAttribute(
      'href',
      'mailto:support@hope.example',
    );
    expect(within(main).getByRole('complementary', { name: 'Partnership note' })).toHaveTextContent(
      'Hope Schools',
    );
  });
});

describe('/redirect', () => {
  const signedOutFetch = () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 401 })),
    );
  };

  it('goes to the page remembered when Login was chosen', async () => {
    signedOutFetch();
    window.sessionStorage.setItem('kinship.postLoginTarget', '/about/partner');
    renderWithProviders(<AppRoutes />, { route: '/redirect' });
    expect(await screen.findByRole('heading', { name: 'About Hope Schools', level: 1 })).toBeInTheDocument();
    expect(window.sessionStorage.getItem('kinship.postLoginTarget')).toBeNull();
  });

  it('goes home when nothing was remembered, and never to another site', async () => {
    signedOutFetch();
    window.sessionStorage.setItem('kinship.postLoginTarget', '//evil.example/x');
    renderWithProviders(<AppRoutes />, {
      route: '/redirect',
      partner: buildPartner({ landingPageTemplatesId: 3 }),
    });
    expect(await screen.findByTestId('landing-template-3')).toBeInTheDocument();
  });
});

describe('/login', () => {
  it('signs in with email and password, then returns through /redirect', async () => {
    window.sessionStorage.setItem('kinship.postLoginTarget', '/contact');
    const fetchMock = vi.fn(async (url: string) =>
      url.startsWith('/api/users/getByToken')
        ? new Response(JSON.stringify(buildUser()), { status: 200 })
        : new Response('{}', { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderWithProviders(<AppRoutes />, { route: '/login' });
    await user.type(await screen.findByLabelText(/Email/), 'sam@example.com');
    await user.type(screen.getByLabelText(/Password/), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Contact Hope Schools' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/sign-in/email',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ email: 'sam@example.com', password: 'secret-pass' }),
      }),
    );
    expect(await screen.findByRole('button', { name: 'Account menu for Sam Sponsor' })).toBeInTheDocument();
  });

  it('shows why signing in failed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ message: 'Invalid email or password' }), { status: 401 }),
      ),
    );
    const { user } = renderWithProviders(<AppRoutes />, { route: '/login' });
    await user.type(await screen.findByLabelText(/Email/), 'sam@example.com');
    await user.type(screen.getByLabelText(/Password/), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
  });

  it('checks the email before calling the server', async () => {
    const api = stubApi({ 'GET /api/auth-config': json({ providers: [] }) });
    const { user } = renderWithProviders(<AppRoutes />, { route: '/login' });
    await user.type(await screen.findByLabelText(/Email/), 'not-an-email');
    await user.type(screen.getByLabelText(/Password/), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });
});

describe('/signup', () => {
  async function fillSignUp(user: ReturnType<typeof renderWithProviders>['user']) {
    await user.type(screen.getByLabelText(/First name/), 'Nina');
    await user.type(screen.getByLabelText(/Last name/), 'New');
    await user.type(screen.getByLabelText(/Email/), 'nina@example.org');
    await user.type(screen.getByLabelText(/^Password/), 'nina-pass-2026');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
  }

  it('asks the person to confirm their address when the server has not signed them in yet', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchMock = vi.fn(async (url: string) =>
      url.startsWith('/api/users/getByToken')
        ? new Response('', { status: 401 })
        : new Response('{}', { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderWithProviders(<AppRoutes />, { route: '/signup' });
    await screen.findByLabelText(/First name/);
    await fillSignUp(user);
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText('nina@example.org')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/sign-up/email',
      expect.objectContaining({
        body: JSON.stringify({
          name: 'Nina New',
          email: 'nina@example.org',
          password: 'nina-pass-2026',
          callbackURL: '/redirect',
        }),
      }),
    );
  });

  it('names the page the person came from as where the confirmation link returns (code and all)', async () => {
    window.sessionStorage.setItem('kinship.postLoginTarget', '/redeem/ABCDE-FGHJK?x=1');
    const api = stubApi({ 'POST /api/auth/sign-up/email': json({}) });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderWithProviders(<AppRoutes />, { route: '/signup' });
    await screen.findByLabelText(/First name/);
    await fillSignUp(user);
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText(/brings you back to the page you came from/)).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/sign-up/email')[0]!.body).toMatchObject({
      callbackURL: '/redeem/ABCDE-FGHJK?x=1',
    });
  });

  it('never names another site as the return page', async () => {
    window.sessionStorage.setItem('kinship.postLoginTarget', '//evil.example/x');
    const api = stubApi({ 'POST /api/auth/sign-up/email': json({}) });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderWithProviders(<AppRoutes />, { route: '/signup' });
    await screen.findByLabelText(/First name/);
    await fillSignUp(user);
    await screen.findByRole('heading', { name: 'Check your email' });
    expect(api.callsTo('POST /api/auth/sign-up/email')[0]!.body).toMatchObject({ callbackURL: '/redirect' });
  });

  it('prefills the address a staff invitation names', async () => {
    renderWithProviders(<AppRoutes />, { route: '/signup?email=new.staff%40example.org' });
    expect(await screen.findByLabelText(/Email/)).toHaveValue('new.staff@example.org');
  });

  it('a person signed in straight away returns to the page they came from', async () => {
    window.sessionStorage.setItem('kinship.postLoginTarget', '/privacy');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.startsWith('/api/users/getByToken')
          ? new Response('Not found', { status: 404 })
          : new Response('{}', { status: 200 }),
      ),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderWithProviders(<AppRoutes />, { route: '/signup' });
    await screen.findByLabelText(/First name/);
    await fillSignUp(user);
    expect(await screen.findByRole('heading', { name: 'Privacy notice' })).toBeInTheDocument();
  });

  it('Sign up! remembers the page it was chosen on', async () => {
    const { user } = renderWithProviders(<AppRoutes />, { route: '/contact?x=1' });
    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Sign up!' }));
    expect(window.sessionStorage.getItem('kinship.postLoginTarget')).toBe('/contact?x=1');
  });
});
