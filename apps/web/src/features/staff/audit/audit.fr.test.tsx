import { Role, type AuditRow, type PartnerPublic } from '@kinship/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadPart } from '../../../i18n/catalogue';
import { stubApi } from '../../../test/api-stub';
import { buildCanadianPartner } from '../../../test/fixtures';
import { renderWithProviders, StaffCatalogue } from '../../../test/render';
import { AuditSection } from './components/audit-section';

afterEach(() => vi.unstubAllGlobals());

const row = (id: number, fields: Partial<AuditRow>): AuditRow => ({
  id,
  createdAt: '2026-11-20T10:00:00.000Z',
  actorKind: 'person',
  usersId: 5,
  actorName: 'Pat Admin',
  actorEmail: 'pat@example.org',
  roles: [Role.DonorManagement],
  action: 'partner.updated',
  entityType: 'partner',
  entityId: '2',
  changes: {},
  details: null,
  requestId: null,
  clientAddress: null,
  ...fields,
});

const cad = (dollars: number) =>
  new Intl.NumberFormat('fr-CA', { style: 'currency', currency: 'CAD' }).format(dollars);

describe('the audit log in French', () => {
  it('reads the changes, roles, money and booleans in French', async () => {
    await loadPart('fr-CA', 'public');
    await loadPart('fr-CA', 'staff');
    const rows = [
      row(1, { action: 'donation.refunded', changes: { refundedAmount: { before: 0, after: 123456 } } }),
      row(2, { action: 'team_member.updated', changes: { roles: { before: [], after: [3] } } }),
      row(3, { changes: { demoMode: { before: false, after: true } } }),
    ];
    stubApi({
      'GET /api/dashboard/audit': new Response(JSON.stringify(rows), {
        headers: { 'content-type': 'application/json', 'x-total-count': '3' },
      }),
    });
    renderWithProviders(
      <StaffCatalogue>
        <AuditSection />
      </StaffCatalogue>,
      {
        partner: buildCanadianPartner({} as Partial<PartnerPublic>),
        route: '/dashboard/audit',
        locale: 'fr-CA',
      },
    );
    const refund = (await screen.findByText(/^Montant remboursé :/)).closest('tr')!;
    expect(screen.getByRole('heading', { name: 'Journal d’audit' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Modifications' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Exporter en CSV' })).toBeInTheDocument();
    expect(refund.textContent).toContain(`Montant remboursé : ${cad(0)} → ${cad(1234.56)}`);
    expect(refund.textContent).toContain('Gestion des donateurs');
    expect(within(refund).getByRole('link', { name: 'partenaire 2' })).toBeInTheDocument();
    expect(screen.getByText('Rôles : aucun → Rapports')).toBeInTheDocument();
    expect(screen.getByText('Mode démo : Non → Oui')).toBeInTheDocument();
  });
});
