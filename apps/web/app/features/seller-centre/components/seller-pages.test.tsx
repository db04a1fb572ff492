// @vitest-environment happy-dom
import type { SellerOrderDetails, SellerOrderSummary, SellerShop } from '@shop/contracts/sellers';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { createI18n } from '../../../lib/i18n';
import { moneyRows, sumAgainstTotal } from '../../../testing/money-rows';
import { SellerDashboardPage } from './seller-dashboard-page';
import { SellerOrderDetailsPage } from './seller-order-details-page';
import { SellerOrdersPage } from './seller-orders-page';

afterEach(cleanup);

const SCRIPT = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const shop: SellerShop = {
  id: 3,
  name: `Toko ${SCRIPT}`,
  slug: 'toko',
  logo: null,
  address: 'Jl. Pasar 1',
  phone: '0211234567',
  status: 'pending',
  is_active: false,
};

const summary: SellerOrderSummary = {
  id: 7,
  order_code: '#TK000007',
  shop: { id: 3, name: shop.name, slug: 'toko', logo: '', rating: 4 },
  quantity: 1,
  amount: 10000,
  payment_method: 'cash',
  payment_method_title: 'Cash on delivery',
  payment_status: 'Pending',
  order_status: 'Pending',
  created_at: '2026-11-24T10:00:00.000Z',
  products: [{ id: 1, name: `Kemeja ${SCRIPT}`, thumbnail: '/uploads/x.webp', order_qty: 1 }],
  has_digital: false,
  customer_name: `Sari ${SCRIPT}`,
};

const details: SellerOrderDetails = {
  ...summary,
  products: [
    {
      id: 1,
      product_id: 9,
      slug: null,
      name: `Kemeja ${SCRIPT}`,
      thumbnail: '/uploads/x.webp',
      brand: null,
      price: 10000,
      regular_price: 10000,
      order_qty: 1,
      subtotal: 10000,
      color: null,
      size: null,
      unit: null,
      is_digital: false,
      review: null,
      is_returnable: false,
    },
  ],
  payment_id: 'b6f1c1a4-0000-4000-8000-000000000000',
  address: `Jl. ${SCRIPT}`,
  note: null,
  subtotal: 10000,
  delivery_charge: 0,
  coupon_discount: 0,
  tax_amount: 0,
  payable_amount: 10000,
  vat_taxes: [],
  timeline: [{ status: 'Pending', at: '2026-11-24T10:00:00.000Z' }],
  delivered_at: null,
  can_cancel: true,
  can_pay: false,
  can_order_again: false,
  is_returnable: false,
  return_order_within_days: 3,
  last_return_date: null,
  can_review: false,
  invoice_url: '/api/orders/7/invoice',
  customer: { name: `Sari ${SCRIPT}`, email: 'sari@test.example', phone: null },
  next_statuses: ['Confirm', 'Cancelled'],
};

const counts = { all: 1, pending: 1, confirm: 0, processing: 0, pickup: 0, on_the_way: 0, delivered: 0, cancelled: 0 };

function renderWith(element: ReactNode, order: SellerOrderDetails = details) {
  const posted: { url: string; body: unknown }[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    if (init?.method === 'POST') {
      posted.push({ url: url.pathname, body: JSON.parse(String(init.body)) });
      return json(200, {
        message: 'Order status updated.',
        data: { order: { ...details, order_status: 'Cancelled', next_statuses: [] } },
      });
    }
    if (url.pathname === '/api/seller/orders') {
      return json(200, { message: 'ok', data: { total: 1, status_wise_orders: counts, orders: [summary] } });
    }
    if (url.pathname === '/api/seller/orders/7') return json(200, { message: 'ok', data: { order } });
    return json(404, { message: 'Not found', code: 'NOT_FOUND' });
  };
  const api = createApiClient({ origin: 'http://shop.test', locale: () => 'en', fetch: fetchImpl });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/shop'] });
  render(
    <I18nextProvider i18n={createI18n('en', {})}>
      <ApiProvider client={api}>
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ApiProvider>
    </I18nextProvider>,
  );
  return { posted };
}

function expectInert() {
  expect(document.querySelector('img[src="x"]')).toBeNull();
  expect(document.querySelector('main script, body script')).toBeNull();
  expect((window as { __pwned?: number }).__pwned).toBeUndefined();
}

describe('T9 in the Seller Centre', () => {
  it('shows a pending shop’s name as text with "waiting for approval"', () => {
    renderWith(<SellerDashboardPage shop={shop} days={7} rtl={false} />);
    expect(screen.getByRole('heading', { name: shop.name })).toBeTruthy();
    expect(screen.getByText(/waiting for approval/)).toBeTruthy();
    expectInert();
  });

  it('lists orders with product and customer names as text', async () => {
    renderWith(<SellerOrdersPage status={null} page={1} />);
    expect(await screen.findByText(`Kemeja ${SCRIPT} × 1`)).toBeTruthy();
    expect(screen.getByText(`Sari ${SCRIPT}`)).toBeTruthy();
    expectInert();
  });

  it('asks before cancelling, then sends the status', async () => {
    const { posted } = renderWith(<SellerOrderDetailsPage id={7} />);
    expect(await screen.findByText(`Kemeja ${SCRIPT}`)).toBeTruthy();
    expectInert();
    fireEvent.change(screen.getByLabelText('Change status'), { target: { value: 'Cancelled' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update status' }));
    expect(await screen.findByRole('dialog', { name: 'Cancel this order?' })).toBeTruthy();
    expect(posted).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, continue' }));
    await waitFor(() =>
      expect(posted).toEqual([{ url: '/api/seller/orders/7/status', body: { status: 'Cancelled' } }]),
    );
  });

  it('moves to a status that needs no confirmation at once', async () => {
    const { posted } = renderWith(<SellerOrderDetailsPage id={7} />);
    fireEvent.change(await screen.findByLabelText('Change status'), { target: { value: 'Confirm' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update status' }));
    await waitFor(() => expect(posted).toEqual([{ url: '/api/seller/orders/7/status', body: { status: 'Confirm' } }]));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the order’s money as lines that add up: the coupon taken off and the VAT line', async () => {
    renderWith(<SellerOrderDetailsPage id={7} />, {
      ...details,
      subtotal: 162_200,
      delivery_charge: 10_000,
      coupon_discount: 16_220,
      tax_amount: 17_842,
      vat_taxes: [{ id: 1, name: 'VAT', percentage: 11, amount: 17_842 }],
      payable_amount: 173_822,
    });
    const payment = (await screen.findByRole('heading', { name: 'Payment' })).parentElement as HTMLElement;
    const rows = moneyRows(payment);
    expect(sumAgainstTotal(rows)).toEqual({ sum: 17_382_200, total: 17_382_200 });
    expect(rows.map((r) => [r.label, r.cents / 100])).toEqual([
      ['Subtotal', 162_200],
      ['Delivery Charge', 10_000],
      ['Coupon Discount', -16_220],
      ['VAT 11%', 17_842],
      ['Payable Amount', 173_822],
    ]);
  });
});
