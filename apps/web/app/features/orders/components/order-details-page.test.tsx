// @vitest-environment happy-dom
import type { OrderDetails } from '@shop/contracts/orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CartSelectionProvider, useCartSelection } from '../../../entities/cart/stores/cart-selection';
import { createApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { createI18n } from '../../../lib/i18n';
import { moneyRows, sumAgainstTotal } from '../../../testing/money-rows';
import { OrderDetailsPage } from './order-details-page';

const toastSuccess = vi.fn();
const toastError = vi.fn();
const toastWarning = vi.fn();
vi.mock('react-toastify/unstyled', () => ({
  toast: {
    success: (...a: unknown[]) => toastSuccess(...a),
    error: (...a: unknown[]) => toastError(...a),
    warning: (...a: unknown[]) => toastWarning(...a),
  },
}));
const RUPIAH = { code: 'IDR', symbol: 'Rp', rate: 1, position: 'prefix' } as const;
let shownCurrency: { code: string; symbol: string; rate: number; position: 'prefix' | 'suffix' } = RUPIAH;
vi.mock('../../../lib/use-display-currency', () => ({
  useDisplayCurrency: () => shownCurrency,
}));

afterEach(() => {
  cleanup();
  // The cart selection persists in local storage: each test starts with none.
  localStorage.clear();
  shownCurrency = RUPIAH;
  toastSuccess.mockReset();
  toastError.mockReset();
  toastWarning.mockReset();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function details(overrides: Partial<OrderDetails> = {}): OrderDetails {
  return {
    id: 7,
    order_code: '#TK000007',
    shop: { id: 3, name: 'Batik Store', slug: 'batik-store', logo: '/uploads/shop.webp', rating: 4.5 },
    quantity: 3,
    amount: 236100,
    payment_method: 'cash',
    payment_method_title: 'Cash on delivery',
    payment_status: 'Pending',
    order_status: 'Pending',
    created_at: '2026-11-20T03:00:00.000Z',
    has_digital: false,
    payment_id: 'a1b2',
    address: 'Jl. Merdeka 1, Jakarta',
    note: '<b>ring twice</b>',
    subtotal: 200000,
    delivery_charge: 15000,
    coupon_discount: 5000,
    tax_amount: 26100,
    payable_amount: 236100,
    vat_taxes: [
      { id: 1, name: 'PPN', percentage: 11, amount: 22000 },
      { id: 2, name: 'Lux', percentage: 2, amount: 4100 },
    ],
    timeline: [{ status: 'Pending', at: '2026-11-20T03:00:00.000Z' }],
    delivered_at: null,
    products: [
      {
        id: 70,
        product_id: 11,
        slug: 'batik-shirt',
        name: 'Batik Shirt',
        thumbnail: '/uploads/shirt.webp',
        brand: null,
        price: 100000,
        regular_price: 120000,
        order_qty: 2,
        subtotal: 200000,
        color: 'Red',
        size: 'L',
        unit: null,
        is_digital: false,
        review: null,
        is_returnable: false,
      },
      {
        id: 71,
        product_id: 12,
        slug: null,
        name: 'Old Hat',
        thumbnail: '/uploads/hat.webp',
        brand: null,
        price: 0,
        regular_price: 0,
        order_qty: 1,
        subtotal: 0,
        color: null,
        size: null,
        unit: 'pcs',
        is_digital: false,
        review: null,
        is_returnable: false,
      },
    ],
    can_cancel: true,
    can_pay: false,
    can_order_again: false,
    is_returnable: false,
    return_order_within_days: 3,
    last_return_date: null,
    can_review: false,
    invoice_url: '/api/orders/7/invoice',
    ...overrides,
  };
}

type Handler = (url: URL, body: unknown, headers: Headers) => Response;

function serve(handlers: Record<string, Handler>) {
  const calls: { method: string; path: string; body: unknown; headers: Headers }[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const headers = new Headers(init?.headers);
    calls.push({ method: init?.method ?? 'GET', path: url.pathname, body, headers });
    const handler = handlers[url.pathname];
    return handler ? handler(url, body, headers) : json(404, { message: 'Not found', code: 'NOT_FOUND' });
  };
  return { fetchImpl, calls };
}

function Where() {
  const location = useLocation();
  const selected = useCartSelection((s) => s.selectedShopIds);
  return (
    <>
      <output data-testid="url">{location.pathname}</output>
      <output data-testid="selected-shops">{selected.join(',')}</output>
    </>
  );
}

function renderPage(fetchImpl: typeof fetch, orderId = 7) {
  const api = createApiClient({ origin: 'http://shop.test', locale: () => 'en', fetch: fetchImpl });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <OrderDetailsPage orderId={orderId} />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: [`/order-history/${orderId}`] },
  );
  render(
    <QueryClientProvider client={client}>
      <ApiProvider client={api}>
        <CartSelectionProvider initial={{ selectedShopIds: [], couponCode: null }}>
          <I18nextProvider i18n={createI18n('en', {})}>
            <RouterProvider router={router} />
          </I18nextProvider>
        </CartSelectionProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
  return { client };
}

const detailsHandler =
  (order: OrderDetails): Handler =>
  () =>
    json(200, { message: 'ok', data: { order } });

describe('OrderDetailsPage', () => {
  it('shows the timeline, shop, address, note as text, lines and every total line', async () => {
    renderPage(serve({ '/api/order-details': detailsHandler(details()) }).fetchImpl);
    expect(await screen.findByRole('heading', { name: 'Order #TK000007' })).toBeTruthy();
    const steps = within(screen.getByRole('region', { name: 'Order Status' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent?.replace(/[✓×]/g, '').split('(')[0]?.trim().slice(0, 10))).toEqual([
      'PendingNov',
      'Confirm',
      'Processing',
      'Pickup',
      'On The Way',
      'Delivered',
    ]);
    expect(steps[0]?.getAttribute('aria-current')).toBe('step');
    expect(screen.getByRole('link', { name: 'Batik Store' }).getAttribute('href')).toBe('/shops/batik-store');
    expect(screen.getByText('Jl. Merdeka 1, Jakarta')).toBeTruthy();
    // User text is text, never markup.
    expect(screen.getByText('<b>ring twice</b>')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Batik Shirt' }).getAttribute('href')).toBe(
      '/products/batik-shirt/details',
    );
    expect(screen.queryByRole('link', { name: 'Old Hat' })).toBeNull();
    expect(screen.getByText('Colour: Red · Size: L')).toBeTruthy();
    expect(screen.getByText('Unit: pcs')).toBeTruthy();
    const summary = screen.getByRole('heading', { name: 'Order Summary' }).parentElement as HTMLElement;
    expect(summary.textContent).toContain('PPN 11%Rp22.000,00');
    expect(summary.textContent).toContain('Lux 2%Rp4.100,00');
    expect(summary.textContent).toContain('Coupon Discount-Rp5.000,00');
    expect(summary.textContent).toContain('Payable AmountRp236.100,00');
    expect(sumAgainstTotal(moneyRows(summary))).toEqual({ sum: 23_610_000, total: 23_610_000 });
    expect(screen.getByText('Cash on delivery')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download Invoice' }).getAttribute('href')).toBe('/api/orders/7/invoice');
  });

  it('shows summary lines that add up to the payable amount in another currency too', async () => {
    // At this rate each line rounded on its own would make 6,13 + 0,92 - 0,31 + 0,67 + 0,12 = 7,53 against 7,54.
    shownCurrency = { code: 'USD', symbol: '$', rate: 0.0000613, position: 'prefix' };
    const order = details({
      subtotal: 100_000,
      delivery_charge: 15_000,
      coupon_discount: 5_000,
      tax_amount: 13_000,
      payable_amount: 123_000,
      vat_taxes: [
        { id: 1, name: 'VAT', percentage: 11, amount: 11_000 },
        { id: 2, name: 'Lux', percentage: 2, amount: 2_000 },
      ],
    });
    renderPage(serve({ '/api/order-details': detailsHandler(order) }).fetchImpl);
    const summary = (await screen.findByRole('heading', { name: 'Order Summary' })).parentElement as HTMLElement;
    const rows = moneyRows(summary);
    expect(rows.at(-1)?.cents).toBe(754);
    const { sum, total } = sumAgainstTotal(rows);
    expect(sum).toBe(total);
    expect(rows.map((r) => r.label)).toEqual([
      'Subtotal',
      'Delivery Charge',
      'Coupon Discount',
      'VAT 11%',
      'Lux 2%',
      'Payable Amount',
    ]);
  });

  it('shows only the buttons its flags allow', async () => {
    renderPage(
      serve({
        '/api/order-details': detailsHandler(
          details({ can_cancel: false, can_pay: true, can_order_again: true, is_returnable: true }),
        ),
      }).fetchImpl,
    );
    expect(await screen.findByRole('button', { name: 'Make Payment' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Order Again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return' }).getAttribute('href')).toBe('/return-product/7');
    expect(screen.queryByRole('button', { name: 'Cancel Order' })).toBeNull();
    cleanup();

    renderPage(serve({ '/api/order-details': detailsHandler(details()) }).fetchImpl);
    expect(await screen.findByRole('button', { name: 'Cancel Order' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Make Payment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Order Again' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Return' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit Review' })).toBeNull();
  });

  it('cancels only after the confirmation, then shows Cancelled and a toast', async () => {
    let order = details();
    const { fetchImpl, calls } = serve({
      '/api/order-details': () => json(200, { message: 'ok', data: { order } }),
      '/api/orders/cancel': () => {
        order = details({
          order_status: 'Cancelled',
          can_cancel: false,
          timeline: [...order.timeline, { status: 'Cancelled', at: '2026-11-20T04:00:00.000Z' }],
        });
        return json(200, { message: 'Order cancelled successfully', data: { order } });
      },
    });
    renderPage(fetchImpl);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Order' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to cancel order #TK000007?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep Order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.path === '/api/orders/cancel')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel Order' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, Cancel' }));
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Cancelled'));
    expect(calls.filter((c) => c.path === '/api/orders/cancel').map((c) => c.body)).toEqual([{ order_id: 7 }]);
    expect(toastSuccess).toHaveBeenCalledWith('Order cancelled successfully', { autoClose: 3000 });
    expect(screen.queryByRole('button', { name: 'Cancel Order' })).toBeNull();
    const steps = within(screen.getByRole('region', { name: 'Order Status' })).getAllByRole('listitem');
    expect(steps.map((s) => s.getAttribute('aria-current'))).toEqual([null, 'step']);
  });

  it('shows the server message when the order can no longer be cancelled', async () => {
    renderPage(
      serve({
        '/api/order-details': detailsHandler(details()),
        '/api/orders/cancel': () => json(422, { message: 'Only a pending order can be cancelled.', code: 'CONFLICT' }),
      }).fetchImpl,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Order' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, Cancel' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Only a pending order can be cancelled.'));
    expect(screen.getByTestId('order-status').textContent).toBe('Pending');
  });

  it('goes to the new payment of an unpaid online order', async () => {
    const { fetchImpl, calls } = serve({
      '/api/order-details': detailsHandler(details({ payment_method: 'sandbox', can_pay: true, can_cancel: false })),
      '/api/order-payment/7/sandbox': () =>
        json(200, { message: 'ok', data: { order_payment_url: '/payment/u-1', payment_id: 'u-1' } }),
    });
    renderPage(fetchImpl);
    fireEvent.click(await screen.findByRole('button', { name: 'Make Payment' }));
    await waitFor(() => expect(screen.getByTestId('url').textContent).toBe('/payment/u-1'));
    expect(calls.some((c) => c.path === '/api/order-payment/7/sandbox')).toBe(true);
  });

  it('orders again by putting the lines back in the cart and opening checkout with the shop selected; nothing is placed', async () => {
    const cart = {
      total: 2,
      total_amount: 236100,
      cart_items: [
        {
          shop_id: 3,
          shop_name: 'Batik Store',
          shop_slug: 'batik-store',
          shop_logo: null,
          shop_rating: 4.5,
          shop_online: false,
          products: [],
        },
      ],
    };
    const { fetchImpl, calls } = serve({
      '/api/order-details': detailsHandler(
        details({ order_status: 'Delivered', can_cancel: false, can_order_again: true }),
      ),
      '/api/place-order/again': () =>
        json(200, {
          message: 'The products of this order are in your cart.',
          data: {
            ...cart,
            info: 'These products could not be added to your cart as ordered: Batik Cap.',
            shop_ids: [3],
          },
        }),
    });
    const { client } = renderPage(fetchImpl);
    fireEvent.click(await screen.findByRole('button', { name: 'Order Again' }));
    await waitFor(() => expect(screen.getByTestId('url').textContent).toBe('/checkout'));
    expect(screen.getByTestId('selected-shops').textContent).toBe('3');
    expect(client.getQueryData(['cart', 'lines', false])).toMatchObject({ total: 2, cart_items: [{ shop_id: 3 }] });
    expect(toastWarning).toHaveBeenCalledWith('These products could not be added to your cart as ordered: Batik Cap.');
    // No order confirmation: nothing was placed.
    expect(screen.queryByRole('dialog')).toBeNull();
    const first = calls.find((c) => c.path === '/api/place-order/again');
    expect(first?.body).toEqual({ order_id: 7 });
    expect(first?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    expect(calls.some((c) => c.path === '/api/place-order')).toBe(false);
  });

  it('says which products cannot be ordered again and stays on the order', async () => {
    const { fetchImpl } = serve({
      '/api/order-details': detailsHandler(
        details({ order_status: 'Delivered', can_cancel: false, can_order_again: true }),
      ),
      '/api/place-order/again': () => json(409, { message: 'Batik Shirt is out of stock.', code: 'OUT_OF_STOCK' }),
    });
    renderPage(fetchImpl);
    fireEvent.click(await screen.findByRole('button', { name: 'Order Again' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Batik Shirt is out of stock.'));
    expect(screen.getByTestId('url').textContent).toBe('/order-history/7');
    expect(screen.getByTestId('selected-shops').textContent).toBe('');
  });

  it('says the order was not found for another shopper’s order', async () => {
    renderPage(serve({}).fetchImpl);
    expect(await screen.findByText('Order not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Order History' }).getAttribute('href')).toBe('/order-history');
  });
});

describe('the review form of a delivered order', () => {
  const delivered = () => details({ order_status: 'Delivered', can_cancel: false, can_review: true });

  it('asks for a rating before sending, then sends it and shows the review read-only', async () => {
    const { fetchImpl, calls } = serve({
      '/api/order-details': detailsHandler(delivered()),
      '/api/product-review': (_url, body) => {
        const input = body as { product_id: number; order_id: number; rating: number; description: string };
        return json(200, {
          message: 'Review submitted',
          data: { review: { id: 5, ...input, created_at: '2026-11-24T10:00:00.000Z' } },
        });
      },
    });
    renderPage(fetchImpl);
    const form = (await screen.findByRole('group', { name: 'Rate Batik Shirt' })).closest('form') as HTMLElement;
    fireEvent.click(within(form).getByRole('button', { name: 'Submit Review' }));
    expect(await within(form).findByText('Please choose a rating from 1 to 5 stars.')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/product-review')).toEqual([]);

    const four = within(form).getByRole('radio', { name: '4 of 5 stars' });
    fireEvent.click(four);
    expect((four as HTMLInputElement).checked).toBe(true);
    fireEvent.change(within(form).getByLabelText('Your review (optional)'), {
      target: { value: '  Lovely <i>fabric</i>  ' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Submit Review' }));
    const own = await screen.findByTestId('own-review');
    expect(within(own).getByRole('img', { name: 'Rated 4.0 out of 5' })).toBeTruthy();
    expect(within(own).getByText('Lovely <i>fabric</i>')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/product-review').map((c) => c.body)).toEqual([
      { order_id: 7, product_id: 11, rating: 4, description: 'Lovely <i>fabric</i>' },
    ]);
    expect(toastSuccess).toHaveBeenCalledWith('Review submitted', { autoClose: 3000 });
    // The other product still has its own form.
    expect(screen.getByRole('group', { name: 'Rate Old Hat' })).toBeTruthy();
  });

  it('shows the server’s field message under the field', async () => {
    renderPage(
      serve({
        '/api/order-details': detailsHandler(delivered()),
        '/api/product-review': () =>
          json(422, {
            message: 'The given data was invalid.',
            errors: { description: ['The description may not be greater than 2000 characters.'] },
          }),
      }).fetchImpl,
    );
    const form = (await screen.findByRole('group', { name: 'Rate Batik Shirt' })).closest('form') as HTMLElement;
    fireEvent.click(within(form).getByRole('radio', { name: '5 of 5 stars' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Submit Review' }));
    expect(await within(form).findByText('The description may not be greater than 2000 characters.')).toBeTruthy();
    expect(within(form).getByLabelText('Your review (optional)').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows an existing review read-only instead of a form', async () => {
    const order = delivered();
    order.products[0] = { ...order.products[0]!, review: { id: 1, rating: 3, description: 'Fine' } };
    renderPage(serve({ '/api/order-details': detailsHandler(order) }).fetchImpl);
    const own = await screen.findByTestId('own-review');
    expect(within(own).getByText('Fine')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Rate Batik Shirt' })).toBeNull();
  });
});
