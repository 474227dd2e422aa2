import { Role, type DelinquentRow, type GivingPaymentRow } from '@kinship/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../test/api-stub';
import { partnerStaff } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { DonationsSection } from './components/donations-section';

afterEach(() => vi.unstubAllGlobals());

const paged = (items: unknown[]) =>
  new Response(JSON.stringify(items), {
    status: 200,
    headers: { 'content-type': 'application/json', 'x-total-count': String(items.length) },
  });

const payment: GivingPaymentRow = {
  id: 11,
  date: '2026-10-01T12:00:00.000Z',
  kind: 'donation',
  status: 'succeeded',
  amount: 3000,
  refundedAmount: 0,
  refundable: 3000,
  currency: 'USD',
  donorName: 'Ada Lovelace',
  donorEmail: 'ada@example.org',
  description: 'General donation',
  receiptCode: 'R-1001',
  subscriptionsId: null,
  failureCode: null,
  failureMessage: null,
  refunds: [],
  dispute: null,
};

describe('the Donations section', () => {
  it('lists payments with their donor, amount, status and receipt', async () => {
    stubApi({ 'GET /api/dashboard/donations/payments': paged([payment]) });
    renderWithProviders(<DonationsSection />, {
      me: partnerStaff(2, [Role.Administrator]),
      route: '/dashboard/donations',
    });
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    const row = screen.getByText('Ada Lovelace').closest('tr')!;
    expect(within(row).getByText('$30.00')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Receipt' })).toHaveAttribute('href', '/receipts/R-1001');
    expect(within(row).getByRole('button', { name: 'Refund' })).toBeInTheDocument();
  });

  it('refunds a payment in full with the reason given, then shows the table read again', async () => {
    let current = payment;
    const api = stubApi({
      'GET /api/dashboard/donations/payments': () => paged([current]),
      'POST /api/dashboard/donations/payments/11/refund': () => {
        current = {
          ...payment,
          status: 'refunded',
          refundedAmount: 3000,
          refundable: 0,
          refunds: [
            {
              id: 1,
              amount: 3000,
              reason: 'Given twice',
              status: 'succeeded',
              source: 'staff',
              createdAt: '2026-11-27T12:00:00.000Z',
            },
          ],
        };
        return json(current);
      },
    });
    const { user } = renderWithProviders(<DonationsSection />, {
      me: partnerStaff(2, [Role.Administrator]),
      route: '/dashboard/donations',
    });
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund a payment' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Given twice');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(
      await within(dialog).findByText(
        '$30.00 was refunded. The donor has been emailed and their receipt shows the refund.',
      ),
    ).toBeInTheDocument();
    const [refund] = api.callsTo('POST /api/dashboard/donations/payments/11/refund');
    expect(refund!.body).toEqual({ reason: 'Given twice', requestKey: expect.any(String) });
    // The mutation refreshed the list: the row now says what was refunded.
    expect(await screen.findByText('$30.00 refunded')).toBeInTheDocument();
    expect(api.callsTo('GET /api/dashboard/donations/payments')).toHaveLength(2);
  });

  it('lists failed renewals with their decline, and sends a reminder from the row', async () => {
    let current: DelinquentRow = {
      subscriptionsId: 31,
      status: 'past_due',
      donorName: 'Dana Declined',
      donorEmail: 'dana@example.org',
      records: 'Maria',
      amount: 3500,
      currency: 'USD',
      interval: 'month',
      failedAt: '2026-11-20T12:00:00.000Z',
      declineCode: 'insufficient_funds',
      declineMessage: 'Your card has insufficient funds.',
      failedAttempts: 2,
      paymentMethod: 'Visa ending 9995',
      reminderSentAt: null,
    };
    const api = stubApi({
      'GET /api/dashboard/donations/payments': paged([payment]),
      'GET /api/dashboard/donations/delinquent': () => json([current]),
      'POST /api/dashboard/donations/subscriptions/31/remind': () => {
        current = { ...current, reminderSentAt: '2026-11-27T12:00:00.000Z' };
        return json({ queued: true, reminderSentAt: current.reminderSentAt });
      },
    });
    const { user } = renderWithProviders(<DonationsSection />, {
      me: partnerStaff(2, [Role.Administrator]),
      route: '/dashboard/donations',
    });
    await user.click(await screen.findByRole('tab', { name: 'Failed renewals' }));
    const row = await screen.findByRole('row', { name: /^Failed renewal of Dana Declined/ });
    expect(
      within(row).getByText(/Your card has insufficient funds\. \(insufficient funds\)/),
    ).toBeInTheDocument();
    expect(within(row).getByText(/2 failed attempts · Visa ending 9995/)).toBeInTheDocument();
    expect(within(row).getByText('Past due')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Send reminder' }));
    expect(await within(row).findByText('Reminder sent to dana@example.org.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/dashboard/donations/subscriptions/31/remind')).toHaveLength(1);
    // The list was read again and the row keeps its answer beside the reminder's date.
    expect(await within(row).findByText(/reminder sent/)).toBeInTheDocument();
    expect(within(row).getByText('Reminder sent to dana@example.org.')).toBeInTheDocument();
    expect(api.callsTo('GET /api/dashboard/donations/delinquent')).toHaveLength(2);
  });

  it('says when no renewal has failed', async () => {
    stubApi({
      'GET /api/dashboard/donations/payments': paged([payment]),
      'GET /api/dashboard/donations/delinquent': json([]),
    });
    const { user } = renderWithProviders(<DonationsSection />, {
      me: partnerStaff(2, [Role.Administrator]),
      route: '/dashboard/donations',
    });
    await user.click(await screen.findByRole('tab', { name: 'Failed renewals' }));
    expect(await screen.findByText('No failed renewals. Every sponsorship is paid up.')).toBeInTheDocument();
  });
});
