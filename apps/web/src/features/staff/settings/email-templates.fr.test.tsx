import type { EmailTemplatesAnswer, Locale } from '@kinship/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadPart } from '../../../i18n/catalogue';
import { json, stubApi, type ApiCall } from '../../../test/api-stub';
import { buildCanadianPartner } from '../../../test/fixtures';
import { renderWithProviders, StaffCatalogue } from '../../../test/render';
import { EmailTemplatesPanel } from './components/email-templates-panel';

afterEach(() => vi.unstubAllGlobals());

/** The server's answer for one locale: the receipt's version in that language (decision 073). */
function answerIn(locale: Locale, custom = false): EmailTemplatesAnswer {
  const french = locale === 'fr-CA';
  const subject = french ? 'Votre reçu de {{partnerName}}' : 'Your receipt from {{partnerName}}';
  const body = french ? 'Bonjour {{donorName}},' : 'Dear {{donorName}},';
  return {
    enabled: true,
    locale,
    locales: ['en-CA', 'fr-CA'],
    templates: [
      {
        kind: 'receipt',
        label: 'Receipts',
        sentWhen: 'After every payment: a sponsorship payment or a donation.',
        placeholders: [{ name: 'donorName', description: 'The donor’s name', sample: 'Ada' }],
        subject: custom ? 'Merci, {{donorName}}' : subject,
        body,
        custom,
        defaultSubject: subject,
        defaultBody: body,
      },
    ],
  };
}

describe('Email templates in French, a version per offered language', () => {
  it('shows a tab per language and saves the French version with its locale', async () => {
    await loadPart('fr-CA', 'public');
    await loadPart('fr-CA', 'staff');
    const api = stubApi({
      'GET /api/dashboard/emailtemplates': (call: ApiCall) =>
        json(answerIn((call.query.get('locale') as Locale | null) ?? 'en-CA')),
      'PUT /api/dashboard/emailtemplates/receipt': json(answerIn('fr-CA', true)),
    });
    const user = userEvent.setup();
    renderWithProviders(
      <StaffCatalogue>
        <EmailTemplatesPanel />
      </StaffCatalogue>,
      {
        partner: buildCanadianPartner(),
        locale: 'fr-CA',
      },
    );
    expect(await screen.findByRole('heading', { name: 'Modèles de courriel' })).toBeInTheDocument();
    const english = await screen.findByRole('tab', { name: 'English (Canada)' });
    expect(english).toHaveAttribute('aria-selected', 'true');
    expect(
      screen.getByText(
        /reçoit votre version en English \(Canada\); à défaut, le libellé par défaut dans sa langue/,
      ),
    ).toBeInTheDocument();
    // The server's words about the kind, in the staff's language.
    expect(await screen.findByText(/Après chaque paiement/)).toBeInTheDocument();
    expect(screen.getByText('Reçus')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Objet/ })).toHaveValue('Your receipt from {{partnerName}}');

    await user.click(screen.getByRole('tab', { name: 'Français (Canada)' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Objet/ })).toHaveValue('Votre reçu de {{partnerName}}'),
    );
    expect(api.calls.some((c) => c.query.get('locale') === 'fr-CA')).toBe(true);
    await user.clear(screen.getByRole('textbox', { name: /^Objet/ }));
    await user.type(screen.getByRole('textbox', { name: /^Objet/ }), 'Merci, {{{{donorName}}');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le modèle' }));
    await waitFor(() => expect(api.callsTo('PUT /api/dashboard/emailtemplates/receipt')).toHaveLength(1));
    expect(api.callsTo('PUT /api/dashboard/emailtemplates/receipt')[0]!.body).toMatchObject({
      subject: 'Merci, {{donorName}}',
      locale: 'fr-CA',
    });
  });
});
