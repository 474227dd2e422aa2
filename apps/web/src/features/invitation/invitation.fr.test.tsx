import { ROLE_LABELS, type RoleId } from '@kinship/domain';
import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadPart } from '../../i18n/catalogue';
import { json, stubApi } from '../../test/api-stub';
import { signedOut, buildCanadianPartner } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { InvitationPage } from './components/invitation-page';
import sourceCatalogue from '../../../../../lang/en-US.json';
import { ROLE_MESSAGE_BY_ID } from './messages';

/** The source locale's catalogue: the English every message's default compiles from. */
const source: Record<string, string> = sourceCatalogue;

const canadian = buildCanadianPartner();

beforeAll(async () => {
  await loadPart('fr-CA', 'public');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/invitation in French', () => {
  it('names the team, the roles and the programs in French', async () => {
    stubApi({
      'GET /api/invitations/tok.en': json({
        partnerName: 'Maple Schools',
        email: 'new.staff@example.org',
        roles: [2, 6],
        programs: ['Haïti'],
        state: 'pending',
      }),
    });
    renderWithProviders(<InvitationPage />, {
      partner: canadian,
      me: signedOut,
      route: '/invitation/tok.en',
      path: '/invitation/:token',
      locale: 'fr-CA',
    });
    expect(
      await screen.findByRole('heading', { name: 'Joignez-vous à l’équipe de Maple Schools' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/comme Administrateur, Gestion des donateurs pour Haïti\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Créer un compte' })).toBeInTheDocument();
  });

  it('keeps the domain’s English role names', () => {
    for (const [id, message] of Object.entries(ROLE_MESSAGE_BY_ID)) {
      expect(source[message.id!]).toBe(ROLE_LABELS[Number(id) as RoleId]);
    }
  });
});
