import type { ChangePassword, Dashboard } from '@shop/contracts/account';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { profileQueryKey } from '../../../entities/profile/api/profile';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const accountContracts = () => import('@shop/contracts/account');

/** GET /api/dashboard: the four counts, recently viewed products and the default address. */
export function dashboardQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['dashboard'] as const,
    queryFn: async ({ signal }): Promise<Dashboard> =>
      (
        await api.request('/api/dashboard', {
          schema: () => accountContracts().then((c) => c.dashboardReplySchema),
          signal,
        })
      ).data,
    // Counts move with the cart and wishlist elsewhere on the site: fresh on each visit, yet the
    // server render's copy is not fetched again the moment the page hydrates.
    staleTime: 5_000,
  });
}

export interface ProfileUpdate {
  name: string;
  email: string;
  phone: string;
  phone_code: string;
  country: string;
  gender: string;
  date_of_birth: string;
  /** A new photo, or null to keep the current one. */
  photo: File | null;
}

/** POST /api/update-profile as multipart/form-data (the photo is a file part). */
export function useUpdateProfile() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileUpdate) => {
      const form = new FormData();
      for (const key of ['name', 'email', 'phone', 'phone_code', 'country', 'gender', 'date_of_birth'] as const) {
        form.append(key, input[key]);
      }
      if (input.photo) form.append('profile_photo', input.photo, input.photo.name);
      return api.request('/api/update-profile', {
        method: 'POST',
        body: form,
        schema: () => accountContracts().then((c) => c.profileReplySchema),
      });
    },
    onSuccess: (reply) => client.setQueryData(profileQueryKey, reply.data.user),
  });
}

const messageReplySchema = z.object({ message: z.string() }).loose();

/** POST /api/change-password; the shopper's other sessions are signed out by the server. */
export function useChangePassword() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: ChangePassword) =>
      api.request('/api/change-password', { method: 'POST', body: input, schema: messageReplySchema }),
  });
}
