import type { Address, AddressInputRaw } from '@shop/contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { addressesQueryKey } from '../../../entities/address/api/addresses';
import { useApi } from '../../../lib/api-context';
import { useIdempotencyKey } from '../../../lib/idempotency-key';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const accountContracts = () => import('@shop/contracts/account');

/** Default first, then the order the server gave (default address = first with is_default). */
export function defaultFirst(addresses: readonly Address[]): Address[] {
  return [...addresses.filter((a) => a.is_default), ...addresses.filter((a) => !a.is_default)];
}

const messageReplySchema = z.object({ message: z.string() }).loose();

/**
 * POST /api/address/store, or /api/address/{id}/update with an id. The list is fetched again
 * afterwards: a new default unsets the others on the server. A new address carries an
 * Idempotency-Key, so a second tap or a retry after a lost reply does not save it twice.
 */
export function useSaveAddress(id?: number) {
  const api = useApi();
  const client = useQueryClient();
  const idempotency = useIdempotencyKey();
  return useMutation({
    mutationFn: (input: AddressInputRaw) =>
      api.request(id === undefined ? '/api/address/store' : `/api/address/${id}/update`, {
        method: 'POST',
        body: input,
        schema: () => accountContracts().then((c) => c.addressReplySchema),
        ...(id === undefined ? { headers: idempotency.headers() } : {}),
      }),
    onSettled: (_data, error) => idempotency.settled(error),
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
