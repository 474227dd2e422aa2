import { slotChoices, slotsRemaining } from '../giving/money-rules.ts';

// Sponsor button, cart validity and sponsorship state (spec 3 and 4).

export type SponsorButtonState =
  { kind: 'sponsored' } | { kind: 'dropdown'; choices: number[] } | { kind: 'single' };

/**
 * 'sponsored' (the disabled 'Sponsored!' button) when the user already
 * sponsors the record or no slots remain; 'dropdown' with the slot choices when
 * more than one slot is selectable; otherwise a 'single' Sponsor button.
 */
export function sponsorButtonState(input: {
  isSponsor: boolean;
  maxSlots: number;
  slotsFilled: number;
  visibleSlots: number | null | undefined;
}): SponsorButtonState {
  const remaining = slotsRemaining(input.maxSlots, input.slotsFilled);
  if (input.isSponsor || remaining === 0) return { kind: 'sponsored' };
  const choices = slotChoices(remaining, input.visibleSlots);
  return choices.length > 1 ? { kind: 'dropdown', choices } : { kind: 'single' };
}

export type CartItemLike = { quantity: number; isConversion?: boolean | null };

/** A cart item is invalid when slots remaining is below its quantity, unless it is a conversion. */
export function isCartItemValid(item: CartItemLike, remaining: number): boolean {
  return Boolean(item.isConversion) || remaining >= item.quantity;
}

/** Checkout is blocked when any item is invalid. */
export function cartHasIssues(items: readonly { item: CartItemLike; remaining: number }[]): boolean {
  return items.some(({ item, remaining }) => !isCartItemValid(item, remaining));
}

/** A sponsorship is active when dateEnded is empty. */
export function isSponsorshipActive(userSponsored: { dateEnded?: string | Date | null }): boolean {
  const { dateEnded } = userSponsored;
  return dateEnded === null || dateEnded === undefined || dateEnded === '';
}
