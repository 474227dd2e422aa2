import { describe, expect, it } from 'vitest';
import {
  donationDescription,
  formatReceiptAmount,
  isStatementYear,
  receiptSchema,
  sponsorshipDescription,
} from './receipts.ts';

describe('formatReceiptAmount', () => {
  it('shows US dollars in the spec format', () => {
    expect(formatReceiptAmount(123400, 'usd')).toBe('$1,234.00');
    expect(formatReceiptAmount(1000, 'USD')).toBe('$10.00');
  });

  it('names other currencies after the amount', () => {
    expect(formatReceiptAmount(3675, 'cad')).toBe('$36.75 CAD');
  });
});

describe('sponsorshipDescription', () => {
  it('names the interval and each record, with slots when more than one', () => {
    expect(sponsorshipDescription('month', [{ name: 'Ana', numSlots: 1 }])).toBe(
      'Monthly sponsorship of Ana',
    );
    expect(
      sponsorshipDescription('year', [
        { name: 'Ana', numSlots: 1 },
        { name: 'Mr. Otieno', numSlots: 2 },
      ]),
    ).toBe('Annual sponsorship of Ana and Mr. Otieno (2 slots)');
    expect(
      sponsorshipDescription('month', [
        { name: 'A', numSlots: 1 },
        { name: 'B', numSlots: 1 },
        { name: 'C', numSlots: 3 },
      ]),
    ).toBe('Monthly sponsorship of A, B and C (3 slots)');
  });

  it('falls back to the interval alone without lines', () => {
    expect(sponsorshipDescription(null, [])).toBe('Sponsorship');
  });
});

describe('donationDescription', () => {
  it('names the initiative when there is one', () => {
    expect(donationDescription('Clean Water Project')).toBe('Donation to Clean Water Project');
    expect(donationDescription(null)).toBe('General donation');
  });
});

describe('isStatementYear', () => {
  it('accepts 2000 up to the current year only', () => {
    const now = new Date(Date.UTC(2026, 5, 1));
    expect(isStatementYear(2026, now)).toBe(true);
    expect(isStatementYear(2000, now)).toBe(true);
    expect(isStatementYear(1999, now)).toBe(false);
    expect(isStatementYear(2027, now)).toBe(false);
    expect(isStatementYear(2025.5, now)).toBe(false);
  });
});

describe('receiptSchema', () => {
  it('accepts a receipt and refuses an unknown kind', () => {
    const receipt = {
      code: 'R1',
      partnerName: 'Hope',
      amount: 1000,
      currency: 'usd',
      date: '2026-01-02T03:04:05.000Z',
      description: 'General donation',
      donorName: 'Sam Lee',
      taxNotice: null,
      paymentNotice: ['x'],
      kind: 'donation',
      interval: null,
      refundedAmount: 500,
      refunds: [{ amount: 500, date: '2026-01-03T00:00:00.000Z' }],
    };
    expect(receiptSchema.parse(receipt)).toEqual(receipt);
    expect(receiptSchema.safeParse({ ...receipt, kind: 'gift' }).success).toBe(false);
  });
});
