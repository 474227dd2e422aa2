import fs from 'node:fs';
import path from 'node:path';
import { Feature, MESSAGES } from '@kinship/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadPart } from '../../../i18n/catalogue';
import { json, stubApi } from '../../../test/api-stub';
import { buildPartner, sandboxPaymentConfig } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { DonatePage, donationErrorMessages } from './donate-page';

const source = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../../lang/en-US.json'), 'utf8'),
) as Record<string, string>;
const spaces = (value: string | null | undefined) => (value ?? '').replace(/[\u00a0\u202f]/g, ' ');

const maple = buildPartner({
  name: 'Maple Kids',
  countriesId: 8,
  currency: 'cad',
  ein: '123456789RR0001',
  defaultLocale: 'en-CA',
  locales: ['en-CA', 'fr-CA'],
  partnerFeatures: [{ featuresId: Feature.GeneralDonations }],
});

beforeAll(async () => {
  await loadPart('fr-CA', 'public');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the donation’s catalogue', () => {
  it('keeps the spec’s error texts (domain MESSAGES) word for word in English', () => {
    expect(source[donationErrorMessages.title.id]).toBe(MESSAGES.donationErrorTitle);
    expect(source[donationErrorMessages.body.id]).toBe(MESSAGES.donationErrorBody);
  });
});

describe('/donate in French', () => {
  it('takes a donation in Canadian dollars from start to thank-you', async () => {
    const api = stubApi({
      'GET /api/payments/config': json(sandboxPaymentConfig),
      'POST /api/sandbox/paymentmethods': json({
        id: 'pm_sandbox_fr',
        card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
      }),
      'POST /api/payments': json('/receipts/don-fr'),
    });
    const { user } = renderWithProviders(<DonatePage />, {
      route: '/donate',
      partner: maple,
      locale: 'fr-CA',
    });

    expect(screen.getByRole('heading', { name: 'Faire un don' })).toBeInTheDocument();
    expect(screen.getByText('Faites un don ponctuel à Maple Kids.')).toBeInTheDocument();
    const quick = screen.getByRole('group', { name: 'Montants suggérés' });
    expect(
      within(quick)
        .getAllByRole('button')
        .map((button) => spaces(button.textContent)),
    ).toEqual(['10 $', '25 $', '50 $', '75 $', '100 $']);
    expect(screen.getByText('Facultatif, jusqu’à 500 caractères (0/500)')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Maple Kids est un organisme de bienfaisance enregistré au Canada (numéro d’entreprise 123456789RR0001). Votre don est déductible d’impôt dans la mesure permise par la loi.',
      ),
    ).toBeInTheDocument();

    // Nothing is sent until the form is complete; the checks speak French.
    await screen.findByLabelText('Numéro de carte');
    const submit = () => screen.getByRole('button', { name: /^Donner / });
    await user.click(submit());
    expect(screen.getByText('Entrez votre prénom')).toBeInTheDocument();
    expect(screen.getByText('Entrez votre nom de famille')).toBeInTheDocument();
    expect(screen.getByText('Entrez une adresse courriel valide')).toBeInTheDocument();

    const amount = screen.getByRole('spinbutton', { name: /Montant/ });
    await user.clear(amount);
    await user.type(amount, '1234.56');
    expect(spaces(submit().textContent)).toBe('Donner 1 234,56 $');
    await user.type(screen.getByLabelText(/Prénom/), 'Camille');
    await user.type(screen.getByLabelText(/Nom de famille/), 'Tremblay');
    await user.type(screen.getByLabelText(/^Courriel/), 'camille@example.org');
    await user.type(screen.getByLabelText('Numéro de carte'), '4242424242424242');
    await user.type(screen.getByLabelText('Expiration (MM/AA)'), '1230');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.type(screen.getByLabelText('Code postal'), 'H2X 1Y4');
    await user.click(submit());

    expect(await screen.findByRole('heading', { name: 'Merci de votre don!' })).toBeInTheDocument();
    expect(
      screen.getByText(
        (_, element) =>
          element?.tagName === 'P' &&
          spaces(element.textContent) ===
            'Votre don de 1 234,56 $ à Maple Kids a bien été reçu. Un reçu a été envoyé à camille@example.org.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir votre reçu' })).toHaveAttribute('href', '/receipts/don-fr');
    expect(api.callsTo('POST /api/payments')[0]!.body).toMatchObject({
      amount: 1234.56,
      email: 'camille@example.org',
    });
  });

  it('says in French when a card fails the card rules', async () => {
    stubApi({ 'GET /api/payments/config': json(sandboxPaymentConfig) });
    const { user } = renderWithProviders(<DonatePage />, {
      route: '/donate',
      partner: maple,
      locale: 'fr-CA',
    });
    await user.type(screen.getByLabelText(/Prénom/), 'Camille');
    await user.type(screen.getByLabelText(/Nom de famille/), 'Tremblay');
    await user.type(screen.getByLabelText(/^Courriel/), 'camille@example.org');
    await user.type(await screen.findByLabelText('Numéro de carte'), '4242424242424241');
    await user.type(screen.getByLabelText('Expiration (MM/AA)'), '1230');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: /^Donner / }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Le numéro de votre carte est incorrect.');
  });
});
