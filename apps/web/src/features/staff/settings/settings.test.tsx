import {
  DEFAULT_LOCALE_NOT_OFFERED,
  DOMAIN_WAITING_LABEL,
  type PartnerSettingsAnswer,
} from '@kinship/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadPart } from '../../../i18n/catalogue';
import { json, stubApi } from '../../../test/api-stub';
import { buildCanadianPartner } from '../../../test/fixtures';
import { renderWithProviders, StaffCatalogue } from '../../../test/render';
import { SettingsSection } from './components/settings-section';

afterEach(() => vi.unstubAllGlobals());

const waiting = {
  domain: 'give.example.org',
  verified: false,
  recordName: '_kinship-verify.give.example.org',
  recordValue: 'kinship-verify=0123456789abcdef0123456789abcdef',
  lastCheckedAt: null,
};
const settings: PartnerSettingsAnswer = {
  partnersId: 2,
  name: 'Demo',
  subdomain: 'demo',
  logo: null,
  headerImage: null,
  tagline: null,
  description: null,
  translations: {},
  brandColor: '#1c7ed6',
  website: null,
  facebook: null,
  instagram: null,
  twitter: null,
  supportEmail: null,
  landingPageTemplatesId: 1,
  features: [],
  settings: {
    autoBirthdayOccasions: false,
    sponsorButtonLabel: null,
    programLabel: null,
    logoLinksToWebsite: false,
  },
  domains: ['give.example.org', 'old.example.org'],
  domainVerification: [
    waiting,
    { ...waiting, domain: 'old.example.org', recordName: '_kinship-verify.old.example.org', verified: true },
  ],
  dnsTarget: 'demo.kinship.org',
  sponsorProcFee: 0,
  generalProcFee: 0,
  applicationFeeModel: 'tip',
  currency: 'usd',
  demoMode: false,
  privateDemo: false,
  defaultLocale: 'en-US',
  locales: ['en-US'],
  payments: { connected: false, chargesEnabled: null },
};

