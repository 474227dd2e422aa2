import { Feature, Role } from '@kinship/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { partnerDashboardUrl } from '../../features/staff/shell/sections';
import { json, stubApi } from '../../test/api-stub';
import { buildPartner, buildUser, partnerStaff, signedIn, signedOut } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { DashboardRoute, NO_ADMIN_ACCESS, NO_SECTION_ACCESS } from './dashboard';

afterEach(() => vi.unstubAllGlobals());

const navLinks = () =>
  within(screen.getByRole('navigation', { name: 'Dashboard' }))
    .getAllByRole('link')
    .map((l) => l.textContent)
    .filter((name) => name !== 'Back to the site');

const staffedPartners = (...partners: { id: number; name: string; subdomain: string }[]) =>
  stubApi({
    'GET /api/dashboard/partners': json(partners.map((p) => ({ ...p, actions: [] }))),
    // A set-up partner: the first page shows no checklist.
    'GET /api/dashboard/setup': json({ done: true, steps: [] }),
  });

describe('DashboardRoute', () => {
  it('a partner administrator sees every partner section, and the first page says what each will hold', async () => {
    staffedPartners({ id: 2, name: 'Hope Schools', subdomain: 'hope' });
    renderWithProviders(<DashboardRoute />, {
      me: partnerStaff(2, [Role.Administrator]),
      route: '/dashboard',
      path: '/dashboard/*',
    });
    expect(navLinks()).toEqual([
      'Overview',
      'Records',
      'Pictures',
      'Programs',
      'Updates',
      'Sponsors',
      'Donations',
      'Gifts and codes',
      'Reports',
      'Types and plans',
      'Settings',
      'Team',
      'Audit log',
    ]);
    // An administrator reads reports, so the first page is the Overview (issue 13), loaded lazily.
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('heading', { name: 'Overview', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText(NO_ADMIN_ACCESS)).not.toBeInTheDocument();
    // One partner: no switcher.
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Partner' })).not.toBeInTheDocument());
  });

  it('each role sees the sections its actions open', () => {
    staffedPartners();
    const cases: [number, string[]][] = [
      [Role.Reporting, ['Overview', 'Records', 'Sponsors', 'Donations', 'Gifts and codes', 'Reports']],
      [Role.Management, ['Overview', 'Records', 'Pictures', 'Programs', 'Updates']],
      [Role.Messages, ['Overview', 'Records', 'Updates']],
      [Role.DonorManagement, ['Overview', 'Records', 'Sponsors', 'Donations', 'Gifts and codes']],
    ];
    for (const [role, expected] of cases) {
      const { unmount } = renderWithProviders(<DashboardRoute />, {
        me: partnerStaff(2, [role]),
        route: '/dashboard',
        path: '/dashboard/*',
      });
      expect({ role, links: navLinks() }).toEqual({ role, links: expected });
      unmount();
    }
  });

  it('Letters join after Updates for those who moderate letters, only while the partner has feature 4', () => {
    staffedPartners();
    const withLetters = buildPartner({ partnerFeatures: [{ featuresId: Feature.Messages }] });
    const cases: [number, string[]][] = [
      [Role.Messages, ['Overview', 'Records', 'Updates', 'Letters']],
      [Role.Management, ['Overview', 'Records', 'Pictures', 'Programs', 'Updates']],
    ];
    for (const [role, expected] of cases) {
      const { unmount } = renderWithProviders(<DashboardRoute />, {
        me: partnerStaff(2, [role]),
        partner: withLetters,
        route: '/dashboard',
        path: '/dashboard/*',
      });
      expect({ role, links: navLinks() }).toEqual({ role, links: expected });
      unmount();
    }
    const { unmount } = renderWithProviders(<DashboardRoute />, {
      me: partnerStaff(2, [Role.Administrator]),
      partner: withLetters,
      route: '/dashboard',
      path: '/dashboard/*',
    });
    expect(navLinks().slice(3, 7)).toEqual(['Programs', 'Updates', 'Letters', 'Sponsors']);
    expect(screen.getByRole('link', { name: 'Letters' })).toHaveAttribute('href', '/dashboard/letters');
    unmount();
  });

  it('without feature 4 the Letters addresses do not exist, even for an administrator', () => {
    staffedPartners();
    for (const route of ['/dashboard/letters', '/dashboard/letters/7']) {
      const { unmount } = renderWithProviders(<DashboardRoute />, {
        me: partnerStaff(2, [Role.Administrator]),
        route,
        path: '/dashboard/*',
      });
      expect(screen.getByRole('alert')).toHaveTextContent('This page does not exist.');
      expect(screen.queryByRole('link', { name: 'Letters' })).not.toBeInTheDocument();
      unmount();
    }
  });

  it('a program-scoped administrator has no partner-wide sections', () => {
    staffedPartners();
    const me = signedIn(
      buildUser({
        partnerUsers: [
          {
            partnersId: 2,
            partnerUserRoles: [{ rolesId: Role.Administrator }],
            partnerUserEntities: [{ entitiesId: 1 }],
          },
        ],
      }),
    );
    renderWithProviders(<DashboardRoute />, { me, route: '/dashboard', path: '/dashboard/*' });
    expect(navLinks()).toEqual([
      'Overview',
      'Records',
      'Pictures',
      'Programs',
      'Updates',
      'Sponsors',
      'Donations',
      'Gifts and codes',
      'Reports',
    ]);
  });

  it('opens a section the person may use, and refuses one they may not', () => {
    staffedPartners();
    const { unmount } = renderWithProviders(<DashboardRoute />, {
      me: partnerStaff(2, [Role.Messages]),
      route: '/dashboard/updates',
      path: '/dashboard/*',
    });
    expect(screen.getByRole('link', { name: 'Updates' })).toHaveAttribute('aria-current', 'page');
    // Letters belong to feature 4 (Messages), which this partner does not have; no placeholder either.
    expect(screen.queryByRole('link', { name: 'Letters' })).not.toBeInTheDocument();
    expect(screen.queryByText(/not built yet/)).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<DashboardRoute />, {
      me: partnerStaff(2, [Role.Messages]),
      route: '/dashboard/settings',
      path: '/dashboard/*',
    });
    expect(screen.getByRole('alert')).toHaveTextContent(NO_SECTION_ACCESS);
  });

  it('a platform administrator may administer any partner, with the console and a partner switcher', async () => {
    const api = staffedPartners(
      { id: 1, name: 'Kinship', subdomain: 'kinship' },
      { id: 3, name: 'Maple Schools', subdomain: 'maple' },
    );
    const assign = vi.fn();
    vi.stubGlobal('location', {
      ...window.location,
      assign,
      protocol: 'http:',
      hostname: 'maple.localhost',
      port: '3000',
    });
    const { user } = renderWithProviders(<DashboardRoute />, {
      me: partnerStaff(1, [Role.Administrator]),
      partner: buildPartner({ id: 3, name: 'Maple Schools', subdomain: 'maple' }),
      route: '/dashboard',
      path: '/dashboard/*',
    });
    expect(navLinks()).toContain('Platform console');
    const switcher = await screen.findByRole('combobox', { name: 'Partner' });
    expect(switcher).toHaveValue('Maple Schools');
    expect(api.callsTo('GET /api/dashboard/partners')).toHaveLength(1);
    await user.click(switcher);
    await user.click(await screen.findByRole('option', { name: 'Kinship' }));
    expect(assign).toHaveBeenCalledWith('http://kinship.localhost:3000/dashboard');
  });

  it('a sponsor without a role is told they have no access', () => {
    renderWithProviders(<DashboardRoute />, { me: signedIn() });
    expect(screen.getByRole('alert')).toHaveTextContent(
      "You do not have access to this partner's administration.",
    );
    expect(screen.queryByRole('navigation', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('a visitor is told the same and offered Login', () => {
    renderWithProviders(<DashboardRoute />, { me: signedOut });
    expect(screen.getByText(NO_ADMIN_ACCESS)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });
});

describe('partnerDashboardUrl', () => {
  const at = (hostname: string, port = '') => ({ protocol: 'https:', hostname, port });
  it('swaps the partner’s subdomain, keeps the port, and uses ?partner= on a bare host', () => {
    expect(partnerDashboardUrl(at('demo.localhost', '3000'), 'demo', 'maple')).toBe(
      'https://maple.localhost:3000/dashboard',
    );
    expect(partnerDashboardUrl(at('demo.kinship.app'), 'demo', 'maple')).toBe(
      'https://maple.kinship.app/dashboard',
    );
    expect(partnerDashboardUrl(at('localhost', '3000'), 'demo', 'maple')).toBe(
      'https://localhost:3000/dashboard?partner=maple',
    );
    expect(partnerDashboardUrl(at('127.0.0.1'), 'demo', 'maple')).toBe(
      'https://127.0.0.1/dashboard?partner=maple',
    );
  });
});
