import { Role, type DelinquentRow, type GivingPaymentRow, type GivingSubscriptionRow } from '@kinship/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi, paged } from '../../../test/api-stub';
import { partnerStaff } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { DonationsSection } from './components/donations-section';

afterEach(() => vi.unstubAllGlobals());

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

  it('refunds part of a payment: checks the amount and the reason before sending, then sends the cents', async () => {
    const api = stubApi({
      'GET /api/dashboard/donations/payments': paged([payment]),
      'POST /api/dashboard/donations/payments/11/refund': () =>
        json({
          ...payment,
          status: 'partially_refunded',
          refundedAmount: 1250,
          refundable: 1750,
          refunds: [
            {
              id: 2,
              amount: 1250,
              reason: 'Half by mistake',
              status: 'succeeded',
              source: 'staff',
              createdAt: '2026-11-27T12:00:00.000Z',
            },
          ],
        }),
    });
    const { user } = renderWithProviders(<DonationsSection />, {
      me: partnerStaff(2, [Role.Administrator]),
      route: '/dashboard/donations',
    });
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund a payment' });
    const amount = within(dialog).getByRole('textbox', { name: /Amount to refund/ });
    await user.clear(amount);
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByText('Enter an amount of at least $0.01.')).toBeInTheDocument();
    expect(within(dialog).getByText('Give a reason.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/dashboard/donations/payments/11/refund')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '12.5');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), '  Half by mistake ');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText(/\$12\.50 was refunded\./)).toBeInTheDocument();
    expect(api.callsTo('POST /api/dashboard/donations/payments/11/refund').map((c) => c.body)).toEqual([
      { amount: 1250, reason: 'Half by mistake', requestKey: expect.any(String) },
    ]);
  });

  it('cancels a subscription with a reason, asking for one first', async () => {
    const subscription: GivingSubscriptionRow = {
      id: 21,
      createdAt: '2026-09-01T12:00:00.000Z',
      status: 'active',
      interval: 'month',
      amount: 3500,
      currency: 'USD',
      donorName: 'Ada Lovelace',
      donorEmail: 'ada@example.org',
      records: 'Maria',
      currentPeriodEnd: '2026-12-01T12:00:00.000Z',
      canceledAt: null,
      cancelReason: null,
      paymentMethod: 'Visa ending 4242',
    };
    let current = subscription;
    const api = stubApi({
      'GET /api/dashboard/donations/payments': paged([payment]),
      'GET /api/dashboard/donations/subscriptions': () => paged([current]),
      'POST /api/dashboard/donations/subscriptions/21/cancel': (call) => {
        current = {
          ...subscription,
          status: 'canceled',
          cancelReason: (call.body as { reason: string }).reason,
        };
        return json(current);
      },
    });
    const { user } = renderWithProviders(<DonationsSection />, {
      me: partnerStaff(2, [Role.Administrator]),
      route: '/dashboard/donations',
    });
    await user.click(await screen.findByRole('tab', { name: 'Subscriptions' }));
    const row = (await screen.findByText('Ada Lovelace')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel a subscription' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    expect(within(dialog).getByText('Give a reason.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/dashboard/donations/subscriptions/21/cancel')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Moved abroad ');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST /api/dashboard/donations/subscriptions/21/cancel').map((c) => c.body)).toEqual([
      { reason: 'Moved abroad' },
    ]);
    expect(await screen.findByText('Moved abroad')).toBeInTheDocument();
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
