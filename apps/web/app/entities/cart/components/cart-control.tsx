import { createContext, type ReactNode, useContext } from 'react';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icons';
import { useT } from '../../../lib/i18n';

/** The product an add acts on: enough to add it and to show it in the cart toasts. */
export interface CartTarget {
  id: number;
  name: string;
  thumbnail: string;
  /** Stock (or what is left of a running flash sale); 0 disables the buttons. */
  quantity: number;
}

/** What the shopper chose on the product page (the add call's fields). */
export interface CartChoice {
  quantity?: number;
  /** Colour id. */
  color?: number | null;
  /** Size id. */
  size?: number | null;
  /** Unit name. */
  unit?: string | null;
}

/**
 * How the product cards, the product page and the header reach the cart. They sit in the product
 * entity, other features and the layouts, none of which may import the cart feature, so the
 * layouts provide this (layouts/with-cart.tsx) and the buttons render only when it is there.
 */
export interface CartControl {
  /** Adds to the cart: a toast on success, the login dialog for a visitor or on 401. */
  add: (product: CartTarget, choice?: CartChoice) => void;
  /** Adds as the buy-now line (no toast, the cart list untouched), then goes to /buynow. */
  buyNow: (product: CartTarget, choice?: CartChoice) => void;
  /** True while an add (or buy now) of this product is running. */
  isAdding: (productId: number) => boolean;
  /** Opens the "My Cart" drawer. */
  openCart: () => void;
}

const CartControlContext = createContext<CartControl | null>(null);
/** Apart from the control, so a changed count re-renders the header, not every product card. */
const CartCountContext = createContext(0);

export function CartControlProvider({
  value,
  count,
  children,
}: {
  value: CartControl;
  /** Lines in the cart (the cart's `total`), for the header and the mobile menu. */
  count: number;
  children: ReactNode;
}) {
  return (
    <CartControlContext.Provider value={value}>
      <CartCountContext.Provider value={count}>{children}</CartCountContext.Provider>
    </CartControlContext.Provider>
  );
}

/** The cart's control, or null where no layout provides one (then no cart button is shown). */
export function useCartControl(): CartControl | null {
  return useContext(CartControlContext);
}

/** How many lines the cart holds (0 for a visitor or without a provider). */
export function useCartCount(): number {
  return useContext(CartCountContext);
}

/**
 * "Add to Cart" and "Buy Now" of the product page, with the shopper's colour, size and unit.
 * Disabled when out of stock; renders nothing without a provided control.
 */
export function CartButtons({
  product,
  choice,
  className = '',
}: {
  product: CartTarget;
  choice?: CartChoice;
  className?: string;
}) {
  const t = useT();
  const control = useCartControl();
  if (!control) return null;
  const outOfStock = product.quantity <= 0;
  const pending = control.isAdding(product.id);
  return (
    <div className={`flex flex-wrap gap-3 ${className}`}>
      <Button
        variant="outline"
        size="lg"
        className="min-w-40 flex-1"
        disabled={outOfStock || pending}
        onClick={() => control.add(product, choice)}
      >
        {/* On a phone the label needs the room (Arabic is wider than English). */}
        <Icon name="bag" className="size-5 max-sm:hidden" />
        {t('Add to Cart')}
      </Button>
      <Button
        size="lg"
        className="min-w-40 flex-1"
        disabled={outOfStock || pending}
        onClick={() => control.buyNow(product, choice)}
      >
        {t('Buy Now')}
      </Button>
    </div>
  );
}
