import { type APIRequestContext, request } from '@playwright/test';
import { api } from '../support/api';
import { seriousAxeViolations } from '../support/axe';
import { baseUrl, DESKTOP, PHONE, sidewaysOverflow, waitForHydration } from '../support/browser';
import { expect, test } from '../support/fixtures';
import { deliver, placeBuyNow } from '../support/orders';
import { roleState, signInShopper, XHR } from '../support/session';
import { withStepUp } from '../support/two-step';

/**
 * The operator's back office through the real server: a seller asks (through the Seller Centre's
 * API) to withdraw part of a delivered order's money and the operator pays it on
 * /operator/withdrawals with the transfer's reference; the operator then suspends the shop on
 * /operator/shops and its product is gone from the storefront (details 404, search) until the shop
 * is reactivated. English at desktop width; the shops page in Arabic at 390 px without sideways
 * scrolling. A seeded customer no other spec signs in as, and a shop other specs do not buy from.
 */
const SHOPPER = 'indra.kusuma@mail.example.com';

interface ListedProduct {
  id: number;
  name: string;
  slug: string;
  price: number;
  discount_price: number;
  quantity: number;
  colors: unknown[];
  sizes: unknown[];
  shop: { id: number };
}

let shopper: APIRequestContext;
let addressId: number;

test.beforeAll(async () => {
  ({ api: shopper, addressId } = await signInShopper(SHOPPER, {
    name: 'Indra',
    phone: '081234567811',
    address_line: 'Jl. Asia Afrika 3',
  }));
});

test.afterAll(async () => {
  await shopper.dispose();
});

