import {
  CODE_ALREADY_USED,
  Feature,
  Role,
  type PartnerPublic,
  type StaffGift,
  type StaffGiftDetail,
  type StaffLightning,
  type StaffTrial,
} from '@kinship/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi, text, paged } from '../../../test/api-stub';
import { buildPartner, partnerStaff } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { GiftsSection } from './components/gifts-section';

const partner = buildPartner({
  partnerFeatures: [{ featuresId: Feature.Trials }, { featuresId: Feature.LightningSponsorships }],
} as Partial<PartnerPublic>);

afterEach(() => {
  vi.unstubAllGlobals();
});

const trial: Omit<StaffTrial, 'code'> = {
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
  closedReason: null,
  closedAt: null,
};
const link: Omit<StaffLightning, 'code' | 'path'> = {
  id: 4,
  campaign: 'Spring gala',
  state: 'active',
  closedReason: null,
  closedAt: null,
  typeLabel: 'Student',
  recordName: null,
  sponsorships: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('Gifts and codes', () => {
  it('shows Reporting the masked codes the server sends, no QR code and no issue forms', async () => {
    const api = stubApi({
      'GET /api/dashboard/trials': paged([{ ...trial, code: '…WXYZ' }]),
      'GET /api/dashboard/lightning': paged([{ ...link, code: '…GALA', path: null }]),
    });
    const { user } = renderWithProviders(<GiftsSection />, {
      partner,
      me: partnerStaff(2, [Role.Reporting]),
    });
    expect(await screen.findByText('…WXYZ')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Issue trial codes' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Expire or revoke/ })).toBeNull();
    await user.click(screen.getByRole('tab', { name: /Lightning links/ }));
    expect(await screen.findByText('…GALA')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'New lightning link' })).toBeNull();
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Revoke/ })).toBeNull();
    expect(api.calls.some((c) => c.path.includes('/qr'))).toBe(false);
  });

  it('shows DonorManagement the codes in full, the QR code and the issue forms', async () => {
    stubApi({
      'GET /api/dashboard/trials': paged([{ ...trial, code: 'ABCD-EFGH-JKMN-PQRS-WXYZ' }]),
      'GET /api/dashboard/lightning': paged([
        { ...link, code: 'SPRINGGALA', path: '/lightning/students/SPRINGGALA' },
      ]),
    });
    const { user } = renderWithProviders(<GiftsSection />, {
      partner,
      me: partnerStaff(2, [Role.DonorManagement]),
    });
    expect(await screen.findByText('ABCD-EFGH-JKMN-PQRS-WXYZ')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Issue trial codes' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: /Lightning links/ }));
    expect(await screen.findByRole('img', { name: 'QR code of Spring gala' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'New lightning link' })).toBeTruthy();
  });

  it('asks the server for one page at a time and shows its total (the lists are no longer capped)', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => ({ ...trial, id: i + 1, code: `…${1000 + i}` }));
    const api = stubApi({ 'GET /api/dashboard/trials': paged(rows, 1234) });
    const { user } = renderWithProviders(<GiftsSection />, {
      partner,
      me: partnerStaff(2, [Role.Reporting]),
    });
    expect(await screen.findByText('1–25 of 1234')).toBeTruthy();
    const first = api.callsTo('GET /api/dashboard/trials')[0]!;
    expect([first.query.get('page'), first.query.get('pageSize')]).toEqual(['1', '25']);
    await user.click(within(screen.getByRole('table')).getByText('Days'));
    await waitFor(() =>
      expect(api.callsTo('GET /api/dashboard/trials').some((c) => c.query.get('sort') === 'days')).toBe(true),
    );
  });

  it('revokes a trial code with a reason, shows the server’s refusal, and lists the reason', async () => {
    let revoked = false;
    const api = stubApi({
      'GET /api/dashboard/trials': () =>
        paged([
          revoked
            ? { ...trial, code: 'ABCD-EFGH', state: 'revoked', closedReason: 'Posted online' }
            : { ...trial, code: 'ABCD-EFGH' },
        ]),
      'POST /api/dashboard/trials/1/withdraw': (call) => {
        if ((call.body as { reason: string }).reason === 'Too late') return text(CODE_ALREADY_USED, 409);
        revoked = true;
        return json({ ...trial, code: 'ABCD-EFGH', state: 'revoked', closedReason: 'Posted online' });
      },
    });
    const { user } = renderWithProviders(<GiftsSection />, {
      partner,
      me: partnerStaff(2, [Role.DonorManagement]),
    });
    await user.click(await screen.findByRole('button', { name: 'Expire or revoke ABCD-EFGH' }));
    const dialog = await screen.findByRole('dialog', { name: 'Expire or revoke a trial code' });
    await user.click(within(dialog).getByText('Revoke'));
    await user.click(within(dialog).getByRole('button', { name: 'Revoke code' }));
    expect(within(dialog).getByText('Give a reason.')).toBeTruthy();
    expect(api.callsTo('POST /api/dashboard/trials/1/withdraw')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Too late');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke code' }));
    expect(await within(dialog).findByText(CODE_ALREADY_USED)).toBeTruthy();

    await user.clear(within(dialog).getByRole('textbox', { name: /Reason/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Posted online');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke code' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST /api/dashboard/trials/1/withdraw').at(-1)!.body).toEqual({
      action: 'revoke',
      reason: 'Posted online',
    });
    expect(await screen.findByText('Reason: Posted online')).toBeTruthy();
    expect(within(screen.getByRole('table')).getByText('Revoked')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Expire or revoke ABCD-EFGH' })).toBeNull();
  });

  it('issues trial codes: asks for a count by the domain schema, then sends the form and lists the codes', async () => {
    const api = stubApi({
      'GET /api/dashboard/trials': paged([]),
      'POST /api/dashboard/trials': json({ codes: ['AAAA-BBBB-CCCC-DDDD-EEEE', 'FFFF-GGGG-HHHH-JJJJ-KKKK'] }),
    });
    const { user } = renderWithProviders(<GiftsSection />, {
      partner,
      me: partnerStaff(2, [Role.DonorManagement]),
    });
    const count = await screen.findByRole('textbox', { name: 'How many' });
    await user.clear(count);
    await user.type(screen.getByRole('textbox', { name: 'Batch (event)' }), 'Fair');
    await user.click(screen.getByRole('button', { name: 'Issue' }));
    expect(screen.getByText('Invalid input: expected number, received string')).toBeInTheDocument();
    expect(api.callsTo('POST /api/dashboard/trials')).toHaveLength(0);

    await user.clear(count);
    await user.type(count, '2');
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Teacher' }));
    await user.click(screen.getByRole('button', { name: 'Issue' }));
    expect(await screen.findByText('2 code(s) issued')).toBeInTheDocument();
    expect(screen.getByText(/FFFF-GGGG-HHHH-JJJJ-KKKK/)).toBeInTheDocument();
    expect(api.callsTo('POST /api/dashboard/trials').map((c) => c.body)).toEqual([
      { count: 2, days: 30, partnerSponsoredTypesId: 22, batch: 'Fair' },
    ]);
  });

  it('creates a lightning link once it has a campaign, with the server’s field error on its field', async () => {
    let taken = true;
    const api = stubApi({
      'GET /api/dashboard/trials': paged([]),
      'GET /api/dashboard/lightning': paged([]),
      'POST /api/dashboard/lightning': () =>
        taken
          ? new Response(
              JSON.stringify({
                type: 'about:blank',
                title: 'Some fields need another look.',
                status: 422,
                code: 'validation_failed',
                errors: [{ field: 'campaign', message: 'At most 120 characters.' }],
              }),
              { status: 422, headers: { 'content-type': 'application/problem+json' } },
            )
          : json({ code: 'GALA', path: '/lightning/students/GALA' }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderWithProviders(<GiftsSection />, {
      partner,
      me: partnerStaff(2, [Role.DonorManagement]),
    });
    await user.click(await screen.findByRole('tab', { name: /Lightning links/ }));
    const campaign = await screen.findByRole('textbox', { name: /Campaign/ });
    expect(screen.getByRole('button', { name: 'Create link' })).toBeDisabled();
    await user.type(campaign, '  ');
    expect(screen.getByRole('button', { name: 'Create link' })).toBeDisabled();
    await user.clear(campaign);
    await user.type(campaign, 'Gala');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText('At most 120 characters.')).toBeInTheDocument();
    expect(campaign).toHaveAttribute('aria-invalid', 'true');

    taken = false;
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(campaign).toHaveValue(''));
    expect(api.callsTo('POST /api/dashboard/lightning').map((c) => c.body)).toEqual([
      { campaign: 'Gala', partnerSponsoredTypesId: 21 },
      { campaign: 'Gala', partnerSponsoredTypesId: 21 },
    ]);
  });

  it('opens a gift with its purchaser, recipient, record, amount, dates, delivery, redemption and code', async () => {
    const gift: StaffGift = {
      id: 7,
      state: 'redeemed',
      recordName: 'Ana',
      months: 6,
      amount: 12000,
      giverName: 'Gail Giver',
      giverEmail: 'gail@example.org',
      recipientName: 'Rita Recipient',
      recipientEmail: 'rita@example.org',
      deliverOn: '2026-03-01',
      redeemedByEmail: 'rita@example.org',
      createdAt: '2026-02-20T10:00:00.000Z',
    };
    const detail: StaffGiftDetail = {
      ...gift,
      code: 'GIFT-CODE-2345',
      message: 'Happy birthday',
      typeLabel: 'Student',
      receiptCode: 'R-1234',
      deliveredAt: '2026-03-01T08:00:00.000Z',
      expiresAt: '2026-05-30T08:00:00.000Z',
      redeemedAt: '2026-03-02T08:00:00.000Z',
      paidThrough: '2026-09-02T08:00:00.000Z',
      endedAt: null,
    };
    const giftsPartner = buildPartner({
      partnerFeatures: [{ featuresId: Feature.Gifts }],
    } as Partial<PartnerPublic>);
    stubApi({
      'GET /api/dashboard/gifts': paged([gift]),
      'GET /api/dashboard/gifts/7': json(detail),
    });
    const { user } = renderWithProviders(<GiftsSection />, {
      partner: giftsPartner,
      me: partnerStaff(2, [Role.DonorManagement]),
    });
    await user.click(
      await screen.findByRole('button', { name: 'Open the gift from Gail Giver to Rita Recipient' }),
    );
    const drawer = await screen.findByRole('dialog', { name: 'Gift to Rita Recipient' });
    expect(await within(drawer).findByText('GIFT-CODE-2345')).toBeTruthy();
    for (const expected of [
      'Gail Giver',
      'gail@example.org',
      'Ana (Student)',
      'Happy birthday',
      '$120.00 · 6 months',
      'Redeemed',
    ])
      expect(within(drawer).getByText(expected)).toBeTruthy();
    expect(within(drawer).getByText(/^Redeemed .* by rita@example.org$/)).toBeTruthy();
    expect(within(drawer).getByText(/^Delivered /)).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: 'R-1234' })).toHaveAttribute('href', '/receipts/R-1234');
  });
});
