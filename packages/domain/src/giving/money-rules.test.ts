import { describe, it, expect } from 'vitest';
import {
  PAYMENT_INTERVALS,
  activePlanIntervals,
  annualCents,
  boostCents,
  intervalAmountCents,
  isPaymentInterval,
  slotChoices,
  slotsRemaining,
  totalWithBoostCents,
} from './money-rules.ts';

describe('slotsRemaining', () => {
  it('is max minus filled', () => {
    expect(slotsRemaining(5, 2)).toBe(3);
    expect(slotsRemaining(1, 1)).toBe(0);
  });

  it('never goes below 0', () => {
    expect(slotsRemaining(2, 3)).toBe(0);
  });
});

describe('slotChoices', () => {
  it('run from 1 to min(remaining, visible slots)', () => {
    expect(slotChoices(3, 5)).toEqual([1, 2, 3]);
    expect(slotChoices(10, 4)).toEqual([1, 2, 3, 4]);
  });

  it('are empty when no slots remain', () => {
    expect(slotChoices(0, 5)).toEqual([]);
  });

  it('treat null or 0 visible slots as 1', () => {
    expect(slotChoices(5, null)).toEqual([1]);
    expect(slotChoices(5, 0)).toEqual([1]);
    expect(slotChoices(5, undefined)).toEqual([1]);
  });
});

describe('interval amounts', () => {
  it('make annual 12 times monthly', () => {
    expect(annualCents(3500)).toBe(42000);
  });

  it('multiply monthly by the interval multiplier', () => {
    expect(intervalAmountCents(3500, PAYMENT_INTERVALS.month.multiplier)).toBe(3500);
    expect(intervalAmountCents(3500, PAYMENT_INTERVALS.year.multiplier)).toBe(42000);
  });

  it('know month and year as the only payment intervals', () => {
    expect(PAYMENT_INTERVALS).toEqual({ month: { multiplier: 1 }, year: { multiplier: 12 } });
    expect(isPaymentInterval('month')).toBe(true);
    expect(isPaymentInterval('year')).toBe(true);
    expect(isPaymentInterval('week')).toBe(false);
  });
});

describe('boost', () => {
  it('is a percent of the base rounded to whole cents', () => {
    expect(boostCents(3500, 5)).toBe(175);
    expect(boostCents(3333, 3)).toBe(100);
    expect(boostCents(1050, 5)).toBe(53);
    expect(boostCents(3500, 0)).toBe(0);
  });

  it('adds to the base for the total', () => {
    expect(totalWithBoostCents(3500, 5)).toBe(3675);
    expect(totalWithBoostCents(42000, 10)).toBe(46200);
    expect(totalWithBoostCents(3500, 0)).toBe(3500);
  });
});

describe('activePlanIntervals', () => {
  it('excludes intervals with a zero multiplier', () => {
    const month = { paymentIntervals: { id: 1, name: 'month', multiplier: 1 } };
    const year = { paymentIntervals: { id: 2, name: 'year', multiplier: 12 } };
    const off = { paymentIntervals: { id: 3, name: 'year', multiplier: 0 } };
    expect(activePlanIntervals([month, off, year])).toEqual([month, year]);
  });

  it('reads the multiplier through an accessor for other shapes', () => {
    const intervals = [{ m: 0 }, { m: 12 }];
    expect(activePlanIntervals(intervals, (i) => i.m)).toEqual([{ m: 12 }]);
  });
});
