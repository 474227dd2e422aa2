import { MESSAGES } from '@kinship/domain';
import { describe, expect, it } from 'vitest';
import type { CartSponsored } from '../api/get-cart-sponsoreds';
import { cartItemName, priceCart } from './price-cart';

const teacher: CartSponsored = {
  id: 7,
  firstName: 'Amara',
  lastName: 'Okafor',
  title: 'French Teacher',
  sponsoredTypesId: 2,
  profileImagePath: null,
  monthlyAmount: 5000,
  maxSlots: 3,
  slotsFilled: 1,
  partnerSponsoredTypesId: 21,
  isSponsor: false,
};
const loaded = (data: CartSponsored) => [{ data, isPending: false, isError: false }];

describe('priceCart', () => {
  it('flags at once a record the person already sponsors, in the cart-issue style', () => {
    const cart = priceCart(
      [{ id: '7', sponsoredsId: 7, quantity: 1 }],
      loaded({ ...teacher, isSponsor: true }),
      'month',
      5,
    );
    expect(cart.hasIssues).toBe(true);
    expect(cart.lines[0]!.issue).toBe(MESSAGES.alreadySponsor('Amara Okafor'));
  });

  it('does not flag the conversion of the person’s own manual sponsorship', () => {
    const cart = priceCart(
      [{ id: '7', sponsoredsId: 7, quantity: 1, isConversion: true }],
      loaded({ ...teacher, isSponsor: true }),
      'year',
      0,
    );
    expect(cart.hasIssues).toBe(false);
    expect(cart.baseAmount).toBe(60000);
  });

  it('keeps the spec’s invalid-item text when too few slots remain', () => {
    const cart = priceCart([{ id: '7', sponsoredsId: 7, quantity: 3 }], loaded(teacher), 'month', 5);
    expect(cart.lines[0]!.issue).toBe(MESSAGES.invalidCartItem);
  });

  it('names a teacher by name and a class by its title', () => {
    expect(cartItemName(teacher, 7)).toBe('Amara Okafor');
    expect(cartItemName({ ...teacher, sponsoredTypesId: 5, firstName: 'Room 4', title: 'Class 4B' }, 7)).toBe(
      'Class 4B',
    );
  });
});
