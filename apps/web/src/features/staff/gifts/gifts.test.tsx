import { Feature, Role, type PartnerPublic, type StaffGivingCodes } from '@kinship/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '../../../test/api-stub';
import { buildPartner, partnerStaff } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { GivingCodesSection } from './components/giving-codes-section';

const partner = buildPartner({
  partnerFeatures: [{ featuresId: Feature.Trials }, { featuresId: Feature.LightningSponsorships }],
} as Partial<PartnerPublic>);

const trial = {
  id: 1,
  state: 'unused' as const,
  batch: 'Gala',
  days: 30,
  typeLabel: null,
  recordName: null,
  redeemedByEmail: null,
  endsAt: null,
  expiresAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const link = {
  id: 4,
  campaign: 'Spring gala',
  typeLabel: 'Student',
  recordName: null,
  sponsorships: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('Gifts and codes', () => {
  it('shows Reporting the masked codes the server sends, no QR code and no issue forms', async () => {
    const masked: StaffGivingCodes = {
      gifts: [],
      trials: [{ ...trial, code: '…WXYZ' }],
      lightning: [{ ...link, code: '…GALA', path: null }],
    };
    const api = stubApi({ 'GET /api/dashboard/giving-codes': json(masked) });
    const { user } = renderWithProviders(<GivingCodesSection />, {
      partner,
      me: partnerStaff(2, [Role.Reporting]),
    });
    expect(await screen.findByText('…WXYZ')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Issue trial codes' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: /Lightning links/ }));
    expect(await screen.findByText('…GALA')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'New lightning link' })).toBeNull();
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
    expect(api.calls.some((c) => c.path.includes('/qr'))).toBe(false);
  });

  it('shows DonorManagement the codes in full, the QR code and the issue forms', async () => {
    const full: StaffGivingCodes = {
      gifts: [],
      trials: [{ ...trial, code: 'ABCD-EFGH-JKMN-PQRS-WXYZ' }],
      lightning: [{ ...link, code: 'SPRINGGALA', path: '/lightning/students/SPRINGGALA' }],
    };
    stubApi({ 'GET /api/dashboard/giving-codes': json(full) });
    const { user } = renderWithProviders(<GivingCodesSection />, {
      partner,
      me: partnerStaff(2, [Role.DonorManagement]),
    });
    expect(await screen.findByText('ABCD-EFGH-JKMN-PQRS-WXYZ')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Issue trial codes' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: /Lightning links/ }));
    expect(await screen.findByRole('img', { name: 'QR code of Spring gala' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'New lightning link' })).toBeTruthy();
  });

  it('issues trial codes for a batch, shows them, and lists them from the list read again', async () => {
    let trials: StaffGivingCodes['trials'] = [];
    const api = stubApi({
      'GET /api/dashboard/giving-codes': () => json({ gifts: [], trials, lightning: [] }),
      'POST /api/dashboard/trials': () => {
        trials = [{ ...trial, code: 'TRIA-LONE-CODE-ABCD-EFGH' }];
        return json({ codes: ['TRIA-LONE-CODE-ABCD-EFGH'] });
      },
    });
    const { user } = renderWithProviders(<GivingCodesSection />, {
      partner,
      me: partnerStaff(2, [Role.DonorManagement]),
    });
    await user.type(await screen.findByRole('textbox', { name: 'Batch (event)' }), 'Gala');
    await user.click(screen.getByRole('button', { name: 'Issue' }));
    expect(await screen.findByText('1 code(s) issued')).toBeTruthy();
    expect(api.callsTo('POST /api/dashboard/trials').map((c) => c.body)).toEqual([
      { count: 1, days: 30, partnerSponsoredTypesId: null, batch: 'Gala' },
    ]);
    // The issued code is in the alert and, once the list is read again, in the table.
    expect(await screen.findAllByText('TRIA-LONE-CODE-ABCD-EFGH')).toHaveLength(2);
    expect(api.callsTo('GET /api/dashboard/giving-codes')).toHaveLength(2);
  });
});
