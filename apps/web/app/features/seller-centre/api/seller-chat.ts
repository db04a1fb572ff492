import { type QueryClient, queryOptions } from '@tanstack/react-query';
import {
  conversationsQueryOptions,
  markConversationRead,
  threadQueryOptions,
} from '../../../entities/chat/api/chat-queries';
import type { ApiClient } from '../../../lib/api-client';
import { reloadFromFirstPage } from '../../../lib/query-client';
import { sellerQueryKey } from './seller-keys';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const chatContracts = () => import('@shop/contracts/chat');

/** The inbox's data sits under the seller's key: a seller's logout drops it with the rest. */
export const sellerChatQueryKey = [...sellerQueryKey, 'chat'] as const;
export const sellerConversationsQueryKey = [...sellerChatQueryKey, 'conversations'] as const;
export const sellerMessagesQueryKey = [...sellerChatQueryKey, 'messages'] as const;
export const sellerUnreadQueryKey = [...sellerChatQueryKey, 'unread'] as const;

/** GET /api/seller/conversations: the shop's conversations, newest first, 20 a page, searched by shopper name. */
export function sellerConversationsQueryOptions(api: ApiClient, search: string) {
  return conversationsQueryOptions(api, sellerConversationsQueryKey, '/api/seller/conversations', search);
}

/** GET /api/seller/messages: the thread with one shopper, newest first (marks the shopper's messages seen). */
export function sellerMessagesQueryOptions(api: ApiClient, userId: number) {
  return threadQueryOptions(api, sellerMessagesQueryKey, '/api/seller/messages', { user_id: userId });
}

/** GET /api/seller/unread-messages: messages from shoppers the shop has not seen. */
export function sellerUnreadQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: sellerUnreadQueryKey,
    queryFn: async ({ signal }) =>
      (
        await api.request('/api/seller/unread-messages', {
          schema: () => chatContracts().then((c) => c.unreadMessagesReplySchema),
          signal,
        })
      ).data.unread_messages,
    staleTime: 0,
  });
}

/** POST /api/seller/send-message: answers a shopper as the shop. */
export async function sendSellerMessage(api: ApiClient, input: { user_id: number; message: string }) {
  return (
    await api.request('/api/seller/send-message', {
      method: 'POST',
      body: input,
      schema: () => chatContracts().then((c) => c.sellerSendMessageReplySchema),
    })
  ).data;
}

/** One thread (or every open one) again from its newest page. */
export function reloadSellerMessages(client: QueryClient, userId?: number) {
  return reloadFromFirstPage(
    client,
    userId === undefined ? sellerMessagesQueryKey : [...sellerMessagesQueryKey, userId],
  );
}

/**
 * Opening a conversation: its unread count goes to 0 at once (the messages call marks them seen on
 * the server), and the total drops by as many.
 */
export function markSellerConversationRead(client: QueryClient, userId: number) {
  markConversationRead(
    client,
    { conversations: sellerConversationsQueryKey, unread: sellerUnreadQueryKey },
    'shop',
    userId,
  );
}
