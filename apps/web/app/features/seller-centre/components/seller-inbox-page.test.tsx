// @vitest-environment happy-dom
import type { ChatConversation, ChatMessage } from '@shop/contracts/chat';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../lib/api-client';
import { ApiProvider, useApi } from '../../../lib/api-context';
import { createI18n } from '../../../lib/i18n';
import { PreferencesProvider } from '../../../lib/preferences';
import { type RealtimeSettings, SUBSCRIBED_EVENT } from '../../../lib/realtime';
import { fakeRealtime } from '../../../lib/realtime-test-support';
import { sellerUnreadQueryOptions } from '../api/seller-chat';
import { useSellerChatLive } from '../api/use-seller-chat-live';
import { SellerInboxPage } from './seller-inbox-page';

afterEach(cleanup);

const SCRIPT = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const page = (data: unknown[], total = data.length) => json(200, { message: 'ok', data: { total, data } });

const SHOP = { id: 3, name: 'Toko Kopi', slug: 'toko-kopi', logo: '', rating: 4, last_online: true };

function conversation(userId: number, overrides: Partial<ChatConversation> = {}): ChatConversation {
  return {
    id: userId,
    shop: SHOP,
    user: { id: userId, name: `Shopper ${userId}`, profile_photo: null, last_online: false },
    product: null,
    last_message: `hello ${userId}`,
    last_message_time: '5 minutes ago',
    last_message_at: '2026-11-24T14:05:00.000Z',
    is_read: true,
    unread_message_user: 0,
    unread_message_shop: 0,
    ...overrides,
  };
}

function message(id: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    shop: { id: SHOP.id, name: SHOP.name, logo: '' },
    user: { id: 8, name: 'Shopper 8', profile_photo: null },
    product: null,
    type: 'user',
    message: `message ${id}`,
    is_seen: true,
    created_at: '2026-11-24T14:05:00.000Z',
    shop_active_status: true,
    user_active_status: true,
    ...overrides,
  };
}

const product = {
  id: 9,
  name: 'Kopi Gayo 250 g',
  slug: 'kopi-gayo',
  thumbnail: '/uploads/kopi.webp',
  price: 90000,
  discount_price: 75000,
  rating: 4.5,
  total_reviews: 12,
};

const realtimeOn: RealtimeSettings = {
  pusher_app_key: 'key',
  pusher_app_cluster: null,
  pusher_host: null,
  pusher_port: null,
  pusher_force_tls: false,
};

type Handler = (url: URL, init?: RequestInit) => Response | Promise<Response>;

function server(routes: Record<string, Handler>) {
  return vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input));
    const handler = routes[`${init?.method ?? 'GET'} ${url.pathname}`];
    return handler ? handler(url, init) : json(404, { message: 'Not found', code: 'NOT_FOUND' });
  });
}

const callsTo = (fetchImpl: { mock: { calls: unknown[][] } }, path: string) =>
  fetchImpl.mock.calls
    .map(([url, init]) => ({ url: new URL(String(url)), init: init as RequestInit | undefined }))
    .filter((c) => c.url.pathname === path)
    .map((c) => ({
      query: Object.fromEntries(c.url.searchParams),
      body: c.init?.body ? JSON.parse(String(c.init.body)) : undefined,
    }));

/** The menu's badge, as the layout shows it. */
function Unread() {
  const count = useQuery(sellerUnreadQueryOptions(useApi())).data;
  return <p data-testid="unread">{count ?? '-'}</p>;
}

function Live({ fake }: { fake: ReturnType<typeof fakeRealtime> }) {
  useSellerChatLive(SHOP.id, { connect: fake.connect, settings: realtimeOn });
  return null;
}

function renderInbox(fetchImpl: typeof fetch, fake = fakeRealtime(), extra: ReactNode = null) {
  const api = createApiClient({ origin: 'http://shop.test', locale: () => 'en', fetch: fetchImpl });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const element = (
    <>
      <Live fake={fake} />
      <SellerInboxPage />
      <Unread />
      {extra}
    </>
  );
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/shop/messages'] });
  render(
    <QueryClientProvider client={client}>
      <PreferencesProvider locale="en" currency={null} hadLocaleCookie availableLocales={['en']}>
        <ApiProvider client={api}>
          <I18nextProvider i18n={createI18n('en', {})}>
            <RouterProvider router={router} />
          </I18nextProvider>
        </ApiProvider>
      </PreferencesProvider>
    </QueryClientProvider>,
  );
  return { fake, client };
}

function expectInert() {
  expect(document.querySelector('img[src="x"]')).toBeNull();
  expect(document.querySelector('body script')).toBeNull();
  expect((window as { __pwned?: number }).__pwned).toBeUndefined();
}

