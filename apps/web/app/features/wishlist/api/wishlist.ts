import type { WishlistProductsReply } from '@shop/contracts/account';
import type { ProductCard } from '@shop/contracts/catalog';
import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const accountContracts = () => import('@shop/contracts/account');

/** Favourites shown per page of /wishlist. */
export const WISHLIST_PER_PAGE = 20;

export const wishlistQueryKey = ['wishlist'] as const;
export const wishlistIdsQueryKey = [...wishlistQueryKey, 'ids'] as const;

/**
 * GET /api/favorite-product-ids: which products carry a filled heart. Product lists are the same
 * for every visitor (and cached so), so the shopper's own hearts come from here.
 */
export function wishlistIdsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: wishlistIdsQueryKey,
    queryFn: async ({ signal }) =>
      (
        await api.request('/api/favorite-product-ids', {
          schema: () => accountContracts().then((c) => c.wishlistIdsReplySchema),
          signal,
        })
      ).data.ids,
    // Only this app's own toggles change it, and they update the cache themselves.
    staleTime: 5 * 60_000,
  });
}

/** GET /favorite-products: one page of favourites, newest first, and the count. */
export function wishlistProductsQueryOptions(api: ApiClient, page: number) {
  return queryOptions({
    queryKey: [...wishlistQueryKey, 'products', page] as const,
    queryFn: async ({ signal }): Promise<WishlistProductsReply['data']> =>
      (
        await api.request('/favorite-products', {
          schema: () => accountContracts().then((c) => c.wishlistProductsReplySchema),
          query: { page, per_page: WISHLIST_PER_PAGE },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** After a toggle: the ids follow at once; the lists are fetched again when next shown. */
export function applyToggle(client: QueryClient, product: ProductCard): void {
  client.setQueryData<number[]>(wishlistIdsQueryKey, (ids) => {
    if (!ids) return ids;
    const rest = ids.filter((id) => id !== product.id);
    return product.is_favorite ? [product.id, ...rest] : rest;
  });
  void client.invalidateQueries({ queryKey: [...wishlistQueryKey, 'products'] });
}

/**
 * POST /api/favorite-add-or-remove: a toggle. The reply carries the product
 * with its new `is_favorite` and the shopper's new favourite count (`total`).
 */
export function useToggleWishlist() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (productId: number) =>
      api.request('/api/favorite-add-or-remove', {
        method: 'POST',
        body: { product_id: productId },
        schema: () => accountContracts().then((c) => c.wishlistToggleReplySchema),
      }),
    onSuccess: (reply) => applyToggle(client, reply.data.product),
  });
}
