import type { Cart, CartProduct } from '@shop/contracts/cart';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { notifyError, notifyWarning } from '../../../components/ui/toaster';
import {
  addToCart,
  type CartLineAction,
  cartLinesQueryKey,
  cartQueryKey,
  cartQueryOptions,
  changeCartLine,
  checkoutQueryOptions,
} from '../../../entities/cart/api/cart';
import {
  type CartChoice,
  type CartControl,
  CartControlProvider,
  type CartTarget,
} from '../../../entities/cart/components/cart-control';
import { useCartSelection } from '../../../entities/cart/stores/cart-selection';
import { useMaster } from '../../../lib/api/master';
import { ApiError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { CartDrawer } from './cart-drawer';
import { CartTab } from './cart-tab';
import { closeAddedToasts, showAddedToast, showRemovedToast } from './cart-toasts';

export interface CartProviderProps {
  /** Whether a shopper is logged in (the auth store, read by the layout). */
  loggedIn: boolean;
  /** A visitor tried to add, or an add answered 401: the layout opens the login dialog. */
  onLoginRequired: () => void;
  /** A call answered 401: the session is gone. */
  onUnauthorized: () => void;
  /** Registers the logout reset (the auth store's onLoggedOut); returns the unsubscribe. */
  subscribeLoggedOut: (listener: () => void) => () => void;
  /** Whether the layout shows the floating cart tab; the header's cart is always there. */
  floatingTab?: boolean;
  children: ReactNode;
}

const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function withoutId(set: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(set);
  next.delete(id);
  return next;
}

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/**
 * The shopping cart: the cart (TanStack Query over entities/cart/api/cart.ts), the selected shops
 * (entities/cart/stores/cart-selection.tsx), the drawer, the floating tab and the toasts. It gives
 * the product cards, the product page and the header their control (entities/cart/components/cart-control).
 */
export function CartProvider({
  loggedIn,
  onLoginRequired,
  onUnauthorized,
  subscribeLoggedOut,
  floatingTab = true,
  children,
}: CartProviderProps) {
  const t = useT();
  const api = useApi();
  const client = useQueryClient();
  const navigate = useNavigate();
  const { master } = useMaster();
  // Unknown settings keep the toggles: the shopper can still choose what to check out.
  const multiVendor = master ? master.multi_vendor : true;

  const selectedShopIds = useCartSelection((s) => s.selectedShopIds);
  const couponCode = useCartSelection((s) => s.couponCode);
  const toggleShop = useCartSelection((s) => s.toggleShop);
  const setSelectedShops = useCartSelection((s) => s.setSelectedShops);
  const pruneShops = useCartSelection((s) => s.pruneShops);
  const resetSelection = useCartSelection((s) => s.reset);

  const [open, setOpen] = useState(false);
  const [adding, setAdding] = useState<ReadonlySet<number>>(new Set());
  const [busyLines, setBusyLines] = useState<ReadonlySet<number>>(new Set());

  const cart = useQuery({ ...cartQueryOptions(api), enabled: loggedIn });
  const cartData = loggedIn ? cart.data : undefined;

  // Logout: total 0, products, checkout and selected shops emptied, coupon code cleared.
  const resetCart = useCallback(() => {
    client.removeQueries({ queryKey: cartQueryKey });
    resetSelection();
  }, [client, resetSelection]);

  useEffect(() => subscribeLoggedOut(resetCart), [subscribeLoggedOut, resetCart]);

  // Without a session the cart and checkout state reset (a 401 ended it, or another tab).
  const wasLoggedIn = useRef(loggedIn);
  useEffect(() => {
    if (wasLoggedIn.current && !loggedIn) resetCart();
    wasLoggedIn.current = loggedIn;
  }, [loggedIn, resetCart]);

  const cartFailure = cart.error;
  useEffect(() => {
    // A cart load answering 401 clears the session.
    if (isUnauthorized(cartFailure)) onUnauthorized();
  }, [cartFailure, onUnauthorized]);

  // An `info` in a cart reply (lines dropped or cut) is a warning toast, once per reply.
  const info = cartData?.info ?? null;
  const infoShownAt = useRef(0);
  useEffect(() => {
    if (!info || cart.dataUpdatedAt === infoShownAt.current) return;
    infoShownAt.current = cart.dataUpdatedAt;
    notifyWarning(info);
  }, [info, cart.dataUpdatedAt]);

  // The selection follows the cart: single-vendor selects every shop; otherwise shops
  // no longer in the cart are dropped.
  const cartShopIds = useMemo(() => cartData?.cart_items.map((g) => g.shop_id), [cartData]);
  useEffect(() => {
    if (!cartShopIds) return;
    if (!multiVendor) {
      if (!sameIds(selectedShopIds, cartShopIds)) setSelectedShops(cartShopIds);
    } else if (selectedShopIds.some((id) => !cartShopIds.includes(id))) {
      pruneShops(cartShopIds);
    }
  }, [cartShopIds, multiVendor, selectedShopIds, setSelectedShops, pruneShops]);

  // Cart Amount: the checkout preview of the selected shops, while the drawer is open.
  const checkout = useQuery({
    ...checkoutQueryOptions(api, { shopIds: selectedShopIds, couponCode, isBuyNow: false }),
    enabled: loggedIn && open && selectedShopIds.length > 0,
  });
  const checkoutFailure = checkout.error;
  useEffect(() => {
    if (!checkoutFailure) return;
    // Checkout errors toast the server's message; a 401 also clears the session.
    notifyError(checkoutFailure.message);
    if (isUnauthorized(checkoutFailure)) onUnauthorized();
  }, [checkoutFailure, onUnauthorized]);
  const checkoutItems = checkout.data?.data.checkout_items;
  useEffect(() => {
    // An empty checkout list clears the selection.
    if (checkoutItems && checkoutItems.length === 0 && selectedShopIds.length > 0) setSelectedShops([]);
  }, [checkoutItems, selectedShopIds, setSelectedShops]);

  const openCart = useCallback(() => {
    // Opening fetches the checkout figures (and the cart) afresh.
    if (loggedIn) void client.invalidateQueries({ queryKey: cartQueryKey });
    closeAddedToasts();
    setOpen(true);
  }, [client, loggedIn]);

  /** After the cart changed: its reply is the new cart, and every preview is out of date. */
  const applyCart = useCallback(
    async (next: Cart) => {
      // A cart load still running began before this change: its older answer must not overwrite it.
      await client.cancelQueries({ queryKey: cartLinesQueryKey(false) });
      client.setQueryData(cartLinesQueryKey(false), next);
      void client.invalidateQueries({ queryKey: [...cartQueryKey, 'checkout', false] });
      if (next.info) notifyWarning(next.info);
    },
    [client],
  );

  const failedAdd = useCallback(
    (error: unknown) => {
      if (isUnauthorized(error)) {
        // Spec section 8: 'Please login first!', the session ends, the login dialog opens.
        notifyError(t('Please login first!'));
        onUnauthorized();
        onLoginRequired();
        return;
      }
      notifyError(messageOf(error));
    },
    [t, onUnauthorized, onLoginRequired],
  );

  const runAdd = useCallback(
    async (product: CartTarget, choice: CartChoice, isBuyNow: boolean) => {
      if (!loggedIn) {
        notifyError(t('Please login first!'));
        onLoginRequired();
        return;
      }
      setAdding((s) => new Set(s).add(product.id));
      try {
        const reply = await addToCart(api, {
          product_id: product.id,
          quantity: choice.quantity ?? 1,
          color: choice.color ?? null,
          size: choice.size ?? null,
          unit: choice.unit ?? null,
          is_buy_now: isBuyNow,
        });
        if (isBuyNow) {
          // A buy-now add leaves the cart list alone and shows no toast.
          await client.cancelQueries({ queryKey: cartLinesQueryKey(true) });
          client.setQueryData(cartLinesQueryKey(true), reply.data);
          void client.invalidateQueries({ queryKey: [...cartQueryKey, 'checkout', true] });
          navigate(paths.buyNow);
        } else {
          await applyCart(reply.data);
          // The toast names the line the add went to: the product in the colour and size chosen.
          const line = reply.data.cart_items
            .flatMap((g) => g.products)
            .find(
              (l) =>
                l.id === product.id &&
                (l.color?.id ?? null) === (choice.color ?? null) &&
                (l.size?.id ?? null) === (choice.size ?? null),
            );
          // Not found (the reply cut it): the product alone, never the colour of another line.
          showAddedToast(line ?? { name: product.name, thumbnail: product.thumbnail }, openCart);
        }
      } catch (error) {
        failedAdd(error);
      } finally {
        setAdding((s) => withoutId(s, product.id));
      }
    },
    [api, client, loggedIn, navigate, t, onLoginRequired, applyCart, openCart, failedAdd],
  );

  const changeLine = useCallback(
    async (line: CartProduct, action: CartLineAction) => {
      setBusyLines((s) => new Set(s).add(line.cart_item_id));
      try {
        // The line by its own id: the product may be in the cart in other colours and sizes too.
        const reply = await changeCartLine(api, action, { cart_item_id: line.cart_item_id, product_id: line.id });
        await applyCart(reply.data);
        const shopIds = reply.data.cart_items.map((g) => g.shop_id);
        const stillThere = reply.data.cart_items.some((g) =>
          g.products.some((p) => p.cart_item_id === line.cart_item_id),
        );
        // The reply's "product removed from cart" is translated; the line's absence says the same in any language.
        if (!stillThere) {
          // A removal prunes the selected shops; an empty cart clears the checkout data.
          pruneShops(shopIds);
          if (reply.data.cart_items.length === 0) {
            setSelectedShops([]);
            client.removeQueries({ queryKey: [...cartQueryKey, 'checkout', false] });
          }
          showRemovedToast(line, () => void runAdd({ ...line, quantity: line.max_quantity }, {}, false));
        }
      } catch (error) {
        // Increment (and the other line changes) toast the server's message; 401 ends the session.
        notifyError(messageOf(error));
        if (isUnauthorized(error)) onUnauthorized();
      } finally {
        setBusyLines((s) => withoutId(s, line.cart_item_id));
      }
    },
    [api, client, applyCart, pruneShops, setSelectedShops, runAdd, onUnauthorized],
  );

  const proceed = useCallback(() => {
    if (selectedShopIds.length === 0) {
      // No navigation without a selected shop.
      notifyError(t('Please select at least one shop'));
      return;
    }
    setOpen(false);
    navigate(paths.checkout);
  }, [selectedShopIds, t, navigate]);

  const voucherUnauthorized = useCallback(() => {
    // A voucher load answering 401 clears the session and sends the visitor to /.
    onUnauthorized();
    setOpen(false);
    navigate(paths.home);
  }, [onUnauthorized, navigate]);

  const control = useMemo<CartControl>(
    () => ({
      add: (product, choice = {}) => void runAdd(product, choice, false),
      buyNow: (product, choice = {}) => void runAdd(product, choice, true),
      isAdding: (id) => adding.has(id),
      openCart,
    }),
    [runAdd, adding, openCart],
  );

  const count = cartData?.total ?? 0;
  return (
    <CartControlProvider value={control} count={count}>
      {children}
      {floatingTab && <CartTab count={count} total={cartData?.total_amount ?? 0} onOpen={openCart} />}
      <CartDrawer
        open={open}
        onClose={() => setOpen(false)}
        cart={cartData}
        loading={loggedIn && cart.isPending}
        multiVendor={multiVendor}
        selectedShopIds={selectedShopIds}
        onToggleShop={toggleShop}
        busyLines={busyLines}
        onChangeLine={(line, action) => void changeLine(line, action)}
        amount={selectedShopIds.length === 0 ? 0 : checkout.data?.data.checkout.total_amount}
        onProceed={proceed}
        onUnauthorized={voucherUnauthorized}
      />
    </CartControlProvider>
  );
}
