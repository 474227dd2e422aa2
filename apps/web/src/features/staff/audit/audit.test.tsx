import { Role, type AuditRow } from '@kinship/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
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

describe('AuditSection', () => {
  it('shows changed features, roles and money as staff read them, not as ids and cents', async () => {
    const rows = [
      row(1, { changes: { features: { before: [1, 2, 4], after: [1, 2, 4, 7] } } }),
      row(2, { action: 'donation.refunded', changes: { refundedAmount: { before: 0, after: 1950 } } }),
      row(3, { action: 'team_member.updated', changes: { roles: { before: [], after: [3] } } }),
    ];
    stubApi({
      'GET /api/dashboard/audit': new Response(JSON.stringify(rows), {
        headers: { 'content-type': 'application/json', 'x-total-count': '3' },
      }),
    });
    renderWithProviders(<AuditSection />, { route: '/dashboard/audit' });
    const features = (await screen.findByText(/^Features:/)).closest('tr')!;
    expect(
      within(features).getByText(
        'Features: Occasions, Initiatives, Letters → Occasions, Initiatives, Letters, Gifts',
      ),
    ).toBeInTheDocument();
    expect(features.textContent).toContain('Donor management');
    expect(screen.getByText('Refunded amount: $0.00 → $19.50')).toBeInTheDocument();
    expect(screen.getByText('Roles: none → Reporting')).toBeInTheDocument();
    expect(screen.queryByText(/\[1,2,4\]|1950|DonorManagement/)).toBeNull();
  });
});
