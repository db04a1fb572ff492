// @vitest-environment happy-dom
import type { Payment } from '@shop/contracts/cart';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { createI18n } from '../../../lib/i18n';
import { PaymentPage } from './payment-page';

const toastError = vi.fn();
vi.mock('react-toastify/unstyled', () => ({
  toast: { success: vi.fn(), error: (...a: unknown[]) => toastError(...a), warning: vi.fn() },
}));
vi.mock('../../../lib/use-display-currency', () => ({
  useDisplayCurrency: () => ({ code: 'IDR', symbol: 'Rp', rate: 1, position: 'prefix' }),
}));

afterEach(() => {
  cleanup();
  toastError.mockReset();
});

const UUID = '9b2f7c1e-1111-4a4a-8888-123456789abc';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function payment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: UUID,
    amount: 55500.5,
    currency: 'IDR',
    payment_method: 'sandbox',
    payment_method_title: 'Sandbox',
    status: 'pending',
    is_paid: false,
    orders: [
      {
        id: 2,
        order_code: '#KP000002',
        shop_id: 2,
        shop_name: 'Kopi',
        quantity: 1,
        payable_amount: 55500.5,
        order_status: 'Pending',
        payment_status: 'Pending',
      },
    ],
    created_at: '2026-11-24T15:00:00.000Z',
    ...overrides,
  };
}

let router: ReturnType<typeof createMemoryRouter>;

function renderPage(answer: (method: string, path: string) => Response) {
  const fetchImpl = vi.fn(async (url: string | URL | Request, init: RequestInit = {}) =>
    answer(init.method ?? 'GET', new URL(String(url)).pathname),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  router = createMemoryRouter(
    [
      {
        path: '/payment/:uuid',
        element: <PaymentPage id={UUID} signedIn onLogin={vi.fn()} onUnauthorized={vi.fn()} />,
      },
    ],
    { initialEntries: [`/payment/${UUID}`] },
  );
  render(
    <QueryClientProvider client={client}>
      <ApiProvider
        client={createApiClient({
          origin: 'http://shop.test',
          locale: () => 'en',
          fetch: fetchImpl as unknown as typeof fetch,
        })}
      >
        <I18nextProvider i18n={createI18n('en', {})}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
  return fetchImpl;
}

describe('PaymentPage', () => {
  it('shows the amount and the shop orders, and pays through the sandbox gateway', async () => {
    let paid = false;
    const fetchImpl = renderPage((method, path) => {
      if (method === 'POST' && path === `/api/payments/${UUID}/sandbox/pay`) paid = true;
      const current = paid ? payment({ status: 'paid', is_paid: true }) : payment();
      return json(200, { message: 'ok', data: { payment: current } });
    });
    const details = await screen.findByTestId('payment');
    expect(within(details).getAllByText('Rp55.500,50')).toHaveLength(2);
    expect(within(details).getByText('#KP000002')).toBeTruthy();
    expect(screen.getByTestId('payment-status').textContent).toBe('Unpaid');

    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    const dialog = await screen.findByTestId('order-confirm');
    expect(within(dialog).getByText('Amount Paid')).toBeTruthy();
    expect(screen.getByTestId('payment-status').textContent).toBe('Paid');
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
    expect(fetchImpl.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true);
  });

  it('cancels: the payment-cancel dialog says the order stays unpaid and offers Pay again and My orders', async () => {
    let cancelled = false;
    const again = '5c1d0e2f-2222-4b4b-9999-abcdefabcdef';
    const fetchImpl = renderPage((method, path) => {
      if (method === 'POST' && path === `/api/payments/${UUID}/sandbox/cancel`) cancelled = true;
      if (path === '/api/order-payment/2/sandbox') {
        return json(200, { message: 'ok', data: { order_payment_url: `/payment/${again}`, payment_id: again } });
      }
      return json(200, { message: 'ok', data: { payment: cancelled ? payment({ status: 'cancelled' }) : payment() } });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByTestId('payment-cancel');
    expect(screen.getByTestId('payment-status').textContent).toBe('Cancelled');
    expect(within(dialog).getByRole('link', { name: 'My orders' }).getAttribute('href')).toBe('/order-history');
    // Pay again: a new payment for the checkout's unpaid orders, asked through its first order.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/payment/${again}`));
    expect(fetchImpl.mock.calls.some(([url]) => String(url).includes('/api/order-payment/2/sandbox'))).toBe(true);
  });

  it('shows a paid payment without the gateway buttons', async () => {
    renderPage(() => json(200, { message: 'ok', data: { payment: payment({ status: 'paid', is_paid: true }) } }));
    expect((await screen.findByTestId('payment-status')).textContent).toBe('Paid');
    expect(screen.getByText('Amount Paid')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
  });

  it('shows a refunded payment as refunded, not unpaid, without the gateway buttons', async () => {
    renderPage(() => json(200, { message: 'ok', data: { payment: payment({ status: 'refunded' }) } }));
    expect((await screen.findByTestId('payment-status')).textContent).toBe('Refunded');
    expect(screen.getByText('Your payment was refunded.')).toBeTruthy();
    expect(screen.getByText('Amount')).toBeTruthy();
    expect(screen.queryByText('Amount to pay')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
  });

  it('shows not found for an unknown or foreign payment', async () => {
    renderPage(() => json(404, { message: 'Payment not found', code: 'NOT_FOUND' }));
    expect(await screen.findByText('This payment does not exist or belongs to another account.')).toBeTruthy();
  });

  it('toasts a refused payment and shows its state again', async () => {
    let tried = false;
    renderPage((method) => {
      if (method === 'POST') {
        tried = true;
        return json(409, { message: 'This payment is no longer pending.', code: 'CONFLICT' });
      }
      return json(200, { message: 'ok', data: { payment: tried ? payment({ status: 'cancelled' }) : payment() } });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('The payment was cancelled; the orders stay unpaid.')).toBeTruthy();
    expect(toastError).toHaveBeenCalledWith('This payment is no longer pending.');
    expect(screen.queryByTestId('order-confirm')).toBeNull();
  });
});
