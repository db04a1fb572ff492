import type { ChatConversation } from '@shop/contracts/chat';
import { CHAT_PAGE_SIZE, CHAT_SHOP_LIST_PAGE_SIZE } from '@shop/contracts/constants';
import { type InfiniteData, infiniteQueryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const chatContracts = () => import('@shop/contracts/chat');

/** The next page, or undefined when the last one came back empty or everything is loaded. */
function nextPage(last: { total: number; data: unknown[] }, all: { data: unknown[] }[], lastParam: number) {
  const loaded = all.reduce((sum, page) => sum + page.data.length, 0);
  return last.data.length === 0 || loaded >= last.total ? undefined : lastParam + 1;
}

/**
 * A conversation list, newest first, 20 a page, searched (the shopper's GET /api/get-shops, the
 * seller's GET /api/seller/conversations: the same reply shape).
 */
export function conversationsQueryOptions(api: ApiClient, key: QueryKey, path: string, search: string) {
  return infiniteQueryOptions({
    queryKey: [...key, search],
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) =>
      (
        await api.request(path, {
          query: { search: search || undefined, page: pageParam, per_page: CHAT_SHOP_LIST_PAGE_SIZE },
          schema: () => chatContracts().then((c) => c.chatShopsReplySchema),
          signal,
        })
      ).data,
    getNextPageParam: nextPage,
    staleTime: 0,
  });
}

/**
 * One conversation's messages, newest first, 20 a page; reading it marks the other side's messages
 * seen (GET /api/get-message?shop_id=, GET /api/seller/messages?user_id=).
 */
export function threadQueryOptions(
  api: ApiClient,
  key: QueryKey,
  path: string,
  peer: { shop_id: number } | { user_id: number },
) {
  return infiniteQueryOptions({
    queryKey: [...key, Object.values(peer)[0]],
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) =>
      (
        await api.request(path, {
          query: { ...peer, page: pageParam, per_page: CHAT_PAGE_SIZE },
          schema: () => chatContracts().then((c) => c.chatMessagesReplySchema),
          signal,
        })
      ).data,
    getNextPageParam: nextPage,
    staleTime: 0,
    // A failed load is silent and tried again after 1 s.
    retry: 2,
    retryDelay: 1000,
  });
}

/** Who reads a conversation list: the shopper, whose peers are shops, or a shop, whose peers are shoppers. */
export type ChatReader = 'user' | 'shop';

const UNREAD_FIELD = { user: 'unread_message_user', shop: 'unread_message_shop' } as const;

/**
 * Opening a conversation: its unread count goes to 0 at once in every cached list page (reading the
 * thread marks the other side's messages seen on the server), and the unread total under
 * `keys.unread` drops by as many.
 */
export function markConversationRead(
  client: QueryClient,
  keys: { conversations: QueryKey; unread: QueryKey },
  reader: ChatReader,
  peerId: number,
) {
  const field = UNREAD_FIELD[reader];
  const isPeer = (item: ChatConversation) => (reader === 'user' ? item.shop.id : item.user.id) === peerId;
  let cleared = 0;
  client.setQueriesData<InfiniteData<{ total: number; data: ChatConversation[] }>>(
    { queryKey: keys.conversations },
    (data) => {
      if (!data) return data;
      return {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          data: page.data.map((item) => {
            if (!isPeer(item) || item[field] === 0) return item;
            cleared = Math.max(cleared, item[field]);
            return { ...item, [field]: 0, is_read: true };
          }),
        })),
      };
    },
  );
  if (cleared > 0) {
    client.setQueriesData<number>({ queryKey: keys.unread }, (count) =>
      count === undefined ? count : Math.max(0, count - cleared),
    );
  }
}
