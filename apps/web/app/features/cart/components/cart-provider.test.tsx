// @vitest-environment happy-dom
import { TOAST } from '@shop/contracts/constants';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CartTarget, useCartControl, useCartCount } from '../../../entities/cart/components/cart-control';
import { CART_SELECTION_STORAGE_KEY } from '../../../entities/cart/stores/cart-selection';
import { createI18n } from '../../../lib/i18n';
import { calls, cartLine, cartOf, checkoutReply, json, renderCart, shopGroup } from './cart-test-support';

const toast = vi.hoisted(() =>
  Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn(), dismiss: vi.fn() }),
);
vi.mock('react-toastify/unstyled', () => ({ toast }));
// Prices need only the currency's current value, not the settings query and store behind it.
vi.mock('../../../lib/use-display-currency', () => ({
  useDisplayCurrency: () => ({ code: 'IDR', symbol: 'Rp', rate: 1, position: 'prefix' }),
}));

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.clearAllMocks();
});

const target: CartTarget = { id: 7, name: 'Batik Shirt', thumbnail: '/uploads/demo/7.webp', quantity: 3 };

/** What a page shows of the cart: the header's count and button, and an add button. */
function Probe({ product = target }: { product?: CartTarget }) {
  const control = useCartControl();
  const count = useCartCount();
  return (
    <div>
      <button type="button" onClick={control?.openCart}>
        {`Cart (${count})`}
      </button>
      <button type="button" onClick={() => control?.add(product, { color: 2, size: 3, unit: 'pcs' })}>
        add
      </button>
      <button type="button" onClick={() => control?.buyNow(product)}>
        buy
      </button>
    </div>
  );
}

type Handler = (path: string, body: Record<string, unknown> | undefined, url: URL) => Response | undefined;

function api(handler: Handler) {
  return vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input));
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    return handler(url.pathname, body, url) ?? json(404, { message: 'Not found' });
  });
}

const twoShops = () =>
  cartOf([
    shopGroup(1, [cartLine(11, { quantity: 2, subtotal: 200_000 })]),
    shopGroup(2, [cartLine(21, { price: 50_000, discount_price: 40_000, discount_percentage: 20, subtotal: 40_000 })]),
  ]);

