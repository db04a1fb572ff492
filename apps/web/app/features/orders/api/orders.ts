import type { OrderDetails, OrdersReply, ProductReviewReply } from '@shop/contracts/orders';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { cartLinesQueryKey, cartQueryKey } from '../../../entities/cart/api/cart';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import type { OrderTab } from '../order-tabs';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const ordersContracts = () => import('@shop/contracts/orders');

export const ordersQueryKey = ['orders'] as const;
export const orderDetailsQueryKey = (id: number) => [...ordersQueryKey, 'details', id] as const;

/** GET /api/orders: one page (10) of the shopper's orders under a tab, and every tab's count. */
export function ordersQueryOptions(api: ApiClient, tab: OrderTab, page: number) {
  return queryOptions({
    queryKey: [...ordersQueryKey, 'list', tab.key, page] as const,
    queryFn: async ({ signal }): Promise<OrdersReply['data']> =>
      (
        await api.request('/api/orders', {
          schema: () => ordersContracts().then((c) => c.ordersReplySchema),
          query: { order_status: tab.status ?? undefined, page, per_page: 10 },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/order-details: one order with its timeline, lines and what the shopper can do now. */
export function orderDetailsQueryOptions(api: ApiClient, id: number) {
  return queryOptions({
    queryKey: orderDetailsQueryKey(id),
    queryFn: async ({ signal }): Promise<OrderDetails> =>
      (
        await api.request('/api/order-details', {
          schema: () => ordersContracts().then((c) => c.orderDetailsReplySchema),
          query: { order_id: id },
          signal,
        })
      ).data.order,
    // Another shopper's order (404) stays missing: no retries.
    retry: false,
  });
}

/** After a change: the details take the reply's order, the lists and counts are fetched again. */
function useOrderChanged() {
  const client = useQueryClient();
  return (order: OrderDetails | null) => {
    if (order) client.setQueryData(orderDetailsQueryKey(order.id), order);
    void client.invalidateQueries({ queryKey: [...ordersQueryKey, 'list'] });
    void client.invalidateQueries({ queryKey: ['dashboard'] });
  };
}

/** POST /api/orders/cancel: only while Pending (422 otherwise); the stock goes back on the server. */
export function useCancelOrder() {
  const api = useApi();
  const changed = useOrderChanged();
  return useMutation({
    mutationFn: (orderId: number) =>
      api.request('/api/orders/cancel', {
        method: 'POST',
        body: { order_id: orderId },
        schema: () => ordersContracts().then((c) => c.orderDetailsReplySchema),
      }),
    onSuccess: (reply) => changed(reply.data.order),
  });
}

/**
 * POST /api/place-order/again: the order's lines go back into the cart (nothing is placed); the
 * reply is the new cart, which the cart's cache takes at once. One Idempotency-Key goes with every
 * try until the server has answered, so a retry does not add the lines twice.
 */
export function useOrderAgain() {
  const api = useApi();
  const client = useQueryClient();
  const idempotency = useIdempotencyKey();
  return useMutation({
    mutationFn: (orderId: number) =>
      api.request('/api/place-order/again', {
        method: 'POST',
        body: { order_id: orderId },
        schema: () => ordersContracts().then((c) => c.orderAgainReplySchema),
        headers: idempotency.headers(),
      }),
    onSettled: (_data, error) => idempotency.settled(error),
    onSuccess: async ({ data: { shop_ids: _shopIds, ...cart } }) => {
      // A cart load still running began before the lines went in: its answer must not win.
      await client.cancelQueries({ queryKey: cartLinesQueryKey(false) });
      client.setQueryData(cartLinesQueryKey(false), cart);
      void client.invalidateQueries({ queryKey: [...cartQueryKey, 'checkout', false] });
    },
  });
}

export interface ReviewInput {
  orderId: number;
  productId: number;
  rating: number;
  description: string;
}

/** POST /api/product-review: one review per ordered product; the details show it afterwards. */
export function useProductReview() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: ReviewInput): Promise<ProductReviewReply> =>
      api.request('/api/product-review', {
        method: 'POST',
        body: {
          order_id: input.orderId,
          product_id: input.productId,
          rating: input.rating,
          description: input.description,
        },
        schema: () => ordersContracts().then((c) => c.productReviewReplySchema),
      }),
    onSuccess: (reply, input) => {
      const { review } = reply.data;
      client.setQueryData<OrderDetails>(orderDetailsQueryKey(input.orderId), (order) =>
        order
          ? {
              ...order,
              products: order.products.map((line) =>
                line.product_id === review.product_id
                  ? { ...line, review: { id: review.id, rating: review.rating, description: review.description } }
                  : line,
              ),
            }
          : order,
      );
    },
  });
}
