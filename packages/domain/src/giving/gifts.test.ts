import { describe, expect, it } from 'vitest';
import { tooManyCodesMessage, waitInMinutes } from './gifts.ts';

describe('the wait a throttled person reads', () => {
  it('is in whole minutes, rounded up, with "1 minute" for any wait under two', () => {
    expect(waitInMinutes(1)).toBe('1 minute');
    expect(waitInMinutes(60)).toBe('1 minute');
    expect(waitInMinutes(61)).toBe('2 minutes');
    expect(waitInMinutes(690)).toBe('12 minutes');
    expect(waitInMinutes(900)).toBe('15 minutes');
  });

  it('is said in the wrong-code message', () => {
    expect(tooManyCodesMessage(690)).toBe(
      'Too many wrong codes were tried from your address. Please try again in 12 minutes.',
    );
  });
});
