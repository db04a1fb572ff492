import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import { HeartIcon } from '../../../components/ui/icons';
import { useT } from '../../../lib/i18n';

/** The product a heart acts on: enough to toggle it and to name it in messages. */
export interface WishlistTarget {
  id: number;
  name: string;
  /** What the server said when the product was loaded; used until the shopper's own list is known. */
  is_favorite: boolean;
}

/**
 * How a heart button asks about and toggles a favourite. Product cards (the product entity) and
 * the product page (a feature) may not import the wishlist feature, so the layouts provide this
 * (layouts/with-wishlist.tsx) and the cards render a heart only when it is there.
 */
export interface WishlistControl {
  inWishlist: (product: WishlistTarget) => boolean;
  /** True while this product's toggle call is running. */
  isPending: (productId: number) => boolean;
  toggle: (product: WishlistTarget) => void;
  /**
   * Calls `listener` whenever the favourites or the running toggles change, so each heart reads
   * its own state (useWishlisted) and a list arriving re-renders only the hearts it changes.
   */
  subscribe: (listener: () => void) => () => void;
}

const WishlistContext = createContext<WishlistControl | null>(null);

export function WishlistControlProvider({ value, children }: { value: WishlistControl; children: ReactNode }) {
  return <WishlistContext.Provider value={value}>{children}</WishlistContext.Provider>;
}

/** The hearts' control, or null where no layout provides one (then no heart is shown). */
export function useWishlistControl(): WishlistControl | null {
  return useContext(WishlistContext);
}

const unsubscribed = () => () => {};

/** Whether the product is a favourite, by the control (re-rendering when that answer changes) or, without one, by the product. */
export function useWishlisted(control: WishlistControl | null, product: WishlistTarget): boolean {
  const read = () => (control ? control.inWishlist(product) : product.is_favorite);
  return useSyncExternalStore(control?.subscribe ?? unsubscribed, read, read);
}

/** Whether the product's toggle call is running. */
export function useWishlistPending(control: WishlistControl | null, productId: number): boolean {
  const read = () => (control ? control.isPending(productId) : false);
  return useSyncExternalStore(control?.subscribe ?? unsubscribed, read, read);
}

/**
 * A labelled heart toggle for the product page (cards draw their own small one). Renders nothing
 * without a provided control.
 */
export function WishlistButton({ product, className = '' }: { product: WishlistTarget; className?: string }) {
  const t = useT();
  const control = useWishlistControl();
  const active = useWishlisted(control, product);
  const pending = useWishlistPending(control, product.id);
  if (!control) return null;
  return (
    <button
      type="button"
      onClick={() => control.toggle(product)}
      disabled={pending}
      aria-pressed={active}
      aria-label={active ? t('Remove from wishlist') : t('Add to wishlist')}
      title={active ? t('Remove from wishlist') : t('Add to wishlist')}
      className={`inline-flex size-11 shrink-0 items-center justify-center rounded-full border transition focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-500 disabled:opacity-60 ${
        active
          ? 'border-rose-200 bg-rose-50 text-rose-600 hover:bg-rose-100'
          : 'border-slate-200 bg-white text-slate-500 hover:border-rose-200 hover:text-rose-600'
      } ${className}`}
    >
      <HeartIcon filled={active} />
    </button>
  );
}
