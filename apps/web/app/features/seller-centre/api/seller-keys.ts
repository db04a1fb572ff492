import { useQueryClient } from '@tanstack/react-query';

/** Every Seller Centre query sits under this key: a seller's logout drops them all at once. */
export const sellerQueryKey = ['seller'] as const;
/** Rows a page of the orders and returns lists. */
export const SELLER_PER_PAGE = 15;

/** Every seller view is read again after a change (lists, counts, the dashboard). */
export function useSellerChanged() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: sellerQueryKey });
}
