import { readFileSync } from 'node:fs';
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { api } from '../support/api';
import { baseUrl, PHONE, sidewaysOverflow, waitForHydration } from '../support/browser';
import { expect, test } from '../support/fixtures';
import { deliver, placeBuyNow } from '../support/orders';
import { signInShopper } from '../support/session';

/**
 * After the purchase through the real server: a shopper's cash order shows under
 * Pending, is cancelled from its details page (the stock goes back); another one is moved to
 * Delivered through the development endpoint (as its shop would) and a product of it is reviewed,
 * the review then showing on the product page. A seeded customer no other spec signs in as.
 */
const SHOPPER = { email: 'joko.susilo@mail.example.com' };

interface ListedProduct {
  id: number;
  slug: string;
  name: string;
  quantity: number;
  colors: unknown[];
  sizes: unknown[];
  shop: { id: number };
}

let shopper: APIRequestContext;
let addressId: number;

test.beforeAll(async () => {
  ({ api: shopper, addressId } = await signInShopper(SHOPPER.email, {
    name: 'Joko',
    phone: '081234567803',
    address_line: 'Jl. Gatot Subroto 3',
  }));
});

test.afterAll(async () => {
  await shopper.dispose();
});

test.describe.configure({ mode: 'serial' });

/** A stocked product without colours or sizes; `skip` picks another one than earlier tests. */
async function product(skip: number): Promise<ListedProduct> {
  const listed = (await api<{ data: { products: ListedProduct[] } }>('/api/products?per_page=100')).data.products;
  const found = listed.filter((p) => p.quantity >= 20 && p.colors.length === 0 && p.sizes.length === 0)[skip];
  if (!found) throw new Error('the demo has stocked products without colours or sizes');
  return found;
}

async function stockOf(slug: string): Promise<number> {
  return (await api<{ data: { product: { quantity: number } } }>(`/api/product-details?slug=${slug}`)).data.product
    .quantity;
}

/** Buys `quantity` of the product now with cash on delivery (through the API): its order. */
async function cashOrder(item: ListedProduct, quantity: number) {
  return (await placeBuyNow(shopper, { product: item, addressId, quantity })).orders[0]!;
}

async function shopperContext(newContext: (o?: object) => Promise<BrowserContext>, options: object = {}) {
  return newContext({ ...options, storageState: await shopper.storageState() });
}

