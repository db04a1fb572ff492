// @vitest-environment happy-dom
import type { Address } from '@shop/contracts/account';
import type { Checkout, CheckoutShopGroup, Payment } from '@shop/contracts/cart';
import { IDEMPOTENCY_HEADER } from '@shop/contracts/constants';
import type { Master } from '@shop/contracts/settings';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addressesQueryOptions } from '../../../entities/address/api/addresses';
import { checkoutQueryOptions } from '../../../entities/cart/api/cart';
import {
  CART_SELECTION_STORAGE_KEY,
  type CartSelection,
  CartSelectionProvider,
} from '../../../entities/cart/stores/cart-selection';
import { createApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { createI18n } from '../../../lib/i18n';
import { makeServerQueryClient } from '../../../lib/query-client';
import { CheckoutPage, type CheckoutPageProps } from './checkout-page';

const toastError = vi.fn();
const toastWarning = vi.fn();
vi.mock('react-toastify/unstyled', () => ({
  toast: {
    success: vi.fn(),
    error: (...a: unknown[]) => toastError(...a),
    warning: (...a: unknown[]) => toastWarning(...a),
  },
}));
vi.mock('../../../lib/use-display-currency', () => ({
  useDisplayCurrency: () => ({ code: 'IDR', symbol: 'Rp', rate: 1, position: 'prefix' }),
}));

beforeEach(() => {
  localStorage.setItem(
    CART_SELECTION_STORAGE_KEY,
    JSON.stringify({ state: { selectedShopIds: [1, 2], couponCode: null }, version: 0 }),
  );
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  toastError.mockReset();
  toastWarning.mockReset();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const master = {
  multi_vendor: true,
  cash_on_delivery: true,
  online_payment: true,
  payment_gateways: [
    { id: 1, title: 'Sandbox', name: 'sandbox', logo: null, is_active: true },
    { id: 2, title: 'Stripe', name: 'stripe', logo: null, is_active: false },
  ],
  phone_min_length: 8,
  phone_max_length: 16,
} as unknown as Master;

const address = (id: number, isDefault: boolean): Address => ({
  id,
  name: `Receiver ${id}`,
  phone: '81234567890',
  address_type: 'home',
  area: null,
  flat_no: null,
  address_line: `Jl. Merdeka ${id}`,
  address_line2: null,
  post_code: null,
  is_default: isDefault,
  latitude: null,
  longitude: null,
});

function group(shopId: number, name: string, subtotal: number): CheckoutShopGroup {
  return {
    shop_id: shopId,
    shop_name: name,
    shop_slug: name.toLowerCase(),
    shop_logo: null,
    shop_rating: 5,
    shop_online: true,
    products: [
      {
        id: shopId * 10,
        cart_item_id: shopId * 100,
        slug: `product-${shopId}`,
        name: `Product of ${name}`,
        thumbnail: '/uploads/p.webp',
        thumbnails: [],
        brand: null,
        is_digital: false,
        quantity: 2,
        max_quantity: 9,
        price: subtotal / 2,
        discount_price: 0,
        discount_percentage: 0,
        subtotal,
        rating: 0,
        total_reviews: '0',
        total_sold: '0',
        color: { id: 3, name: 'Red', color_code: '#f00', price: 0 },
        size: null,
        unit: null,
        in_flash_sale: false,
      },
    ],
    summary: {
      total_amount: subtotal,
      delivery_charge: 0,
      coupon_discount: 0,
      order_tax_amount: 0,
      payable_amount: subtotal,
      all_vat_taxes: [],
    },
    coupon: null,
  };
}

function preview(discount = 0, message = 'Checkout', applied = false): { message: string; data: Checkout } {
  return {
    message,
    data: {
      checkout: {
        total_amount: 150000,
        delivery_charge: 10000,
        coupon_discount: discount,
        order_tax_amount: 16500.5,
        payable_amount: 176500.5 - discount,
        all_vat_taxes: [{ id: 1, name: 'PPN', percentage: 11, amount: 16500.5 }],
      },
      apply_coupon: applied,
      checkout_items: [group(1, 'Batik', 100000), group(2, 'Kopi', 50000)],
      info: null,
    },
  };
}

function payment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: '9b2f7c1e-1111-4a4a-8888-123456789abc',
    amount: 176500.5,
    currency: 'IDR',
    payment_method: 'cash',
    payment_method_title: 'Cash on delivery',
    status: 'pending',
    is_paid: false,
    orders: [
      {
        id: 1,
        order_code: '#BT000001',
        shop_id: 1,
        shop_name: 'Batik',
        quantity: 2,
        payable_amount: 121000,
        order_status: 'Pending',
        payment_status: 'Pending',
      },
      {
        id: 2,
        order_code: '#KP000002',
        shop_id: 2,
        shop_name: 'Kopi',
        quantity: 2,
        payable_amount: 55500.5,
        order_status: 'Pending',
        payment_status: 'Pending',
      },
    ],
    created_at: '2026-11-24T15:00:00.000Z',
    ...overrides,
  };
}

type Handler = (body: Record<string, unknown>, init: RequestInit) => Response | Promise<Response>;

/** A fetch answering `METHOD /path` from the handlers; every call is recorded. */
function api(handlers: Record<string, Handler>) {
  const seen: { key: string; body: Record<string, unknown>; headers: Record<string, string> }[] = [];
  const fetchImpl = vi.fn(async (url: string | URL | Request, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${new URL(String(url)).pathname}`;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    seen.push({ key, body, headers: init.headers as Record<string, string> });
    const handler = handlers[key];
    return handler ? handler(body, init) : json(404, { message: 'Not found', code: 'NOT_FOUND' });
  });
  return {
    fetchImpl: fetchImpl as unknown as typeof fetch,
    seen,
    calls: (key: string) => seen.filter((c) => c.key === key),
  };
}

const baseHandlers = (): Record<string, Handler> => ({
  'GET /api/addresses': () =>
    json(200, { message: 'ok', data: { total: 2, addresses: [address(7, false), address(8, true)] } }),
  'POST /api/cart/checkout': (body) => json(200, body.coupon_code ? preview(15000, 'Coupon applied', true) : preview()),
});

function renderPage(handlers: Record<string, Handler>, props: Partial<CheckoutPageProps> = {}) {
  const server = api(handlers);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const onVerifyAccount = vi.fn();
  const onLogin = vi.fn();
  const router = createMemoryRouter(
    [
      {
        path: '/checkout',
        element: (
          <CheckoutPage
            isBuyNow={false}
            master={master}
            signedIn
            onLogin={onLogin}
            onUnauthorized={vi.fn()}
            onVerifyAccount={onVerifyAccount}
            renderAddress={(a) => <p>{a.address_line}</p>}
            renderAddressForm={() => <p>address form</p>}
            {...props}
          />
        ),
      },
      { path: '/payment/:uuid', element: <p>payment page</p> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/checkout'] },
  );
  render(
    <QueryClientProvider client={client}>
      <ApiProvider
        client={createApiClient({ origin: 'http://shop.test', locale: () => 'en', fetch: server.fetchImpl })}
      >
        <I18nextProvider i18n={createI18n('en', {})}>
          <CartSelectionProvider>
            <RouterProvider router={router} />
          </CartSelectionProvider>
        </I18nextProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
  return { ...server, onVerifyAccount, onLogin, router };
}

const summary = () => within(screen.getByTestId('order-summary'));
const storedSelection = () =>
  (JSON.parse(localStorage.getItem(CART_SELECTION_STORAGE_KEY) ?? '{}') as { state?: Record<string, unknown> }).state;

describe('CheckoutPage', () => {
  it("shows the server's figures with two decimals, each VAT line by name with its rate, and the lines by shop", async () => {
    const server = renderPage(baseHandlers());
    expect(await screen.findByTestId('order-summary')).toBeTruthy();
    expect(summary().getByText('Rp150.000,00')).toBeTruthy();
    expect(summary().getByText('Rp10.000,00')).toBeTruthy();
    expect(summary().getByText('PPN 11%')).toBeTruthy();
    expect(summary().getByText('Rp16.500,50')).toBeTruthy();
    expect(screen.getByTestId('payable-amount').textContent).toBe('Rp176.500,50');
    // One section per shop, with its header (multi-vendor), colour and quantity.
    const shops = screen.getAllByTestId('checkout-shop');
    expect(shops.map((s) => s.getAttribute('aria-label'))).toEqual(['Batik', 'Kopi']);
    expect(within(shops[0]!).getByText(/Red/)).toBeTruthy();
    // The preview asked for the selected shops without a coupon.
    expect(server.calls('POST /api/cart/checkout')[0]?.body).toMatchObject({ shop_ids: [1, 2], coupon_code: null });
    // The default address (second in the list) is the delivery address.
    expect(screen.getByTestId('delivery-address').textContent).toBe('Jl. Merdeka 8');
    // Cash on delivery and the active gateway only, the first chosen.
    const methods = screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).value);
    expect(methods).toEqual(['cash', 'sandbox']);
    expect((screen.getByRole('radio', { name: 'Cash on delivery' }) as HTMLInputElement).checked).toBe(true);
  });

  it('applies a coupon with the server message and removes it again', async () => {
    const server = renderPage(baseHandlers());
    await screen.findByTestId('order-summary');
    fireEvent.change(screen.getByLabelText('Coupon Code'), { target: { value: ' HEMAT15 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Coupon applied')).toBeTruthy();
    expect(summary().getByText('-Rp15.000,00')).toBeTruthy();
    expect(screen.getByTestId('payable-amount').textContent).toBe('Rp161.500,50');
    expect(server.calls('POST /api/cart/checkout').at(-1)?.body).toMatchObject({ coupon_code: 'HEMAT15' });
    expect(storedSelection()?.couponCode).toBe('HEMAT15');

    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getByTestId('payable-amount').textContent).toBe('Rp176.500,50'));
    expect((screen.getByLabelText('Coupon Code') as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('coupon-result').textContent).toBe('');
    expect(storedSelection()?.couponCode).toBeNull();
  });

  it('keeps a coupon the server did not apply out of the order', async () => {
    const handlers = baseHandlers();
    handlers['POST /api/cart/checkout'] = (body) =>
      json(200, body.coupon_code ? preview(0, 'Coupon not applied', false) : preview());
    handlers['POST /api/place-order'] = () =>
      json(200, { message: 'Order placed', data: { order_payment_url: null, payment: payment() } });
    const server = renderPage(handlers);
    await screen.findByTestId('order-summary');
    fireEvent.change(screen.getByLabelText('Coupon Code'), { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Coupon not applied')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByTestId('order-confirm');
    expect(server.calls('POST /api/place-order')[0]?.body).toMatchObject({ coupon_code: null });
  });

  it('places the order with an Idempotency-Key and confirms it; the selection is reset', async () => {
    const handlers = baseHandlers();
    handlers['POST /api/place-order'] = () =>
      json(200, { message: 'Order placed', data: { order_payment_url: null, payment: payment() } });
    const server = renderPage(handlers);
    await screen.findByTestId('order-summary');
    fireEvent.change(screen.getByLabelText('Order Note (optional)'), { target: { value: ' Ring twice ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    const dialog = await screen.findByTestId('order-confirm');
    expect(
      within(dialog)
        .getAllByTestId('order-code')
        .map((c) => c.textContent),
    ).toEqual(['#BT000001', '#KP000002']);
    expect(within(dialog).getByText('Rp176.500,50')).toBeTruthy();
    const placed = server.calls('POST /api/place-order')[0];
    expect(placed?.body).toEqual({
      shop_ids: [1, 2],
      address_id: 8,
      payment_method: 'cash',
      coupon_code: null,
      note: 'Ring twice',
      is_buy_now: false,
      // The total on screen goes along, so a changed total is refused rather than charged.
      expected_payable_amount: 176_500.5,
    });
    expect(placed?.headers[IDEMPOTENCY_HEADER]).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => expect(storedSelection()?.selectedShopIds).toEqual([]));
    // The emptied selection does not read as "nothing to check out" under the confirmation.
    expect(screen.queryByText('No shop is selected for checkout')).toBeNull();
    // Behind the open dialog (hidden from the accessibility tree while it is open).
    expect(screen.getByRole('link', { name: 'My orders', hidden: true }).getAttribute('href')).toBe('/order-history');
  });

  it('sends the shopper to the in-app payment page of an online gateway', async () => {
    const handlers = baseHandlers();
    const uuid = payment().id;
    handlers['POST /api/place-order'] = () =>
      json(200, {
        message: 'Order placed',
        data: { order_payment_url: `/payment/${uuid}`, payment: payment({ payment_method: 'sandbox' }) },
      });
    const server = renderPage(handlers);
    await screen.findByTestId('order-summary');
    fireEvent.click(screen.getByRole('radio', { name: 'Sandbox' }));
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('payment page')).toBeTruthy();
    expect(server.router.state.location.pathname).toBe(`/payment/${uuid}`);
    expect(server.calls('POST /api/place-order')[0]?.body).toMatchObject({ payment_method: 'sandbox' });
  });

  it('opens the account verification when the server asks for it', async () => {
    const handlers = baseHandlers();
    handlers['POST /api/place-order'] = () =>
      json(422, { message: 'Please verify your account first', code: 'ACCOUNT_UNVERIFIED' });
    const server = renderPage(handlers);
    await screen.findByTestId('order-summary');
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(server.onVerifyAccount).toHaveBeenCalledOnce());
    expect(toastError).toHaveBeenCalledWith('Please verify your account first');
    expect(screen.queryByTestId('order-confirm')).toBeNull();
  });

  it('shows why a changed checkout was refused and the new figures; the next try is a new request', async () => {
    const handlers = baseHandlers();
    let changed = false;
    handlers['POST /api/cart/checkout'] = () => {
      const reply = preview();
      if (changed) reply.data.checkout.payable_amount = 180000;
      return json(200, reply);
    };
    handlers['POST /api/place-order'] = () => {
      if (changed) return json(200, { message: 'Order placed', data: { order_payment_url: null, payment: payment() } });
      changed = true;
      return json(409, {
        message: 'The voucher HEMAT no longer applies. Please check your order again.',
        code: 'CHECKOUT_CHANGED',
      });
    };
    const server = renderPage(handlers);
    await screen.findByTestId('order-summary');
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect((await screen.findByTestId('checkout-notice')).textContent).toBe(
      'The voucher HEMAT no longer applies. Please check your order again.',
    );
    await waitFor(() => expect(screen.getByTestId('payable-amount').textContent).toBe('Rp180.000,00'));
    expect(server.calls('POST /api/cart/checkout').length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByTestId('order-confirm')).toBeNull();

    // The server keeps the refusal under its key: the shopper's next try goes with a new one.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Place Order' }).hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await screen.findByTestId('order-confirm');
    const keys = server.calls('POST /api/place-order').map((c) => c.headers[IDEMPOTENCY_HEADER]);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('puts field errors under their fields and toasts other failures', async () => {
    const handlers = baseHandlers();
    let reply: Response = json(422, {
      message: 'The given data was invalid.',
      errors: { note: ['The note may not be greater than 1000 characters.'] },
    });
    handlers['POST /api/place-order'] = () => reply;
    renderPage(handlers);
    await screen.findByTestId('order-summary');
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('The note may not be greater than 1000 characters.')).toBeTruthy();
    expect(screen.getByLabelText('Order Note (optional)').getAttribute('aria-invalid')).toBe('true');
    expect(toastError).not.toHaveBeenCalled();

    reply = json(409, { message: 'This order is already being placed.', code: 'CONFLICT' });
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('This order is already being placed.'));
  });

  it('asks a visitor to log in', async () => {
    const server = renderPage(baseHandlers(), { signedIn: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(server.onLogin).toHaveBeenCalledOnce();
    expect(server.seen).toEqual([]);
  });

  it('says so when no shop is selected, with a way back to the shop', async () => {
    localStorage.setItem(
      CART_SELECTION_STORAGE_KEY,
      JSON.stringify({ state: { selectedShopIds: [], couponCode: null }, version: 0 }),
    );
    const server = renderPage(baseHandlers());
    expect(await screen.findByText('No shop is selected for checkout')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/');
    expect(server.calls('POST /api/cart/checkout')).toEqual([]);
  });

  it('clears the selection when the checkout list comes back empty', async () => {
    const handlers = baseHandlers();
    handlers['POST /api/cart/checkout'] = () => {
      const reply = preview();
      reply.data.checkout_items = [];
      return json(200, reply);
    };
    renderPage(handlers);
    expect(await screen.findByText('No shop is selected for checkout')).toBeTruthy();
    await waitFor(() => expect(storedSelection()?.selectedShopIds).toEqual([]));
  });
});

describe('CheckoutPage rendered on the server', () => {
  /** What the route's loader does: the addresses and the cookie's shops priced, then the page as HTML. */
  async function serverHtml(selection: CartSelection | null) {
    const server = api(baseHandlers());
    const apiClient = createApiClient({ origin: 'http://shop.test', locale: () => 'en', fetch: server.fetchImpl });
    const client = makeServerQueryClient();
    await client.prefetchQuery(addressesQueryOptions(apiClient));
    if (selection) {
      await client.prefetchQuery(
        checkoutQueryOptions(apiClient, { shopIds: selection.selectedShopIds, couponCode: null, isBuyNow: false }),
      );
    }
    const html = renderToString(
      <QueryClientProvider client={client}>
        <ApiProvider client={apiClient}>
          <I18nextProvider i18n={createI18n('en', {})}>
            <CartSelectionProvider initial={selection}>
              <MemoryRouter initialEntries={['/checkout']}>
                <CheckoutPage
                  isBuyNow={false}
                  master={master}
                  signedIn
                  onLogin={vi.fn()}
                  onUnauthorized={vi.fn()}
                  onVerifyAccount={vi.fn()}
                  renderAddress={(a) => <p>{a.address_line}</p>}
                  renderAddressForm={() => <p>address form</p>}
                />
              </MemoryRouter>
            </CartSelectionProvider>
          </I18nextProvider>
        </ApiProvider>
      </QueryClientProvider>,
    );
    return { html, server };
  }

  it('shows the address, the lines by shop and the payable amount when the selection came with the page', async () => {
    const { html, server } = await serverHtml({ selectedShopIds: [1, 2], couponCode: null });
    expect(html).toContain('Product of Batik');
    expect(html).toContain('Product of Kopi');
    expect(html).toContain('Jl. Merdeka 8');
    expect(html).toContain('Rp176.500,50');
    expect(html).not.toContain('Loading...');
    expect(server.calls('POST /api/cart/checkout')[0]?.body).toMatchObject({ shop_ids: [1, 2], coupon_code: null });
  });

  it('shows the skeleton when the browser alone knows the selection', async () => {
    const { html } = await serverHtml(null);
    expect(html).toContain('Loading...');
    expect(html).not.toContain('Product of Batik');
  });
});
