import { Role, type UpdatePostSummary } from '@kinship/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadPart } from '../../../i18n/catalogue';
import { json, stubApi, paged } from '../../../test/api-stub';
import { partnerStaff, buildCanadianPartner } from '../../../test/fixtures';
import { renderWithProviders, StaffCatalogue } from '../../../test/render';
import { UpdatesSection } from './components/updates-section';

afterEach(() => vi.unstubAllGlobals());

const draft: UpdatePostSummary = {
  id: 5,
  title: 'Semaine des récoltes',
  status: 'draft',
  audienceLabel: 'Campus Nord',
  recordsCount: 12,
  picturesCount: 0,
  distributeAt: null,
  sentAt: null,
  sentCount: 0,
  openedCount: 0,
  updatedAt: '2026-11-20T12:00:00.000Z',
};
const scheduled: UpdatePostSummary = {
  ...draft,
  id: 6,
  title: 'Fête de Noël',
  status: 'scheduled',
  recordsCount: 1,
  distributeAt: '2026-12-01T15:00:00.000Z',
};

/** The calendar date as Intl writes it in fr-CA (what useFormat().date gives). */
const frenchDate = (iso: string) =>
  new Intl.DateTimeFormat('fr-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(iso));

describe('Updates in French', () => {
  it('lists the updates with French headings, statuses, plurals and a fr-CA date', async () => {
    await loadPart('fr-CA', 'public');
    await loadPart('fr-CA', 'staff');
    stubApi({ 'GET /api/dashboard/updates': paged([draft, scheduled]) });
    renderWithProviders(
      <StaffCatalogue>
        <UpdatesSection />
      </StaffCatalogue>,
      {
        partner: buildCanadianPartner(),
        me: partnerStaff(2, [Role.Administrator]),
        route: '/dashboard/updates',
        locale: 'fr-CA',
      },
    );
    const draftRow = (await screen.findByRole('button', { name: 'Semaine des récoltes' })).closest('tr')!;
    expect(screen.getByRole('heading', { name: 'Mises à jour' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nouvelle mise à jour' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Destinataires/ })).toBeInTheDocument();
    expect(within(draftRow).getByText('Brouillon')).toBeInTheDocument();
    expect(within(draftRow).getByText('Campus Nord (12 fiches)')).toBeInTheDocument();
    expect(within(draftRow).getByText('Non définie')).toBeInTheDocument();

    const scheduledRow = screen.getByRole('button', { name: 'Fête de Noël' }).closest('tr')!;
    expect(within(scheduledRow).getByText('Planifiée')).toBeInTheDocument();
    expect(within(scheduledRow).getByText('Campus Nord (1 fiche)')).toBeInTheDocument();
    expect(frenchDate(scheduled.distributeAt!)).toBe('2026-12-01');
    expect(scheduledRow.textContent).toContain(frenchDate(scheduled.distributeAt!));
    expect(scheduledRow.textContent).not.toContain('12/01/2026');
  });

  it('writes a new update in French and refuses it without recipients, in French', async () => {
    await loadPart('fr-CA', 'public');
    await loadPart('fr-CA', 'staff');
    const api = stubApi({
      'GET /api/dashboard/updates/recipients': json({ programs: [], types: [], records: [] }),
    });
    const { user } = renderWithProviders(
      <StaffCatalogue>
        <UpdatesSection />
      </StaffCatalogue>,
      {
        partner: buildCanadianPartner(),
        me: partnerStaff(2, [Role.Administrator]),
        route: '/dashboard/updates?edit=new',
        locale: 'fr-CA',
      },
    );
    await screen.findByRole('heading', { name: 'Nouvelle mise à jour' });
    expect(screen.getByRole('textbox', { name: /Titre/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Envoyer plus tard' })).toBeInTheDocument();
    expect(screen.getByText('Fiches choisies')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Envoyer maintenant' }));
    expect(screen.getByText('Choisissez au moins une fiche.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enregistrer le brouillon' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/dashboard/updates')).toHaveLength(0);
  });
});