test('a Pending cash order shows under Pending and is cancelled after the confirmation; the stock goes back', async ({
  newContext,
}) => {
  const item = await product(3);
  const before = await stockOf(item.slug);
  const order = await cashOrder(item, 2);
  await expect.poll(() => stockOf(item.slug), { timeout: 20_000 }).toBe(before - 2);

  const page = await (await shopperContext(newContext)).newPage();
  await page.goto('/order-history');
  await waitForHydration(page);
  await page
    .getByRole('navigation', { name: 'Order statuses' })
    .getByRole('link', { name: /^Pending/ })
    .click();
  await expect(page).toHaveURL(/\/order-history\?status=pending$/);
  const row = page.getByRole('link', { name: `Order ${order.order_code}` });
  await expect(row).toBeVisible();
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/order-history/${order.id}$`));
  await expect(page.getByTestId('order-status')).toHaveText('Pending');

  await page.getByRole('button', { name: 'Cancel Order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel Order' });
  await expect(dialog).toContainText(order.order_code);
  await dialog.getByRole('button', { name: 'Yes, Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('order-status')).toHaveText('Cancelled');
  await expect(page.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
  await expect.poll(() => stockOf(item.slug), { timeout: 20_000 }).toBe(before);

  // The Cancelled tab now lists it; the server agrees.
  await page.goto('/order-history?status=cancelled');
  await expect(page.getByRole('link', { name: `Order ${order.order_code}` })).toBeVisible();
  type Details = { data: { order: { order_status: string } } };
  const details = (await (await shopper.get(`/api/order-details?order_id=${order.id}`)).json()) as Details;
  expect(details.data.order.order_status).toBe('Cancelled');
});

test('a Delivered order: a product is reviewed with the keyboard and the review shows on the product page', async ({
  newContext,
}) => {
  const item = await product(4);
  const order = await cashOrder(item, 1);
  await deliver(shopper, order.id);

  const page = await (await shopperContext(newContext)).newPage();
  await page.goto(`/order-history/${order.id}`);
  await waitForHydration(page);
  await expect(page.getByTestId('order-status')).toHaveText('Delivered');
  await expect(page.getByRole('button', { name: 'Order Again' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
  const steps = page.getByRole('region', { name: 'Order Status' }).getByRole('listitem');
  await expect(steps).toHaveCount(6);
  await expect(steps.last()).toHaveAttribute('aria-current', 'step');

  // T9: markup in a review is shown as text on the order page and the product page, never run.
  const text = `Rapi dan cepat sampai ${Date.now()} <img src=x onerror="window.__xss=1"> {{7*7}}`;
  const form = page.locator('form').filter({ has: page.getByRole('group', { name: `Rate ${item.name}` }) });
  await form.getByRole('radio', { name: '1 of 5 stars' }).focus();
  // Arrow keys move through the stars as through any radio group.
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowRight');
  await expect(form.getByRole('radio', { name: '5 of 5 stars' })).toBeChecked();
  await form.getByLabel('Your review (optional)').fill(text);
  await form.getByRole('button', { name: 'Submit Review' }).click();
  const own = page.getByTestId('own-review');
  await expect(own).toContainText(text);
  await expect(own.getByRole('img', { name: 'Rated 5.0 out of 5' })).toBeVisible();

  await page.goto(`/products/${item.slug}/details`);
  await waitForHydration(page);
  await page.getByRole('tab', { name: 'Reviews' }).click();
  await expect(page.getByText(text)).toBeVisible();
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
});

test('Order Again puts the lines back in the cart and opens checkout with their shop; nothing is placed', async ({
  newContext,
}) => {
  const item = await product(5);
  const order = await cashOrder(item, 2);
  await deliver(shopper, order.id);
  type Orders = { data: { total: number } };
  const ordersTotal = async () => ((await (await shopper.get('/api/orders')).json()) as Orders).data.total;
  const before = await ordersTotal();
  const stockBefore = await stockOf(item.slug);

  const page = await (await shopperContext(newContext)).newPage();
  await page.goto(`/order-history/${order.id}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Order Again' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  // The shopper reviews the address, payment and today's total before placing anything.
  const line = page.getByTestId('checkout-line').filter({ hasText: item.name });
  await expect(line).toBeVisible();
  await expect(line).toContainText('2');
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeVisible();
  expect(await ordersTotal()).toBe(before);
  expect(await stockOf(item.slug)).toBe(stockBefore);
  // The lines stay in the cart for another time: taken out again so later tests start empty.
  const removed = await shopper.post('/api/cart/delete', { data: { product_id: item.id } });
  expect(removed.ok(), await removed.text()).toBe(true);
});

test('the invoice of an order downloads as a PDF from its details page', async ({ newContext }) => {
  const order = await cashOrder(await product(3), 1);
  const context = await shopperContext(newContext);
  const page = await context.newPage();
  await page.goto(`/order-history/${order.id}`);
  await waitForHydration(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download Invoice' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`invoice-${order.order_code.replace(/^#/, '')}.pdf`);
  const path = await download.path();
  expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
  await context.close();
});

test('order history in Arabic at 390 px: right to left, translated tabs, no sideways scrolling', async ({
  newContext,
}) => {
  const context = await shopperContext(newContext, PHONE);
  await context.addCookies([{ name: 'locale', value: 'ar', url: baseUrl() }]);
  const page = await context.newPage();
  await page.goto('/order-history');
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'سجل الطلبات', level: 1 })).toBeVisible();
  const tabs = page.getByRole('navigation', { name: 'حالات الطلب' });
  await expect(tabs.getByRole('link', { name: /^قيد الانتظار/ })).toBeVisible();
  await expect(tabs.getByRole('link', { name: /^ملغى/ })).toBeAttached();
  // The shopper's orders from the tests above.
  await expect(page.getByRole('article').first()).toBeVisible();
  const overflow = await sidewaysOverflow(page);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'artifacts/orders-ar-390.png', fullPage: true });
});
