import type { AuthReply } from '@shop/contracts/auth';
import type { ShopRegistrationRequest } from '@shop/contracts/sellers';
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const authContracts = () => import('@shop/contracts/auth');

/**
 * POST /api/shop/register: the account and the shop, which waits for the operator. With a logo
 * the form goes as multipart/form-data (the logo is a file part), else as JSON.
 */
export function useShopRegistration() {
  const api = useApi();
  return useMutation({
    mutationFn: async ({ logo, ...input }: ShopRegistrationRequest & { logo?: File | null }): Promise<AuthReply> => {
      let body: ShopRegistrationRequest | FormData = input;
      if (logo) {
        const form = new FormData();
        for (const [key, value] of Object.entries(input)) if (value != null) form.append(key, String(value));
        form.append('shop_logo', logo, logo.name);
        body = form;
      }
      return api.request('/api/shop/register', {
        method: 'POST',
        body,
        schema: () => authContracts().then((c) => c.authReplySchema),
      });
    },
  });
}
