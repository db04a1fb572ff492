import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { createStore, useStore } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * Which shops of the cart go to checkout, and the coupon code typed there (spec sections 3 and 4:
 * "selectedShopIds", "coupon_code"; kept in local storage). Shared by the cart drawer, which
 * toggles shops, and the checkout page, which reads them. One store per render root; it reads
 * local storage only after hydration, so the server and the first client render agree.
 */
export interface CartSelectionState {
  selectedShopIds: number[];
  couponCode: string | null;
  toggleShop: (shopId: number) => void;
  setSelectedShops: (shopIds: number[]) => void;
  /** Keeps only the selected shops still in the cart (after a line was removed). */
  pruneShops: (shopIdsInCart: readonly number[]) => void;
  setCouponCode: (code: string | null) => void;
  /** Logout, or an order placed: nothing selected, no coupon. */
  reset: () => void;
}

export const CART_SELECTION_STORAGE_KEY = 'cart-selection';

export function createCartSelectionStore() {
  return createStore<CartSelectionState>()(
    persist(
      (set) => ({
        selectedShopIds: [],
        couponCode: null,
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

export function CartSelectionProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createCartSelectionStore);
  useEffect(() => {
    void store.persist.rehydrate();
  }, [store]);
  return <CartSelectionContext.Provider value={store}>{children}</CartSelectionContext.Provider>;
}

export function useCartSelection<T>(select: (s: CartSelectionState) => T): T {
  const store = useContext(CartSelectionContext);
  if (!store) throw new Error('useCartSelection needs a CartSelectionProvider');
  return useStore(store, select);
}
