import { Role, type LetterDetail, type LetterQueueItem } from '@kinship/domain';
import type { ReactElement } from 'react';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadPart } from '../../../i18n/catalogue';
import { json, paged, stubApi } from '../../../test/api-stub';
import { buildCanadianPartner, partnerStaff } from '../../../test/fixtures';
import { renderWithProviders, StaffCatalogue } from '../../../test/render';
import { LetterPage } from './components/letter-page';
import { LettersSection } from './components/letters-section';

afterEach(() => vi.unstubAllGlobals());
beforeAll(async () => {
  await loadPart('fr-CA', 'public');
  await loadPart('fr-CA', 'staff');
});

const lettre: LetterQueueItem = {
  id: 7,
  direction: 'to_sponsored',
  status: 'submitted',
  sponsoredsId: 40,
  recordName: 'Élodie Tremblay',
  recordCode: 'CN-014',
  programId: 100,
  programName: 'Campus Nord',
  sponsorFirstName: 'Dana',
  sponsorsId: 9,
  excerpt: 'Chère Élodie, écris-moi à dana@example.org…',
  language: 'fr-CA',
  openFlags: 1,
  flagKinds: ['email'],
  picturesCount: 2,
  hasScan: false,
  assignee: null,
  submittedAt: '2026-11-20T12:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
};

const render = (ui: ReactElement, route: string, path?: string) =>
  renderWithProviders(<StaffCatalogue>{ui}</StaffCatalogue>, {
    partner: buildCanadianPartner(),
    me: partnerStaff(2, [Role.Messages]),
    route,
    locale: 'fr-CA',
    ...(path ? { path } : {}),
  });

describe('Letters in French', () => {
  it('shows the queue with French headings, states, flags, plurals and a fr-CA date', async () => {
    stubApi({
      'GET /api/dashboard/letters': paged([lettre]),
      'GET /api/dashboard/letters/assignees': json([]),
    });
    render(<LettersSection />, '/dashboard/letters');
    const row = await screen.findByRole('row', { name: 'Lettre 7 : Élodie Tremblay (CN-014)' });
    expect(screen.getByRole('heading', { name: 'Lettres', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Réponses sur papier' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Signalements/ })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'État' })).toHaveValue(
      'En attente (nouvelles ou en cours d’examen)',
    );
    expect(within(row).getByText('Lettre du parrain')).toBeInTheDocument();
    expect(within(row).getByText('1 signalement ouvert')).toBeInTheDocument();
    expect(within(row).getByText('Adresse courriel')).toBeInTheDocument();
    expect(within(row).getByText('2 photos')).toBeInTheDocument();
    expect(within(row).getByText('Nouvelle')).toBeInTheDocument();
    expect(within(row).getByText('2026-11-20')).toBeInTheDocument();
  });

  it('says in French why a flagged letter cannot be approved yet', async () => {
    const body = 'Chère Élodie, écris-moi à dana@example.org.';
    const start = body.indexOf('dana@');
    const detail: LetterDetail = {
      ...lettre,
      body,
      originalBody: null,
      pictures: [],
      flags: [
        {
          id: 1,
          kind: 'email',
          source: 'text',
          start,
          end: start + 16,
          text: 'dana@example.org',
          status: 'open',
          reason: null,
        },
      ],
      steps: [{ status: 'submitted', at: '2026-11-20T12:00:00.000Z', by: null }],
      rejectionReason: null,
      replyToId: null,
      canApprove: false,
    };
    stubApi({
      'GET /api/dashboard/letters/7': json(detail),
      'GET /api/dashboard/letters/assignees': json([]),
    });
    render(<LetterPage />, '/dashboard/letters/7', '/dashboard/letters/:id');
    const approve = await screen.findByRole('button', { name: 'Approuver' });
    expect(approve).toBeDisabled();
    expect(approve).toHaveAccessibleDescription(
      'Retirez ou acceptez le signalement ouvert avant d’approuver.',
    );
    expect(
      screen.getByRole('heading', { name: 'Lettre du parrain : Élodie Tremblay (CN-014)' }),
    ).toBeInTheDocument();
    expect(screen.getByText('1. Adresse courriel : « dana@example.org »')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Retirer « dana@example.org » de la lettre' }),
    ).toBeInTheDocument();
    expect(document.querySelector('mark')!.textContent).toBe(
      'Signalement 1, Adresse courriel : dana@example.org1',
    );
  });
});
