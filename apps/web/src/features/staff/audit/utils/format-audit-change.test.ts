import { describe, expect, it } from 'vitest';
import { formatAuditChanges, formatAuditValue } from './format-audit-change';

describe('formatAuditChanges', () => {
  it('names the features a partner gained instead of listing their ids', () => {
    expect(formatAuditChanges({ features: { before: [1, 2, 4], after: [1, 2, 4, 7] } })).toBe(
      'Features: Occasions, Initiatives, Letters → Occasions, Initiatives, Letters, Gifts',
    );
  });

  it('names the roles a team member gained, and an empty list reads none', () => {
    expect(formatAuditChanges({ roles: { before: [], after: [3, 6] } })).toBe(
      'Roles: none → Reporting, Donor management',
    );
  });

  it('shows a refund in dollars, not cents', () => {
    expect(formatAuditChanges({ refundedAmount: { before: 0, after: 1950 } })).toBe(
      'Refunded amount: $0.00 → $19.50',
    );
  });

  it('shows booleans as Yes and No, and joins several fields with semicolons', () => {
    expect(
      formatAuditChanges({
        demoMode: { before: false, after: true },
        monthlyAmount: { before: null, after: 3900 },
      }),
    ).toBe('Demo mode: No → Yes; Monthly amount: none → $39.00');
  });
});

describe('formatAuditValue', () => {
  it('treats any field ending in Amount as cents, and keeps other numbers as they are', () => {
    expect(formatAuditValue('applicationFeeAmount', 125)).toBe('$1.25');
    expect(formatAuditValue('total', 123450)).toBe('$1,234.50');
    expect(formatAuditValue('programsId', 1950)).toBe('1950');
  });

  it('shows text without quotes, redacted secrets as stored, and unknown ids by number', () => {
    expect(formatAuditValue('firstName', 'Ana')).toBe('Ana');
    expect(formatAuditValue('password', '[redacted]')).toBe('[redacted]');
    expect(formatAuditValue('features', [99])).toBe('Feature 99');
    expect(formatAuditValue('entityIds', [4, 5])).toBe('[4,5]');
  });
});
