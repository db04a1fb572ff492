import { CHAT_PAGE_SIZE, CHAT_SHOP_LIST_PAGE_SIZE } from '@shop/contracts/constants';
import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const chatContracts = () => import('@shop/contracts/chat');

/** The next page, or undefined when the last one came back empty or everything is loaded (spec section 4). */
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
    // Spec section 8: a failed load is silent and tried again after 1 s.
    retry: 2,
    retryDelay: 1000,
  });
}
