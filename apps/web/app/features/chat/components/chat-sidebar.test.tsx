// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatWithShopButton } from '../../../entities/chat/components/chat-control';
import { ChatText, splitLinks } from '../../../entities/chat/components/chat-text';
import { useApi } from '../../../lib/api-context';
import { SUBSCRIBED_EVENT } from '../../../lib/realtime';
import { useUnreadMessages } from '../api/chat';
import { calls, chatMessage, HOSTILE, json, renderChat, shopRef } from './chat-test-support';

afterEach(cleanup);

type Handler = (url: URL, init?: RequestInit) => Response | Promise<Response>;

function server(routes: Record<string, Handler>) {
  return vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input));
    const handler = routes[url.pathname];
    return handler ? handler(url, init) : json(404, { message: 'Not found', code: 'NOT_FOUND' });
  });
}

const page = (data: unknown[], total = data.length) => json(200, { message: 'Success', data: { total, data } });
const ok = () => json(200, { message: 'Success' });

function Unread() {
  const count = useUnreadMessages(useApi(), 5);
  return <p data-testid="unread">{count}</p>;
}

async function openSidebar(fetchImpl: typeof fetch, options: Parameters<typeof renderChat>[1] = { fetchImpl }) {
  const view = renderChat(
    <>
      <ChatWithShopButton target={{ shop: shopRef, productId: 9 }} />
      <Unread />
    </>,
    { ...options, fetchImpl },
  );
  fireEvent.click(screen.getByRole('button', { name: 'Chat' }));
  const dialog = await screen.findByRole('dialog', { name: shopRef.name });
  return { ...view, dialog };
}