describe('SettingsSection › Domains', () => {
  it('lists a new domain as waiting for verification with its TXT record, and "Check now" asks the server', async () => {
    const api = stubApi({
      'GET /api/dashboard/settings': json(settings),
      'POST /api/dashboard/settings/domains/give.example.org/check': json({
        ...settings,
        domainVerification: settings.domainVerification.map((v) => ({ ...v, verified: true })),
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<SettingsSection />);
    await user.click(await screen.findByRole('tab', { name: 'Domains' }));

    const first = (await screen.findByLabelText('Domain 1')).closest('.mantine-Paper-root') as HTMLElement;
    const second = screen.getByLabelText('Domain 2').closest('.mantine-Paper-root') as HTMLElement;
    expect(within(first).getByText(DOMAIN_WAITING_LABEL)).toBeTruthy();
    expect(first.textContent).toContain(
      '_kinship-verify.give.example.org TXT kinship-verify=0123456789abcdef0123456789abcdef',
    );
    expect(within(second).queryByText(DOMAIN_WAITING_LABEL)).toBeNull();
    expect(within(second).getByText('Verified')).toBeTruthy();

    await user.click(within(first).getByRole('button', { name: 'Check now' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/dashboard/settings/domains/give.example.org/check')).toHaveLength(1),
    );
    await waitFor(() => expect(within(first).queryByText(DOMAIN_WAITING_LABEL)).toBeNull());
    expect(within(first).getByText('Verified')).toBeTruthy();
  });

  it('asks to save a domain that is not saved yet before showing its TXT record', async () => {
    stubApi({ 'GET /api/dashboard/settings': json({ ...settings, domains: [], domainVerification: [] }) });
    const user = userEvent.setup();
    renderWithProviders(<SettingsSection />);
    await user.click(await screen.findByRole('tab', { name: 'Domains' }));
    await user.click(screen.getByRole('button', { name: 'Add a domain' }));
    await user.type(screen.getByLabelText('Domain 1'), 'new.example.org');
    expect(screen.getByText('Save to get the TXT record that proves this domain is yours.')).toBeTruthy();
    expect(screen.queryByText(DOMAIN_WAITING_LABEL)).toBeNull();
  });
});

describe('SettingsSection › Site and features', () => {
  it('names each feature as staff read it, without its number or code name', async () => {
    stubApi({ 'GET /api/dashboard/settings': json({ ...settings, features: [6] }) });
    const user = userEvent.setup();
    renderWithProviders(<SettingsSection />);
    await user.click(await screen.findByRole('tab', { name: 'Site and features' }));
    expect(await screen.findByLabelText(/^Lightning sponsorships/)).toBeChecked();
    expect(screen.getByLabelText(/^CRM integrations/)).not.toBeChecked();
    expect(screen.getByLabelText(/^Letters/)).toBeInTheDocument();
    expect(screen.queryByText(/LightningSponsorships|CrmIntegrations|^6\. /)).toBeNull();
  });
});

describe('SettingsSection › Languages', () => {
  it('sends the languages offered and the default with the settings', async () => {
    const api = stubApi({
      'GET /api/dashboard/settings': json(settings),
      'PUT /api/dashboard/settings': json({
        ...settings,
        defaultLocale: 'en-CA',
        locales: ['en-CA', 'fr-CA'],
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<SettingsSection />);
    await user.click(await screen.findByRole('tab', { name: 'Site and features' }));
    const card = screen.getByRole('region', { name: 'Languages' });
    expect(within(card).getByRole('checkbox', { name: 'English (United States)' })).toBeChecked();
    await user.click(within(card).getByRole('checkbox', { name: 'English (Canada)' }));
    await user.click(within(card).getByRole('checkbox', { name: 'Français (Canada)' }));
    await user.click(within(card).getByRole('checkbox', { name: 'English (United States)' }));
    await user.click(within(card).getByRole('combobox', { name: 'Default language' }));
    expect(screen.queryByRole('option', { name: 'English (United States)' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'English (Canada)' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    await waitFor(() => expect(api.callsTo('PUT /api/dashboard/settings')).toHaveLength(1));
    expect(api.callsTo('PUT /api/dashboard/settings')[0]!.body).toMatchObject({
      defaultLocale: 'en-CA',
      locales: ['en-CA', 'fr-CA'],
    });
    expect(await screen.findByText('Saved. Your site shows the change on its next page load.')).toBeTruthy();
  });

  it('shows the server’s error on the default when it is no longer offered', async () => {
    const api = stubApi({
      'GET /api/dashboard/settings': json(settings),
      'PUT /api/dashboard/settings': () =>
        new Response(
          JSON.stringify({
            type: 'https://kinship.example/problems/validation',
            title: 'Some fields need another look.',
            status: 422,
            code: 'validation_failed',
            errors: [{ field: 'defaultLocale', message: DEFAULT_LOCALE_NOT_OFFERED }],
          }),
          { status: 422, headers: { 'content-type': 'application/problem+json' } },
        ),
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithProviders(<SettingsSection />);
    await user.click(await screen.findByRole('tab', { name: 'Site and features' }));
    const card = screen.getByRole('region', { name: 'Languages' });
    await user.click(within(card).getByRole('checkbox', { name: 'Français (Canada)' }));
    await user.click(within(card).getByRole('checkbox', { name: 'English (United States)' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    await waitFor(() => expect(api.callsTo('PUT /api/dashboard/settings')).toHaveLength(1));
    expect(api.callsTo('PUT /api/dashboard/settings')[0]!.body).toMatchObject({
      defaultLocale: 'en-US',
      locales: ['fr-CA'],
    });
    expect(await within(card).findByText(DEFAULT_LOCALE_NOT_OFFERED)).toBeTruthy();
    expect(within(card).getByRole('combobox', { name: 'Default language' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });
});

describe('SettingsSection in French', () => {
  it('shows the settings and the Languages card in French', async () => {
    await loadPart('fr-CA', 'public');
    await loadPart('fr-CA', 'staff');
    stubApi({
      'GET /api/dashboard/settings': json({
        ...settings,
        defaultLocale: 'en-CA',
        locales: ['en-CA', 'fr-CA'],
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(
      <StaffCatalogue>
        <SettingsSection />
      </StaffCatalogue>,
      {
        partner: buildCanadianPartner(),
        locale: 'fr-CA',
      },
    );
    expect(await screen.findByRole('heading', { name: 'Paramètres', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Image de marque' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Site et fonctionnalités' }));
    const card = screen.getByRole('region', { name: 'Langues' });
    expect(within(card).getByRole('checkbox', { name: 'Français (Canada)' })).toBeChecked();
    expect(within(card).getByRole('checkbox', { name: 'English (United States)' })).not.toBeChecked();
    expect(within(card).getByRole('combobox', { name: 'Langue par défaut' })).toHaveValue('English (Canada)');
    expect(screen.getByRole('button', { name: 'Enregistrer les paramètres' })).toBeInTheDocument();
  });
});
