// @vitest-environment happy-dom
import type { OrderSummary } from '@shop/contracts/orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { createI18n } from '../../../lib/i18n';
import { tabOf } from '../order-tabs';
import { OrderHistoryPage } from './order-history-page';

vi.mock('../../../lib/use-display-currency', () => ({
  useDisplayCurrency: () => ({ code: 'IDR', symbol: 'Rp', rate: 1, position: 'prefix' }),
}));

afterEach(cleanup);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function summary(id: number, overrides: Partial<OrderSummary> = {}): OrderSummary {
  return {
    id,
    order_code: `#TK00000${id}`,
    shop: { id: 3, name: 'Batik Store', slug: 'batik-store', logo: '/uploads/shop.webp', rating: 4.5 },
    quantity: 2,
    amount: 125000.5,
    payment_method: 'cash',
    payment_method_title: 'Cash on delivery',
    payment_status: 'Pending',
    order_status: 'Pending',
    created_at: '2026-11-24T10:00:00.000Z',
    products: [{ id: 10 + id, name: `Shirt ${id}`, thumbnail: '/uploads/shirt.webp', order_qty: 2 }],
    has_digital: false,
    ...overrides,
  };
}

const counts = { all: 12, pending: 3, confirm: 1, processing: 0, pickup: 0, on_the_way: 0, delivered: 7, cancelled: 1 };

function serve(orders: OrderSummary[], total = orders.length) {
  const calls: URL[] = [];
  const fetchImpl: typeof fetch = async (input) => {
    const url = new URL(String(input));
    calls.push(url);
    if (url.pathname === '/api/orders') {
      return json(200, { message: 'ok', data: { total, status_wise_orders: counts, orders } });
    }
    return json(404, { message: 'Not found', code: 'NOT_FOUND' });
  };
  return { fetchImpl, calls };
}

function renderPage(fetchImpl: typeof fetch, tabKey: string, page = 1, digital?: ReactNode) {
  const api = createApiClient({ origin: 'http://shop.test', locale: () => 'en', fetch: fetchImpl });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [{ path: '*', element: <OrderHistoryPage tab={tabOf(tabKey)} page={page} digital={digital} /> }],
    {
      initialEntries: ['/order-history'],
    },
  );
  render(
    <QueryClientProvider client={client}>
      <ApiProvider client={api}>
        <I18nextProvider i18n={createI18n('en', {})}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
}

describe('OrderHistoryPage', () => {
  it('shows every tab with its count, the current one marked, and asks for its status', async () => {
    const { fetchImpl, calls } = serve([summary(1)]);
    renderPage(fetchImpl, 'pending');
    expect(await screen.findByText('#TK000001')).toBeTruthy();
    const tabs = within(screen.getByRole('navigation', { name: 'Order statuses' })).getAllByRole('link');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'All12',
      'Pending3',
      'Confirm1',
      'Processing0',
      'Pickup0',
      'On The Way0',
      'Delivered7',
      'Cancelled1',
      'Digital',
    ]);
    const current = tabs.find((tab) => tab.getAttribute('aria-current') === 'page');
    expect(current?.textContent).toBe('Pending3');
    expect(tabs[6]?.getAttribute('href')).toBe('/order-history?status=delivered');
    expect(tabs[0]?.getAttribute('href')).toBe('/order-history');
    expect(calls[0]?.searchParams.get('order_status')).toBe('Pending');
    expect(calls[0]?.searchParams.get('page')).toBe('1');
  });

  it('shows the Digital tab with the digital list in place of the orders, the counts from All', async () => {
    const { fetchImpl, calls } = serve([summary(1)]);
    renderPage(fetchImpl, 'digital', 2, <p>the digital list</p>);
    expect(screen.getByText('the digital list')).toBeTruthy();
    expect(await screen.findByTestId('count-all')).toBeTruthy();
    const tabs = within(screen.getByRole('navigation', { name: 'Order statuses' })).getAllByRole('link');
    const current = tabs.find((tab) => tab.getAttribute('aria-current') === 'page');
    expect(current?.textContent).toBe('Digital');
    expect(current?.getAttribute('href')).toBe('/order-history?status=digital');
    expect(screen.queryByText('#TK000001')).toBeNull();
    expect(calls[0]?.searchParams.has('order_status')).toBe(false);
    expect(calls[0]?.searchParams.get('page')).toBe('1');
  });

  it('lists an order with its code link, shop, amount and both statuses', async () => {
    renderPage(serve([summary(4, { payment_status: 'Paid', order_status: 'Delivered' })]).fetchImpl, 'all');
    const link = await screen.findByRole('link', { name: 'Order #TK000004' });
    expect(link.getAttribute('href')).toBe('/order-history/4');
    const row = link.closest('article') as HTMLElement;
    expect(within(row).getByText('Batik Store')).toBeTruthy();
    expect(within(row).getByText('Paid')).toBeTruthy();
    expect(within(row).getByText('Delivered')).toBeTruthy();
    expect(within(row).getByRole('img', { name: 'Shirt 4' })).toBeTruthy();
    expect(row.textContent).toContain('Rp125.000,50');
  });

  it('sends All without a status filter and pages by link when there are more than 10', async () => {
    const orders = Array.from({ length: 10 }, (_, i) => summary(i + 1));
    const { fetchImpl, calls } = serve(orders, 23);
    renderPage(fetchImpl, 'nonsense', 2);
    expect(await screen.findByText('#TK0000010')).toBeTruthy();
    expect(calls[0]?.searchParams.has('order_status')).toBe(false);
    expect(calls[0]?.searchParams.get('page')).toBe('2');
    const pages = screen.getByRole('navigation', { name: 'Pages of orders' });
    expect(within(pages).getByRole('link', { name: /3/ }).getAttribute('href')).toBe('/order-history?page=3');
  });

  it('says so when a tab has no orders', async () => {
    renderPage(serve([]).fetchImpl, 'cancelled');
    expect(await screen.findByText('No orders with this status')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse products' }).getAttribute('href')).toBe('/products');
  });

  it('offers a retry when the orders cannot be loaded', async () => {
    renderPage(async () => json(500, { message: 'Server Error', code: 'INTERNAL' }), 'all');
    expect(await screen.findByText('We could not load your orders')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
