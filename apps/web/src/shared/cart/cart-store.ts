import { useSyncExternalStore } from 'react';

/**
 * The cart, persisted locally (spec 3 "Cart item", spec 9): a JSON array under `kinship.cart`.
 * Items are keyed by id. Every change dispatches `kinship:cart` so this tab updates; other tabs
 * hear the `storage` event.
 */
export interface CartItem {
  id: string;
  sponsoredsId: number;
  quantity: number;
  /** Converting a manual sponsorship to a paid one. */
  isConversion?: boolean;
}

export const CART_STORAGE_KEY = 'kinship.cart';
export const CART_EVENT = 'kinship:cart';

function isCartItem(value: unknown): value is CartItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.id === 'string' &&
    typeof item.sponsoredsId === 'number' &&
    typeof item.quantity === 'number' &&
    item.quantity > 0
  );
}

let cachedRaw: string | null | undefined;
let cachedItems: CartItem[] = [];

/** The stored cart; anything unreadable counts as empty. Same array back while storage is unchanged. */
export function readCart(): CartItem[] {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    raw = null;
  }
  if (raw === cachedRaw) return cachedItems;
  cachedRaw = raw;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    cachedItems = Array.isArray(parsed) ? parsed.filter(isCartItem) : [];
  } catch {
    cachedItems = [];
  }
  return cachedItems;
}

function writeCart(items: CartItem[]): void {
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
  } catch {
    // Storage full or disabled: the cart lives for this page only.
  }
  window.dispatchEvent(new Event(CART_EVENT));
}

/** Adds an item; an item with the same id is replaced (so choosing slots again updates the quantity). */
export function addToCart(item: CartItem): void {
  writeCart([...readCart().filter((existing) => existing.id !== item.id), item]);
}

export function removeFromCart(id: string): void {
  writeCart(readCart().filter((item) => item.id !== id));
}

export function clearCart(): void {
  writeCart([]);
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === CART_STORAGE_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CART_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CART_EVENT, onChange);
  };
}

const emptyCart: CartItem[] = [];

export function useCart(): CartItem[] {
  return useSyncExternalStore(subscribe, readCart, () => emptyCart);
}

/** Number of items in the cart (one per sponsored record, whatever its slot count). */
export function useCartCount(): number {
  return useCart().length;
}

/**
 * The lightning link a visitor came through (decision 049), named in their next checkout. Kept
 * with the cart in local storage, so a new visitor who confirms their address from the sign-up
 * mail (often in another tab) still pays through the link (decision 054).
 */
export const LIGHTNING_STORAGE_KEY = 'kinship.lightning';

export function rememberLightningCode(code: string): void {
  try {
    window.localStorage.setItem(LIGHTNING_STORAGE_KEY, code);
  } catch {
    // Storage disabled: the sponsorship is simply not counted for the campaign.
  }
}

export function lightningCode(): string | undefined {
  try {
    return window.localStorage.getItem(LIGHTNING_STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function forgetLightningCode(): void {
  try {
    window.localStorage.removeItem(LIGHTNING_STORAGE_KEY);
  } catch {
    // Nothing to forget.
  }
}
