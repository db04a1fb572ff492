import { CHAT_PAGE_SIZE, CHAT_SHOP_LIST_PAGE_SIZE } from '@shop/contracts/constants';
import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { reloadFromFirstPage } from '../../../lib/query-client';
import { sellerQueryKey } from './seller-centre';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const chatContracts = () => import('@shop/contracts/chat');

/** The inbox's data sits under the seller's key: a seller's logout drops it with the rest. */
export const sellerChatQueryKey = [...sellerQueryKey, 'chat'] as const;
export const sellerConversationsQueryKey = [...sellerChatQueryKey, 'conversations'] as const;
export const sellerMessagesQueryKey = [...sellerChatQueryKey, 'messages'] as const;
export const sellerUnreadQueryKey = [...sellerChatQueryKey, 'unread'] as const;

/** The next page, or undefined when the last one came back empty or everything is loaded (spec section 4). */
function nextPage(last: { total: number; data: unknown[] }, all: { data: unknown[] }[], lastParam: number) {
  const loaded = all.reduce((sum, page) => sum + page.data.length, 0);
  return last.data.length === 0 || loaded >= last.total ? undefined : lastParam + 1;
}

/** GET /api/seller/conversations: the shop's conversations, newest first, 20 a page, searched by shopper name. */
export function sellerConversationsQueryOptions(api: ApiClient, search: string) {
  return infiniteQueryOptions({
    queryKey: [...sellerConversationsQueryKey, search],
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) =>
      (
        await api.request('/api/seller/conversations', {
          query: { search: search || undefined, page: pageParam, per_page: CHAT_SHOP_LIST_PAGE_SIZE },
          schema: () => chatContracts().then((c) => c.chatShopsReplySchema),
          signal,
        })
      ).data,
    getNextPageParam: nextPage,
    staleTime: 0,
  });
}

/** GET /api/seller/messages: the thread with one shopper, newest first (marks the shopper's messages seen). */
export function sellerMessagesQueryOptions(api: ApiClient, userId: number) {
  return infiniteQueryOptions({
    queryKey: [...sellerMessagesQueryKey, userId],
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) =>
      (
        await api.request('/api/seller/messages', {
          query: { user_id: userId, page: pageParam, per_page: CHAT_PAGE_SIZE },
          schema: () => chatContracts().then((c) => c.chatMessagesReplySchema),
          signal,
        })
      ).data,
    getNextPageParam: nextPage,
    staleTime: 0,
    // Spec section 8: a failed load is silent and tried again after 1 s.
    retry: 2,
    retryDelay: 1000,
  });
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
  let cleared = 0;
  client.setQueriesData<{
    pages: { total: number; data: { user: { id: number }; unread_message_shop: number }[] }[];
    pageParams: unknown[];
  }>({ queryKey: sellerConversationsQueryKey }, (data) => {
    if (!data) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        data: page.data.map((item) => {
          if (item.user.id !== userId || item.unread_message_shop === 0) return item;
          cleared = Math.max(cleared, item.unread_message_shop);
          return { ...item, unread_message_shop: 0, is_read: true };
        }),
      })),
    };
  });
  if (cleared > 0) {
    client.setQueryData<number>(sellerUnreadQueryKey, (count) =>
      count === undefined ? count : Math.max(0, count - cleared),
    );
  }
}
