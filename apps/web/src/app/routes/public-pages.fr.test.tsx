import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPart } from '../../i18n/catalogue';
import { buildPartner, buildCanadianPartner } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { AboutRoute } from './about';
import { AboutPartnerRoute } from './about-partner';
import { ContactRoute } from './contact';
import { NotFoundRoute } from './not-found';
import { PrivacyRoute } from './privacy';

const inFrench = (ui: ReactElement, partner = buildCanadianPartner()) =>
  renderWithProviders(ui, { partner, locale: 'fr-CA' });

beforeAll(async () => {
  await loadPart('fr-CA', 'site');
});

describe('the public pages in French', () => {
  it('/about tells the story in French, under a French title', () => {
    inFrench(<AboutRoute />);
    expect(screen.getByRole('heading', { level: 1, name: 'À propos de Hope Schools' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Notre histoire' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Commencer à parrainer' })).toBeInTheDocument();
    expect(document.title).toBe('À propos · Hope Schools');
  });

  it('/about/partner names the website, the support address and the partnership in French', () => {
    inFrench(<AboutPartnerRoute />);
    expect(screen.getByRole('heading', { level: 1, name: 'À propos de Hope Schools' })).toBeInTheDocument();
    expect(screen.getByText(/^Site Web :/)).toContainElement(
      screen.getByRole('link', { name: 'hope.example' }),
    );
    expect(screen.getByText(/^Assistance :/)).toContainElement(
      screen.getByRole('link', { name: 'support@hope.example' }),
    );
    expect(screen.getByRole('complementary', { name: 'Note sur le partenariat' })).toHaveTextContent(
      'Ce site est géré par Hope Schools',
    );
  });

  it('/contact gives the address inside a French sentence, or says there is none', () => {
    const { unmount } = inFrench(<ContactRoute />);
    expect(screen.getByRole('heading', { name: 'Communiquer avec Hope Schools' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@hope.example' }).parentElement).toHaveTextContent(
      'Une question sur un parrainage, un don ou votre compte? Écrivez à support@hope.example et l’équipe de Hope Schools vous répondra.',
    );
    expect(document.title).toBe('Contact · Hope Schools');
    unmount();
    inFrench(<ContactRoute />, buildCanadianPartner({ supportEmail: null }));
    expect(
      screen.getByText('Hope Schools n’a pas encore publié d’adresse courriel de soutien.'),
    ).toBeInTheDocument();
  });

  it('/privacy explains in French, ending with whom to ask', () => {
    inFrench(<PrivacyRoute />);
    expect(screen.getByRole('heading', { level: 1, name: 'Avis de confidentialité' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Protection des enfants' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@hope.example' }).parentElement).toHaveTextContent(
      'Pour consulter, corriger ou supprimer vos renseignements, communiquez avec Hope Schools à l’adresse support@hope.example.',
    );
    expect(document.title).toBe('Confidentialité · Hope Schools');
  });

  it('an unknown address says so in French', () => {
    inFrench(<NotFoundRoute />);
    expect(screen.getByRole('heading', { name: 'Page introuvable' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Aller à la page d’accueil' })).toHaveAttribute('href', '/');
  });
});

describe('the public pages in English', () => {
  it('/privacy ends with the support address, or with the partner alone', () => {
    const { unmount } = renderWithProviders(<PrivacyRoute />);
    expect(screen.getByRole('link', { name: 'support@hope.example' }).parentElement).toHaveTextContent(
      /^To see, correct or delete your information, contact Hope Schools at support@hope\.example\.$/,
    );
    unmount();
    renderWithProviders(<PrivacyRoute />, { partner: buildPartner({ supportEmail: null }) });
    expect(
      screen.getByText('To see, correct or delete your information, contact Hope Schools.'),
    ).toBeInTheDocument();
  });
});
