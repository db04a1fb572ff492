import type { ChangePassword, Dashboard, ProfileUser } from '@shop/contracts/account';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const accountContracts = () => import('@shop/contracts/account');
const settingsContracts = () => import('@shop/contracts/settings');

export const profileQueryKey = ['profile'] as const;

/**
 * GET /api/profile: the signed-in shopper (reference section 2.3). A 401 means a visitor: the
 * account layout's loader sends them to / before anything renders.
 */
export function profileQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: profileQueryKey,
    queryFn: async ({ signal }): Promise<ProfileUser> =>
      (
        await api.request('/api/profile', {
          schema: () => accountContracts().then((c) => c.profileReplySchema),
          signal,
        })
      ).data.user,
  });
}

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

/** GET /api/countries (spec section 7), for the profile's country and dial code. */
export function countriesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['countries'] as const,
    queryFn: async ({ signal }) =>
      (
        await api.request('/api/countries', {
          schema: () => settingsContracts().then((c) => c.countriesReplySchema),
          signal,
        })
      ).data.countries,
    staleTime: 60 * 60_000,
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
