import assert from 'node:assert/strict';
import type { APIRequestContext, Locator } from '@playwright/test';
import { api } from '../support/api';
import { baseUrl, waitForHydration } from '../support/browser';
import { expect, openPageIn, test } from '../support/fixtures';
import { deliver } from '../support/orders';
import { signInShopper } from '../support/session';

/**
 * One clock, one language and money that adds up: with the browser in New York, every page shows
 * an order's times in the marketplace's zone (Asia/Jakarta, the demo's `time_zone` setting) as the
 * server rendered them (no hydration error), and the order's money lines add up on the shopper's
 * and the seller's pages; in Arabic, the settings' texts (footer, delivery time, tax name) are
 * Arabic too. A seeded customer no other spec signs in as.
 */
const SHOPPER = { email: 'umi.kalsum@mail.example.com' };
const ELSEWHERE = { timezoneId: 'America/New_York' };
const SHOP_SLUG = 'dapur-bunda-store';
/** The demo's 10% voucher of that shop (from Rp50.000). */
const VOUCHER = 'DAPURBUNDA10';

const jakarta = (iso: string) =>
  new Intl.DateTimeFormat('en', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Asia/Jakarta',
  }).format(new Date(iso));

/** "hh:mm a, DD MMM, YYYY" in Jakarta. */
function jakartaChat(iso: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en', {
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hour12: true,
      timeZone: 'Asia/Jakarta',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toLowerCase()}, ${parts.day} ${parts.month}, ${parts.year}`;
}

/** Each term of a money summary with the amount beside it, in cents ("-Rp 16.220,00" -> -1622000). */
async function moneyRows(section: Locator) {
  const rows = await section.locator('dt').evaluateAll((terms) =>
    terms.map((dt) => ({
      label: dt.textContent?.trim() ?? '',
      value: dt.nextElementSibling?.tagName === 'DD' ? (dt.nextElementSibling.textContent ?? '') : '',
    })),
  );
  return rows
    .filter((r) => /Rp/.test(r.value))
    .map(({ label, value }) => {
      const [, sign, digits] = /([-−]?)\s*Rp\s*([\d.]+,\d{2})/.exec(value.replace(/\s+/g, ' ')) ?? [];
      return {
        label,
        cents: Math.round(Number(String(digits).replaceAll('.', '').replace(',', '.')) * 100) * (sign ? -1 : 1),
      };
    });
}

function expectAddsUp(rows: { label: string; cents: number }[]) {
  expect(rows.length).toBeGreaterThanOrEqual(4);
  const total = rows.at(-1)?.cents;
  const sum = rows.slice(0, -1).reduce((s, r) => s + r.cents, 0);
  expect(sum, JSON.stringify(rows)).toBe(total);
  expect(rows.find((r) => r.label === 'Coupon Discount')?.cents, 'the coupon is taken off').toBeLessThan(0);
  expect(
    rows.some((r) => /^VAT \d+%$/.test(r.label)),
    'a VAT line',
  ).toBe(true);
}

let shopper: APIRequestContext;
let order: { id: number; order_code: string; created_at: string; timeline: { at: string }[] };
let returned: { id: number; created_at: string };
let message: { created_at: string; message: string };
let shopName: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  let addressId: number;
  ({ api: shopper, addressId } = await signInShopper(SHOPPER.email, {
    name: 'Umi',
    phone: '081234567810',
    address_line: 'Jl. Malioboro 10, Yogyakarta',
  }));
  // A delivered cash order of the shop with its voucher (VAT applies to every order).
  type Listed = {
    id: number;
    quantity: number;
    colors: unknown[];
    sizes: unknown[];
    shop: { id: number; slug: string };
  };
  const shop = (await api<{ data: { shop: { id: number; name: string } } }>(`/api/shops/${SHOP_SLUG}`)).data.shop;
  const shopId = shop.id;
  shopName = shop.name;
  const listed = (await api<{ data: { products: Listed[] } }>(`/api/products?per_page=100&shop_id=${shopId}`)).data
    .products;
  const product = listed.find((p) => p.shop.id === shopId && p.quantity >= 10 && !p.colors.length && !p.sizes.length);
  if (!product) throw new Error(`${SHOP_SLUG} sells a stocked product without colours or sizes`);
  const added = await shopper.post('/api/cart/store', {
    data: { product_id: product.id, quantity: 3, is_buy_now: true },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const placed = await shopper.post('/api/place-order', {
    headers: { 'idempotency-key': `e2e-market-time-${Date.now()}` },
    data: { shop_ids: [shopId], address_id: addressId, payment_method: 'cash', is_buy_now: true, coupon_code: VOUCHER },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const orderId = ((await placed.json()) as { data: { payment: { orders: { id: number }[] } } }).data.payment.orders[0]!
    .id;
  await deliver(shopper, orderId);
  type Details = { data: { order: typeof order & { coupon_discount: number; products: { id: number }[] } } };
  const details = ((await (await shopper.get(`/api/order-details?order_id=${orderId}`)).json()) as Details).data.order;
  expect(details.coupon_discount, 'the voucher applied').toBeGreaterThan(0);
  order = details;
  const made = await shopper.post('/api/return-order', {
    data: {
      order_id: orderId,
      product_ids: [details.products[0]!.id],
      reason: 'Wrong size',
      bank_account_number: '1234 5678 90',
      bank_name: 'BCA',
      return_address: 'Jl. Malioboro 10, Yogyakarta',
    },
  });
  expect(made.ok(), await made.text()).toBe(true);
  returned = ((await made.json()) as { data: { return_order: typeof returned } }).data.return_order;
  // A chat message to the shop, for the bubble's time.
  await shopper.post('/api/store-message', { data: { shop_id: shopId, type: 'user' } });
  const sent = await shopper.post('/api/send-message', {
    data: { shop_id: shopId, message: 'Kapan dikirim?', type: 'user' },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  type Messages = { data: { data: { message: string | null; created_at: string }[] } };
  const thread = (await (await shopper.get(`/api/get-message?shop_id=${shopId}`)).json()) as Messages;
  message = thread.data.data.find((m) => m.message === 'Kapan dikirim?') as typeof message;
});

test.afterAll(async () => {
  await shopper?.dispose();
});

test('with the browser in New York, the order, return, chat and checkout pages show Jakarta times as rendered, and the order’s money adds up', async ({
  newContext,
}) => {
  const context = await newContext({ ...ELSEWHERE, storageState: await shopper.storageState() });

  const details = await openPageIn(context, `/order-history/${order.id}`);
  await expect(details.page.getByText(`Placed on ${jakarta(order.created_at)}`)).toBeVisible();
  const timeline = details.page.getByRole('region', { name: 'Order Status' });
  for (const step of order.timeline) await expect(timeline.getByText(jakarta(step.at)).first()).toBeVisible();
  const summary = details.page.getByRole('heading', { name: 'Order Summary' }).locator('..');
  expectAddsUp(await moneyRows(summary));
  await details.page.screenshot({ path: 'artifacts/market-time-order.png', fullPage: true });
  assert.deepEqual(details.errors, [], 'no hydration error on the order page');

  const history = await openPageIn(context, '/order-history');
  await expect(history.page.getByText(jakarta(order.created_at)).first()).toBeVisible();
  assert.deepEqual(history.errors, []);

  const back = await openPageIn(context, `/returned-order-history/${returned.id}`);
  await expect(back.page.getByText(jakarta(returned.created_at))).toBeVisible();
  await back.page.screenshot({ path: 'artifacts/market-time-return.png', fullPage: true });
  assert.deepEqual(back.errors, [], 'no hydration error on the return page');

  const chat = await openPageIn(context, '/massages');
  await chat.page
    .getByRole('list', { name: 'Conversations' })
    .getByRole('button', { name: new RegExp(shopName) })
    .click();
  const bubble = chat.page.getByRole('log').getByText('Kapan dikirim?').locator('..').locator('..');
  await expect(
    chat.page
      .getByRole('log')
      .locator('time', { hasText: jakartaChat(message.created_at) })
      .first(),
  ).toBeVisible();
  await expect(bubble).toBeVisible();
  await chat.page.screenshot({ path: 'artifacts/market-time-chat.png', fullPage: true });
  assert.deepEqual(chat.errors, []);

  // Something to check out, chosen in the cart drawer (its cookie), so the server renders the figures.
  type Listed = { id: number; quantity: number; colors: unknown[]; sizes: unknown[]; shop: { id: number } };
  const item = (await api<{ data: { products: Listed[] } }>('/api/products?per_page=50')).data.products.find(
    (p) => p.quantity >= 10 && !p.colors.length && !p.sizes.length,
  );
  if (!item) throw new Error('the demo has a stocked product without colours or sizes');
  await shopper.post('/api/cart/store', { data: { product_id: item.id, quantity: 1 } });
  await context.addCookies([{ name: 'cart-selection', value: String(item.shop.id), url: baseUrl() }]);
  const checkout = await openPageIn(context, '/checkout');
  await expect(checkout.page.getByTestId('payable-amount')).toBeVisible();
  assert.deepEqual(checkout.errors, [], 'no hydration error on checkout');
});

test('with the browser in New York, the Seller Centre signs in without a hydration error and shows the order in Jakarta time with money that adds up', async ({
  newContext,
}) => {
  const context = await newContext(ELSEWHERE);
  const login = await openPageIn(context, '/shop/login');
  assert.deepEqual(login.errors, [], 'no hydration error on /shop/login');
  await login.page.getByLabel('Email or phone').fill(`${SHOP_SLUG}@example.com`);
  await login.page.getByLabel('Password', { exact: true }).fill('password');
  await login.page.getByRole('button', { name: 'Log in' }).click();
  await expect(login.page).toHaveURL(/\/shop$/);

  const { page, errors } = await openPageIn(context, `/shop/orders/${order.id}`);
  await expect(page.getByRole('heading', { name: order.order_code, level: 1 })).toBeVisible();
  await expect(page.getByText(jakarta(order.created_at)).first()).toBeVisible();
  const rows = await moneyRows(page.getByRole('heading', { name: 'Payment' }).locator('..'));
  expectAddsUp(rows);
  expect(rows.map((r) => r.label)).toEqual([
    'Subtotal',
    'Delivery Charge',
    'Coupon Discount',
    'VAT 11%',
    'Payable Amount',
  ]);
  await page.screenshot({ path: 'artifacts/market-time-seller-order.png', fullPage: true });
  await page.goto('/shop/orders');
  await waitForHydration(page);
  await expect(page.getByText(jakarta(order.created_at)).first()).toBeVisible();
  assert.deepEqual(errors, []);
});

test('in Arabic, the settings’ texts are Arabic: the © line, the footer’s tagline, a delivery time and the tax’s name', async ({
  newContext,
}) => {
  const context = await newContext({ storageState: await shopper.storageState() });
  await context.addCookies([{ name: 'locale', value: 'ar', url: baseUrl() }]);

  const details = await openPageIn(context, `/order-history/${order.id}`);
  expect(await details.page.locator('html').getAttribute('dir')).toBe('rtl');
  const sidebar = details.page.getByRole('complementary');
  await expect(sidebar.getByText(/© \d{4} باسار نوسانتارا\. جميع الحقوق محفوظة\./)).toBeVisible();
  const footer = details.page.getByRole('contentinfo');
  await expect(
    footer.getByText('تسوّق المنتجات المحلية من آلاف المتاجر الموثوقة في جميع أنحاء إندونيسيا.'),
  ).toBeVisible();
  await expect(footer).not.toContainText('Belanja');
  await expect(footer).not.toContainText('All rights reserved');
  const summary = details.page.locator('[data-money-line]');
  await expect(summary.filter({ hasText: 'ضريبة القيمة المضافة 11%' })).toHaveCount(1);
  await expect(summary.filter({ hasText: 'PPN' })).toHaveCount(0);
  await details.page.screenshot({ path: 'artifacts/one-language-order-ar.png', fullPage: true });
  assert.deepEqual(details.errors, []);

  type Listed = { slug: string; shop: { id: number } };
  const product = (await api<{ data: { products: Listed[] } }>('/api/products?per_page=1&shop_id=1')).data.products[0];
  const page = await openPageIn(context, `/products/${product!.slug}/details`);
  await expect(page.page.getByText('التوصيل: 2-4 أيام')).toBeVisible();
  await expect(page.page.getByText('hari')).toHaveCount(0);
});
