import {
  boostCents,
  MESSAGES,
  PAYMENT_INTERVALS,
  slotsRemaining,
  sponsoredRecordName,
  type PaymentInterval,
  type UserSponsoredLine,
} from '@kinship/domain';
import type { CartItem } from '../../../shared/cart/cart-store';
import type { CartSponsored } from '../api/get-cart-sponsoreds';

export interface CartLine {
  item: CartItem;
  /** The record, once loaded; null when it could not be loaded (gone or no longer open). */
  sponsored: CartSponsored | null;
  loading: boolean;
  /** Cents per interval for this line, before the boost. */
  amount: number;
  /** Slots remaining are below the quantity (and it is not a conversion), the record is gone, or the person already sponsors it. */
  invalid: boolean;
  /** Why the line is invalid: the spec's invalid-item text, or that the person already sponsors it. */
  issue: string | null;
  /** The same reason as a kind, for the screens to say it in the page's language. */
  issueKind: CartIssueKind | null;
}

/** A line's problem: the person already sponsors the record, or too few slots remain (or it is gone). */
export type CartIssueKind = 'alreadySponsor' | 'invalid';

export interface PricedCart {
  lines: CartLine[];
  baseAmount: number;
  additionalAmount: number;
  total: number;
  hasIssues: boolean;
  loading: boolean;
}

/** A cart item is invalid when its slots remaining are below its quantity and it is not a conversion. */
export function isInvalidCartItem(item: CartItem, sponsored: CartSponsored): boolean {
  if (item.isConversion) return false;
  return slotsRemaining(sponsored.maxSlots, sponsored.slotsFilled) < item.quantity;
}

/**
 * What is wrong with a cart line, at once (before any card is entered): a record the person already
 * sponsors (unless the line converts their manual sponsorship), too few slots, or a record gone.
 */
export function cartLineIssueKind(
  item: CartItem,
  sponsored: CartSponsored | null,
  loading: boolean,
): CartIssueKind | null {
  if (!sponsored) return loading ? null : 'invalid';
  if (!item.isConversion && sponsored.isSponsor) return 'alreadySponsor';
  return isInvalidCartItem(item, sponsored) ? 'invalid' : null;
}

/** The issue's text in the spec's English (the domain's MESSAGES). */
export function cartLineIssue(
  item: CartItem,
  sponsored: CartSponsored | null,
  loading: boolean,
): string | null {
  const kind = cartLineIssueKind(item, sponsored, loading);
  if (kind === 'alreadySponsor') return MESSAGES.alreadySponsor(cartItemName(sponsored, item.sponsoredsId));
  return kind === 'invalid' ? MESSAGES.invalidCartItem : null;
}

/**
 * Prices the cart (spec 9): each line is the monthly amount times the slots, times 12 annually; the
 * boost is a percent of the base; total = base + boost on base. All cents.
 */
export function priceCart(
  items: CartItem[],
  records: { data: CartSponsored | undefined; isPending: boolean; isError: boolean }[],
  interval: PaymentInterval,
  boostPercent: number,
): PricedCart {
  const lines = items.map((item, index): CartLine => {
    const record = records[index];
    const sponsored = record?.data ?? null;
    const loading = !sponsored && (record?.isPending ?? true) && !record?.isError;
    const amount = sponsored
      ? sponsored.monthlyAmount * PAYMENT_INTERVALS[interval].multiplier * item.quantity
      : 0;
    const issue = cartLineIssue(item, sponsored, loading);
    const issueKind = cartLineIssueKind(item, sponsored, loading);
    return { item, sponsored, loading, amount, invalid: issue !== null, issue, issueKind };
  });
  const baseAmount = lines.reduce((sum, line) => sum + line.amount, 0);
  const additionalAmount = boostCents(baseAmount, boostPercent);
  return {
    lines,
    baseAmount,
    additionalAmount,
    total: baseAmount + additionalAmount,
    hasIssues: lines.some((line) => line.invalid),
    loading: lines.some((line) => line.loading),
  };
}

/** The userSponsoreds lines of the checkout body; `usersId` as GET users/getByToken answers it. */
export function checkoutLines(usersId: number, lines: CartLine[]): UserSponsoredLine[] {
  return lines.map((line) => ({
    usersId,
    sponsoredsId: line.item.sponsoredsId,
    numSlots: line.item.quantity,
    amount: line.amount,
    isManualSponsorshipConversion: Boolean(line.item.isConversion),
    partnerSponsoredTypesId: line.sponsored?.partnerSponsoredTypesId ?? 0,
  }));
}

/**
 * The record's name as the cart shows it: persons by name, classes and initiatives by title;
 * `fallback` (default `Profile {id}`) when it has none or is not loaded.
 */
export function cartItemName(
  sponsored: CartSponsored | null,
  sponsoredsId: number,
  fallback = `Profile ${sponsoredsId}`,
): string {
  if (!sponsored) return fallback;
  return sponsoredRecordName(sponsored, fallback);
}
