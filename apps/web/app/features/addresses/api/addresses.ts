import type { Address, AddressInputRaw } from '@shop/contracts/account';
import { MAX_PER_PAGE } from '@shop/contracts/constants';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const accountContracts = () => import('@shop/contracts/account');

export const addressesQueryKey = ['addresses'] as const;

/** GET /api/addresses: the shopper's addresses, the default first (reference section 2.3). */
export function addressesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: addressesQueryKey,
    queryFn: async ({ signal }): Promise<Address[]> =>
      (
        await api.request('/api/addresses', {
          schema: () => accountContracts().then((c) => c.addressesReplySchema),
          query: { per_page: MAX_PER_PAGE },
          signal,
        })
      ).data.addresses,
  });
}

/** Default first, then the order the server gave (spec section 4: default address = first with is_default). */
export function defaultFirst(addresses: readonly Address[]): Address[] {
  return [...addresses.filter((a) => a.is_default), ...addresses.filter((a) => !a.is_default)];
}

const messageReplySchema = z.object({ message: z.string() }).loose();

/**
 * POST /api/address/store, or /api/address/{id}/update with an id. The list is fetched again
 * afterwards: a new default unsets the others on the server.
 */
export function useSaveAddress(id?: number) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AddressInputRaw) =>
      api.request(id === undefined ? '/api/address/store' : `/api/address/${id}/update`, {
        method: 'POST',
        body: input,
        schema: () => accountContracts().then((c) => c.addressReplySchema),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: addressesQueryKey }),
  });
}

/** DELETE /api/address/{id}/delete (refused with 422 when orders use the address). */
export function useDeleteAddress() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.request(`/api/address/${id}/delete`, { method: 'DELETE', schema: messageReplySchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: addressesQueryKey }),
  });
}
