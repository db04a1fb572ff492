import type { ShopProfile, ShopProfileUpdate } from '@shop/contracts/shop-profile';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { sellerQueryKey, useSellerChanged } from './seller-keys';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const profileContracts = () => import('@shop/contracts/shop-profile');

const shopProfileQueryKey = [...sellerQueryKey, 'profile'] as const;

/** GET /api/seller/shop/profile: logo, banner, description, address, phone, closed for now. */
export function shopProfileQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: shopProfileQueryKey,
    queryFn: async ({ signal }): Promise<ShopProfile> =>
      (
        await api.request('/api/seller/shop/profile', {
          schema: () => profileContracts().then((c) => c.shopProfileReplySchema),
          signal,
        })
      ).data.profile,
    retry: false,
  });
}

/** What a profile change answers with: the profile as it now is, shown at once. */
function useProfileSaved() {
  const client = useQueryClient();
  const changed = useSellerChanged();
  return (reply: { data: { profile: ShopProfile } }) => {
    client.setQueryData(shopProfileQueryKey, reply.data.profile);
    changed();
  };
}

/** POST /api/seller/shop/profile: the fields sent change, the others stay. */
export function useUpdateShopProfile() {
  const api = useApi();
  const saved = useProfileSaved();
  return useMutation({
    mutationFn: (body: ShopProfileUpdate) =>
      api.request('/api/seller/shop/profile', {
        method: 'POST',
        body,
        schema: () => profileContracts().then((c) => c.shopProfileReplySchema),
      }),
    onSuccess: saved,
  });
}

/** POST /api/seller/shop/{logo|banner}: one picture as multipart/form-data. */
export function useUploadShopPicture(kind: 'logo' | 'banner') {
  const api = useApi();
  const saved = useProfileSaved();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append(kind, file, file.name);
      return api.request(`/api/seller/shop/${kind}`, {
        method: 'POST',
        body: form,
        schema: () => profileContracts().then((c) => c.shopProfileReplySchema),
      });
    },
    onSuccess: saved,
  });
}