describe('chat sidebar', () => {
  it('opens after store-message (with the product id), oldest message first, Online and the spec time format', async () => {
    const fetchImpl = server({
      '/api/store-message': ok,
      '/api/get-message': () =>
        page([
          chatMessage(2, { message: 'newest', created_at: '2026-11-24T12:00:00.000Z', shop_active_status: true }),
          chatMessage(1, { message: 'oldest', type: 'user' }),
        ]),
      '/api/unread-messages': () => json(200, { message: 'ok', data: { unread_messages: 0 } }),
    });
    const { dialog } = await openSidebar(fetchImpl);
    const store = calls(fetchImpl).find((c) => c.path === '/api/store-message');
    expect(store?.body).toEqual({ shop_id: 3, user_id: 5, product_id: 9, type: 'user' });
    // The messages show once loaded; only then is the load's call sure to have been made.
    await within(dialog).findByText('newest');
    const storeIndex = calls(fetchImpl).findIndex((c) => c.path === '/api/store-message');
    const loadIndex = calls(fetchImpl).findIndex((c) => c.path === '/api/get-message');
    expect(storeIndex).toBeGreaterThanOrEqual(0);
    expect(storeIndex).toBeLessThan(loadIndex);
    const texts = within(dialog)
      .getAllByRole('listitem')
      .map((li) => li.textContent ?? '');
    expect(texts[0]).toContain('oldest');
    expect(texts[1]).toContain('newest');
    expect(within(dialog).getByText('Online')).toBeTruthy();
    const times = [...dialog.querySelectorAll('time')].map((el) => el.textContent);
    expect(times[1]).toMatch(/^\d{2}:\d{2} [ap]m, 24 Nov, 2026$/);
    expect(calls(fetchImpl).find((c) => c.path === '/api/get-message')?.query).toMatchObject({
      shop_id: '3',
      page: '1',
      per_page: '20',
    });
    // Focus goes to the input.
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Type a message'));
  });

  it('says Offline when no loaded message has the shop active', async () => {
    const fetchImpl = server({ '/api/store-message': ok, '/api/get-message': () => page([chatMessage(1)]) });
    const { dialog } = await openSidebar(fetchImpl);
    await within(dialog).findByText('message 1');
    expect(within(dialog).getByText('Offline')).toBeTruthy();
    expect(within(dialog).queryByText('Online')).toBeNull();
  });

  it('asks a visitor to log in instead of calling the API', () => {
    const fetchImpl = server({});
    const view = renderChat(<ChatWithShopButton target={{ shop: shopRef }} />, { fetchImpl, userId: null });
    fireEvent.click(screen.getByRole('button', { name: 'Chat' }));
    expect(view.onLoginRequired).toHaveBeenCalledTimes(1);
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a product card with the discount price when above 0, else the price, the rating and reviews', async () => {
    const product = (id: number, price: number, discount: number) => ({
      id,
      name: `Product ${id}`,
      slug: `product-${id}`,
      thumbnail: '/uploads/p.webp',
      price,
      discount_price: discount,
      rating: 4.5,
      total_reviews: 12,
    });
    const fetchImpl = server({
      '/api/store-message': ok,
      '/api/get-message': () =>
        page([
          chatMessage(2, { message: null, type: 'user', product: product(2, 70000, 0) }),
          chatMessage(1, { message: null, type: 'user', product: product(1, 50000, 45000) }),
        ]),
    });
    const { dialog } = await openSidebar(fetchImpl);
    const first = await within(dialog).findByRole('link', { name: /Product 1/ });
    expect(first.getAttribute('href')).toBe('/products/product-1/details');
    expect(first.textContent).toContain('45.000');
    expect(first.textContent).not.toContain('50.000');
    expect(first.textContent).toContain('4.5');
    expect(first.textContent).toContain('12 reviews');
    const second = within(dialog).getByRole('link', { name: /Product 2/ });
    expect(second.textContent).toContain('70.000');
  });

  it('Enter sends (input cleared, shown at once, then page 1 reloaded); Shift+Enter and empty text send nothing', async () => {
    let release: () => void = () => {};
    const fetchImpl = server({
      '/api/store-message': ok,
      '/api/get-message': () => page([chatMessage(1)]),
      '/api/send-message': () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(json(200, { message: 'ok', data: chatMessage(2, { type: 'user', message: 'hi' }) }));
        }),
    });
    const { dialog } = await openSidebar(fetchImpl);
    await within(dialog).findByText('message 1');
    const input = within(dialog).getByLabelText('Type a message') as HTMLInputElement;
    const sent = () => calls(fetchImpl).filter((c) => c.path === '/api/send-message');

    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.change(input, { target: { value: 'hi' } });
    const shiftEnter = fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(shiftEnter).toBe(false); // default prevented: no implicit form submission either
    await act(async () => {});
    expect(sent()).toHaveLength(0);
    expect(input.value).toBe('hi');

    const loadsBefore = calls(fetchImpl).filter((c) => c.path === '/api/get-message').length;
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input.value).toBe('');
    expect(within(dialog).getByText('hi')).toBeTruthy();
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]?.body).toEqual({ shop_id: 3, message: 'hi', type: 'user' });
    await act(async () => release());
    await waitFor(() =>
      expect(calls(fetchImpl).filter((c) => c.path === '/api/get-message').length).toBeGreaterThan(loadsBefore),
    );
    const reload = calls(fetchImpl)
      .filter((c) => c.path === '/api/get-message')
      .at(-1);
    expect(reload?.query.page).toBe('1');
  });

  it('a failed send clears the input, stops loading and shows no message', async () => {
    const fetchImpl = server({
      '/api/store-message': ok,
      '/api/get-message': () => page([chatMessage(1)]),
      '/api/send-message': () => json(500, { message: 'Server Error' }),
    });
    const { dialog } = await openSidebar(fetchImpl);
    await within(dialog).findByText('message 1');
    const input = within(dialog).getByLabelText('Type a message') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'lost' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input.value).toBe('');
    await waitFor(() => expect(within(dialog).queryByText('lost')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Server Error')).toBeNull();
    expect((within(dialog).getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('renders URLs as safe external links and markup as text (T9)', async () => {
    const fetchImpl = server({
      '/api/store-message': ok,
      '/api/get-message': () =>
        page([
          chatMessage(4, { message: 'see https://example.com/a?b=1. or www.kopi.id, not javascript:alert(1)' }),
          ...HOSTILE.map((text, i) => chatMessage(i + 1, { message: text })),
        ]),
    });
    const { dialog } = await openSidebar(fetchImpl);
    const link = await within(dialog).findByRole('link', { name: 'https://example.com/a?b=1' });
    expect(link.getAttribute('href')).toBe('https://example.com/a?b=1');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(dialog).getByRole('link', { name: 'www.kopi.id' }).getAttribute('href')).toBe('https://www.kopi.id');
    expect(dialog.querySelector('a[href^="javascript"]')).toBeNull();
    for (const text of HOSTILE) expect(within(dialog).getByText(text)).toBeTruthy();
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it('closes with Escape and gives focus back to the button that opened it', async () => {
    const fetchImpl = server({ '/api/store-message': ok, '/api/get-message': () => page([]) });
    const { dialog } = await openSidebar(fetchImpl);
    const button = screen.getByRole('button', { name: 'Chat' });
    button.focus();
    fireEvent.keyDown(within(dialog).getByLabelText('Type a message'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the position when the older page makes the list taller', async () => {
    const newest = Array.from({ length: 20 }, (_, i) => chatMessage(40 - i));
    const older = Array.from({ length: 5 }, (_, i) => chatMessage(20 - i));
    let heightAfter = 1000;
    const fetchImpl = server({
      '/api/store-message': ok,
      '/api/get-message': (url) => {
        if (url.searchParams.get('page') === '2') {
          heightAfter = 1600;
          return page(older, 25);
        }
        return page(newest, 25);
      },
    });
    const { dialog } = await openSidebar(fetchImpl);
    await within(dialog).findByText('message 40');
    const log = within(dialog).getByRole('log');
    Object.defineProperty(log, 'scrollHeight', { configurable: true, get: () => heightAfter });
    log.scrollTop = 400;
    fireEvent.scroll(log);
    expect(calls(fetchImpl).filter((c) => c.query.page === '2')).toHaveLength(0);
    log.scrollTop = 30;
    fireEvent.scroll(log);
    await within(dialog).findByText('message 16');
    expect(calls(fetchImpl).filter((c) => c.query.page === '2')).toHaveLength(1);
    const items = within(dialog)
      .getAllByRole('listitem')
      .map((li) => li.textContent ?? '');
    expect(items[0]).toContain('message 16');
    expect(items.at(-1)).toContain('message 40');
    // 1600 - 1000 + 30: the message that was 30 px from the top is still there.
    expect(log.scrollTop).toBe(630);
  });
});

describe('chat realtime', () => {
  it('subscribes to the private user channel; a shop reply reloads the open thread and, away from /massages, clears the active shop and refreshes the unread count', async () => {
    let replies = [chatMessage(1)];
    let unread = 0;
    const fetchImpl = server({
      '/api/store-message': ok,
      '/api/get-message': () => page(replies),
      '/api/unread-messages': () => json(200, { message: 'ok', data: { unread_messages: unread } }),
    });
    const { dialog, fake, store } = await openSidebar(fetchImpl);
    await within(dialog).findByText('message 1');
    await waitFor(() => expect(fake.listeners('private-chat_user_5', 'send-message-to-user')).toBe(1));
    expect(fake.connect).toHaveBeenCalledWith(expect.objectContaining({ pusher_app_key: 'key' }));
    act(() => store.getState().setActiveShop({ id: 8, name: 'Other', logo: null }));

    replies = [chatMessage(2, { message: 'a live answer' }), chatMessage(1)];
    unread = 1;
    act(() => fake.emit('private-chat_user_5', 'send-message-to-user', { message: replies[0] }));
    expect(await within(dialog).findByText('a live answer')).toBeTruthy();
    expect(store.getState().activeShop).toBeNull();
    expect(store.getState().sidebarOpen).toBe(true);
    await waitFor(() => expect(screen.getByTestId('unread').textContent).toBe('1'));
    expect(calls(fetchImpl).some((c) => c.path === '/api/get-shops')).toBe(false);
  });

  it('catches up once the server confirms the subscription: an answer sent before it is counted', async () => {
    let unread = 0;
    const fetchImpl = server({
      '/api/unread-messages': () => json(200, { message: 'ok', data: { unread_messages: unread } }),
    });
    const view = renderChat(<Unread />, { fetchImpl });
    await waitFor(() => expect(screen.getByTestId('unread').textContent).toBe('0'));
    await waitFor(() => expect(view.fake.listeners('private-chat_user_5', SUBSCRIBED_EVENT)).toBe(1));
    // A shop answered after the page read the count and before the channel was listened to: no
    // event comes for it, the confirmation (also sent after every reconnection) reads the count again.
    unread = 1;
    act(() => view.fake.emit('private-chat_user_5', SUBSCRIBED_EVENT, {}));
    await waitFor(() => expect(screen.getByTestId('unread').textContent).toBe('1'));
  });

  it('on /massages a reply also reloads the shop list and keeps the selected shop', async () => {
    let shopLoads = 0;
    const fetchImpl = server({
      '/api/get-shops': () => {
        shopLoads++;
        return page([]);
      },
      '/api/unread-messages': () => json(200, { message: 'ok', data: { unread_messages: 0 } }),
    });
    const { MessagesPage } = await import('./messages-page');
    const view = renderChat(
      <>
        <MessagesPage />
        <Unread />
      </>,
      { fetchImpl, path: '/massages' },
    );
    await screen.findByText('No User Selected');
    await waitFor(() => expect(view.fake.listeners('private-chat_user_5', 'send-message-to-user')).toBe(1));
    act(() => view.store.getState().setActiveShop({ id: 8, name: 'Other', logo: null }));
    const unreadBefore = calls(fetchImpl).filter((c) => c.path === '/api/unread-messages').length;
    const before = shopLoads;
    act(() => view.fake.emit('private-chat_user_5', 'send-message-to-user', { message: chatMessage(3) }));
    await waitFor(() => expect(shopLoads).toBeGreaterThan(before));
    await waitFor(() =>
      expect(calls(fetchImpl).filter((c) => c.path === '/api/unread-messages').length).toBeGreaterThan(unreadBefore),
    );
    expect(view.store.getState().activeShop?.id).toBe(8);
  });

  it('does not connect without a push key, nor for a visitor; logout closes the chat and disconnects', async () => {
    const fetchImpl = server({ '/api/store-message': ok, '/api/get-message': () => page([]) });
    const noKey = renderChat(<p>page</p>, {
      fetchImpl,
      realtime: {
        pusher_app_key: null,
        pusher_app_cluster: null,
        pusher_host: null,
        pusher_port: null,
        pusher_force_tls: false,
      },
    });
    await act(async () => {});
    expect(noKey.fake.connect).not.toHaveBeenCalled();
    cleanup();
    const visitor = renderChat(<p>page</p>, { fetchImpl, userId: null });
    await act(async () => {});
    expect(visitor.fake.connect).not.toHaveBeenCalled();
    cleanup();

    const view = await openSidebar(fetchImpl);
    await waitFor(() => expect(view.fake.listeners('private-chat_user_5', 'send-message-to-user')).toBe(1));
    act(() => view.logout());
    expect(view.disconnect).toHaveBeenCalled();
    // No more events reach the chat; closing the socket leaves the channel (pusher-js would send an
    // unsubscribe a moment later, over the closing socket: an error in the browser's console).
    expect(view.fake.listeners('private-chat_user_5', 'send-message-to-user')).toBe(0);
    expect(view.fake.client.unsubscribe).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('chat text', () => {
  it('splits links from text, leaving trailing punctuation and other schemes as text', () => {
    expect(splitLinks('go to http://a.test/x, now')).toEqual([
      { kind: 'text', text: 'go to ' },
      { kind: 'link', text: 'http://a.test/x', href: 'http://a.test/x' },
      { kind: 'text', text: ', now' },
    ]);
    expect(splitLinks('javascript:alert(1) data:text/html,x')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) data:text/html,x' },
    ]);
  });

  it('renders markup inside a link as text', () => {
    const { container } = render(<ChatText message={'https://x.test/"><img src=x onerror=alert(1)>'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('https://x.test/"><img src=x onerror=alert(1)>');
  });
});
