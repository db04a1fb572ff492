import { type APIRequestContext, type BrowserContext, type Page, request } from '@playwright/test';
import { api } from '../support/api';
import { baseUrl, PHONE, sidewaysOverflow, waitForHydration } from '../support/browser';
import { expect, test } from '../support/fixtures';
import { placeBuyNow } from '../support/orders';
import { signInShopper, XHR } from '../support/session';

/**
 * Checkout and payment through the real server: a shopper with lines from two shops
 * checks out with cash on delivery, and buys one product now through the sandbox gateway, paying
 * once and cancelling once. A seeded customer no other spec signs in as, so the orders and stock
 * changes here touch no other spec's expectations.
 */
const SHOPPER = { email: 'agus.prasetyo@mail.example.com', password: 'password' };
const SELECTION_KEY = 'cart-selection';

interface ListedProduct {
  id: number;
  slug: string;
  name: string;
  quantity: number;
  colors: unknown[];
  sizes: unknown[];
  shop: { id: number };
}

/** The shop's own figures: "Rp" before the digits, Indonesian grouping, 2 decimals. */
const money = (amount: number) =>
  `Rp${new Intl.NumberFormat('id-ID', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;

/** Products in good stock without colours or sizes, from `count` different shops. */
async function productsFromShops(count: number, skip = 0): Promise<ListedProduct[]> {
  const listed = (await api<{ data: { products: ListedProduct[] } }>('/api/products?per_page=100')).data.products;
  const picked: ListedProduct[] = [];
  for (const product of listed.slice(skip)) {
    if (product.quantity < 20 || product.colors.length > 0 || product.sizes.length > 0) continue;
    if (picked.some((p) => p.shop.id === product.shop.id)) continue;
    picked.push(product);
    if (picked.length === count) return picked;
  }
  throw new Error(`the demo has ${count} stocked products from different shops`);
}

async function stockOf(slug: string): Promise<number> {
  return (await api<{ data: { product: { quantity: number } } }>(`/api/product-details?slug=${slug}`)).data.product
    .quantity;
}

let shopper: APIRequestContext;

test.beforeAll(async () => {
  shopper = await request.newContext({ baseURL: baseUrl(), extraHTTPHeaders: XHR });
  const login = await shopper.post('/api/login', { data: { phone: SHOPPER.email, password: SHOPPER.password } });
  expect(login.ok(), await login.text()).toBe(true);
});

test.afterAll(async () => {
  await shopper.dispose();
});

/** A browser context signed in as the shopper, with the given shops ticked in the cart. */
async function shopperContext(
  newContext: (o?: object) => Promise<BrowserContext>,
  shopIds: number[] = [],
  options: object = {},
) {
  const context = await newContext({ ...options, storageState: await shopper.storageState() });
  await context.addInitScript(
    ([key, ids]) => {
      if (!localStorage.getItem(key as string)) {
        localStorage.setItem(
          key as string,
          JSON.stringify({ state: { selectedShopIds: ids, couponCode: null }, version: 0 }),
        );
      }
    },
    [SELECTION_KEY, shopIds] as const,
  );
  return context;
}

async function ensureAddress() {
  type Addresses = { data: { addresses: { id: number }[] } };
  const listed = ((await (await shopper.get('/api/addresses')).json()) as Addresses).data.addresses;
  if (listed.length > 0) return;
  const created = await shopper.post('/api/address/store', {
    data: {
      name: 'Agus',
      phone: '081234567802',
      address_type: 'home',
      address_line: 'Jl. Sudirman 2',
      is_default: true,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
}

/** Notes whether "No shop is selected for checkout" shows at any moment from now on. */
async function watchForEmptyCheckout(page: Page, text = 'No shop is selected for checkout') {
  await page.evaluate((needle) => {
    const w = window as { __emptyCheckoutSeen?: boolean };
    w.__emptyCheckoutSeen = false;
    new MutationObserver(() => {
      // What is shown: the page's scripts hold every translation.
      if (document.querySelector('main')?.innerText.includes(needle)) w.__emptyCheckoutSeen = true;
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, text);
}

const emptyCheckoutSeen = (page: Page) =>
  page.evaluate(() => (window as { __emptyCheckoutSeen?: boolean }).__emptyCheckoutSeen);

test.describe.configure({ mode: 'serial' });

test('a shopper checks out two shops with cash on delivery; the stock goes down', async ({ newContext }) => {
  const [first, second] = await productsFromShops(2);
  for (const [product, quantity] of [
    [first!, 2],
    [second!, 1],
  ] as const) {
    const added = await shopper.post('/api/cart/store', { data: { product_id: product.id, quantity } });
    expect(added.ok(), await added.text()).toBe(true);
  }
  const stockBefore = [await stockOf(first!.slug), await stockOf(second!.slug)];
  const shopIds = [first!.shop.id, second!.shop.id];
  type Preview = { message: string; data: { apply_coupon: boolean; checkout: { payable_amount: number } } };
  const previewWith = async (coupon_code: string | null) =>
    (await (await shopper.post('/api/cart/checkout', { data: { shop_ids: shopIds, coupon_code } })).json()) as Preview;
  const payable = (await previewWith(null)).data.checkout.payable_amount;
  // HEMAT5: the demo's marketplace voucher (5%, from Rp100.000) that applies in every shop.
  const withCoupon = await previewWith('HEMAT5');
  expect(withCoupon.data.apply_coupon).toBe(true);
  const discounted = withCoupon.data.checkout.payable_amount;
  expect(discounted).toBeLessThan(payable);

  const context = await shopperContext(newContext, shopIds);
  const page = await context.newPage();
  await page.goto('/checkout');
  await waitForHydration(page);
  await expect(page.getByTestId('checkout-shop')).toHaveCount(2);
  await expect(page.getByText(first!.name)).toBeVisible();
  await expect(page.getByTestId('payable-amount')).toHaveText(money(payable));

  // The shopper has no address yet: the address modal adds one, and it becomes the delivery address.
  await page.getByRole('button', { name: 'Add New Address' }).click();
  const form = page.getByRole('dialog', { name: 'Add New Address' });
  await form.getByLabel('Name', { exact: true }).fill('Agus Prasetyo');
  await form.getByLabel('Phone Number').fill('081234567802');
  await form.getByLabel('Address Line', { exact: true }).fill('Jl. Sudirman 2, Jakarta');
  await form.getByRole('button', { name: 'Save Address' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId('delivery-address')).toContainText('Jl. Sudirman 2, Jakarta');

  // A coupon code: applied with the server's words and figures, removed, applied again.
  const couponBox = page.getByLabel('Coupon Code');
  await couponBox.fill('HEMAT5');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('coupon-result')).toHaveText(withCoupon.message);
  await expect(page.getByTestId('payable-amount')).toHaveText(money(discounted));
  await page.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByTestId('payable-amount')).toHaveText(money(payable));
  await expect(couponBox).toHaveValue('');
  await couponBox.fill('HEMAT5');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('payable-amount')).toHaveText(money(discounted));

  await expect(page.getByRole('radio', { name: 'Cash on delivery' })).toBeChecked();
  await page.getByLabel('Order Note (optional)').fill('Please ring the bell');
  await watchForEmptyCheckout(page);
  await page.getByRole('button', { name: 'Place Order' }).click();

  const confirm = page.getByTestId('order-confirm');
  await expect(confirm).toBeVisible();
  // The emptied selection never showed as "No shop is selected" on the way.
  expect(await emptyCheckoutSeen(page)).toBe(false);
  await expect(confirm.getByTestId('order-code')).toHaveCount(2);
  await expect(confirm).toContainText(money(discounted));

  // The ordered units left the stock, and the ordered lines left the cart.
  await expect.poll(() => stockOf(first!.slug), { timeout: 20_000 }).toBe(stockBefore[0]! - 2);
  await expect.poll(() => stockOf(second!.slug), { timeout: 20_000 }).toBe(stockBefore[1]! - 1);
  const cart = (await (await shopper.get('/carts')).json()) as { data: { total: number } };
  expect(cart.data.total).toBe(0);

  await confirm.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

for (const outcome of ['pay', 'cancel'] as const) {
  test(`buy now through the sandbox gateway: ${outcome}`, async ({ newContext }) => {
    await ensureAddress();
    const [product] = await productsFromShops(1, outcome === 'pay' ? 10 : 20);
    const added = await shopper.post('/api/cart/store', {
      data: { product_id: product!.id, quantity: 1, is_buy_now: true },
    });
    expect(added.ok(), await added.text()).toBe(true);

    const context = await shopperContext(newContext);
    const page = await context.newPage();
    await page.goto('/buynow');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { name: 'Buy Now', level: 1 })).toBeVisible();
    await expect(page.getByTestId('checkout-line')).toHaveCount(1);
    await expect(page.getByText(product!.name)).toBeVisible();
    await page.getByRole('radio', { name: 'Sandbox Payment' }).check();
    await page.getByRole('button', { name: 'Place Order' }).click();

    await expect(page).toHaveURL(/\/payment\/[0-9a-f-]{36}$/);
    const uuid = new URL(page.url()).pathname.split('/').at(-1)!;
    await expect(page.getByTestId('payment-status')).toHaveText('Unpaid');
    await expect(page.getByTestId('payment-order')).toHaveCount(1);

    type PaymentData = { data: { payment: { status: string; is_paid: boolean } } };
    const state = async () => ((await (await shopper.get(`/api/payments/${uuid}`)).json()) as PaymentData).data.payment;
    if (outcome === 'pay') {
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      await expect(page.getByTestId('order-confirm')).toBeVisible();
      await expect(page.getByTestId('payment-status')).toHaveText('Paid');
      expect(await state()).toMatchObject({ status: 'paid', is_paid: true });
    } else {
      await page.getByRole('button', { name: 'Cancel', exact: true }).click();
      const dialog = page.getByTestId('payment-cancel');
      await expect(dialog).toBeVisible();
      expect(await state()).toMatchObject({ status: 'cancelled', is_paid: false });
      await expect(dialog.getByRole('link', { name: 'My orders' })).toHaveAttribute('href', '/order-history');
      // Pay again: a new payment for the same unpaid order, on its own page.
      await dialog.getByRole('button', { name: 'Pay again' }).click();
      await page.waitForURL((url) => /^\/payment\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.endsWith(uuid));
      await expect(page.getByTestId('payment-status')).toHaveText('Unpaid');
      await expect(page.getByTestId('payment-order')).toHaveCount(1);
      await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeVisible();
    }
  });
}

test('in Arabic at 390 px: checkout with the sandbox gateway, then the payment, right to left and no sideways scrolling', async ({
  newContext,
}) => {
  await ensureAddress();
  const strings = await api<Record<string, string>>('/api/lang/ar');
  const t = (key: string) => strings[key] ?? key;
  const [product] = await productsFromShops(1, 30);
  const added = await shopper.post('/api/cart/store', { data: { product_id: product!.id, quantity: 1 } });
  expect(added.ok(), await added.text()).toBe(true);
  const context = await shopperContext(newContext, [product!.shop.id], PHONE);
  await context.addCookies([{ name: 'locale', value: 'ar', url: baseUrl() }]);
  const page = await context.newPage();
  await page.goto('/checkout');
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: t('Checkout'), level: 1 })).toBeVisible();
  await expect(page.getByTestId('checkout-line')).toHaveCount(1);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  // The gateway's title is a setting, in the page's language too.
  const { data: master } = await api<{ data: { payment_gateways: { name: string; title: string }[] } }>(
    '/api/master',
    'ar',
  );
  const sandbox = master.payment_gateways.find((g) => g.name === 'sandbox')?.title ?? 'Sandbox Payment';
  expect(sandbox).not.toBe('Sandbox Payment');
  await page.getByRole('radio', { name: sandbox }).check();
  await watchForEmptyCheckout(page, t('No shop is selected for checkout'));
  await page.getByRole('button', { name: t('Place Order') }).click();

  await expect(page).toHaveURL(/\/payment\/[0-9a-f-]{36}$/);
  expect(await emptyCheckoutSeen(page)).toBe(false);
  await expect(page.getByTestId('payment-status')).toHaveText(t('Unpaid'));
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: t('Pay'), exact: true }).click();
  const confirm = page.getByTestId('order-confirm');
  await expect(confirm).toBeVisible();
  await expect(page.getByTestId('payment-status')).toHaveText(t('Paid'));
  const box = await confirm.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await page.screenshot({ path: 'artifacts/payment-ar-390.png' });
});

test("another shopper's payment is not found", async ({ newContext }) => {
  // A real payment of another seeded shopper, waiting to be paid.
  const { api: other, addressId } = await signInShopper('lukman.hakim@mail.example.com', {
    name: 'Rumah',
    phone: '081234567803',
    address_line: 'Jl. Diponegoro 3',
  });
  let paymentId: string;
  try {
    const [product] = await productsFromShops(1, 10);
    paymentId = (await placeBuyNow(other, { product: product!, addressId, paymentMethod: 'sandbox' })).id;
    // Its owner sees it.
    const owned = await other.get(`/api/payments/${paymentId}`);
    expect(owned.ok(), await owned.text()).toBe(true);
  } finally {
    await other.dispose();
  }
  const context = await newContext();
  const page = await context.newPage();
  // A visitor is asked to log in; another signed-in shopper sees "not found", never the payment.
  await page.goto(`/payment/${paymentId}`);
  await waitForHydration(page);
  await expect(page.getByRole('main').getByRole('button', { name: 'Log in' })).toBeVisible();
  const signedIn = await shopperContext(newContext);
  const own = await signedIn.newPage();
  const reply = await own.request.get(`/api/payments/${paymentId}`, { headers: XHR });
  expect(reply.status()).toBe(404);
  await own.goto(`/payment/${paymentId}`);
  await waitForHydration(own);
  await expect(own.getByText('Payment not found')).toBeVisible();
  await expect(own.getByRole('button', { name: 'Pay' })).toHaveCount(0);
});
