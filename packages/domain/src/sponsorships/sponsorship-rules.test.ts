import { describe, it, expect } from 'vitest';
import {
  cartHasIssues,
  isCartItemValid,
  isSponsorshipActive,
  sponsorButtonState,
} from './sponsorship-rules.ts';

describe('sponsorButtonState', () => {
  it("is 'sponsored' when the user already sponsors the record", () => {
    expect(sponsorButtonState({ isSponsor: true, maxSlots: 5, slotsFilled: 1, visibleSlots: 3 })).toEqual({
      kind: 'sponsored',
    });
  });

  it("is 'sponsored' when no slots remain", () => {
    expect(sponsorButtonState({ isSponsor: false, maxSlots: 2, slotsFilled: 2, visibleSlots: 3 })).toEqual({
      kind: 'sponsored',
    });
  });

  it('offers a dropdown of 1 to min(remaining, visible slots) when more than one slot is selectable', () => {
    expect(sponsorButtonState({ isSponsor: false, maxSlots: 5, slotsFilled: 3, visibleSlots: 4 })).toEqual({
      kind: 'dropdown',
      choices: [1, 2],
    });
  });

  it('offers a single Sponsor button when only one slot is selectable', () => {
    expect(sponsorButtonState({ isSponsor: false, maxSlots: 5, slotsFilled: 4, visibleSlots: 4 })).toEqual({
      kind: 'single',
    });
    expect(sponsorButtonState({ isSponsor: false, maxSlots: 5, slotsFilled: 0, visibleSlots: null })).toEqual(
      {
        kind: 'single',
      },
    );
  });
});

describe('cart item validity', () => {
  it('is valid while slots remaining cover the quantity', () => {
    expect(isCartItemValid({ quantity: 2 }, 2)).toBe(true);
    expect(isCartItemValid({ quantity: 2 }, 3)).toBe(true);
  });

  it('is invalid when slots remaining are below the quantity', () => {
    expect(isCartItemValid({ quantity: 2 }, 1)).toBe(false);
    expect(isCartItemValid({ quantity: 1, isConversion: false }, 0)).toBe(false);
  });

  it('is always valid for a conversion of a manual sponsorship', () => {
    expect(isCartItemValid({ quantity: 1, isConversion: true }, 0)).toBe(true);
  });

  it('blocks checkout when any item is invalid', () => {
    expect(cartHasIssues([{ item: { quantity: 1 }, remaining: 1 }])).toBe(false);
    expect(
      cartHasIssues([
        { item: { quantity: 1 }, remaining: 1 },
        { item: { quantity: 3 }, remaining: 2 },
      ]),
    ).toBe(true);
    expect(cartHasIssues([])).toBe(false);
  });
});

describe('isSponsorshipActive', () => {
  it('is active when dateEnded is empty', () => {
    expect(isSponsorshipActive({ dateEnded: null })).toBe(true);
    expect(isSponsorshipActive({ dateEnded: '' })).toBe(true);
    expect(isSponsorshipActive({})).toBe(true);
  });

  it('has ended when dateEnded is set', () => {
    expect(isSponsorshipActive({ dateEnded: '2024-01-31' })).toBe(false);
    expect(isSponsorshipActive({ dateEnded: new Date(0) })).toBe(false);
  });
});
