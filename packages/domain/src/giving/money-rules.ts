import { MONTHS_PER_YEAR } from '../shared/constants.ts';

// Money and slot rules (spec 3, 4 and 9). All money is in integer cents.

export type PaymentInterval = 'month' | 'year';

export const PAYMENT_INTERVALS: Readonly<Record<PaymentInterval, { readonly multiplier: number }>> = {
  month: { multiplier: 1 },
  year: { multiplier: MONTHS_PER_YEAR },
};

export function isPaymentInterval(value: unknown): value is PaymentInterval {
  return value === 'month' || value === 'year';
}

/** Remaining is max minus filled, never below 0. */
export function slotsRemaining(maxSlots: number, slotsFilled: number): number {
  return Math.max(0, maxSlots - slotsFilled);
}

/**
 * Slot choices run from 1 to min(remaining, visible slots). A visibleSlots of
 * null, undefined or 0 (or less) means 1. No remaining slots gives no choices.
 */
export function slotChoices(remaining: number, visibleSlots: number | null | undefined): number[] {
  const visible = visibleSlots && visibleSlots > 0 ? visibleSlots : 1;
  const count = Math.max(0, Math.floor(Math.min(remaining, visible)));
  return Array.from({ length: count }, (_, i) => i + 1);
}

/** Annual equals 12 times the monthly amount. */
export function annualCents(monthlyCents: number): number {
  return monthlyCents * MONTHS_PER_YEAR;
}

export function intervalAmountCents(monthlyCents: number, multiplier: number): number {
  return monthlyCents * multiplier;
}

/** Boost (a percent of the base) rounded to whole cents. */
export function boostCents(baseCents: number, boostPercent: number): number {
  return Math.round((baseCents * boostPercent) / 100);
}

/** Total equals base plus boost on base. */
export function totalWithBoostCents(baseCents: number, boostPercent: number): number {
  return baseCents + boostCents(baseCents, boostPercent);
}

export type PlanIntervalLike = { paymentIntervals: { multiplier: number } };

/** Plan intervals without zero multipliers (those are excluded from offers). */
export function activePlanIntervals<T extends PlanIntervalLike>(intervals: readonly T[]): T[];
export function activePlanIntervals<T>(intervals: readonly T[], multiplierOf: (interval: T) => number): T[];
export function activePlanIntervals<T>(
  intervals: readonly T[],
  multiplierOf: (interval: T) => number = (i) => (i as PlanIntervalLike).paymentIntervals.multiplier,
): T[] {
  return intervals.filter((i) => multiplierOf(i) !== 0);
}
