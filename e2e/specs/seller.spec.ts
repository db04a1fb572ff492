import { type APIRequestContext, request } from '@playwright/test';
import { api } from '../support/api';
import { seriousAxeViolations } from '../support/axe';
import { baseUrl, PHONE, sidewaysOverflow, waitForHydration } from '../support/browser';
import { expect, test } from '../support/fixtures';
import { TINY_PNG } from '../support/images';
import { placeBuyNow } from '../support/orders';
import { signInAt, signInShopper, XHR } from '../support/session';
import { demoOperatorKeys } from '../support/two-step';

/**
 * The Seller Centre and the operator screen through the real server: a shopper's cash
 * order is moved to Delivered by its shop's seller in the browser (Delivered asks first), after
 * which the shopper can review it; a shop registered at /shop/register waits until the operator
 * approves it; the seller's pages in Arabic at 390 px. A seeded customer no other spec signs in as.
 */
const SHOPPER = { email: 'siti.rahmawati@mail.example.com' };

interface ListedProduct {
  id: number;
  quantity: number;
  colors: unknown[];
  sizes: unknown[];
  shop: { id: number };
}

let shopper: APIRequestContext;
let addressId: number;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  ({ api: shopper, addressId } = await signInShopper(SHOPPER.email, {
    name: 'Siti',
    phone: '081234567804',
    address_line: 'Jl. Diponegoro 4',
  }));
});

test.afterAll(async () => {
  await shopper.dispose();
});

/** A cash order of one stocked product (through the API), and the login of its shop's seller. */
async function cashOrder() {
  const listed = (await api<{ data: { products: ListedProduct[] } }>('/api/products?per_page=100')).data.products;
  const item = listed.filter((p) => p.quantity >= 20 && p.colors.length === 0 && p.sizes.length === 0)[5];
  if (!item) throw new Error('the demo has stocked products without colours or sizes');
  const order = (await placeBuyNow(shopper, { product: item, addressId, quantity: 1 })).orders[0]!;
  const shop = (await api<{ data: { shop: { slug: string } } }>(`/api/shops/${item.shop.id}`)).data.shop;
  return { order, sellerLogin: `${shop.slug}@example.com` };
}

test('the seller moves a cash order to Delivered in the browser; the shopper can then review and return it', async ({
  newContext,
}) => {
  const { order, sellerLogin } = await cashOrder();
  const page = await (await newContext()).newPage();

  // A shopper's account cannot enter the Seller Centre.
  await signInAt(page, '/shop/login', SHOPPER.email);
  await expect(page.getByText('These credentials do not match a seller account.')).toBeVisible();

  await page.getByLabel('Email or phone').fill(sellerLogin);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole('heading', { name: 'Orders by status' })).toBeVisible();

  await page.goto(`/shop/orders/${order.id}`);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: order.order_code, level: 1 })).toBeVisible();
  const status = page.getByLabel('Change status');
  for (const next of ['Confirm', 'Processing', 'Pickup', 'On The Way']) {
    await status.selectOption(next);
    await page.getByRole('button', { name: 'Update status' }).click();
    await expect(page.locator('h1 + span')).toHaveText(next);
  }
  await status.selectOption('Delivered');
  await page.getByRole('button', { name: 'Update status' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark this order delivered?' });
  await expect(dialog).toContainText('marked paid');
  await dialog.getByRole('button', { name: 'Yes, continue' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('h1 + span')).toHaveText('Delivered');
  await expect(page.getByText('This order is closed.')).toBeVisible();

  type Details = { data: { order: { order_status: string; payment_status: string; can_review: boolean } } };
  const details = (await (await shopper.get(`/api/order-details?order_id=${order.id}`)).json()) as Details;
  expect(details.data.order).toMatchObject({ order_status: 'Delivered', payment_status: 'Paid', can_review: true });

  const shopperPage = await (await newContext({ storageState: await shopper.storageState() })).newPage();
  await shopperPage.goto(`/order-history/${order.id}`);
  await waitForHydration(shopperPage);
  await expect(shopperPage.getByTestId('order-status')).toHaveText('Delivered');
  await expect(shopperPage.getByRole('button', { name: 'Submit Review' }).first()).toBeVisible();
  // …and return it: the Return link leads to the return form of this order.
  await shopperPage.getByRole('link', { name: 'Return', exact: true }).click();
  await expect(shopperPage).toHaveURL(new RegExp(`/return-product/${order.id}$`));
});

test('a shop registered at /shop/register waits for approval until the operator approves it', async ({
  newContext,
}) => {
  const tag = `${Date.now()}`.slice(-8);
  const shopName = `Toko Uji ${tag}`;
  const seller = await (await newContext()).newPage();
  await seller.goto('/');
  await waitForHydration(seller);
  await seller.getByRole('navigation', { name: 'Sellers' }).getByRole('link', { name: 'Become a Seller' }).click();
  await expect(seller).toHaveURL(/\/shop\/register$/);
  await waitForHydration(seller);
  await seller.getByLabel('Name', { exact: true }).fill('Uji Penjual');
  await seller.getByLabel('Email', { exact: true }).fill(`uji-${tag}@test.example`);
  await seller.getByLabel('Phone', { exact: true }).fill(`857${tag}`);
  await seller.getByLabel('Password', { exact: true }).fill('secret123');
  await seller.getByLabel('Shop name').fill(shopName);
  await seller.getByLabel('Shop phone').fill(`021${tag}`);
  await seller.getByLabel('Shop address').fill('Jl. Uji 1, Bandung');
  // A logo: a text file is refused before anything is sent, a PNG is shown and uploaded.
  const logoInput = seller.getByLabel('Upload logo');
  await logoInput.setInputFiles({ name: 'logo.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
  await expect(seller.getByText('The photo must be a JPG, PNG or WebP image.')).toBeVisible();
  await logoInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(seller.getByRole('img', { name: 'Shop logo preview' })).toBeVisible();
  await expect(seller.getByText('logo.png')).toBeVisible();
  await seller.getByRole('button', { name: 'Register shop' }).click();
  await expect(seller).toHaveURL(/\/shop$/);
  await expect(seller.getByText(/waiting for approval/)).toBeVisible();
  const logo = seller.locator('section[aria-labelledby="shop-state"] img');
  await expect(logo).toHaveAttribute('src', /^\/uploads\/shop-logos\/[0-9a-f]{24}\.webp$/);
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  const operator = await (await newContext()).newPage();
  await signInAt(operator, '/operator/login', 'admin@example.com');
  // The operator's second step: one of the recovery codes kept at set-up (global-setup.ts); a
  // retry takes the next one, since each works once.
  await operator.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await operator.getByLabel('Recovery code').fill(demoOperatorKeys().recoveryCodes[test.info().retry] ?? '');
  await operator.getByRole('button', { name: 'Verify' }).click();
  await expect(operator).toHaveURL(/\/operator$/);
  // The sign-in ends in a full load of /operator (its layout reads the new session).
  await waitForHydration(operator);
  await operator.getByRole('button', { name: `Approve ${shopName}` }).click();
  await expect(operator.getByRole('button', { name: `Approve ${shopName}` })).toHaveCount(0);

  await seller.reload();
  await waitForHydration(seller);
  await expect(seller.getByRole('heading', { name: 'Orders by status' })).toBeVisible();
  await expect(seller.getByRole('heading', { name: shopName, level: 1 })).toBeVisible();
});

test('the seller’s orders in Arabic at 390 px: right to left, no sideways scrolling', async ({ newContext }) => {
  const { sellerLogin } = await cashOrder();
  const sellerApi = await request.newContext({ baseURL: baseUrl(), extraHTTPHeaders: XHR });
  const login = await sellerApi.post('/api/shop/login', { data: { phone: sellerLogin, password: 'password' } });
  expect(login.ok(), await login.text()).toBe(true);
  const context = await newContext({ ...PHONE, storageState: await sellerApi.storageState() });
  await sellerApi.dispose();
  await context.addCookies([{ name: 'locale', value: 'ar', url: baseUrl() }]);
  const page = await context.newPage();
  await page.goto('/shop/orders');
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'الطلبات', level: 1 })).toBeVisible();
  const overflow = await sidewaysOverflow(page);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'artifacts/seller-orders-ar-390.png', fullPage: true });
});

