import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatExpiry, parseExpiry } from './card-input-format';

describe('card field formatting', () => {
  it('spaces a card number in groups of four, American Express as 4-6-5', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42')).toBe('4242 4242 42');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('4'.repeat(25))).toHaveLength(19 + 4);
  });

  it('shows the expiry as MM/YY', () => {
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('4')).toBe('04/');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12/', '12/3')).toBe('12/');
    expect(parseExpiry('12/30')).toEqual({ expMonth: 12, expYear: 2030 });
    expect(parseExpiry('01/2031')).toEqual({ expMonth: 1, expYear: 2031 });
    expect(parseExpiry('1230')).toBeNull();
  });
});
