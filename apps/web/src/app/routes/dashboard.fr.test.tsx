import { Role } from '@kinship/domain';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPart } from '../../i18n/catalogue';
import { json, stubApi } from '../../test/api-stub';
import { partnerStaff, buildCanadianPartner } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { DashboardRoute } from './dashboard';

const canadian = buildCanadianPartner({
  id: 2,
});

beforeAll(async () => {
  // Only the public part, as the site has it when the dashboard opens: the dashboard loads its own.
  await loadPart('fr-CA', 'public');
});

describe('DashboardRoute in French', () => {
  it('shows the loading screen until the staff catalogue is there, then the dashboard in French', async () => {
    stubApi({
      'GET /api/dashboard/partners': json([]),
      'GET /api/dashboard/setup': json({ done: true, steps: [] }),
    });
    renderWithProviders(<DashboardRoute />, {
      me: partnerStaff(2, [Role.Administrator]),
      partner: canadian,
      locale: 'fr-CA',
      route: '/dashboard/team',
      path: '/dashboard/*',
    });
    expect(screen.getByRole('status')).toHaveTextContent('Chargement…');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();

    const nav = await screen.findByRole('navigation', { name: 'Tableau de bord' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links[0]).toBe('Aperçu');
    expect(links).toContain('Paramètres');
    expect(links).toContain('Retour au site');
    // Every section's navigation name is a catalogue message: none is left in English.
    for (const name of [
      'Fiches',
      'Mises à jour',
      'Rapports',
      'Équipe',
      'Journal d’audit',
      'Dons',
      'Parrains',
    ])
      expect(links).toContain(name);
    for (const english of ['Records', 'Updates', 'Reports', 'Team', 'Audit log', 'Donations', 'Sponsors'])
      expect(links).not.toContain(english);
    expect(screen.getByRole('button', { name: 'Menu du tableau de bord' })).toBeInTheDocument();
  });
});
