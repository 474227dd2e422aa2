import type { ConsolePartner } from '@kinship/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { PlatformSection } from './components/platform-section';

afterEach(() => vi.unstubAllGlobals());

describe('the platform console', () => {
  it('asks for the Kinship plan by a readable name, says it is not a Stripe product, and sends its number', async () => {
    const api = stubApi({
      'GET /api/dashboard/platform/partners': json([]),
      'POST /api/dashboard/platform/partners': json({}, 400),
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderWithProviders(<PlatformSection />);
    const form = screen.getByRole('region', { name: 'Create a partner' });
    expect(within(form).queryByText(/by id/)).not.toBeInTheDocument();
    const plan = within(form).getByRole('textbox', { name: 'Kinship plan number (optional)' });
    expect(plan).toHaveAccessibleDescription(/It is not a Stripe product/);
    await user.type(within(form).getByRole('textbox', { name: /Subdomain/ }), 'hope');
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Hope');
    await user.type(plan, '3');
    await user.click(within(form).getByRole('button', { name: 'Create partner' }));
    await waitFor(() => expect(api.callsTo('POST /api/dashboard/platform/partners')).toHaveLength(1));
    expect(api.callsTo('POST /api/dashboard/platform/partners')[0]!.body).toMatchObject({
      subdomain: 'hope',
      name: 'Hope',
      productsId: 3,
    });
  });

  it('checks the new partner with the domain schema before sending, then sends the form and says it is created', async () => {
    const made: ConsolePartner = {
      id: 8,
      name: 'Hope',
      subdomain: 'hope',
      demoMode: true,
      privateDemo: false,
      paymentsOnboarded: false,
      activeSponsorships: 0,
      lastActivity: null,
      createdAt: '2026-11-27T00:00:00.000Z',
      domainsWaiting: [],
    };
    const api = stubApi({
      'GET /api/dashboard/platform/partners': json([]),
      'POST /api/dashboard/platform/partners': json(made),
    });
    const { user } = renderWithProviders(<PlatformSection />);
    // Pasted, not typed key by key: the form has thirteen fields, and typing each one is slow in jsdom.
    const fill = async (input: HTMLElement, value: string) => {
      await user.click(input);
      await user.paste(value);
    };
    const form = screen.getByRole('region', { name: 'Create a partner' });
    const subdomain = within(form).getByRole('textbox', { name: /Subdomain/ });
    await fill(subdomain, 'www');
    await fill(within(form).getByRole('textbox', { name: /Name/ }), 'Hope');
    await fill(within(form).getByRole('textbox', { name: 'Principal contact email' }), 'ada@');
    await user.click(within(form).getByRole('button', { name: 'Create partner' }));
    expect(within(form).getByText('This subdomain is reserved.')).toBeInTheDocument();
    expect(within(form).getByText('Invalid email')).toBeInTheDocument();
    expect(api.callsTo('POST /api/dashboard/platform/partners')).toHaveLength(0);

    await user.clear(subdomain);
    await fill(subdomain, 'hope');
    await fill(within(form).getByRole('textbox', { name: 'Principal contact email' }), 'example.org');
    await fill(within(form).getByRole('textbox', { name: 'EIN or business number' }), '12-3456789');
    await user.click(within(form).getByRole('checkbox', { name: 'Demo mode (test cards)' }));
    await user.click(within(form).getByRole('button', { name: 'Create partner' }));
    expect(await screen.findByText(/Hope is created\./)).toBeInTheDocument();
    expect(api.callsTo('POST /api/dashboard/platform/partners').map((c) => c.body)).toEqual([
      {
        subdomain: 'hope',
        name: 'Hope',
        countriesId: 10,
        ein: '12-3456789',
        currency: 'usd',
        principalContactName: '',
        principalContactEmail: 'ada@example.org',
        principalContactTitle: '',
        accountManagerName: '',
        accountManagerEmail: '',
        productsId: null,
        demoMode: true,
        privateDemo: false,
      },
    ]);
    // The form is empty again for the next partner.
    expect(subdomain).toHaveValue('');
  });

  it('lists the partners with their state, and turns demo mode on from the list read again', async () => {
    const hope: ConsolePartner = {
      id: 7,
      name: 'Hope Schools',
      subdomain: 'hope',
      demoMode: false,
      privateDemo: false,
      paymentsOnboarded: true,
      activeSponsorships: 1200,
      lastActivity: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      domainsWaiting: [],
    };
    let current = hope;
    const api = stubApi({
      'GET /api/dashboard/platform/partners': () => json([current]),
      'PATCH /api/dashboard/platform/partners/7': (call) => {
        current = { ...hope, ...(call.body as Partial<ConsolePartner>) };
        return json(current);
      },
    });
    const { user } = renderWithProviders(<PlatformSection />);
    const row = (await screen.findByText('Hope Schools')).closest('tr')!;
    expect(within(row).getByText('hope · #7')).toBeInTheDocument();
    expect(within(row).getByText('onboarded')).toBeInTheDocument();
    expect(within(row).getByText((1200).toLocaleString())).toBeInTheDocument();
    const demo = within(row).getByRole('switch', { name: 'Demo mode of Hope Schools' });
    expect(demo).not.toBeChecked();
    await user.click(demo);
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Demo mode of Hope Schools' })).toBeChecked(),
    );
    expect(api.callsTo('PATCH /api/dashboard/platform/partners/7').map((c) => c.body)).toEqual([
      { demoMode: true },
    ]);
    expect(api.callsTo('GET /api/dashboard/platform/partners')).toHaveLength(2);
  });
});
