import type { Address } from '@shop/contracts/account';
import { MAX_PER_PAGE } from '@shop/contracts/constants';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const accountContracts = () => import('@shop/contracts/account');

export const addressesQueryKey = ['addresses'] as const;

/** GET /api/addresses: every address of the shopper, the default first. */
export async function fetchAddresses(api: ApiClient, signal?: AbortSignal): Promise<Address[]> {
  return (
    await api.request('/api/addresses', {
      schema: () => accountContracts().then((c) => c.addressesReplySchema),
      query: { per_page: MAX_PER_PAGE },
      signal,
    })
  ).data.addresses;
}

export function addressesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: addressesQueryKey,
    queryFn: ({ signal }) => fetchAddresses(api, signal),
  });
}