describe('/shop/messages', () => {
  it("lists the shop's conversations by shopper (name, last message, time, unread badge) as inert text", async () => {
    const fetchImpl = server({
      'GET /api/seller/conversations': () =>
        page([
          conversation(8, { unread_message_shop: 2, unread_message_user: 7 }),
          conversation(9, { user: { ...conversation(9).user, name: `Sari ${SCRIPT}` }, last_message: SCRIPT }),
        ]),
      'GET /api/seller/unread-messages': () => json(200, { message: 'ok', data: { unread_messages: 2 } }),
    });
    renderInbox(fetchImpl);
    const list = await screen.findByRole('list', { name: 'Conversations' }, { timeout: 3000 });
    const rows = within(list).getAllByRole('button');
    expect(rows).toHaveLength(2);
    // The shop's unread count (messages from the shopper), not the shopper's.
    expect(rows[0]!.textContent).toContain('Shopper 8');
    expect(rows[0]!.textContent).toContain('hello 8');
    expect(rows[0]!.textContent).toContain('5 minutes ago');
    expect(rows[0]!.textContent).toContain('Unread messages: 2');
    expect(rows[1]!.textContent).toContain(`Sari ${SCRIPT}`);
    expect(screen.getByRole('heading', { name: 'Inbox' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'No User Selected' })).toBeTruthy();
    expect(screen.getByPlaceholderText('Search Customer')).toBe(screen.getByLabelText('Search Customer'));
    expect(screen.getByText(`Sari ${SCRIPT}`).getAttribute('dir')).toBe('auto');
    expectInert();
    expect(callsTo(fetchImpl, '/api/seller/conversations')[0]?.query).toMatchObject({ page: '1', per_page: '20' });
  });

  it("opens a conversation: unread cleared, the shopper's messages and product card at the start, the shop's at the end, back on a phone", async () => {
    // The messages call marks shopper 8's two messages seen, as the server does.
    let seen = false;
    const fetchImpl = server({
      'GET /api/seller/conversations': () =>
        page([conversation(8, { unread_message_shop: seen ? 0 : 2 }), conversation(9)]),
      'GET /api/seller/unread-messages': () => json(200, { message: 'ok', data: { unread_messages: seen ? 1 : 3 } }),
      'GET /api/seller/messages': async () => {
        // Slow enough that the list's own answer cannot be what clears the badge.
        await new Promise((resolve) => setTimeout(resolve, 50));
        seen = true;
        return page([
          message(3, { type: 'shop', message: 'Yes, in stock' }),
          message(2, { message: `Is it fresh? ${SCRIPT}` }),
          message(1, { product, message: null }),
        ]);
      },
    });
    renderInbox(fetchImpl);
    await waitFor(() => expect(screen.getByTestId('unread').textContent).toBe('3'));
    fireEvent.click(await screen.findByRole('button', { name: /Shopper 8/ }));
    expect(await screen.findByRole('heading', { name: 'Shopper 8' })).toBeTruthy();
    expect(screen.getByTestId('unread').textContent).toBe('1');
    expect(screen.queryByText('Unread messages: 2', { exact: false })).toBeNull();
    expect(callsTo(fetchImpl, '/api/seller/messages')[0]?.query).toMatchObject({ user_id: '8', page: '1' });
    // Once the thread is loaded (seen on the server), the list and the count are read again.
    await waitFor(() => expect(callsTo(fetchImpl, '/api/seller/unread-messages').length).toBeGreaterThan(1));
    await waitFor(() => expect(callsTo(fetchImpl, '/api/seller/conversations').length).toBeGreaterThan(1));
    expect(screen.getByTestId('unread').textContent).toBe('1');

    const log = screen.getByRole('log', { name: 'Messages' });
    await within(log).findByText('Yes, in stock');
    const bubbles = within(log).getAllByRole('listitem');
    expect(bubbles).toHaveLength(3);
    // Oldest first: the product card, the question, then the shop's answer (the seller's own: reversed row).
    expect(
      within(bubbles[0]!)
        .getByRole('link', { name: /Kopi Gayo 250 g/ })
        .getAttribute('href'),
    ).toBe('/products/kopi-gayo/details');
    expect(bubbles[0]!.className).not.toContain('flex-row-reverse');
    expect(bubbles[1]!.className).not.toContain('flex-row-reverse');
    expect(bubbles[2]!.className).toContain('flex-row-reverse');
    expect(within(bubbles[1]!).getByText(`Is it fresh? ${SCRIPT}`).getAttribute('dir')).toBe('auto');
    expectInert();

    fireEvent.click(screen.getByRole('button', { name: 'Back to conversations' }));
    expect(await screen.findByText('No User Selected')).toBeTruthy();
  });

  it('Enter sends as the shop, Shift+Enter and empty text do not, and a failed send shows nothing', async () => {
    let fail = false;
    const sent: ChatMessage[] = [];
    const fetchImpl = server({
      'GET /api/seller/conversations': () => page([conversation(8)]),
      'GET /api/seller/unread-messages': () => json(200, { message: 'ok', data: { unread_messages: 0 } }),
      'GET /api/seller/messages': () => page([...sent].reverse().concat([message(1)])),
      'POST /api/seller/send-message': (_url, init) => {
        if (fail) return json(500, { message: 'Server error', code: 'SERVER_ERROR' });
        const body = JSON.parse(String(init?.body)) as { message: string };
        const stored = message(100 + sent.length, { type: 'shop', message: body.message });
        sent.push(stored);
        return json(200, { message: 'ok', data: stored });
      },
    });
    renderInbox(fetchImpl);
    fireEvent.click(await screen.findByRole('button', { name: /Shopper 8/ }));
    const input = (await screen.findByRole('textbox', { name: 'Type a message' })) as HTMLInputElement;
    await screen.findByText('message 1');

    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.change(input, { target: { value: 'Not yet' } });
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(callsTo(fetchImpl, '/api/seller/send-message')).toHaveLength(0);
    expect(input.value).toBe('Not yet');

    fireEvent.change(input, { target: { value: 'Ships today' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input.value).toBe('');
    expect(await screen.findByText('Ships today')).toBeTruthy();
    await waitFor(() =>
      expect(callsTo(fetchImpl, '/api/seller/send-message').map((c) => c.body)).toEqual([
        { user_id: 8, message: 'Ships today' },
      ]),
    );

    fail = true;
    fireEvent.change(input, { target: { value: 'Lost one' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input.value).toBe('');
    await waitFor(() => expect(callsTo(fetchImpl, '/api/seller/send-message')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByText('Lost one')).toBeNull());
    expect(screen.getByText('Ships today')).toBeTruthy();
  });

  it("is live on private-chat_shop_{id}: a shopper's message updates the list, the count and the open thread without reload", async () => {
    let unread = 0;
    let list = [conversation(8), conversation(9)];
    let thread = [message(1)];
    const fetchImpl = server({
      'GET /api/seller/conversations': () => page(list),
      'GET /api/seller/unread-messages': () => json(200, { message: 'ok', data: { unread_messages: unread } }),
      'GET /api/seller/messages': (url) => page(url.searchParams.get('user_id') === '8' ? thread : []),
    });
    const { fake } = renderInbox(fetchImpl);
    await waitFor(() => expect(fake.subscribed).toEqual(['private-chat_shop_3']));
    // Both chat events, and the server's confirmation of the subscription.
    expect(fake.listeners('private-chat_shop_3')).toBe(3);
    await screen.findByText('hello 9');
    await waitFor(() => expect(screen.getByTestId('unread').textContent).toBe('0'));

    // Shopper 9 writes while nothing is open: the row moves up with its badge, the count rises.
    unread = 1;
    list = [conversation(9, { last_message: 'Any blue?', unread_message_shop: 1 }), conversation(8)];
    fake.emit('private-chat_shop_3', 'send-message-to-shop', {
      message: message(50, { user: { id: 9, name: 'Shopper 9', profile_photo: null }, message: 'Any blue?' }),
    });
    expect(await screen.findByText('Any blue?')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('unread').textContent).toBe('1'));
    const rows = within(screen.getByRole('list', { name: 'Conversations' })).getAllByRole('button');
    expect(rows[0]!.textContent).toContain('Unread messages: 1');

    // With shopper 8's conversation open, their new message appears in it.
    fireEvent.click(screen.getByRole('button', { name: /Shopper 8/ }));
    await screen.findByText('message 1');
    thread = [message(51, { message: 'Still there?' }), message(1)];
    fake.emit('private-chat_shop_3', 'send-message-to-shop', { message: message(51, { message: 'Still there?' }) });
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(await within(log).findByText('Still there?')).toBeTruthy();
    expect(callsTo(fetchImpl, '/api/seller/messages').filter((c) => c.query.user_id === '8').length).toBeGreaterThan(1);
  });

  it('catches up once the server confirms the subscription: a message sent before it is listed and counted', async () => {
    let unread = 0;
    let list = [conversation(8)];
    const fetchImpl = server({
      'GET /api/seller/conversations': () => page(list),
      'GET /api/seller/unread-messages': () => json(200, { message: 'ok', data: { unread_messages: unread } }),
      'GET /api/seller/messages': () => page([]),
    });
    const { fake } = renderInbox(fetchImpl);
    await waitFor(() => expect(fake.subscribed).toEqual(['private-chat_shop_3']));
    await screen.findByText('hello 8');
    await waitFor(() => expect(screen.getByTestId('unread').textContent).toBe('0'));
    // Shopper 9 wrote after the page read its list and before the channel was listened to.
    unread = 1;
    list = [conversation(9, { last_message: 'Before you listened', unread_message_shop: 1 }), conversation(8)];
    fake.emit('private-chat_shop_3', SUBSCRIBED_EVENT, {});
    expect(await screen.findByText('Before you listened')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('unread').textContent).toBe('1'));
  });

  it('no push key, no realtime', async () => {
    const fake = fakeRealtime();
    function NoKey() {
      useSellerChatLive(SHOP.id, { connect: fake.connect, settings: { ...realtimeOn, pusher_app_key: null } });
      return null;
    }
    const fetchImpl = server({ 'GET /api/seller/conversations': () => page([]) });
    renderInbox(fetchImpl, fakeRealtime(), <NoKey />);
    expect(await screen.findByText('No conversations yet')).toBeTruthy();
    expect(fake.connect).not.toHaveBeenCalled();
  });
});
