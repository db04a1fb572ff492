import type {
  SellerProduct,
  SellerProductBulkInput,
  SellerProductBulkReply,
  SellerProductOptionsReply,
  SellerProductReply,
  SellerProductSaveInput,
  SellerProductStockInput,
  SellerProductStockReply,
  SellerProductsReply,
} from '@shop/contracts/seller-products';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import type { ProductListQuery } from '../list-params';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const contracts = () => import('@shop/contracts/seller-products');

/**
 * Every Seller Centre query sits under ['seller']: a seller's logout drops them all at once. The
 * catalogue's own sit under ['seller', 'products'], read again after any change to a product.
 */
const productsKey = ['seller', 'products'] as const;
const productKey = (id: number) => [...productsKey, 'one', id] as const;

/** GET /api/seller/products: a page of the shop's products with the count of each status. */
export function sellerProductsQueryOptions(api: ApiClient, query: ProductListQuery) {
  return queryOptions({
    queryKey: [...productsKey, 'list', query] as const,
    queryFn: async ({ signal }): Promise<SellerProductsReply['data']> =>
      (
        await api.request('/api/seller/products', {
          schema: () => contracts().then((c) => c.sellerProductsReplySchema),
          query: { ...query },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    // A sale or another tab's save changes stock and status: a list is read again on arrival.
    staleTime: 0,
  });
}

/** GET /api/seller/products/options: categories (with subcategories), brands, units, colours and sizes. */
export function sellerProductOptionsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['seller', 'product-options'] as const,
    queryFn: async ({ signal }): Promise<SellerProductOptionsReply['data']> =>
      (
        await api.request('/api/seller/products/options', {
          schema: () => contracts().then((c) => c.sellerProductOptionsReplySchema),
          signal,
        })
      ).data,
    staleTime: 5 * 60_000,
  });
}

/** GET /api/seller/products/{id}: one of the shop's products as the editor reads it (404 for another shop's). */
export function sellerProductQueryOptions(api: ApiClient, id: number) {
  return queryOptions({
    queryKey: productKey(id),
    queryFn: async ({ signal }): Promise<SellerProduct> =>
      (
        await api.request(`/api/seller/products/${id}`, {
          schema: () => contracts().then((c) => c.sellerProductReplySchema),
          signal,
        })
      ).data.product,
    retry: false,
    // The editor keeps its own copy while the seller types; it is read again only when asked.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** After a change: the product as the reply gives it, and every list read again. */
function useProductChanged() {
  const client = useQueryClient();
  return (product?: SellerProduct) => {
    if (product) client.setQueryData(productKey(product.id), product);
    void client.invalidateQueries({ queryKey: [...productsKey, 'list'] });
  };
}

/** POST /api/seller/products (no id: a new product) or PUT /api/seller/products/{id}. */
export function useSaveProduct(id: number | null) {
  const api = useApi();
  const changed = useProductChanged();
  return useMutation({
    mutationFn: async (input: SellerProductSaveInput): Promise<SellerProductReply> =>
      api.request(id === null ? '/api/seller/products' : `/api/seller/products/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body: input,
        schema: () => contracts().then((c) => c.sellerProductReplySchema),
      }),
    onSuccess: (reply) => changed(reply.data.product),
  });
}

/** POST /api/seller/products/bulk: publish, unpublish or delete; the products it could not publish come back. */
export function useBulkAction() {
  const api = useApi();
  const changed = useProductChanged();
  return useMutation({
    mutationFn: async (input: SellerProductBulkInput): Promise<SellerProductBulkReply> =>
      api.request('/api/seller/products/bulk', {
        method: 'POST',
        body: input,
        schema: () => contracts().then((c) => c.sellerProductBulkReplySchema),
      }),
    onSettled: () => changed(),
  });
}

/** POST /api/seller/products/stock: many rows' stock and prices in one transaction; conflicts come back. */
export function useSaveFigures() {
  const api = useApi();
  const changed = useProductChanged();
  return useMutation({
    mutationFn: async (input: SellerProductStockInput): Promise<SellerProductStockReply> =>
      api.request('/api/seller/products/stock', {
        method: 'POST',
        body: input,
        schema: () => contracts().then((c) => c.sellerProductStockReplySchema),
      }),
    onSuccess: () => changed(),
  });
}

/** POST /api/seller/products/{id}/photos: one photo (multipart `photo`), its upload's progress told as it goes. */
export function useUploadPhoto(id: number) {
  const api = useApi();
  const changed = useProductChanged();
  return useMutation({
    mutationFn: async ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) => {
      const form = new FormData();
      form.set('photo', file);
      return api.request(`/api/seller/products/${id}/photos`, {
        method: 'POST',
        body: form,
        schema: () => contracts().then((c) => c.sellerProductReplySchema),
        onUploadProgress: onProgress,
      });
    },
    onSuccess: (reply) => changed(reply.data.product),
  });
}

/** PUT /api/seller/products/{id}/photos/order: every photo, in the new order. */
export function useOrderPhotos(id: number) {
  const api = useApi();
  const changed = useProductChanged();
  return useMutation({
    mutationFn: async (photoIds: number[]) =>
      api.request(`/api/seller/products/${id}/photos/order`, {
        method: 'PUT',
        body: { photo_ids: photoIds },
        schema: () => contracts().then((c) => c.sellerProductReplySchema),
      }),
    onSuccess: (reply) => changed(reply.data.product),
  });
}

/** POST …/photos/{photoId}/cover, or DELETE …/photos/{photoId}. */
export function usePhotoAction(id: number) {
  const api = useApi();
  const changed = useProductChanged();
  return useMutation({
    mutationFn: async ({ photoId, action }: { photoId: number; action: 'cover' | 'delete' }) =>
      api.request(
        action === 'cover'
          ? `/api/seller/products/${id}/photos/${photoId}/cover`
          : `/api/seller/products/${id}/photos/${photoId}`,
        {
          method: action === 'cover' ? 'POST' : 'DELETE',
          schema: () => contracts().then((c) => c.sellerProductReplySchema),
        },
      ),
    onSuccess: (reply) => changed(reply.data.product),
  });
}
