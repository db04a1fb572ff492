import type { ChatConversation, ChatMessage } from '@shop/contracts/chat';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { createApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { createI18n } from '../../../lib/i18n';
import { PreferencesProvider } from '../../../lib/preferences';
import type { RealtimeSettings } from '../../../lib/realtime';
import { fakeRealtime } from '../../../lib/realtime-test-support';
import { createChatStore } from '../stores/chat-store';
import { ChatProvider } from './chat-provider';

/** Shared set-up of the chat's component tests (not shipped: only tests import it). */

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const HOSTILE = ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '{{7*7}}'];

export const shopRef = { id: 3, name: 'Toko Kopi', logo: null };

export function chatMessage(id: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    shop: { id: shopRef.id, name: shopRef.name, logo: '' },
    user: { id: 5, name: 'Siti', profile_photo: null },
    product: null,
    type: 'shop',
    message: `message ${id}`,
    is_seen: true,
    created_at: '2026-11-24T14:05:00.000Z',
    shop_active_status: false,
    user_active_status: true,
    ...overrides,
  };
}

export function conversation(id: number, overrides: Partial<ChatConversation> = {}): ChatConversation {
  return {
    id,
    shop: { id: 100 + id, name: `Shop ${id}`, slug: `shop-${id}`, logo: '', rating: 4, last_online: false },
    user: { id: 5, name: 'Siti', profile_photo: null, last_online: true },
    product: null,
    last_message: `hello ${id}`,
    last_message_time: '5 minutes ago',
    last_message_at: '2026-11-24T14:05:00.000Z',
    is_read: true,
    unread_message_user: 0,
    unread_message_shop: 0,
    ...overrides,
  };
}

export const realtimeOn: RealtimeSettings = {
  pusher_app_key: 'key',
  pusher_app_cluster: null,
  pusher_host: null,
  pusher_port: null,
  pusher_force_tls: false,
};

/** The path, query and JSON body of each call the fetch mock saw. */
export function calls(fetchImpl: { mock: { calls: unknown[][] } }) {
  return fetchImpl.mock.calls.map(([url, init]) => {
    const parsed = new URL(String(url));
    return {
      path: parsed.pathname,
      query: Object.fromEntries(parsed.searchParams),
      method: (init as RequestInit | undefined)?.method ?? 'GET',
      body: (init as RequestInit | undefined)?.body ? JSON.parse(String((init as RequestInit).body)) : undefined,
    };
  });
}

export function renderChat(
  ui: ReactNode,
  {
    fetchImpl,
    userId = 5,
    path = '/',
    realtime = realtimeOn,
    fake = fakeRealtime(),
  }: {
    fetchImpl: typeof fetch;
    userId?: number | null;
    path?: string;
    realtime?: RealtimeSettings;
    fake?: ReturnType<typeof fakeRealtime>;
  },
) {
  const api = createApiClient({ origin: 'http://shop.test', locale: () => 'en', fetch: fetchImpl });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const store = createChatStore();
  const onLoginRequired = vi.fn();
  const logoutListeners = new Set<() => void>();
  const subscribeLoggedOut = (listener: () => void) => {
    logoutListeners.add(listener);
    return () => void logoutListeners.delete(listener);
  };
  const disconnect = vi.fn();
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <QueryClientProvider client={queryClient}>
            <PreferencesProvider locale="en" currency={null} hadLocaleCookie availableLocales={['en']}>
              <ApiProvider client={api}>
                <I18nextProvider i18n={createI18n('en', {})}>
                  <ChatProvider
                    userId={userId}
                    realtime={realtime}
                    onLoginRequired={onLoginRequired}
                    subscribeLoggedOut={subscribeLoggedOut}
                    connect={fake.connect}
                    disconnect={disconnect}
                    store={store}
                  >
                    {ui}
                  </ChatProvider>
                </I18nextProvider>
              </ApiProvider>
            </PreferencesProvider>
          </QueryClientProvider>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  const view = render(<RouterProvider router={router} />);
  return {
    ...view,
    store,
    queryClient,
    router,
    fake,
    onLoginRequired,
    disconnect,
    logout: () => {
      for (const listener of logoutListeners) listener();
    },
  };
}
