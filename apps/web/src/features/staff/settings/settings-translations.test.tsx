import type { PartnerSettingsAnswer } from '@kinship/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../test/api-stub';
import { buildCanadianPartner } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { SettingsSection } from './components/settings-section';

afterEach(() => vi.unstubAllGlobals());

const maple: PartnerSettingsAnswer = {
  partnersId: 3,
  name: 'Maple Schools Network',
  subdomain: 'maple',
  logo: null,
  headerImage: null,
  tagline: 'Schools that welcome every learner.',
  description: '<p>A Canadian charity.</p>',
  translations: { 'fr-CA': { tagline: 'Des écoles qui accueillent chaque élève.' } },
  brandColor: '#c92a2a',
  website: null,
  facebook: null,
  instagram: null,
  twitter: null,
  supportEmail: null,
  landingPageTemplatesId: 3,
  features: [],
  settings: {
    autoBirthdayOccasions: false,
    sponsorButtonLabel: null,
    programLabel: null,
    logoLinksToWebsite: false,
  },
  domains: [],
  domainVerification: [],
  dnsTarget: 'maple.kinship.org',
  sponsorProcFee: 0,
  generalProcFee: 0,
  applicationFeeModel: 'tip',
  currency: 'cad',
  demoMode: false,
  privateDemo: false,
  defaultLocale: 'en-CA',
  locales: ['en-CA', 'fr-CA'],
  payments: { connected: true, chargesEnabled: true },
};

describe('SettingsSection › Branding in each language (decision 072)', () => {
  it('edits the tagline and description per language and saves the French as translations', async () => {
    const api = stubApi({
      'GET /api/dashboard/settings': json(maple),
      'PUT /api/dashboard/settings': json(maple),
    });
    const user = userEvent.setup();
    renderWithProviders(<SettingsSection />, {
      partner: buildCanadianPartner(),
    });
    const english = await screen.findByRole('tab', { name: 'English (en-CA)' });
    expect(english).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText(/^Tagline/)).toHaveValue('Schools that welcome every learner.');

    await user.click(screen.getByRole('tab', { name: 'Français (fr-CA)' }));
    const panel = screen.getByRole('tabpanel', { name: 'Français (fr-CA)' });
    const tagline = within(panel).getByLabelText(/^Tagline/);
    expect(tagline).toHaveValue('Des écoles qui accueillent chaque élève.');
    const description = within(panel).getByLabelText(/^Description/);
    expect(description).toHaveValue('');
    expect(description).toHaveAttribute('placeholder', '<p>A Canadian charity.</p>');
    await user.type(description, '<p>Un organisme canadien.</p>');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    await waitFor(() => expect(api.callsTo('PUT /api/dashboard/settings')).toHaveLength(1));
    expect(api.callsTo('PUT /api/dashboard/settings')[0]!.body).toMatchObject({
      tagline: 'Schools that welcome every learner.',
      translations: {
        'fr-CA': {
          tagline: 'Des écoles qui accueillent chaque élève.',
          description: '<p>Un organisme canadien.</p>',
        },
      },
    });
  });
});
