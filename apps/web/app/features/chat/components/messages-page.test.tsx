// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useApi } from '../../../lib/api-context';
import { useUnreadMessages } from '../api/chat';
import { calls, chatMessage, conversation, HOSTILE, json, renderChat } from './chat-test-support';
import { MessagesPage } from './messages-page';

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

function Unread() {
  const count = useUnreadMessages(useApi(), 5);
  return <p data-testid="unread">{count}</p>;
}

function renderPage(fetchImpl: typeof fetch) {
  return renderChat(
    <>
      <MessagesPage />
      <Unread />
    </>,
    { fetchImpl, path: '/massages' },
  );
}

describe('/massages', () => {
  it('lists the conversations (logo, name, unread badge, last message and time) and says no user is selected', async () => {
    const fetchImpl = server({
      '/api/get-shops': () =>
        page([
          conversation(1, { unread_message_user: 3 }),
          conversation(2, { shop: { ...conversation(2).shop, name: HOSTILE[0]! }, last_message: HOSTILE[1]! }),
        ]),
      '/api/unread-messages': () => json(200, { message: 'ok', data: { unread_messages: 3 } }),
    });
    const { container } = renderPage(fetchImpl);
    expect(await screen.findByText('Shop 1')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'No User Selected' })).toBeTruthy();
    expect(screen.getByText('Please select a user to see their messages')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Conversations' });
    const first = within(list).getAllByRole('button')[0]!;
    expect(first.textContent).toContain('hello 1');
    expect(first.textContent).toContain('5 minutes ago');
    expect(first.textContent).toContain('Unread messages: 3');
    expect(screen.getByText(HOSTILE[0]!)).toBeTruthy();
    expect(screen.getByText(HOSTILE[1]!)).toBeTruthy();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByPlaceholderText('Search Seller')).toBe(screen.getByLabelText('Search Seller'));
    expect(calls(fetchImpl).find((c) => c.path === '/api/get-shops')?.query).toMatchObject({
      page: '1',
      per_page: '20',
    });
  });

  it('searches 500 ms after the shopper stops typing', async () => {
    const fetchImpl = server({
      '/api/get-shops': (url) =>
        page(url.searchParams.get('search') === 'kopi' ? [conversation(7)] : [conversation(1)]),
    });
    renderPage(fetchImpl);
    await screen.findByText('Shop 1');
    const searches = () => calls(fetchImpl).filter((c) => c.path === '/api/get-shops' && c.query.search);
    // The typing runs on a fake clock: a slow machine cannot make 350 ms into 500.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.change(screen.getByLabelText('Search Seller'), { target: { value: 'ko' } });
      act(() => vi.advanceTimersByTime(250));
      fireEvent.change(screen.getByLabelText('Search Seller'), { target: { value: 'kopi' } });
      act(() => vi.advanceTimersByTime(499));
      // 749 ms after the first key, 499 ms after the last: nothing asked yet.
      expect(searches()).toHaveLength(0);
      act(() => vi.advanceTimersByTime(1));
    } finally {
      vi.useRealTimers();
    }
    expect(await screen.findByText('Shop 7')).toBeTruthy();
    expect(searches().map((c) => c.query.search)).toEqual(['kopi']);
  });

  it('selecting a shop clears its unread count, shows its conversation from page 1, and a phone can go back', async () => {
    const fetchImpl = server({
      '/api/get-shops': () => page([conversation(1, { unread_message_user: 3 }), conversation(2)]),
      '/api/unread-messages': () => json(200, { message: 'ok', data: { unread_messages: 5 } }),
      '/api/get-message': () => page([chatMessage(1, { shop: { id: 101, name: 'Shop 1', logo: '' } })]),
    });
    const view = renderPage(fetchImpl);
    await screen.findByText('Shop 1');
    await waitFor(() => expect(screen.getByTestId('unread').textContent).toBe('5'));
    fireEvent.click(screen.getByRole('button', { name: /Shop 1/ }));
    expect(await screen.findByRole('heading', { name: 'Shop 1' })).toBeTruthy();
    expect(screen.queryByText('No User Selected')).toBeNull();
    expect(screen.getByTestId('unread').textContent).toBe('2');
    expect(screen.queryByText('Unread messages: 3', { exact: false })).toBeNull();
    expect(view.store.getState().activeShop?.id).toBe(101);
    expect(await screen.findByText('message 1')).toBeTruthy();
    expect(calls(fetchImpl).find((c) => c.path === '/api/get-message')?.query).toMatchObject({
      shop_id: '101',
      page: '1',
    });
    expect(screen.getByRole('button', { name: /Shop 1/ }).getAttribute('aria-current')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Back to conversations' }));
    expect(await screen.findByText('No User Selected')).toBeTruthy();
  });

  it('reads the list and the count again once the opened conversation is seen, so a reload under way cannot bring the old count back', async () => {
    // The messages call marks shop 1's three messages seen, as the server does.
    let seen = false;
    const fetchImpl = server({
      '/api/get-shops': () => page([conversation(1, { unread_message_user: seen ? 0 : 3 }), conversation(2)]),
      '/api/unread-messages': () => json(200, { message: 'ok', data: { unread_messages: seen ? 2 : 5 } }),
      '/api/get-message': async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        seen = true;
        return page([chatMessage(1, { shop: { id: 101, name: 'Shop 1', logo: '' } })]);
      },
    });
    renderPage(fetchImpl);
    await waitFor(() => expect(screen.getByTestId('unread').textContent).toBe('5'));
    const listCalls = () => calls(fetchImpl).filter((c) => c.path === '/api/get-shops').length;
    const countCalls = () => calls(fetchImpl).filter((c) => c.path === '/api/unread-messages').length;
    const [lists, counts] = [listCalls(), countCalls()];
    fireEvent.click(screen.getByRole('button', { name: /Shop 1/ }));
    expect(await screen.findByText('message 1')).toBeTruthy();
    await waitFor(() => expect(listCalls()).toBeGreaterThan(lists));
    await waitFor(() => expect(countCalls()).toBeGreaterThan(counts));
    await waitFor(() => expect(screen.getByTestId('unread').textContent).toBe('2'));
    expect(screen.queryByText('Unread messages: 3', { exact: false })).toBeNull();
  });

  it('loads more shops near the bottom only after scrolling past 400 px', async () => {
    const first = Array.from({ length: 20 }, (_, i) => conversation(i + 1));
    const fetchImpl = server({
      '/api/get-shops': (url) =>
        url.searchParams.get('page') === '2' ? page([conversation(21)], 21) : page(first, 21),
    });
    renderPage(fetchImpl);
    await screen.findByText('Shop 20');
    const scroller = screen.getByRole('list', { name: 'Conversations' }).parentElement!;
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: 900 });
    Object.defineProperty(scroller, 'clientHeight', { configurable: true, value: 500 });
    const secondPage = () => calls(fetchImpl).filter((c) => c.path === '/api/get-shops' && c.query.page === '2');
    // Within 300 px of the bottom but not yet 400 px down.
    scroller.scrollTop = 350;
    fireEvent.scroll(scroller);
    await act(async () => {});
    expect(secondPage()).toHaveLength(0);
    scroller.scrollTop = 420;
    fireEvent.scroll(scroller);
    expect(await screen.findByText('Shop 21')).toBeTruthy();
    expect(secondPage()).toHaveLength(1);
  });
});
