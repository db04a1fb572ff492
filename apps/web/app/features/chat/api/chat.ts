import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import {
  conversationsQueryOptions,
  markConversationRead as markChatConversationRead,
  threadQueryOptions,
} from '../../../entities/chat/api/chat-queries';
import type { ApiClient } from '../../../lib/api-client';
import { reloadFromFirstPage } from '../../../lib/query-client';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const chatContracts = () => import('@shop/contracts/chat');
const authContracts = () => import('@shop/contracts/auth');

export const chatQueryKey = ['chat'] as const;
export const chatShopsQueryKey = [...chatQueryKey, 'shops'] as const;
export const chatMessagesQueryKey = [...chatQueryKey, 'messages'] as const;
export const unreadMessagesQueryKey = [...chatQueryKey, 'unread'] as const;

/** GET /api/get-shops: the shopper's conversations, newest first, 20 a page, searchable by shop name. */
export function chatShopsQueryOptions(api: ApiClient, search: string) {
  return conversationsQueryOptions(api, chatShopsQueryKey, '/api/get-shops', search);
}

/** GET /api/get-message: one conversation, newest first, 20 a page (marks the shop's messages seen). */
export function chatMessagesQueryOptions(api: ApiClient, shopId: number) {
  return threadQueryOptions(api, chatMessagesQueryKey, '/api/get-message', { shop_id: shopId });
}

/** GET /api/unread-messages?user_id=: messages from shops the shopper has not seen. */
export function unreadMessagesQueryOptions(api: ApiClient, userId: number | null) {
  return queryOptions({
    queryKey: [...unreadMessagesQueryKey, userId],
    queryFn: async ({ signal }) =>
      (
        await api.request('/api/unread-messages', {
          query: { user_id: userId ?? undefined },
          schema: () => chatContracts().then((c) => c.unreadMessagesReplySchema),
          signal,
        })
      ).data.unread_messages,
    enabled: userId !== null,
    staleTime: 0,
  });
}

/** POST /api/send-message (type "user"). */
export async function sendChatMessage(api: ApiClient, input: { shop_id: number; message: string }) {
  return (
    await api.request('/api/send-message', {
      method: 'POST',
      body: { ...input, type: 'user' },
      schema: () => chatContracts().then((c) => c.sendChatMessageReplySchema),
    })
  ).data;
}

/** POST /api/store-message: opens (upserts) the conversation; with a product, posts its card. */
export async function storeChatMessage(
  api: ApiClient,
  input: { shop_id: number; user_id: number; product_id?: number | null },
): Promise<void> {
  await api.request('/api/store-message', {
    method: 'POST',
    body: { ...input, product_id: input.product_id ?? undefined, type: 'user' },
    schema: () => authContracts().then((c) => c.anyReplySchema),
  });
}

/**
 * Reloads a conversation from page 1 (after sending and on a realtime message):
 * the older pages are dropped, so paging starts again from the newest messages.
 */
export function reloadChatMessages(client: QueryClient, shopId?: number) {
  return reloadFromFirstPage(client, shopId === undefined ? chatMessagesQueryKey : [...chatMessagesQueryKey, shopId]);
}

/**
 * Selecting a conversation on /massages: its unread count goes to 0 at once (get-message marks the
 * messages seen on the server), and the total drops by as many.
 */
export function markConversationRead(client: QueryClient, shopId: number) {
  markChatConversationRead(
    client,
    { conversations: chatShopsQueryKey, unread: unreadMessagesQueryKey },
    'user',
    shopId,
  );
}

/** The unread badge's count (0 for a visitor, while loading and after a failure: silent). */
export function useUnreadMessages(api: ApiClient, userId: number | null): number {
  return useQuery(unreadMessagesQueryOptions(api, userId)).data ?? 0;
}
