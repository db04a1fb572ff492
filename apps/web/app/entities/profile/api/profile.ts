import type { ProfileUser } from '@shop/contracts/account';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const accountContracts = () => import('@shop/contracts/account');

export const profileQueryKey = ['profile'] as const;

/** GET /api/profile: the signed-in shopper; a visitor gets 401. */
export async function fetchProfile(api: ApiClient, signal?: AbortSignal): Promise<ProfileUser> {
  return (
    await api.request('/api/profile', { schema: () => accountContracts().then((c) => c.profileReplySchema), signal })
  ).data.user;
}

/** The profile as the account pages read it; the account layout's loader sends a visitor (401) to /. */
export function profileQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => fetchProfile(api, signal),
  });
}
