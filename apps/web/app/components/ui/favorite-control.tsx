import { createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';

/** The product a heart acts on: enough to toggle it and to name it in messages. */
export interface FavoriteTarget {
  id: number;
  name: string;
  /** What the server said when the product was loaded; used until the shopper's own list is known. */
  is_favorite: boolean;
}

/**
 * How a heart button asks about and toggles a favourite. Product cards and the product page live
 * in features that must not import the wishlist feature (DESIGN section 2), so the layouts provide
 * this and the cards render a heart only when it is there.
 */
export interface FavoriteControl {
  isFavorite: (product: FavoriteTarget) => boolean;
  /** True while this product's toggle call is running. */
  isPending: (productId: number) => boolean;
  toggle: (product: FavoriteTarget) => void;
}

const FavoriteContext = createContext<FavoriteControl | null>(null);

export function FavoriteControlProvider({ value, children }: { value: FavoriteControl; children: ReactNode }) {
  return <FavoriteContext.Provider value={value}>{children}</FavoriteContext.Provider>;
}

/** The hearts' control, or null where no layout provides one (then no heart is shown). */
export function useFavoriteControl(): FavoriteControl | null {
  return useContext(FavoriteContext);
}

export function HeartIcon({ filled, className = 'size-5' }: { filled: boolean; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M21 8.25c0-2.49-2.1-4.5-4.69-4.5-1.93 0-3.6 1.12-4.31 2.73-.72-1.61-2.38-2.73-4.31-2.73C5.1 3.75 3 5.76 3 8.25c0 7.22 9 12 9 12s9-4.78 9-12Z"
      />
    </svg>
  );
}

/**
 * A labelled heart toggle for the product page (cards draw their own small one). Renders nothing
 * without a provided control.
 */
export function FavoriteButton({ product, className = '' }: { product: FavoriteTarget; className?: string }) {
  const { t } = useTranslation();
  const control = useFavoriteControl();
  if (!control) return null;
  const active = control.isFavorite(product);
  const pending = control.isPending(product.id);
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
