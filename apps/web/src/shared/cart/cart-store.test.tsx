import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addToCart, CART_STORAGE_KEY, clearCart, readCart, removeFromCart, useCartCount } from './cart-store';

function Count() {
  return <span data-testid="count">{useCartCount()}</span>;
}

describe('cart store', () => {
  it('keeps items in localStorage, keyed by id', () => {
    addToCart({ id: 'a', sponsoredsId: 1, quantity: 1 });
    addToCart({ id: 'b', sponsoredsId: 2, quantity: 2, isConversion: true });
    addToCart({ id: 'a', sponsoredsId: 1, quantity: 3 });
    expect(readCart()).toEqual([
      { id: 'b', sponsoredsId: 2, quantity: 2, isConversion: true },
      { id: 'a', sponsoredsId: 1, quantity: 3 },
    ]);
    expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY)!)).toHaveLength(2);
    removeFromCart('b');
    expect(readCart().map((item) => item.id)).toEqual(['a']);
    clearCart();
    expect(readCart()).toEqual([]);
  });

  it('treats unreadable storage as an empty cart', () => {
    window.localStorage.setItem(CART_STORAGE_KEY, '{not json');
    expect(readCart()).toEqual([]);
    window.localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([{ id: 'x' }, { id: 'y', sponsoredsId: 3, quantity: 1 }]),
    );
    expect(readCart()).toEqual([{ id: 'y', sponsoredsId: 3, quantity: 1 }]);
  });

  it('the count follows changes in this tab and in other tabs', () => {
    render(<Count />);
    expect(screen.getByTestId('count')).toHaveTextContent('0');
    act(() => addToCart({ id: 'a', sponsoredsId: 1, quantity: 1 }));
    expect(screen.getByTestId('count')).toHaveTextContent('1');
    act(() => {
      window.localStorage.setItem(
        CART_STORAGE_KEY,
        JSON.stringify([
          { id: 'a', sponsoredsId: 1, quantity: 1 },
          { id: 'b', sponsoredsId: 2, quantity: 1 },
        ]),
      );
      window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY }));
    });
    expect(screen.getByTestId('count')).toHaveTextContent('2');
  });
});