async function openDrawer() {
  fireEvent.click(await screen.findByRole('button', { name: /^Cart \(/ }));
  return screen.findByRole('dialog', { name: 'My Cart' });
}

/** The content function and options of the n-th plain (cart) toast. */
function cartToast(n = 0) {
  const [content, options] = toast.mock.calls[n] as [
    (props: { closeToast: () => void }) => ReactNode,
    Record<string, unknown>,
  ];
  return { content, options };
}

function renderToast(content: (props: { closeToast: () => void }) => ReactNode) {
  const closeToast = vi.fn();
  render(<I18nextProvider i18n={createI18n('en', {})}>{content({ closeToast })}</I18nextProvider>);
  return closeToast;
}

describe('the cart drawer', () => {
  it('says "Cart is empty" without Cart Amount or Proceed to Checkout', async () => {
    const fetchImpl = api((path) => (path === '/carts' ? json(200, { message: 'ok', data: cartOf([]) }) : undefined));
    renderCart(<Probe />, { fetchImpl });
    const drawer = await openDrawer();
    expect(await within(drawer).findByText('Cart is empty')).toBeTruthy();
    expect(within(drawer).queryByText('Cart Amount')).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Proceed to Checkout' })).toBeNull();
  });

  it('shows a visitor an empty cart without asking the API', async () => {
    const fetchImpl = api(() => undefined);
    renderCart(<Probe />, { fetchImpl, loggedIn: false });
    const drawer = await openDrawer();
    expect(within(drawer).getByText('Cart is empty')).toBeTruthy();
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('groups the lines by shop with the mini-cart row, each shop with its toggle, rating and vouchers', async () => {
    const fetchImpl = api((path) => (path === '/carts' ? json(200, { message: 'ok', data: twoShops() }) : undefined));
    renderCart(<Probe />, { fetchImpl });
    await screen.findByRole('button', { name: 'Cart (2)' });
    const drawer = await openDrawer();
    const shop1 = await within(drawer).findByRole('region', { name: 'Shop 1' });
    const shop2 = within(drawer).getByRole('region', { name: 'Shop 2' });
    expect(within(shop1).getByRole('checkbox', { name: 'Select Shop 1' })).toBeTruthy();
    expect(within(shop1).getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeTruthy();
    expect(within(shop1).getByRole('button', { name: 'Apply Store voucher' })).toBeTruthy();
    expect(within(shop1).getByRole('link', { name: 'Product 11' }).getAttribute('href')).toBe(
      '/products/product-11/details',
    );
    expect(within(shop1).getByLabelText('Quantity of Product 11').textContent).toBe('2');
    expect(within(shop1).queryByText('Product 21')).toBeNull();
    // Price, discount price and percentage of a discounted line.
    expect(within(shop2).getByText('20% OFF')).toBeTruthy();
    expect(within(shop2).getByRole('deletion')).toBeTruthy();
    expect(within(shop2).getByText('Brand')).toBeTruthy();
  });

  it('shows size and colour names of a line', async () => {
    const line = cartLine(11, {
      size: { id: 3, name: 'XL', price: 0 },
      color: { id: 2, name: 'Navy', color_code: '#001f3f', price: 0 },
    });
    const fetchImpl = api((path) =>
      path === '/carts' ? json(200, { message: 'ok', data: cartOf([shopGroup(1, [line])]) }) : undefined,
    );
    renderCart(<Probe />, { fetchImpl });
    const drawer = await openDrawer();
    expect(await within(drawer).findByText('Size: XL')).toBeTruthy();
    expect(within(drawer).getByText('Color: Navy')).toBeTruthy();
  });

  it('a shop toggle selects the shop and loads Cart Amount from the checkout preview of the selected shops', async () => {
    const fetchImpl = api((path, body) => {
      if (path === '/carts') return json(200, { message: 'ok', data: twoShops() });
      if (path === '/api/cart/checkout') {
        const ids = (body?.shop_ids as number[]) ?? [];
        return json(200, checkoutReply(twoShops().cart_items.filter((g) => ids.includes(g.shop_id))));
      }
      return undefined;
    });
    renderCart(<Probe />, { fetchImpl });
    const drawer = await openDrawer();
    const toggle = (await within(drawer).findByRole('checkbox', { name: 'Select Shop 2' })) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    expect(toggle.checked).toBe(true);
    await waitFor(() => expect(within(drawer).getByText('Rp40.000,00')).toBeTruthy());
    expect(calls(fetchImpl).find((c) => c.path === '/api/cart/checkout')?.body).toEqual({
      shop_ids: [2],
      coupon_code: null,
      is_buy_now: false,
    });
    fireEvent.click(within(drawer).getByRole('checkbox', { name: 'Select Shop 1' }));
    await waitFor(() => expect(within(drawer).getByText('Rp240.000,00')).toBeTruthy());
    // The selection is kept for the checkout page.
    expect(JSON.parse(localStorage.getItem(CART_SELECTION_STORAGE_KEY) ?? '{}').state.selectedShopIds).toEqual([2, 1]);
  });

  it('Proceed to Checkout without a selected shop toasts and stays; with one it goes to /checkout', async () => {
    const fetchImpl = api((path) => {
      if (path === '/carts') return json(200, { message: 'ok', data: twoShops() });
      if (path === '/api/cart/checkout') return json(200, checkoutReply(twoShops().cart_items.slice(0, 1)));
      return undefined;
    });
    renderCart(<Probe />, { fetchImpl });
    const drawer = await openDrawer();
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Proceed to Checkout' }));
    expect(toast.error).toHaveBeenCalledWith('Please select at least one shop');
    expect(screen.getByTestId('path').textContent).toBe('/');
    expect(screen.getByRole('dialog', { name: 'My Cart' })).toBeTruthy();

    fireEvent.click(within(drawer).getByRole('checkbox', { name: 'Select Shop 1' }));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Proceed to Checkout' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/checkout'));
  });

  it('single-vendor: every cart shop is selected and no toggle is shown', async () => {
    const fetchImpl = api((path) => {
      if (path === '/carts') return json(200, { message: 'ok', data: twoShops() });
      if (path === '/api/cart/checkout') return json(200, checkoutReply(twoShops().cart_items));
      return undefined;
    });
    renderCart(<Probe />, { fetchImpl, multiVendor: false });
    const drawer = await openDrawer();
    await within(drawer).findByText('Product 21');
    expect(within(drawer).queryByRole('checkbox')).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Apply Store voucher' })).toBeNull();
    await waitFor(() => expect(within(drawer).getByText('Rp240.000,00')).toBeTruthy());
    fireEvent.click(within(drawer).getByRole('button', { name: 'Proceed to Checkout' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/checkout'));
  });

  it('changes quantities and, when a line goes, toasts the removal and prunes its shop from the selection', async () => {
    let cart = twoShops();
    const fetchImpl = api((path, body) => {
      if (path === '/carts') return json(200, { message: 'ok', data: cart });
      if (path === '/cart/increment') {
        cart = cartOf([
          shopGroup(1, [cartLine(11, { quantity: 3, subtotal: 300_000 })]),
          cart.cart_items[1] as ReturnType<typeof shopGroup>,
        ]);
        return json(200, { message: 'ok', data: cart });
      }
      if (path === '/cart/decrement' && body?.product_id === 21) {
        cart = cartOf([cart.cart_items[0] as ReturnType<typeof shopGroup>]);
        return json(200, { message: 'product removed from cart', data: cart });
      }
      if (path === '/api/cart/checkout') return json(200, checkoutReply(cart.cart_items));
      return undefined;
    });
    renderCart(<Probe />, { fetchImpl });
    const drawer = await openDrawer();
    fireEvent.click(await within(drawer).findByRole('checkbox', { name: 'Select Shop 2' }));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Increase quantity of Product 11' }));
    await waitFor(() => expect(within(drawer).getByLabelText('Quantity of Product 11').textContent).toBe('3'));
    expect(calls(fetchImpl).find((c) => c.path === '/cart/increment')?.body).toEqual({
      cart_item_id: 11,
      product_id: 11,
    });

    fireEvent.click(within(drawer).getByRole('button', { name: 'Decrease quantity of Product 21' }));
    await waitFor(() => expect(within(drawer).queryByText('Product 21')).toBeNull());
    // The page behind the modal drawer is hidden from assistive technology while it is open.
    expect(screen.getByRole('button', { name: 'Cart (1)', hidden: true })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(CART_SELECTION_STORAGE_KEY) ?? '{}').state.selectedShopIds).toEqual([]);
    const removed = cartToast();
    expect(removed.options).toMatchObject({ autoClose: TOAST.cartMs, hideProgressBar: true, icon: false });
    cleanup();
    renderToast(removed.content);
    expect(screen.getByText('Product 21')).toBeTruthy();
    expect(screen.getByText('has been remove to cart.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Again Add to Cart' })).toBeTruthy();
  });

  it('shows each colour and size of one product as a line of its own, and changes only the line acted on', async () => {
    const black = { id: 2, name: 'Black', color_code: '#000000', price: 0 };
    const green = { id: 4, name: 'Green', color_code: '#00aa00', price: 10_000 };
    const small = { id: 3, name: 'S', price: 0 };
    const medium = { id: 5, name: 'M', price: 0 };
    const blackS = (quantity: number) =>
      cartLine(7, { cart_item_id: 71, color: black, size: small, quantity, subtotal: 100_000 * quantity });
    const greenM = (quantity: number) =>
      cartLine(7, {
        cart_item_id: 72,
        color: green,
        size: medium,
        quantity,
        price: 110_000,
        subtotal: 110_000 * quantity,
      });
    let cart = cartOf([shopGroup(1, [blackS(1), greenM(2)])]);
    const fetchImpl = api((path, body) => {
      if (path === '/carts') return json(200, { message: 'ok', data: cart });
      if (path === '/cart/increment' && body?.cart_item_id === 72) {
        cart = cartOf([shopGroup(1, [blackS(1), greenM(3)])]);
        return json(200, { message: 'ok', data: cart });
      }
      if (path === '/cart/delete' && body?.cart_item_id === 71) {
        cart = cartOf([shopGroup(1, [greenM(3)])]);
        return json(200, { message: 'ok', data: cart });
      }
      return undefined;
    });
    renderCart(<Probe />, { fetchImpl });
    const drawer = await openDrawer();
    expect((await within(drawer).findByLabelText('Quantity of Product 7 (Black, S)')).textContent).toBe('1');
    expect(within(drawer).getByLabelText('Quantity of Product 7 (Green, M)').textContent).toBe('2');
    expect(within(drawer).getByText('Color: Green')).toBeTruthy();
    expect(within(drawer).getByText('Size: M')).toBeTruthy();

    fireEvent.click(within(drawer).getByRole('button', { name: 'Increase quantity of Product 7 (Green, M)' }));
    await waitFor(() =>
      expect(within(drawer).getByLabelText('Quantity of Product 7 (Green, M)').textContent).toBe('3'),
    );
    expect(within(drawer).getByLabelText('Quantity of Product 7 (Black, S)').textContent).toBe('1');
    expect(calls(fetchImpl).find((c) => c.path === '/cart/increment')?.body).toEqual({
      cart_item_id: 72,
      product_id: 7,
    });

    fireEvent.click(within(drawer).getByRole('button', { name: 'Remove Product 7 (Black, S) from cart' }));
    await waitFor(() => expect(within(drawer).queryByLabelText('Quantity of Product 7 (Black, S)')).toBeNull());
    expect(within(drawer).getByLabelText('Quantity of Product 7 (Green, M)').textContent).toBe('3');
    // The removed toast names the line that went.
    cleanup();
    renderToast(cartToast().content);
    expect(screen.getByText('Color: Black')).toBeTruthy();
    expect(screen.getByText('Size: S')).toBeTruthy();
  });

  it('an increment refused by the server toasts its message', async () => {
    const fetchImpl = api((path) => {
      if (path === '/carts') return json(200, { message: 'ok', data: twoShops() });
      if (path === '/cart/increment') return json(422, { message: 'Only 5 left in stock', code: 'STOCK' });
      return undefined;
    });
    const view = renderCart(<Probe />, { fetchImpl });
    const drawer = await openDrawer();
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Increase quantity of Product 11' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Only 5 left in stock'));
    expect(view.onUnauthorized).not.toHaveBeenCalled();
  });

  it("toasts a cart reply's info as a warning", async () => {
    const fetchImpl = api((path) =>
      path === '/carts'
        ? json(200, { message: 'ok', data: cartOf([], 'A product was removed: out of stock') })
        : undefined,
    );
    renderCart(<Probe />, { fetchImpl });
    await waitFor(() => expect(toast.warning).toHaveBeenCalledWith('A product was removed: out of stock'));
    expect(toast.warning).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape', async () => {
    const fetchImpl = api((path) => (path === '/carts' ? json(200, { message: 'ok', data: twoShops() }) : undefined));
    renderCart(<Probe />, { fetchImpl });
    const drawer = await openDrawer();
    fireEvent.keyDown(drawer, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'My Cart' })).toBeNull());
  });
});

