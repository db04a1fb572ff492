import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { createStore, useStore } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { readCookie, writeBrowserCookie } from '../../../lib/cookies';

/**
 * Which shops of the cart go to checkout, and the coupon code typed there (the spec's
 * "selectedShopIds", "coupon_code"; kept in local storage). Shared by the cart drawer, which
 * toggles shops, and the checkout page, which reads them. One store per render root; it reads
 * local storage only after hydration, so the server and the first client render agree.
 *
 * Every change is also written to the `cart-selection` cookie, so the server can render the
 * checkout with the selected shops' lines and figures; the first render
 * starts from that cookie (the root loader reads it) and local storage stays the record.
 */
export interface CartSelection {
  selectedShopIds: number[];
  couponCode: string | null;
}

export interface CartSelectionState extends CartSelection {
  /** Whether the selection is known: it came with the page (cookie) or from local storage. */
  restored: boolean;
  toggleShop: (shopId: number) => void;
  setSelectedShops: (shopIds: number[]) => void;
  /** Keeps only the selected shops still in the cart (after a line was removed). */
  pruneShops: (shopIdsInCart: readonly number[]) => void;
  setCouponCode: (code: string | null) => void;
  /** Logout, or an order placed: nothing selected, no coupon. */
  reset: () => void;
  markRestored: () => void;
}

export const CART_SELECTION_STORAGE_KEY = 'cart-selection';
export const CART_SELECTION_COOKIE = 'cart-selection';
/** More shops than any cart holds: a longer list in the cookie is not ours. */
const MAX_SELECTED_SHOPS = 100;
const MAX_COUPON_LENGTH = 100;

/** The cookie's text: the shop ids joined by dots, then `~` and the coupon code when there is one. */
export function cartSelectionCookieValue(selection: CartSelection): string {
  const ids = selection.selectedShopIds.join('.');
  return selection.couponCode ? `${ids}~${selection.couponCode}` : ids;
}

/** The selection a Cookie header carries; null when it has none or it is not one of ours. */
export function readCartSelectionCookie(header: string | null | undefined): CartSelection | null {
  const value = readCookie(header, CART_SELECTION_COOKIE);
  if (value === undefined) return null;
  const cut = value.indexOf('~');
  const idsText = cut < 0 ? value : value.slice(0, cut);
  const code = cut < 0 ? '' : value.slice(cut + 1).trim();
  const parts = idsText === '' ? [] : idsText.split('.');
  if (parts.length > MAX_SELECTED_SHOPS || code.length > MAX_COUPON_LENGTH) return null;
  if (!parts.every((part) => /^[1-9]\d{0,14}$/.test(part))) return null;
  const ids = parts.map(Number);
  return { selectedShopIds: [...new Set(ids)], couponCode: code || null };
}

export function createCartSelectionStore(initial: CartSelection | null = null) {
  return createStore<CartSelectionState>()(
    persist(
      (set) => ({
        selectedShopIds: initial?.selectedShopIds ?? [],
        couponCode: initial?.couponCode ?? null,
        restored: initial !== null,
        toggleShop: (shopId) =>
          set((s) => ({
            selectedShopIds: s.selectedShopIds.includes(shopId)
              ? s.selectedShopIds.filter((id) => id !== shopId)
              : [...s.selectedShopIds, shopId],
          })),
        setSelectedShops: (shopIds) => set({ selectedShopIds: [...new Set(shopIds)] }),
        pruneShops: (inCart) =>
          set((s) => ({ selectedShopIds: s.selectedShopIds.filter((id) => inCart.includes(id)) })),
        setCouponCode: (couponCode) => set({ couponCode: couponCode?.trim() ? couponCode.trim() : null }),
        reset: () => set({ selectedShopIds: [], couponCode: null }),
        markRestored: () => set({ restored: true }),
      }),
      {
        name: CART_SELECTION_STORAGE_KEY,
        storage: createJSONStorage(() => localStorage),
        partialize: (s) => ({ selectedShopIds: s.selectedShopIds, couponCode: s.couponCode }),
        skipHydration: true,
      },
    ),
  );
}

export type CartSelectionStore = ReturnType<typeof createCartSelectionStore>;

const CartSelectionContext = createContext<CartSelectionStore | null>(null);

export function CartSelectionProvider({
  initial = null,
  children,
}: {
  /** The selection the page came with (the `cart-selection` cookie), so the server renders it. */
  initial?: CartSelection | null;
  children: ReactNode;
}) {
  const [{ store, cookieValue }] = useState(() => ({
    store: createCartSelectionStore(initial),
    cookieValue: initial ? cartSelectionCookieValue(initial) : null,
  }));
  useEffect(() => {
    let written = cookieValue;
    const mirror = (s: CartSelection) => {
      const value = cartSelectionCookieValue(s);
      if (value === written) return;
      written = value;
      writeBrowserCookie(CART_SELECTION_COOKIE, value);
    };
    const unsubscribe = store.subscribe(mirror);
    // Unreadable storage leaves the selection the page came with (or none): known either way.
    void Promise.resolve(store.persist.rehydrate())
      .catch(() => undefined)
      .then(() => {
        store.getState().markRestored();
        mirror(store.getState());
      });
    return unsubscribe;
  }, [store, cookieValue]);
  return <CartSelectionContext.Provider value={store}>{children}</CartSelectionContext.Provider>;
}

export function useCartSelection<T>(select: (s: CartSelectionState) => T): T {
  const store = useContext(CartSelectionContext);
  if (!store) throw new Error('useCartSelection needs a CartSelectionProvider');
  return useStore(store, select);
}
