import type { ChatEvent } from '@shop/contracts/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router';
import type { StoreApi } from 'zustand';
import { useStore } from 'zustand';
import { notifyError } from '../../../components/ui/toaster';
import { type ChatControl, ChatControlProvider, type ChatTarget } from '../../../entities/chat/components/chat-control';
import { ApiError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { nextTask, whenIdle } from '../../../lib/idle';
import { paths } from '../../../lib/paths';
import {
  connectRealtime,
  disconnectRealtime,
  type RealtimeConnect,
  type RealtimeSettings,
  SUBSCRIBED_EVENT,
} from '../../../lib/realtime';
import {
  chatQueryKey,
  chatShopsQueryKey,
  reloadChatMessages,
  storeChatMessage,
  unreadMessagesQueryKey,
} from '../api/chat';
import { type ChatState, ChatStoreProvider, createChatStore } from '../stores/chat-store';

// The event's contract loads with the first connection, not with the page (lib/api-client.ts).
const chatContracts = () => import('@shop/contracts/chat');
// The sidebar (thread, bubbles, dates) loads when it first opens, not with every page.
const ChatSidebar = lazy(() => import('./chat-sidebar').then((m) => ({ default: m.ChatSidebar })));

/** The DOM node of the chat box's root, beside the main app's ("two roots"). */
export const CHAT_ROOT_ID = 'chat-root';

export interface ChatProviderProps {
  /** The signed-in shopper, or null for a visitor (no realtime, no sidebar). */
  userId: number | null;
  /** The settings' realtime part; undefined while they load. No key: no realtime. */
  realtime: RealtimeSettings | undefined;
  /** A visitor asked to chat. */
  onLoginRequired: () => void;
  /** Registers a listener run after a logout; returns its unsubscribe function. */
  subscribeLoggedOut: (listener: () => void) => () => void;
  /** The realtime client (tests pass a fake); the page's pusher-js by default. */
  connect?: RealtimeConnect;
  disconnect?: () => void;
  /** The store (tests pass one to look into). */
  store?: StoreApi<ChatState>;
  children: ReactNode;
}

/**
 * The chat for the whole page: the control that opens the sidebar from other features, the
 * sidebar itself (portalled into its own root node after hydration), and the live updates on
 * the shopper's private channel.
 */
export function ChatProvider({
  userId,
  realtime,
  onLoginRequired,
  subscribeLoggedOut,
  connect = connectRealtime,
  disconnect = disconnectRealtime,
  store: givenStore,
  children,
}: ChatProviderProps) {
  const [store] = useState(() => givenStore ?? createChatStore());
  const api = useApi();
  const client = useQueryClient();
  const { pathname } = useLocation();
  const pathnameRef = useRef(pathname);
  pathnameRef.current = pathname;

  /**
   * Stops listening (idempotent; set while subscribed). `tellServer` false when the socket is about
   * to close anyway: pusher-js sends a moment later, and a send over a closing socket is an error
   * in the browser's console.
   */
  const unsubscribe = useRef<(tellServer: boolean) => void>(() => {});
  const userIdRef = useRef(userId);
  userIdRef.current = userId;

  // Logout: the chat is cleared locally and the connection closed.
  useEffect(
    () =>
      subscribeLoggedOut(() => {
        store.getState().reset();
        client.removeQueries({ queryKey: chatQueryKey });
        unsubscribe.current(false);
        disconnect();
      }),
    [subscribeLoggedOut, store, client, disconnect],
  );
  // The session ended another way (a 401 from any call): the same, once.
  const hadUser = useRef(userId !== null);
  useEffect(() => {
    if (userId !== null) {
      hadUser.current = true;
      return;
    }
    store.getState().reset();
    if (hadUser.current) disconnect();
    hadUser.current = false;
  }, [userId, store, disconnect]);

  /** Reads again what a message changes: the open thread (only that shop's, when known), the
   * shop list on the messages page, the unread count. */
  const refresh = useCallback(
    (shopId?: number) => {
      void reloadChatMessages(client, shopId);
      if (pathnameRef.current === paths.messages) void client.invalidateQueries({ queryKey: chatShopsQueryKey });
      void client.invalidateQueries({ queryKey: unreadMessagesQueryKey });
    },
    [client],
  );

  const onEvent = useCallback(
    (event: ChatEvent | null) => {
      refresh(event?.message.shop.id);
      if (pathnameRef.current !== paths.messages) store.getState().setActiveShop(null);
    },
    [refresh, store],
  );

  const key = realtime?.pusher_app_key ?? null;
  const settingsSignature = realtime ? JSON.stringify(realtime) : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the settings' content is the input, not their identity.
  useEffect(() => {
    if (userId === null || !key || !realtime) return;
    let stopped = false;
    // Once the page is idle, one part per task: the socket's code and connection, then the
    // chat contracts (their schemas build on load). Nothing of it is needed for the first paint.
    const listen = async () => {
      const socket = await connect(realtime);
      if (stopped || !socket) return;
      await nextTask();
      const chat = await chatContracts();
      if (stopped) return;
      const channelName = chat.chatUserChannel(userId);
      const channel = socket.subscribe(channelName);
      const handler = (data: unknown) => {
        const parsed = chat.chatEventSchema.safeParse(data);
        onEvent(parsed.success ? parsed.data : null);
      };
      // Listening starts once the page is idle: a message that came since the page read its
      // counts (or while the connection was down) is caught up with once the server confirms.
      const caughtUp = () => refresh();
      channel.bind(chat.CHAT_EVENT_TO_USER, handler);
      channel.bind(SUBSCRIBED_EVENT, caughtUp);
      unsubscribe.current = (tellServer) => {
        unsubscribe.current = () => {};
        channel.unbind(chat.CHAT_EVENT_TO_USER, handler);
        channel.unbind(SUBSCRIBED_EVENT, caughtUp);
        if (tellServer) socket.unsubscribe(channelName);
      };
    };
    const cancel = whenIdle(() => void listen());
    return () => {
      stopped = true;
      cancel();
      // Signed out: the socket closes next (below), which leaves every channel.
      unsubscribe.current(userIdRef.current !== null);
    };
  }, [userId, key, settingsSignature, connect, onEvent, refresh]);

  const opening = useMutation({
    mutationFn: (target: ChatTarget) =>
      storeChatMessage(api, { shop_id: target.shop.id, user_id: userId ?? 0, product_id: target.productId }),
  });
  const openingShop = opening.isPending ? opening.variables?.shop.id : undefined;
  const control = useMemo<ChatControl>(
    () => ({
      openChat: (target) => {
        if (userId === null) {
          onLoginRequired();
          return;
        }
        opening.mutate(target, {
          onSuccess: () => {
            void reloadChatMessages(client, target.shop.id);
            store.getState().openSidebar(target.shop);
          },
          onError: (error) => {
            if (error instanceof ApiError && error.status === 401) onLoginRequired();
            else notifyError(error.message);
          },
        });
      },
      isOpening: (shopId) => openingShop === shopId,
    }),
    [userId, onLoginRequired, opening.mutate, client, store, openingShop],
  );

  return (
    <ChatStoreProvider store={store}>
      <ChatControlProvider value={control}>
        {children}
        <ChatRootPortal store={store} signedIn={userId !== null} pathname={pathname} />
      </ChatControlProvider>
    </ChatStoreProvider>
  );
}

/** The Seller Centre (/shop/...) is another app's pages: the shopper's sidebar stays out of it. */
const SELLER_CENTRE = /^\/shop(\/|$)/;

function ChatRootPortal({
  store,
  signedIn,
  pathname,
}: {
  store: StoreApi<ChatState>;
  signedIn: boolean;
  pathname: string;
}) {
  const [node, setNode] = useState<HTMLElement | null>(null);
  useEffect(() => {
    let element = document.getElementById(CHAT_ROOT_ID);
    if (!element) {
      element = document.createElement('div');
      element.id = CHAT_ROOT_ID;
      document.body.appendChild(element);
    }
    setNode(element);
  }, []);
  const open = useStore(store, (s) => s.sidebarOpen);
  const shop = useStore(store, (s) => s.sidebarShop);
  const close = useStore(store, (s) => s.closeSidebar);
  if (!node || !signedIn || !open || !shop || SELLER_CENTRE.test(pathname)) return null;
  return createPortal(
    <Suspense fallback={null}>
      <ChatSidebar key={shop.id} shop={shop} onClose={close} />
    </Suspense>,
    node,
  );
}
