import { BOOST_OPTIONS, MESSAGES } from '../shared/constants.ts';
import { formatCents } from '../shared/format.ts';
import { boostCents } from './money-rules.ts';

// Checkout and donation rules shared by the server (which enforces them) and the web app (which
// shows them). All money is integer cents.

/** What a checkout answers for every line whose slots ran out: the cart notice and the item notice. */
export const CART_ISSUE_MESSAGE = `${MESSAGES.cartIssues} ${MESSAGES.invalidCartItem}`;

export const BOOST_NOT_ALLOWED_MESSAGE = 'additionalAmount must be 0%, 3%, 5% or 10% of baseAmount.';

/** The 409 a donor sees when the cart was priced before a plan change. */
export function priceChangedMessage(baseCents: number): string {
  return `The price of your sponsorship has changed to ${formatCents(baseCents)}. Please review your cart and try again.`;
}

/** The boost option (a percent of BOOST_OPTIONS) whose rounded amount on `baseCents` is `additionalCents`, else null. */
export function boostPercentOf(baseCents: number, additionalCents: number): number | null {
  return BOOST_OPTIONS.find((percent) => boostCents(baseCents, percent) === additionalCents) ?? null;
}

/** The boost option closest to the ratio additional / base (used to keep a subscription's boost when repricing). */
export function nearestBoostPercent(baseCents: number, additionalCents: number): number {
  if (baseCents <= 0) return 0;
  const ratio = (additionalCents * 100) / baseCents;
  return BOOST_OPTIONS.reduce((best, p) => (Math.abs(p - ratio) < Math.abs(best - ratio) ? p : best), 0);
}

/**
 * A dollar amount as the donation form sends it (minimum 1, step 0.01) in integer cents, or null
 * when it has more than two decimals or is not a finite number.
 */
export function dollarsToCents(dollars: number): number | null {
  if (!Number.isFinite(dollars)) return null;
  const cents = Math.round(dollars * 100);
  // Binary noise (19.99 * 100 = 1998.9999999999998) is fine; a third decimal is not.
  if (Math.abs(cents - dollars * 100) > 1e-6) return null;
  return cents;
}
