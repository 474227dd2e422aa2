import { Feature, PartnerSetting, Role } from '@kinship/domain';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addToCart } from '../../shared/cart/cart-store';
import { buildPartner, partnerStaff, signedIn, signedOut } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { NavBar } from './nav-bar';

const features = (...ids: number[]) => ids.map((featuresId) => ({ featuresId }));

function mainNav() {
  return screen.getByRole('navigation', { name: 'Main' });
}

async function openSponsorMenu(user: ReturnType<typeof renderWithProviders>['user'], label = 'Sponsor') {
  await user.click(within(mainNav()).getByRole('button', { name: label }));
  // The menu's code loads on first use, so it arrives a moment after the click.
  return screen.findByRole('menu');
}

function menuItemNames(menu: HTMLElement) {
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => [item.textContent, item.getAttribute('href')]);
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('NavBar', () => {
  it('a visitor sees Login and Sign up!, and Sign up! goes to /signup', () => {
    renderWithProviders(<NavBar />, { me: signedOut });
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up!' })).toHaveAttribute('href', '/signup');
    expect(screen.queryByRole('button', { name: /Account menu/ })).not.toBeInTheDocument();
  });

  it('shows a spinner while the user loads', () => {
    renderWithProviders(<NavBar />, { me: 'loading' });
    expect(screen.getByLabelText('Loading your account')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('shows the loading spinner in the bar at every width and in the mobile menu while the session call is pending', async () => {
    const { user } = renderWithProviders(<NavBar />, { me: 'loading' });
    const spinner = screen.getByRole('status', { name: 'Loading your account' });
    // Desktop and phone alike: no ancestor is hidden below a breakpoint (Mantine's visibleFrom).
    expect(spinner.closest('[class*="mantine-visible-from"]')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('status', { name: 'Loading your account' })).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('Login remembers the current page for /redirect', async () => {
    const { user } = renderWithProviders(<NavBar />, { route: '/sponsored/board/students?gender=Female' });
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(window.sessionStorage.getItem('kinship.postLoginTarget')).toBe(
      '/sponsored/board/students?gender=Female',
    );
  });

  it('a signed-in sponsor gets My Profile, a divider and Logout, but no Administration', async () => {
    const { user } = renderWithProviders(<NavBar />, { me: signedIn() });
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Account menu for Sam Sponsor' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'My Profile' })).toHaveAttribute(
      'href',
      '/profile/sponsorships',
    );
    expect(within(menu).queryByRole('menuitem', { name: 'Administration' })).not.toBeInTheDocument();
    expect(within(menu).getByRole('separator')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
  });

  it('Administration appears for anyone holding a role at this partner', async () => {
    const { user } = renderWithProviders(<NavBar />, { me: partnerStaff(2, [Role.Reporting]) });
    await user.click(screen.getByRole('button', { name: 'Account menu for Pat Admin' }));
    expect(await screen.findByRole('menuitem', { name: 'Administration' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('a role at another partner does not show Administration', async () => {
    const { user } = renderWithProviders(<NavBar />, { me: partnerStaff(5, [Role.Administrator]) });
    await user.click(screen.getByRole('button', { name: 'Account menu for Pat Admin' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'My Profile' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Administration' })).not.toBeInTheDocument();
  });

  it('Logout signs out, clears the cache and reloads the site root', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { user, queryClient } = renderWithProviders(<NavBar />, { me: signedIn() });
    await user.click(screen.getByRole('button', { name: 'Account menu for Sam Sponsor' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/sign-out', expect.objectContaining({ method: 'POST' }));
    expect(assign).toHaveBeenCalledWith('/');
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it('the Sponsor dropdown lists one page per sponsored type and nothing else when no feature is on', async () => {
    const { user } = renderWithProviders(<NavBar />);
    const menu = await openSponsorMenu(user);
    expect(menuItemNames(menu)).toEqual([
      ['Students', '/sponsored/board/students'],
      ['Teachers', '/sponsored/board/teachers'],
    ]);
    expect(within(mainNav()).queryByRole('link', { name: /Donate/ })).not.toBeInTheDocument();
    expect(within(mainNav()).queryByRole('link', { name: /Gift/ })).not.toBeInTheDocument();
  });

  it('gifts add Gift a Sponsorship, Redeem Gift and the Gift shortcut', async () => {
    const { user } = renderWithProviders(<NavBar />, {
      partner: buildPartner({ partnerFeatures: features(Feature.Gifts) }),
    });
    expect(within(mainNav()).getByRole('link', { name: 'Gift' })).toHaveAttribute('href', '/gift');
    expect(within(mainNav()).queryByRole('link', { name: 'Donate' })).not.toBeInTheDocument();
    const menu = await openSponsorMenu(user);
    expect(menuItemNames(menu)).toEqual([
      ['Students', '/sponsored/board/students'],
      ['Teachers', '/sponsored/board/teachers'],
      ['Gift a Sponsorship', '/gift'],
      ['Redeem Gift', '/redeem'],
    ]);
  });

  it('trials add Redeem Trial; donations add General Giving and the Donate shortcut', async () => {
    const { user } = renderWithProviders(<NavBar />, {
      partner: buildPartner({ partnerFeatures: features(Feature.Trials, Feature.GeneralDonations) }),
    });
    expect(within(mainNav()).getByRole('link', { name: 'Donate' })).toHaveAttribute('href', '/donate');
    expect(within(mainNav()).queryByRole('link', { name: 'Gift' })).not.toBeInTheDocument();
    const menu = await openSponsorMenu(user);
    expect(menuItemNames(menu)).toEqual([
      ['Students', '/sponsored/board/students'],
      ['Teachers', '/sponsored/board/teachers'],
      ['Redeem Trial', '/redeemtrial'],
      ['General Giving', '/donate'],
    ]);
  });

  it('setting 2 relabels the Sponsor button', async () => {
    const { user } = renderWithProviders(<NavBar />, {
      partner: buildPartner({
        partnerSettings: [
          { partnerSettingTypesId: PartnerSetting.SponsorButtonLabel, value: 'Support a Learner' },
        ],
      }),
    });
    expect(within(mainNav()).queryByRole('button', { name: 'Sponsor' })).not.toBeInTheDocument();
    const menu = await openSponsorMenu(user, 'Support a Learner');
    expect(within(menu).getByRole('menuitem', { name: 'Students' })).toBeInTheDocument();
  });

  it('the logo links home by default and to the partner website with setting 4', () => {
    renderWithProviders(<NavBar />);
    expect(screen.getByRole('link', { name: 'Hope Schools' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('img', { name: 'Hope Schools' })).toHaveAttribute(
      'src',
      '/media/partners/2/logo.webp',
    );
  });

  it('setting 4 makes the logo link to the partner website', () => {
    renderWithProviders(<NavBar />, {
      partner: buildPartner({
        partnerSettings: [{ partnerSettingTypesId: PartnerSetting.LogoLinksToWebsite, value: 'TRUE' }],
      }),
    });
    expect(screen.getByRole('link', { name: 'Hope Schools' })).toHaveAttribute(
      'href',
      'https://hope.example',
    );
  });

  it('has About and Contact', () => {
    renderWithProviders(<NavBar />);
    expect(within(mainNav()).getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    expect(within(mainNav()).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
  });

  it('Checkout shows the number of items in the cart and follows changes', () => {
    addToCart({ id: 'a', sponsoredsId: 1, quantity: 1 });
    renderWithProviders(<NavBar />);
    const checkout = screen.getByRole('link', { name: /^Checkout/ });
    expect(checkout).toHaveAttribute('href', '/checkout');
    expect(checkout).toHaveAccessibleName(/^Checkout ?1 item in cart$/);
    act(() => addToCart({ id: 'b', sponsoredsId: 2, quantity: 2 }));
    expect(screen.getByTestId('cart-count')).toHaveTextContent('2');
  });

  it('shows only the social links the partner has set, each labelled', () => {
    renderWithProviders(<NavBar />, {
      partner: buildPartner({
        facebook: 'https://facebook.com/hope',
        instagram: null,
        twitter: 'https://x.com/hope',
      }),
    });
    expect(screen.getByRole('link', { name: 'Hope Schools on Facebook' })).toHaveAttribute(
      'href',
      'https://facebook.com/hope',
    );
    expect(screen.getByRole('link', { name: 'Hope Schools on Twitter' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Instagram/ })).not.toBeInTheDocument();
  });

  it('the burger opens a drawer with the same links', async () => {
    const { user } = renderWithProviders(<NavBar />, {
      partner: buildPartner({ partnerFeatures: features(Feature.Gifts) }),
    });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = await screen.findByRole('dialog');
    const drawerNav = within(dialog).getByRole('navigation', { name: 'Main' });
    expect(within(drawerNav).getByRole('link', { name: 'Students' })).toHaveAttribute(
      'href',
      '/sponsored/board/students',
    );
    expect(within(drawerNav).getByRole('link', { name: 'Redeem Gift' })).toHaveAttribute('href', '/redeem');
    expect(within(drawerNav).getByRole('link', { name: 'Sign up!' })).toHaveAttribute('href', '/signup');
  });
});
