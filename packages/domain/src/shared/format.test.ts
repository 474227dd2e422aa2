import { describe, it, expect } from 'vitest';
import { formatCents, formatCurrency, formatDate, formatPercent, isCalendarDate } from './format.ts';

describe('formatCurrency', () => {
  it('shows a dollar sign, thousands separators and exactly 2 decimals', () => {
    expect(formatCurrency(1234.5)).toBe('$1,234.50');
    expect(formatCurrency(1234567.891)).toBe('$1,234,567.89');
    expect(formatCurrency(0)).toBe('$0.00');
    expect(formatCurrency(10)).toBe('$10.00');
    expect(formatCurrency(999.999)).toBe('$1,000.00');
  });

  it('rounds half cents up despite binary fractions', () => {
    expect(formatCurrency(1.005)).toBe('$1.01');
    expect(formatCurrency(0.125)).toBe('$0.13');
  });

  it('puts the minus sign before the dollar sign', () => {
    expect(formatCurrency(-5)).toBe('-$5.00');
    expect(formatCurrency(-1234.5)).toBe('-$1,234.50');
  });

  it('never shows a negative zero', () => {
    expect(formatCurrency(-0.001)).toBe('$0.00');
  });

  it('refuses NaN and infinity', () => {
    expect(() => formatCurrency(Number.NaN)).toThrow(RangeError);
    expect(() => formatCurrency(Infinity)).toThrow(RangeError);
  });
});

describe('formatCents', () => {
  it('shows integer cents as dollars', () => {
    expect(formatCents(123450)).toBe('$1,234.50');
    expect(formatCents(3500)).toBe('$35.00');
    expect(formatCents(1)).toBe('$0.01');
    expect(formatCents(-500)).toBe('-$5.00');
  });
});

describe('formatPercent', () => {
  it('shows 2 decimals and a percent sign', () => {
    expect(formatPercent(5)).toBe('5.00%');
    expect(formatPercent(2.9)).toBe('2.90%');
    expect(formatPercent(3.333)).toBe('3.33%');
    expect(formatPercent(0)).toBe('0.00%');
    expect(formatPercent(-1.5)).toBe('-1.50%');
  });
});

describe('formatDate', () => {
  it('shows a Date as MM/DD/YYYY in UTC', () => {
    expect(formatDate(new Date(Date.UTC(2024, 0, 5, 23, 30)))).toBe('01/05/2024');
    expect(formatDate(new Date(Date.UTC(1999, 11, 31)))).toBe('12/31/1999');
  });

  it('shows an ISO timestamp in UTC', () => {
    expect(formatDate('2024-03-09T23:59:59Z')).toBe('03/09/2024');
    expect(formatDate('2024-03-09T22:00:00-05:00')).toBe('03/10/2024');
  });

  it('shows a plain date string as written, without a timezone shift', () => {
    expect(formatDate('2024-01-01')).toBe('01/01/2024');
    expect(formatDate('2010-12-31')).toBe('12/31/2010');
  });

  it('refuses invalid dates', () => {
    expect(() => formatDate('not a date')).toThrow(RangeError);
    expect(() => formatDate('2023-02-29')).toThrow(RangeError);
    expect(() => formatDate(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('isCalendarDate', () => {
  it('accepts real days and leap days only in leap years', () => {
    expect(isCalendarDate(2024, 2, 29)).toBe(true);
    expect(isCalendarDate(2023, 2, 29)).toBe(false);
    expect(isCalendarDate(1900, 2, 29)).toBe(false);
    expect(isCalendarDate(2000, 2, 29)).toBe(true);
    expect(isCalendarDate(2024, 4, 31)).toBe(false);
    expect(isCalendarDate(2024, 13, 1)).toBe(false);
    expect(isCalendarDate(2024, 1, 0)).toBe(false);
  });
});
