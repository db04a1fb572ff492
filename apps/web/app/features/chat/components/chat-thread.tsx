import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { type Ref, useEffect } from 'react';
import { ChatThreadView } from '../../../entities/chat/components/chat-thread-view';
import { useApi } from '../../../lib/api-context';
import {
  chatMessagesQueryOptions,
  chatShopsQueryKey,
  reloadChatMessages,
  sendChatMessage,
  unreadMessagesQueryKey,
} from '../api/chat';
import type { ChatShopRef } from '../stores/chat-store';

export interface ChatThreadProps {
  shop: ChatShopRef;
  /** Older messages load when scrolled this close to the top (50 px sidebar, 300 px page). */
  olderThresholdPx: number;
  /** The heading's id, for the region or dialog around the thread. */
  titleId: string;
  inputRef?: Ref<HTMLInputElement>;
  /** The sidebar's close button. */
  onClose?: () => void;
  /** The messages page's way back to the list (phone width). */
  onBack?: () => void;
}

/** The shopper's conversation with a shop: get-message's pages, send-message, then a reload. */
export function ChatThread({ shop, ...view }: ChatThreadProps) {
  const api = useApi();
  const client = useQueryClient();
  const query = useInfiniteQuery(chatMessagesQueryOptions(api, shop.id));
  const send = useMutation({ mutationFn: (message: string) => sendChatMessage(api, { shop_id: shop.id, message }) });
  // The first page marked the shop's messages seen on the server: the list and the count are read
  // again, so a list reload that was under way when the conversation opened (a realtime message)
  // cannot bring the old unread count back (as in the Seller Centre's inbox).
  const loaded = query.isSuccess;
  useEffect(() => {
    if (!loaded) return;
    void client.invalidateQueries({ queryKey: chatShopsQueryKey });
    void client.invalidateQueries({ queryKey: unreadMessagesQueryKey });
  }, [loaded, client]);
  const onSend = async (message: string) => {
    await send.mutateAsync(message);
    await Promise.all([reloadChatMessages(client, shop.id), client.invalidateQueries({ queryKey: chatShopsQueryKey })]);
  };
  return (
    <ChatThreadView
      side="user"
      peer={{ name: shop.name, picture: shop.logo }}
      query={query}
      onSend={onSend}
      {...view}
    />
  );
}
