import type { SupportRequest } from '@shop/contracts/content';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const contentContracts = () => import('@shop/contracts/content');

/** GET /api/contact-us: the shop's phone, email, WhatsApp, Messenger and address. */
export function contactQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['contact-us'] as const,
    queryFn: async ({ signal }) =>
      (
        await api.request('/api/contact-us', {
          schema: () => contentContracts().then((c) => c.contactReplySchema),
          signal,
        })
      ).data,
    staleTime: 5 * 60_000,
  });
}

/** POST /api/support: sends the contact form. */
export function sendSupportMessage(api: ApiClient, body: SupportRequest) {
  return api.request('/api/support', {
    method: 'POST',
    body,
    schema: () => contentContracts().then((c) => c.supportReplySchema),
  });
}