test('the seller inbox in Arabic at 390 px: the list, then the conversation with a way back, right to left', async ({
  newContext,
}) => {
  // The shopper writes to a shop first (with a product card), so its inbox has this conversation.
  const listed = (await api<{ data: { products: ListedProduct[] } }>('/api/products?per_page=100')).data.products;
  const item = listed.filter((p) => p.quantity > 0).at(-2);
  if (!item) throw new Error('the demo has stocked products');
  const opened = await shopper.post('/api/store-message', {
    data: { shop_id: item.shop.id, product_id: item.id, message: 'مرحبا، هل هذا متوفر؟' },
  });
  expect(opened.ok(), await opened.text()).toBe(true);
  const shop = (await api<{ data: { shop: { slug: string } } }>(`/api/shops/${item.shop.id}`)).data.shop;
  const sellerApi = await request.newContext({ baseURL: baseUrl(), extraHTTPHeaders: XHR });
  const login = await sellerApi.post('/api/shop/login', {
    data: { phone: `${shop.slug}@example.com`, password: 'password' },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const context = await newContext({ ...PHONE, storageState: await sellerApi.storageState() });
  await sellerApi.dispose();
  await context.addCookies([{ name: 'locale', value: 'ar', url: baseUrl() }]);
  const page = await context.newPage();
  await page.goto('/shop/messages');
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'صندوق الوارد', level: 1 })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'ابحث عن عميل' })).toBeVisible();
  const overflow = () => sidewaysOverflow(page);
  expect(await overflow()).toBeLessThanOrEqual(0);
  const row = page.getByRole('list', { name: 'المحادثات' }).getByRole('button', { name: /Siti Rahmawati/ });
  await row.click();
  // Stacked: the conversation replaces the list on a phone.
  const input = page.getByRole('textbox', { name: 'اكتب رسالة' });
  await expect(input).toBeVisible();
  await expect(row).toBeHidden();
  await expect(page.getByRole('log').getByText('مرحبا، هل هذا متوفر؟')).toBeVisible();
  await input.focus();
  await page.keyboard.type('نعم');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('log').getByText('نعم', { exact: true })).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'artifacts/seller-inbox-ar-390.png', fullPage: true });
  // The axe sweep sees the inbox with no conversation chosen; this is the other view.
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'العودة إلى المحادثات' }).click();
  await expect(row).toBeVisible();
});
