import type { Cart, CartAdd, CartLineInput, Checkout, CheckoutInput } from '@shop/contracts/cart';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

/**
 * Cart and checkout-preview calls, shared by the cart drawer, the product pages' buttons and the
 * checkout pages. Every figure comes from the server.
 */

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const cartContracts = () => import('@shop/contracts/cart');

export const cartQueryKey = ['cart'] as const;
export const cartLinesQueryKey = (isBuyNow: boolean) => [...cartQueryKey, 'lines', isBuyNow] as const;
export const checkoutQueryKey = (input: { shopIds: readonly number[]; couponCode: string | null; isBuyNow: boolean }) =>
  [...cartQueryKey, 'checkout', input.isBuyNow, [...input.shopIds].sort((a, b) => a - b), input.couponCode] as const;

/** GET /carts: the cart (or, with isBuyNow, the buy-now line) grouped by shop. */
export function cartQueryOptions(api: ApiClient, isBuyNow = false) {
  return queryOptions({
    queryKey: cartLinesQueryKey(isBuyNow),
    queryFn: async ({ signal }): Promise<Cart> =>
      (
        await api.request('/carts', {
          schema: () => cartContracts().then((c) => c.cartReplySchema),
          query: isBuyNow ? { is_buy_now: 1 } : undefined,
          signal,
        })
      ).data,
  });
}

/** POST /api/cart/store. The reply is the cart (or buy-now line) after the add. */
export function addToCart(api: ApiClient, input: CartAdd) {
  return api.request('/api/cart/store', {
    method: 'POST',
    body: input,
    schema: () => cartContracts().then((c) => c.cartReplySchema),
  });
}

export type CartLineAction = 'increment' | 'decrement' | 'delete';

/** POST /cart/increment, /cart/decrement, /cart/delete: the line `cart_item_id` (one product may have several). */
export function changeCartLine(api: ApiClient, action: CartLineAction, input: CartLineInput) {
  return api.request(`/cart/${action}`, {
    method: 'POST',
    body: input,
    schema: () => cartContracts().then((c) => c.cartReplySchema),
  });
}

/** POST /api/cart/checkout: the preview of the orders the selected shops would make. */
export async function previewCheckout(api: ApiClient, input: CheckoutInput, signal?: AbortSignal) {
  return api.request('/api/cart/checkout', {
    method: 'POST',
    body: input,
    schema: () => cartContracts().then((c) => c.checkoutReplySchema),
    signal,
  });
}

export function checkoutQueryOptions(
  api: ApiClient,
  input: { shopIds: readonly number[]; couponCode: string | null; isBuyNow: boolean },
) {
  return queryOptions({
    queryKey: checkoutQueryKey(input),
    queryFn: async ({ signal }): Promise<{ message: string; data: Checkout }> =>
      previewCheckout(
        api,
        { shop_ids: [...input.shopIds], coupon_code: input.couponCode, is_buy_now: input.isBuyNow },
        signal,
      ),
  });
}
