import { describe, expect, it } from 'vitest';
import { outboxBackoffSeconds } from './outbox.ts';

describe('outboxBackoffSeconds', () => {
  it('waits 30 s before the first retry and doubles each time, up to 6 h', () => {
    expect([1, 2, 3, 4].map((n) => outboxBackoffSeconds(n))).toEqual([30, 60, 120, 240]);
    expect(outboxBackoffSeconds(20)).toBe(6 * 60 * 60);
  });

  it('starts from the configured wait (OUTBOX_RETRY_SECONDS)', () => {
    expect([1, 2, 3].map((n) => outboxBackoffSeconds(n, 1))).toEqual([1, 2, 4]);
  });
});
