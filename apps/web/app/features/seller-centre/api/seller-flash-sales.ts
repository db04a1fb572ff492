import type { ProductCard } from '@shop/contracts/catalog';
import type { FlashSaleEntryInput, FlashSaleEntryUpdate, SellerFlashSale } from '@shop/contracts/seller-flash-sales';
import { queryOptions, useMutation } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { sellerQueryKey, useSellerChanged } from './seller-keys';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const flashContracts = () => import('@shop/contracts/seller-flash-sales');
const shopContracts = () => import('@shop/contracts/shops');
const authContracts = () => import('@shop/contracts/auth');

/** Products the picker offers at once. */
export const ENTRY_PRODUCT_CHOICES = 20;

/** GET /api/seller/flash-sales: the running and upcoming sales, each with the shop's entries. */
export function sellerFlashSalesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [...sellerQueryKey, 'flash-sales'] as const,
    queryFn: async ({ signal }): Promise<SellerFlashSale[]> =>
      (
        await api.request('/api/seller/flash-sales', {
          schema: () => flashContracts().then((c) => c.sellerFlashSalesReplySchema),
          signal,
        })
      ).data.flash_sales,
  });
}

/**
 * GET /api/shops/{id}/products: the shop's products shoppers can see (the published ones), by
 * name: only those can be entered in a sale.
 */
export function shopProductChoicesQueryOptions(api: ApiClient, shopId: number, search: string) {
  return queryOptions({
    queryKey: [...sellerQueryKey, 'entry-products', shopId, search] as const,
    queryFn: async ({ signal }): Promise<ProductCard[]> =>
      (
        await api.request(`/api/shops/${shopId}/products`, {
          schema: () => shopContracts().then((c) => c.productsPageReplySchema),
          query: { search: search || undefined, per_page: ENTRY_PRODUCT_CHOICES },
          signal,
        })
      ).data.products,
    staleTime: 30_000,
  });
}

/** POST /api/seller/flash-sale-entries: one of the shop's products in an upcoming sale. */
export function useAddFlashSaleEntry() {
  const api = useApi();
  const changed = useSellerChanged();
  return useMutation({
    mutationFn: (body: FlashSaleEntryInput) =>
      api.request('/api/seller/flash-sale-entries', {
        method: 'POST',
        body,
        schema: () => flashContracts().then((c) => c.flashSaleEntryReplySchema),
      }),
    onSuccess: changed,
  });
}

/** PUT /api/seller/flash-sale-entries/{id}: a new sale price and quantity before the sale starts. */
export function useUpdateFlashSaleEntry() {
  const api = useApi();
  const changed = useSellerChanged();
  return useMutation({
    mutationFn: ({ id, ...body }: FlashSaleEntryUpdate & { id: number }) =>
      api.request(`/api/seller/flash-sale-entries/${id}`, {
        method: 'PUT',
        body,
        schema: () => flashContracts().then((c) => c.flashSaleEntryReplySchema),
      }),
    onSuccess: changed,
  });
}

/** DELETE /api/seller/flash-sale-entries/{id}: out of the sale before it starts. */
export function useRemoveFlashSaleEntry() {
  const api = useApi();
  const changed = useSellerChanged();
  return useMutation({
    mutationFn: (id: number) =>
      api.request(`/api/seller/flash-sale-entries/${id}`, {
        method: 'DELETE',
        schema: () => authContracts().then((c) => c.messageReplySchema),
      }),
    onSuccess: changed,
  });
}