describe('adding to the cart', () => {
  it("a visitor gets 'Please login first!' and the login dialog, and no call is made", async () => {
    const fetchImpl = api(() => undefined);
    const view = renderCart(<Probe />, { fetchImpl, loggedIn: false });
    fireEvent.click(screen.getByRole('button', { name: 'add' }));
    expect(toast.error).toHaveBeenCalledWith('Please login first!');
    expect(view.onLoginRequired).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'buy' }));
    expect(view.onLoginRequired).toHaveBeenCalledTimes(2);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it("adds with the shopper's choice, counts it and toasts 'has been added to cart' with 'View In Cart'", async () => {
    let cart = cartOf([]);
    const fetchImpl = api((path) => {
      if (path === '/carts') return json(200, { message: 'ok', data: cart });
      if (path === '/api/cart/store') {
        cart = cartOf([
          shopGroup(1, [
            // Another colour of the same product is already in the cart: the toast names the added one.
            cartLine(7, {
              name: 'Batik Shirt',
              cart_item_id: 70,
              color: { id: 9, name: 'Red', color_code: '', price: 0 },
            }),
            cartLine(7, {
              name: 'Batik Shirt',
              cart_item_id: 71,
              color: { id: 2, name: 'Blue', color_code: '#0000ff', price: 0 },
              size: { id: 3, name: 'XL', price: 0 },
            }),
          ]),
        ]);
        return json(200, { message: 'ok', data: cart });
      }
      return undefined;
    });
    renderCart(<Probe />, { fetchImpl });
    await screen.findByRole('button', { name: 'Cart (0)' });
    fireEvent.click(screen.getByRole('button', { name: 'add' }));
    await screen.findByRole('button', { name: 'Cart (2)' });
    expect(calls(fetchImpl).find((c) => c.path === '/api/cart/store')?.body).toEqual({
      product_id: 7,
      quantity: 1,
      color: 2,
      size: 3,
      unit: 'pcs',
      is_buy_now: false,
    });
    const added = cartToast();
    expect(added.options).toMatchObject({ autoClose: 3000, hideProgressBar: true, icon: false });
    const close = renderToast(added.content);
    expect(screen.getByText('Batik Shirt')).toBeTruthy();
    expect(screen.getByText('Color: Blue')).toBeTruthy();
    expect(screen.getByText('Size: XL')).toBeTruthy();
    expect(screen.queryByText('Color: Red')).toBeNull();
    expect(screen.getByText('has been added to cart')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'View In Cart' }));
    expect(close).toHaveBeenCalled();
    expect(await screen.findByRole('dialog', { name: 'My Cart' })).toBeTruthy();
  });

  it('opening the drawer from the header closes the added toasts, which would cover Proceed to Checkout', async () => {
    toast.mockReturnValueOnce('added-1');
    const fetchImpl = api((path) => {
      if (path === '/carts') return json(200, { message: 'ok', data: cartOf([]) });
      if (path === '/api/cart/store') {
        return json(200, { message: 'ok', data: cartOf([shopGroup(1, [cartLine(7, { name: 'Batik Shirt' })])]) });
      }
      return undefined;
    });
    renderCart(<Probe />, { fetchImpl });
    await screen.findByRole('button', { name: 'Cart (0)' });
    fireEvent.click(screen.getByRole('button', { name: 'add' }));
    await screen.findByRole('button', { name: 'Cart (1)' });
    await waitFor(() => expect(toast).toHaveBeenCalled());
    expect(toast.dismiss).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Cart (1)' }));
    expect(await screen.findByRole('dialog', { name: 'My Cart' })).toBeTruthy();
    expect(toast.dismiss).toHaveBeenCalledWith('added-1');
  });

  it('an add that lands while the first cart load is still running is not undone by that older answer', async () => {
    let releaseLoad: (() => void) | undefined;
    const fetchImpl = api((path) => {
      if (path === '/carts') return undefined;
      if (path === '/api/cart/store') {
        return json(200, { message: 'ok', data: cartOf([shopGroup(1, [cartLine(7)])]) });
      }
      return undefined;
    });
    // The first load answers "empty" only after the add has been applied.
    fetchImpl.mockImplementationOnce(
      () =>
        new Promise<Response>((resolve) => {
          releaseLoad = () => resolve(json(200, { message: 'ok', data: cartOf([]) }));
        }),
    );
    renderCart(<Probe />, { fetchImpl });
    await waitFor(() => expect(releaseLoad).toBeDefined());
    fireEvent.click(screen.getByRole('button', { name: 'add' }));
    await screen.findByRole('button', { name: 'Cart (1)' });
    releaseLoad?.();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByRole('button', { name: 'Cart (1)' })).toBeTruthy();
  });

  it("'Again Add to Cart' adds one unit without colour, size or unit", async () => {
    const black = { id: 2, name: 'Black', color_code: '#000000', price: 0 };
    let cart = cartOf([shopGroup(1, [cartLine(11, { color: black })])]);
    const fetchImpl = api((path) => {
      if (path === '/carts') return json(200, { message: 'ok', data: cart });
      if (path === '/cart/delete') {
        cart = cartOf([]);
        return json(200, { message: 'ok', data: cart });
      }
      if (path === '/api/cart/store') {
        cart = cartOf([shopGroup(1, [cartLine(11)])]);
        return json(200, { message: 'ok', data: cart });
      }
      return undefined;
    });
    renderCart(<Probe />, { fetchImpl });
    const drawer = await openDrawer();
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Remove Product 11 (Black) from cart' }));
    await within(drawer).findByText('Cart is empty');
    const closeRemoved = renderToast(cartToast().content);
    fireEvent.click(screen.getByRole('button', { name: 'Again Add to Cart' }));
    expect(closeRemoved).toHaveBeenCalled();
    await waitFor(() =>
      expect(calls(fetchImpl).find((c) => c.path === '/api/cart/store')?.body).toEqual({
        product_id: 11,
        quantity: 1,
        color: null,
        size: null,
        unit: null,
        is_buy_now: false,
      }),
    );
    // The added toast is the line without a colour, not the removed one's.
    await waitFor(() => expect(toast).toHaveBeenCalledTimes(2));
    cleanup();
    renderToast(cartToast(1).content);
    expect(screen.getByText('has been added to cart')).toBeTruthy();
    expect(screen.queryByText('Color: Black')).toBeNull();
  });

  it('an add answered 401 toasts, ends the session and opens the login dialog', async () => {
    const fetchImpl = api((path) => {
      if (path === '/carts') return json(200, { message: 'ok', data: cartOf([]) });
      if (path === '/api/cart/store') return json(401, { message: 'Unauthenticated.', code: 'UNAUTHENTICATED' });
      return undefined;
    });
    const view = renderCart(<Probe />, { fetchImpl });
    fireEvent.click(screen.getByRole('button', { name: 'add' }));
    await waitFor(() => expect(view.onLoginRequired).toHaveBeenCalledTimes(1));
    expect(toast.error).toHaveBeenCalledWith('Please login first!');
    expect(view.onUnauthorized).toHaveBeenCalled();
  });

  it("other add failures toast the server's message", async () => {
    const fetchImpl = api((path) => {
      if (path === '/carts') return json(200, { message: 'ok', data: cartOf([]) });
      if (path === '/api/cart/store') return json(422, { message: 'The quantity exceeds the stock.', errors: {} });
      return undefined;
    });
    const view = renderCart(<Probe />, { fetchImpl });
    fireEvent.click(screen.getByRole('button', { name: 'add' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('The quantity exceeds the stock.'));
    expect(view.onLoginRequired).not.toHaveBeenCalled();
  });

  it('Buy now adds the buy-now line and goes to /buynow, with no toast and the cart list untouched', async () => {
    const fetchImpl = api((path, body) => {
      if (path === '/carts') return json(200, { message: 'ok', data: twoShops() });
      if (path === '/api/cart/store' && body?.is_buy_now === true) {
        return json(200, { message: 'ok', data: cartOf([shopGroup(3, [cartLine(7)])]) });
      }
      return undefined;
    });
    renderCart(<Probe />, { fetchImpl });
    await screen.findByRole('button', { name: 'Cart (2)' });
    fireEvent.click(screen.getByRole('button', { name: 'buy' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/buynow'));
    expect(screen.getByRole('button', { name: 'Cart (2)' })).toBeTruthy();
    expect(toast).not.toHaveBeenCalled();
  });
});

describe('the session', () => {
  it('logout empties the cart and the selection', async () => {
    const fetchImpl = api((path) => {
      if (path === '/carts') return json(200, { message: 'ok', data: twoShops() });
      if (path === '/api/cart/checkout') return json(200, checkoutReply(twoShops().cart_items));
      return undefined;
    });
    const view = renderCart(<Probe />, { fetchImpl });
    const drawer = await openDrawer();
    fireEvent.click(await within(drawer).findByRole('checkbox', { name: 'Select Shop 1' }));
    expect(JSON.parse(localStorage.getItem(CART_SELECTION_STORAGE_KEY) ?? '{}').state.selectedShopIds).toEqual([1]);
    fireEvent.keyDown(drawer, { key: 'Escape' });
    view.setLoggedIn(false);
    view.logOut();
    await screen.findByRole('button', { name: 'Cart (0)' });
    expect(JSON.parse(localStorage.getItem(CART_SELECTION_STORAGE_KEY) ?? '{}').state.selectedShopIds).toEqual([]);
    expect(view.queryClient.getQueryData(['cart', 'lines', false])).toBeUndefined();
  });

  it('a cart load answered 401 ends the session', async () => {
    const fetchImpl = api((path) =>
      path === '/carts' ? json(401, { message: 'Unauthenticated.', code: 'UNAUTHENTICATED' }) : undefined,
    );
    const view = renderCart(<Probe />, { fetchImpl });
    await waitFor(() => expect(view.onUnauthorized).toHaveBeenCalled());
  });
});
