import type { ChatEvent } from '@shop/contracts/chat';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useMaster } from '../../../lib/api/master';
import {
  connectRealtime,
  type RealtimeConnect,
  type RealtimeSettings,
  realtimeSettingsOf,
  SUBSCRIBED_EVENT,
} from '../../../lib/realtime';
import { reloadSellerMessages, sellerConversationsQueryKey, sellerUnreadQueryKey } from './seller-chat';

// The event's contract loads with the first connection, not with the page (lib/api-client.ts).
const chatContracts = () => import('@shop/contracts/chat');

/**
 * The Seller Centre's live inbox: while a seller of an approved
 * shop has any Seller Centre page open, `private-chat_shop_{shopId}` is listened to. A shopper's
 * message (send-message-to-shop) and the shop's own answers from another tab (send-message-to-user)
 * reload the thread they belong to, then the conversation list and the unread count: the thread's
 * reload marks an open conversation's messages seen before the count is read again.
 */
export function useSellerChatLive(
  shopId: number | null,
  options: { connect?: RealtimeConnect; settings?: RealtimeSettings } = {},
) {
  const client = useQueryClient();
  const { master } = useMaster();
  const fromMaster = useMemo(() => realtimeSettingsOf(master), [master]);
  const settings = options.settings ?? fromMaster;
  const connect = options.connect ?? connectRealtime;
  const signature = settings?.pusher_app_key ? JSON.stringify(settings) : '';
  const settingsRef = useRef(settings);
  settingsRef.current = settings;

  useEffect(() => {
    const current = settingsRef.current;
    if (shopId === null || !signature || !current) return;
    let stopped = false;
    let stop = () => {};
    const onEvent = async (event: ChatEvent | null) => {
      await reloadSellerMessages(client, event?.message.user.id);
      await Promise.all([
        client.invalidateQueries({ queryKey: sellerConversationsQueryKey }),
        client.invalidateQueries({ queryKey: sellerUnreadQueryKey }),
      ]);
    };
    void Promise.all([connect(current), chatContracts()]).then(([socket, chat]) => {
      if (stopped || !socket) return;
      const channelName = chat.chatShopChannel(shopId);
      const channel = socket.subscribe(channelName);
      const handler = (data: unknown) => {
        const parsed = chat.chatEventSchema.safeParse(data);
        void onEvent(parsed.success ? parsed.data : null);
      };
      // What came before the server confirmed the subscription (or while the connection was
      // down) is caught up with then.
      const caughtUp = () => void onEvent(null);
      channel.bind(chat.CHAT_EVENT_TO_SHOP, handler);
      channel.bind(chat.CHAT_EVENT_TO_USER, handler);
      channel.bind(SUBSCRIBED_EVENT, caughtUp);
      stop = () => {
        channel.unbind(chat.CHAT_EVENT_TO_SHOP, handler);
        channel.unbind(chat.CHAT_EVENT_TO_USER, handler);
        channel.unbind(SUBSCRIBED_EVENT, caughtUp);
        socket.unsubscribe(channelName);
      };
    });
    return () => {
      stopped = true;
      stop();
    };
  }, [shopId, signature, connect, client]);
}
