import type { UserSponsored } from '@kinship/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../test/api-stub';
import { buildUser, signedIn, signedOut } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { UserAreaRoute } from './user-area';

function line(overrides: Partial<UserSponsored> = {}): UserSponsored {
  return {
    id: 1,
    sponsoredsId: 101,
    partnersId: 2,
    numSlots: 1,
    amount: 3500,
    interval: 'month',
    dateStarted: '2025-03-04T00:00:00.000Z',
    dateEnded: null,
    sponsoreds: {
      id: 101,
      firstName: 'Maria',
      lastName: 'Lopez',
      // A teacher: named by her name, never by her job title.
      title: 'French Teacher',
      profileImagePath: null,
      masked: true,
      partnerSponsoredTypesId: 21,
      sponsoredTypesId: 2,
    },
    ...overrides,
  };
}

const sponsorLines: UserSponsored[] = [
  line(),
  line({
    id: 2,
    sponsoredsId: 102,
    numSlots: 2,
    amount: 84000,
    interval: 'year',
    sponsoreds: {
      ...line().sponsoreds,
      id: 102,
      firstName: 'Class 4B',
      lastName: null,
      title: 'Class 4B',
      sponsoredTypesId: 5,
    },
  }),
  line({
    id: 3,
    sponsoredsId: 103,
    dateEnded: '2025-09-01T00:00:00.000Z',
    sponsoreds: { ...line().sponsoreds, id: 103, firstName: 'Ana', lastName: null },
  }),
  line({
    id: 4,
    sponsoredsId: 104,
    partnersId: 3,
    sponsoreds: { ...line().sponsoreds, id: 104, firstName: 'Elsewhere' },
  }),
];
const sponsor = signedIn(buildUser({ userSponsoreds: sponsorLines }));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('UserAreaRoute', () => {
  it('lists this partner’s sponsorships with links to their profiles, active before ended', async () => {
    const api = stubApi({ [`GET /api/users/${sponsor.user!.id}/sponsoreds`]: json(sponsorLines) });
    renderWithProviders(<UserAreaRoute />, {
      me: sponsor,
      route: '/profile/sponsorships',
      path: '/profile/*',
    });
    expect(screen.getByRole('heading', { name: 'Sam Sponsor', level: 1 })).toBeInTheDocument();
    const active = await screen.findByRole('region', { name: 'Your sponsorships' });
    expect(api.callsTo(`GET /api/users/${sponsor.user!.id}/sponsoreds`)[0]!.query.get('partnersId')).toBe(
      '2',
    );
    expect(within(active).getByRole('link', { name: 'Maria Lopez' })).toHaveAttribute(
      'href',
      '/sponsored/profile/101',
    );
    expect(within(active).getByText('1 slot · $35.00 per month')).toBeInTheDocument();
    expect(within(active).getByRole('link', { name: 'Class 4B' })).toHaveAttribute(
      'href',
      '/sponsored/profile/102',
    );
    expect(within(active).getByText('2 slots · $840.00 per year')).toBeInTheDocument();
    const ended = screen.getByRole('region', { name: 'Past sponsorships' });
    expect(within(ended).getByRole('link', { name: 'Ana' })).toHaveAttribute(
      'href',
      '/sponsored/profile/103',
    );
    expect(screen.queryByText('Elsewhere')).not.toBeInTheDocument();
  });

  it('links to sponsorships and payment settings', async () => {
    stubApi({
      [`GET /api/users/${sponsor.user!.id}/sponsoreds`]: json(sponsorLines),
      [`GET /api/payments/${sponsor.user!.id}/paymentmethods`]: json([]),
    });
    renderWithProviders(<UserAreaRoute />, {
      me: sponsor,
      route: '/profile/paymentsettings',
      path: '/profile/*',
    });
    const nav = screen.getByRole('navigation', { name: 'My Profile' });
    expect(within(nav).getByRole('link', { name: 'Sponsorships' })).toHaveAttribute(
      'href',
      '/profile/sponsorships',
    );
    expect(within(nav).getByRole('link', { name: 'Payment settings' })).toHaveAttribute(
      'href',
      '/profile/paymentsettings',
    );
    expect(within(nav).getByRole('link', { name: 'Payment settings' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(
      await screen.findByText(/Your saved payment methods appear here after your first payment/),
    ).toBeInTheDocument();
  });

  it('someone with no sponsorships is told so', async () => {
    const me = signedIn();
    stubApi({ [`GET /api/users/${me.user!.id}/sponsoreds`]: json([]) });
    renderWithProviders(<UserAreaRoute />, {
      me,
      route: '/profile/sponsorships',
      path: '/profile/*',
    });
    expect(await screen.findByText('You have no active sponsorships yet.')).toBeInTheDocument();
  });

  it('a visitor is asked to sign in', () => {
    renderWithProviders(<UserAreaRoute />, {
      me: signedOut,
      route: '/profile/sponsorships',
      path: '/profile/*',
    });
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('shows manual sponsorships in payment settings, and Pay by card puts a conversion in the cart', async () => {
    const manual = line({ id: 9, sponsoredsId: 109, numSlots: 2, subscriptionsId: null, isManual: true });
    const paid = line({ id: 10, sponsoredsId: 110, subscriptionsId: 55 });
    const me = signedIn(buildUser({ userSponsoreds: [manual, paid] }));
    stubApi({
      [`GET /api/users/${me.user!.id}/sponsoreds`]: json([manual, paid]),
      [`GET /api/payments/${me.user!.id}/paymentmethods`]: json([]),
    });
    const { user } = renderWithProviders(<UserAreaRoute />, {
      me,
      route: '/profile/paymentsettings',
      path: '/profile/*',
    });
    const offline = await screen.findByRole('region', { name: 'Sponsorships paid offline' });
    expect(within(offline).getByText('Maria Lopez')).toBeInTheDocument();
    expect(within(offline).getAllByRole('listitem')).toHaveLength(1);
    await user.click(within(offline).getByRole('button', { name: 'Pay by card for Maria Lopez' }));
    expect(JSON.parse(window.localStorage.getItem('kinship.cart') ?? '[]')).toEqual([
      { id: '109', sponsoredsId: 109, quantity: 2, isConversion: true },
    ]);
  });
  it('lists a redeemed trial as a trial with its end and reminder, not as paid offline, and Keep sponsoring converts it', async () => {
    const trial = line({
      id: 11,
      sponsoredsId: 111,
      amount: 0,
      interval: null,
      subscriptionsId: null,
      isManual: true,
      trial: {
        endsAt: '2099-05-20T10:00:00.000Z',
        reminderAt: '2099-05-17T10:00:00.000Z',
        remindedAt: null,
      },
    });
    const offlineLine = line({
      id: 12,
      sponsoredsId: 112,
      subscriptionsId: null,
      isManual: true,
      trial: null,
    });
    const me = signedIn(buildUser({ userSponsoreds: [trial, offlineLine] }));
    stubApi({ [`GET /api/users/${me.user!.id}/sponsoreds`]: json([trial, offlineLine]) });
    const { user } = renderWithProviders(<UserAreaRoute />, {
      me,
      route: '/profile/sponsorships',
      path: '/profile/*',
    });
    const trials = await screen.findByRole('region', { name: 'Trial sponsorships' });
    expect(within(trials).getAllByRole('listitem')).toHaveLength(1);
    expect(within(trials).getByText('Trial · ends 05/20/2099')).toBeInTheDocument();
    expect(
      within(trials).getByText('We will email you a reminder on 05/17/2099, 3 days before it ends.'),
    ).toBeInTheDocument();
    const offline = screen.getByRole('region', { name: 'Sponsorships paid offline' });
    expect(within(offline).getAllByRole('listitem')).toHaveLength(1);
    expect(within(offline).queryByText(/05\/20\/2099/)).toBeNull();
    await user.click(within(trials).getByRole('button', { name: 'Keep sponsoring Maria Lopez' }));
    expect(JSON.parse(window.localStorage.getItem('kinship.cart') ?? '[]')).toEqual([
      { id: '111', sponsoredsId: 111, quantity: 1, isConversion: true },
    ]);
  });
});