test('the operator pays a withdrawal and suspends a shop whose product leaves the storefront', async ({
  newContext,
}) => {
  // The last stocked plain product of the list: its shop is not the one the other specs buy from.
  const listed = (await api<{ data: { products: ListedProduct[] } }>('/api/products?per_page=100')).data.products;
  const plain = listed.filter((p) => p.quantity >= 20 && p.colors.length === 0 && p.sizes.length === 0);
  const product = plain.at(-1);
  if (!product) throw new Error('the demo has stocked products without colours or sizes');
  const unit = product.discount_price > 0 ? product.discount_price : product.price;
  const quantity = Math.min(20, Math.max(1, Math.ceil(15_000 / unit)));
  const shop = (await api<{ data: { shop: { name: string; slug: string } } }>(`/api/shops/${product.shop.id}`)).data
    .shop;

  // Money for the shop: a delivered order; its seller asks for a withdrawal through the API.
  const placed = (await placeBuyNow(shopper, { product, addressId, quantity })).orders[0]!;
  await deliver(shopper, placed.id);
  const seller = await request.newContext({ baseURL: baseUrl(), extraHTTPHeaders: XHR });
  const login = await seller.post('/api/shop/login', {
    data: { phone: `${shop.slug}@example.com`, password: 'password' },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const asked = await seller.post('/api/seller/withdrawals', {
    data: { amount: 10_000, bank_name: 'BCA', bank_account_number: '1234567890', account_holder: 'Pemilik Toko' },
  });
  expect(asked.ok(), await asked.text()).toBe(true);
  const withdrawalId = ((await asked.json()) as { data: { withdrawal: { id: number } } }).data.withdrawal.id;

  const operatorState = await roleState('admin', 'admin@example.com');
  const context = await newContext({ ...DESKTOP, storageState: operatorState });
  await context.addCookies([{ name: 'locale', value: 'en', url: baseUrl() }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  await test.step('the operator pays the withdrawal with the transfer reference', async () => {
    await page.goto('/operator');
    await waitForHydration(page);
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Withdrawals' }).click();
    await expect(page).toHaveURL(/\/operator\/withdrawals$/);
    await page.getByLabel('Status').selectOption('pending');
    await expect(page).toHaveURL(/status=pending/);
    const table = page.getByRole('table', { name: 'Withdrawals' });
    await table
      .getByRole('button', { name: new RegExp(`^Pay .+ to ${escapeRegExp(shop.name)}$`) })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Pay the withdrawal' });
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await expect(dialog.getByText('The reference field is required.')).toBeVisible();
    await dialog.getByLabel('Transfer reference').fill('TRF-E2E-0001');
    // Money going out asks for the operator's code again once the last one is ten minutes old.
    await withStepUp(page, /^\/api\/operator\/withdrawals\//, () =>
      dialog.getByRole('button', { name: 'Mark paid' }).click(),
    );
    await expect(dialog).toBeHidden();
    const mine = await seller.get(`/api/seller/withdrawals/${withdrawalId}`);
    expect(((await mine.json()) as { data: { withdrawal: { status: string } } }).data.withdrawal.status).toBe('paid');
    await page.getByLabel('Status').selectOption('paid');
    await expect(table.getByText('TRF-E2E-0001')).toBeVisible();
  });

  await test.step('the operator suspends the shop; its product leaves the storefront', async () => {
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Shops' }).click();
    await page.getByLabel('Search shops').fill(shop.slug);
    await expect(page).toHaveURL(new RegExp(`q=${shop.slug}`));
    const table = page.getByRole('table', { name: 'Shops' });
    await table.getByRole('button', { name: `Suspend ${shop.name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Suspend' }).click();
    await expect(table.getByRole('button', { name: `Reactivate ${shop.name}` })).toBeVisible();

    const storefront = await context.newPage();
    const details = await storefront.goto(`/products/${product.slug}/details`);
    expect(details?.status()).toBe(404);
    await storefront.close();
    const api404 = await seller.get(`/api/product-details?product_id=${product.id}`);
    expect(api404.status()).toBe(404);
    const search = await seller.get(`/api/products?search=${encodeURIComponent(product.name)}&per_page=100`);
    const found = ((await search.json()) as { data: { products: { id: number }[] } }).data.products;
    expect(found.map((p) => p.id)).not.toContain(product.id);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: 'artifacts/operator-shops-en.png', fullPage: true });
  });

  await test.step('the payout and the suspension are in the audit log', async () => {
    const row = (record: number, action: string) =>
      page
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: String(record), exact: true }) })
        .filter({ has: page.getByRole('cell', { name: action, exact: true }) });
    await page.goto('/operator/audit-log?kind=withdrawal');
    await waitForHydration(page);
    await expect(row(withdrawalId, 'pay')).toHaveCount(1);
    await page.goto('/operator/audit-log?kind=shop');
    await waitForHydration(page);
    await expect(row(product.shop.id, 'suspend').first()).toBeVisible();
  });

  await test.step('the shops page in Arabic on a phone fits the screen', async () => {
    const phone = await newContext({ ...PHONE, storageState: operatorState });
    await phone.addCookies([{ name: 'locale', value: 'ar', url: baseUrl() }]);
    const arabic = await phone.newPage();
    await arabic.goto(`/operator/shops?status=suspended`);
    await waitForHydration(arabic);
    await expect(arabic.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(arabic.getByRole('list', { name: 'المتاجر' }).getByText(shop.name).first()).toBeVisible();
    expect(await sidewaysOverflow(arabic)).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(arabic)).toEqual([]);
    await arabic.screenshot({ path: 'artifacts/operator-shops-ar.png', fullPage: true });
    // The phone's menu: the back office's sections in a side panel.
    await arabic.getByRole('button', { name: 'القائمة' }).click();
    const balances = arabic.getByRole('dialog').getByRole('link', { name: 'الأرصدة' });
    await expect(balances).toBeInViewport({ ratio: 1 });
    await arabic.screenshot({ path: 'artifacts/operator-menu-ar.png' });
    await balances.click();
    await expect(arabic).toHaveURL(/\/operator\/balances$/);
    await expect(arabic.getByRole('dialog')).toBeHidden();
    await phone.close();
  });

  // The shop comes back, so the demo stays whole for whatever runs after.
  const operatorApi = await request.newContext({
    baseURL: baseUrl(),
    extraHTTPHeaders: XHR,
    storageState: operatorState,
  });
  const back = await operatorApi.post(`/api/operator/shops/${product.shop.id}/reactivate`, { data: {} });
  expect(back.ok(), await back.text()).toBe(true);
  await operatorApi.dispose();
  await expect.poll(async () => (await seller.get(`/api/product-details?product_id=${product.id}`)).status()).toBe(200);
  await seller.dispose();
  expect(errors).toEqual([]);
});

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
