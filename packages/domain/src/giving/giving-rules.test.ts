import { describe, expect, it } from 'vitest';
import {
  BOOST_NOT_ALLOWED_MESSAGE,
  boostPercentOf,
  CART_ISSUE_MESSAGE,
  dollarsToCents,
  nearestBoostPercent,
  priceChangedMessage,
} from './giving-rules.ts';

describe('checkout messages', () => {
  it('join the cart notice and the item notice for a cart issue', () => {
    expect(CART_ISSUE_MESSAGE).toBe(
      'There are issues with your cart. Invalid cart item. Please remove this item from your cart and attempt to re-add. This may happen when another donor has sponsored this item in the time since it was added to your cart',
    );
  });

  it('tell the donor the new price when it changed', () => {
    expect(priceChangedMessage(7800)).toBe(
      'The price of your sponsorship has changed to $78.00. Please review your cart and try again.',
    );
    expect(BOOST_NOT_ALLOWED_MESSAGE).toBe('additionalAmount must be 0%, 3%, 5% or 10% of baseAmount.');
  });
});

describe('boostPercentOf', () => {
  it('finds the boost option an additional amount stands for', () => {
    expect(boostPercentOf(7800, 390)).toBe(5);
    expect(boostPercentOf(7800, 0)).toBe(0);
    expect(boostPercentOf(7800, 234)).toBe(3);
    expect(boostPercentOf(7800, 780)).toBe(10);
    // 3% of 3900 is 117; 5% of 3333 is 166.65, rounded to 167.
    expect(boostPercentOf(3333, 167)).toBe(5);
  });

  it('refuses any other amount', () => {
    expect(boostPercentOf(7800, 391)).toBeNull();
    expect(boostPercentOf(7800, 7800)).toBeNull();
  });

  it('finds the nearest option for an existing subscription', () => {
    expect(nearestBoostPercent(7800, 390)).toBe(5);
    expect(nearestBoostPercent(7800, 400)).toBe(5);
    expect(nearestBoostPercent(0, 400)).toBe(0);
    expect(nearestBoostPercent(1000, 2000)).toBe(10);
  });
});

describe('dollarsToCents', () => {
  it('converts a form amount with up to two decimals', () => {
    expect(dollarsToCents(10)).toBe(1000);
    expect(dollarsToCents(1)).toBe(100);
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.07)).toBe(7);
    expect(dollarsToCents(1234.5)).toBe(123450);
  });

  it('refuses a third decimal or a non-number', () => {
    expect(dollarsToCents(10.005)).toBeNull();
    expect(dollarsToCents(Number.NaN)).toBeNull();
    expect(dollarsToCents(Number.POSITIVE_INFINITY)).toBeNull();
  });
});
