import type { Cart, CartProduct, CartShopGroup, Voucher } from '@shop/contracts/cart';
import type { Master } from '@shop/contracts/settings';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { CartSelectionProvider } from '../../../entities/cart/stores/cart-selection';
import { masterQueryKey } from '../../../lib/api/master';
import { createApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { createI18n } from '../../../lib/i18n';
import { CartProvider } from './cart-provider';

/** Shared set-up of the cart's component tests (not shipped: only tests import it). */

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function cartLine(id: number, overrides: Partial<CartProduct> = {}): CartProduct {
  return {
    id,
    cart_item_id: id,
    slug: `product-${id}`,
    name: `Product ${id}`,
    thumbnail: `/uploads/demo/${id}.webp`,
    thumbnails: [],
    brand: 'Brand',
    is_digital: false,
    quantity: 1,
    max_quantity: 5,
    price: 100_000,
    discount_price: 0,
    discount_percentage: 0,
    subtotal: 100_000,
    rating: 4,
    total_reviews: '3',
    total_sold: '10',
    color: null,
    size: null,
    unit: null,
    in_flash_sale: false,
    ...overrides,
  };
}

export function shopGroup(shopId: number, products: CartProduct[]): CartShopGroup {
  return {
    shop_id: shopId,
    shop_name: `Shop ${shopId}`,
    shop_slug: `shop-${shopId}`,
    shop_logo: null,
    shop_rating: 4.5,
    shop_online: true,
    products,
  };
}

export function cartOf(groups: CartShopGroup[], info: string | null = null): Cart {
  const lines = groups.flatMap((g) => g.products);
  return {
    total: lines.length,
    total_amount: lines.reduce((sum, l) => sum + l.subtotal, 0),
    cart_items: groups,
    info,
  };
}

export function voucher(id: number, overrides: Partial<Voucher> = {}): Voucher {
  return {
    id,
    voucher_type: 'Shop Voucher',
    code: `SAVE${id}`,
    discount_type: 'Percentage',
    discount: 10,
    min_order_amount: 50_000,
    max_discount_amount: null,
    limit_for_user: 1,
    shop_id: 1,
    shop_name: 'Shop 1',
    started_at: '2026-01-01T00:00:00.000Z',
    validity: '2026-12-31T16:59:00.000Z',
    is_collected: false,
    ...overrides,
  };
}

/** A checkout preview reply of the given groups (figures are the lines' subtotals; no delivery, tax or discount). */
export function checkoutReply(groups: CartShopGroup[]) {
  const summary = (lines: CartProduct[]) => {
    const total = lines.reduce((sum, l) => sum + l.subtotal, 0);
    return {
      total_amount: total,
      delivery_charge: 0,
      coupon_discount: 0,
      order_tax_amount: 0,
      payable_amount: total,
      all_vat_taxes: [],
    };
  };
  return {
    message: 'ok',
    data: {
      checkout: summary(groups.flatMap((g) => g.products)),
      apply_coupon: false,
      checkout_items: groups.map((g) => ({ ...g, summary: summary(g.products), coupon: null })),
      info: null,
    },
  };
}

/** The path, query and JSON body of each call the fetch mock saw. */
export function calls(fetchImpl: { mock: { calls: unknown[][] } }) {
  return fetchImpl.mock.calls.map(([url, init]) => {
    const u = new URL(String(url));
    return {
      path: u.pathname,
      query: Object.fromEntries(u.searchParams),
      method: (init as RequestInit | undefined)?.method ?? 'GET',
      body: (init as RequestInit | undefined)?.body ? JSON.parse(String((init as RequestInit).body)) : undefined,
    };
  });
}

/** Shows the router's path, so a test sees where a button navigated. */
function PathProbe() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

export interface RenderCartOptions {
  fetchImpl: typeof fetch;
  loggedIn?: boolean;
  multiVendor?: boolean;
  path?: string;
}

/** Renders `ui` inside the cart provider, as the layouts do, with spies for what it asks of them. */
export function renderCart(
  ui: ReactNode,
  { fetchImpl, loggedIn = true, multiVendor = true, path = '/' }: RenderCartOptions,
) {
  const api = createApiClient({ origin: 'http://shop.test', locale: () => 'en', fetch: fetchImpl });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(masterQueryKey, { multi_vendor: multiVendor } as Master);
  const logoutListeners = new Set<() => void>();
  const props = {
    onLoginRequired: vi.fn(),
    onUnauthorized: vi.fn(),
    subscribeLoggedOut: (listener: () => void) => {
      logoutListeners.add(listener);
      return () => logoutListeners.delete(listener);
    },
  };
  let setSignedIn: ((value: boolean) => void) | undefined;
  function Routed() {
    const [signedIn, set] = useState(loggedIn);
    setSignedIn = set;
    return (
      <CartProvider loggedIn={signedIn} {...props}>
        {ui}
        <PathProbe />
      </CartProvider>
    );
  }
  const router = createMemoryRouter([{ path: '*', element: <Routed /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <ApiProvider client={api}>
        <I18nextProvider i18n={createI18n('en', {})}>
          <CartSelectionProvider>
            <RouterProvider router={router} />
          </CartSelectionProvider>
        </I18nextProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
  return {
    ...props,
    queryClient,
    router,
    /** Runs the logout listeners, as the logout dialog does. */
    logOut: () => {
      for (const listener of logoutListeners) listener();
    },
    setLoggedIn: (value: boolean) => act(() => setSignedIn?.(value)),
  };
}
