import { formatDate, Role, type SponsorDetail, type SponsorRow, type SponsorshipView } from '@kinship/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi, paged } from '../../../test/api-stub';
import { partnerStaff } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { SponsorPage } from './components/sponsor-page';
import { SponsorsSection } from './components/sponsors-section';

afterEach(() => vi.unstubAllGlobals());

const row: SponsorRow = {
  id: 7,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.org',
  phone: null,
  city: 'London',
  tempAccount: false,
  activeSponsorships: 1,
  endedSponsorships: 0,
  manualSponsorships: 0,
  sponsoring: ['Maria Lopez'],
  totalPaid: 9000,
  payments: 3,
  lastPaymentAt: '2026-10-01T12:00:00.000Z',
  methodBrand: 'visa',
  methodLast4: '4242',
  methodExpMonth: 12,
  methodExpYear: 2030,
};

const sponsorship: SponsorshipView = {
  id: 55,
  usersId: 7,
  sponsoredsId: 301,
  name: 'Maria Lopez',
  code: 'ST-301',
  partnerSponsoredTypesId: 21,
  typeLabel: 'Student',
  entitiesId: 100,
  program: 'North Campus',
  numSlots: 1,
  amount: 3000,
  interval: 'month',
  isManual: false,
  linkCode: null,
  linkedAt: null,
  subscriptionsId: 900,
  subscriptionStatus: 'active',
  dateStarted: '2026-08-01T12:00:00.000Z',
  dateEnded: null,
  endReason: null,
};

const detail = (s: SponsorshipView): SponsorDetail => ({
  person: {
    id: 7,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.org',
    phone: null,
    address1: null,
    address2: null,
    city: 'London',
    state: null,
    zip: null,
    tempAccount: false,
    createdAt: '2026-07-01T12:00:00.000Z',
  },
  totalPaid: 9000,
  currency: 'USD',
  sponsorships: [s],
  paymentMethods: [],
  timeline: [],
});

describe('the Sponsors section', () => {
  it('lists the people who sponsor, each a link to their page', async () => {
    const api = stubApi({ 'GET /api/dashboard/sponsors': paged([row]) });
    renderWithProviders(<SponsorsSection />, { me: partnerStaff(2, [Role.Administrator]) });
    const link = await screen.findByRole('link', { name: 'Ada Lovelace' });
    expect(link).toHaveAttribute('href', '/dashboard/sponsors/7');
    expect(screen.getByRole('button', { name: 'Record a manual sponsorship' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/dashboard/sponsors')[0]!.query.get('page')).toBe('1');
  });

  it("ends a sponsorship with the reason given, then shows the person's page read again", async () => {
    let current = sponsorship;
    const api = stubApi({
      'GET /api/dashboard/sponsors/7': () => json(detail(current)),
      'POST /api/dashboard/sponsorships/55/end': () => {
        current = { ...sponsorship, dateEnded: '2026-11-27T12:00:00.000Z', endReason: 'Moved away' };
        return json(current);
      },
    });
    const { user } = renderWithProviders(<SponsorPage />, {
      me: partnerStaff(2, [Role.Administrator]),
      route: '/dashboard/sponsors/7',
      path: '/dashboard/sponsors/:id',
    });
    expect(await screen.findByText('1 active, 0 ended sponsorship')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'End' }));
    const dialog = await screen.findByRole('dialog', { name: 'End the sponsorship of Maria Lopez?' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Moved away');
    await user.click(within(dialog).getByRole('button', { name: 'End sponsorship' }));
    expect(await screen.findByText('0 active, 1 ended sponsorship')).toBeInTheDocument();
    expect(api.callsTo('POST /api/dashboard/sponsorships/55/end').map((c) => c.body)).toEqual([
      { reason: 'Moved away' },
    ]);
    expect(api.callsTo('GET /api/dashboard/sponsors/7').length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the giving history as a table, newest first as the server sends it', async () => {
    stubApi({
      'GET /api/dashboard/sponsors/7': json({
        ...detail(sponsorship),
        timeline: [
          { at: '2026-09-01T12:00:00.000Z', kind: 'payment', text: 'Paid for Maria Lopez', amount: 3000 },
          {
            at: '2026-08-01T12:00:00.000Z',
            kind: 'sponsorship_started',
            text: 'Started sponsoring Maria Lopez',
            amount: null,
          },
        ],
      }),
    });
    renderWithProviders(<SponsorPage />, {
      me: partnerStaff(2, [Role.Administrator]),
      route: '/dashboard/sponsors/7',
      path: '/dashboard/sponsors/:id',
    });
    const giving = await screen.findByRole('region', { name: 'Giving' });
    const rows = within(within(giving).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      `${formatDate('2026-09-01T12:00:00.000Z')} Paid for Maria Lopez$30.00`,
      `${formatDate('2026-08-01T12:00:00.000Z')} Started sponsoring Maria Lopez`,
    ]);
  });
});
