import type { Invitation, PartnerPublic, TeamMember } from '@kinship/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadPart } from '../../../i18n/catalogue';
import { json, stubApi } from '../../../test/api-stub';
import { buildCanadianPartner } from '../../../test/fixtures';
import { renderWithProviders, StaffCatalogue } from '../../../test/render';
import { TeamSection } from './components/team-section';

afterEach(() => vi.unstubAllGlobals());

const me: TeamMember = {
  usersId: 5,
  firstName: 'Pat',
  lastName: 'Admin',
  email: 'pat@example.org',
  roles: [2],
  entityIds: [],
  isSelf: true,
};
const limited: TeamMember = {
  usersId: 6,
  firstName: 'Léa',
  lastName: 'Côté',
  email: 'lea@example.org',
  roles: [4, 6],
  entityIds: [1],
  isSelf: false,
};
const pending: Invitation = {
  id: 1,
  email: 'nouveau@example.org',
  roles: [3],
  entityIds: [],
  state: 'pending',
  expiresAt: '2026-12-01T00:00:00.000Z',
  createdAt: '2026-11-24T00:00:00.000Z',
  invitedBy: 'Pat Admin',
};

const frenchDate = (iso: string) =>
  new Intl.DateTimeFormat('fr-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(iso));

describe('Team in French', () => {
  it('lists staff, roles and invitations in French with a fr-CA date', async () => {
    await loadPart('fr-CA', 'public');
    await loadPart('fr-CA', 'staff');
    stubApi({
      'GET /api/dashboard/team': json([me, limited]),
      'GET /api/dashboard/team/invitations': json([pending]),
      'GET /api/dashboard/programs': json({
        programs: [{ id: 1, name: 'Antigua' }],
        countries: [],
        canCreate: true,
      }),
    });
    renderWithProviders(
      <StaffCatalogue>
        <TeamSection />
      </StaffCatalogue>,
      {
        partner: buildCanadianPartner({} as Partial<PartnerPublic>),
        locale: 'fr-CA',
      },
    );
    const leaRow = (await screen.findByText('lea@example.org')).closest('tr')!;
    expect(screen.getByRole('heading', { name: 'Équipe', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Personnel' })).toBeInTheDocument();
    expect(leaRow.textContent).toContain('Gestion, Gestion des donateurs');
    expect(within(leaRow).getByRole('button', { name: 'Modifier' })).toBeInTheDocument();
    expect(within(leaRow).getByRole('link', { name: 'Historique : Léa Côté' })).toBeInTheDocument();
    const patRow = screen.getByText('pat@example.org').closest('tr')!;
    expect(patRow.textContent).toContain('Tous les programmes');
    expect(within(patRow).getByText('vous')).toBeInTheDocument();
    expect(patRow.textContent).toContain('Administration');

    const invitations = screen.getByRole('region', { name: 'Invitations' });
    const invitationRow = within(invitations).getByText('nouveau@example.org').closest('tr')!;
    expect(within(invitationRow).getByText('en attente')).toBeInTheDocument();
    expect(invitationRow.textContent).toContain('Rapports');
    expect(invitationRow.textContent).toContain(frenchDate(pending.expiresAt));
    expect(within(invitationRow).getByRole('button', { name: 'Renvoyer' })).toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Envoyer l’invitation' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Gestion des donateurs/ })).toBeInTheDocument();
  });
});
