import { createContext, createElement, type ReactNode, useContext, useState } from 'react';
import { createStore, type StoreApi, useStore } from 'zustand';

/** A shop as the chat shows it (id, name, logo). */
export interface ChatShopRef {
  id: number;
  name: string;
  logo: string | null;
}

/**
 * The chat's interface state, per render root (activeShop; the
 * unread count is server data and lives in TanStack Query, features/chat/api).
 * - `activeShop`: the conversation selected on /massages. A realtime message away from /massages
 *   clears it, so the page opens on its list again.
 * - `sidebarShop` / `sidebarOpen`: the chat sidebar's conversation. Kept apart from `activeShop`,
 *   so that clearing the latter on a realtime message does not take the open sidebar's
 *   conversation away while the shop's reply is being shown in it.
 */
export interface ChatState {
  activeShop: ChatShopRef | null;
  setActiveShop: (shop: ChatShopRef | null) => void;
  sidebarShop: ChatShopRef | null;
  sidebarOpen: boolean;
  openSidebar: (shop: ChatShopRef) => void;
  closeSidebar: () => void;
  /** Logout: nothing selected, the sidebar closed (chat cleared locally). */
  reset: () => void;
}

export function createChatStore(): StoreApi<ChatState> {
  return createStore<ChatState>()((set) => ({
    activeShop: null,
    setActiveShop: (activeShop) => set({ activeShop }),
    sidebarShop: null,
    sidebarOpen: false,
    openSidebar: (sidebarShop) => set({ sidebarShop, sidebarOpen: true }),
    closeSidebar: () => set({ sidebarOpen: false }),
    reset: () => set({ activeShop: null, sidebarShop: null, sidebarOpen: false }),
  }));
}

const ChatStoreContext = createContext<StoreApi<ChatState> | null>(null);

export function ChatStoreProvider({ store, children }: { store?: StoreApi<ChatState>; children: ReactNode }) {
  const [own] = useState(() => store ?? createChatStore());
  return createElement(ChatStoreContext.Provider, { value: own }, children);
}

/** Without a provider (isolated component tests) one store per module instance. */
let fallbackStore: StoreApi<ChatState> | undefined;

export function useChatStoreApi(): StoreApi<ChatState> {
  const store = useContext(ChatStoreContext);
  if (store) return store;
  fallbackStore ??= createChatStore();
  return fallbackStore;
}

export function useChatStore<T>(selector: (state: ChatState) => T): T {
  return useStore(useChatStoreApi(), selector);
}
