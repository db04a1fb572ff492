import { request } from '@playwright/test';
import { api } from '../support/api';
import { seriousAxeViolations } from '../support/axe';
import { baseUrl, DESKTOP, PHONE, sidewaysOverflow, waitForHydration } from '../support/browser';
import { expect, test } from '../support/fixtures';
import { roleState, XHR } from '../support/session';

/**
 * The operator's promotions through the real server: the operator makes a flash sale on
 * /operator/flash-sales (its title in English and Indonesian, open to every shop), a seller enters
 * one of the shop's products in it on the Seller Centre's flash sales page, the product is listed on
 * the sale's storefront page, and the sale's creation is in /operator/audit-log. The sale is far in
 * the future, so no other spec's prices change. The flash sales page in Arabic at 390 px fits.
 */
interface ListedProduct {
  id: number;
  name: string;
  price: number;
  quantity: number;
  shop: { id: number };
}

const wallClock = (daysAhead: number) => {
  const day = new Date(Date.now() + daysAhead * 86_400_000);
  return `${day.toISOString().slice(0, 10)}T10:00`;
};

test('the operator makes a flash sale, a seller joins it with a product, shoppers see it, the audit log has it', async ({
  newContext,
}) => {
  const title = `Harbolnas E2E ${Date.now().toString(36)}`;
  const operatorState = await roleState('admin', 'admin@example.com');
  const context = await newContext({ ...DESKTOP, storageState: operatorState });
  await context.addCookies([{ name: 'locale', value: 'en', url: baseUrl() }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  await test.step('the operator makes the sale', async () => {
    await page.goto('/operator');
    await waitForHydration(page);
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Flash sales' }).click();
    await expect(page).toHaveURL(/\/operator\/flash-sales$/);
    await page.getByRole('button', { name: 'New flash sale' }).click();
    const dialog = page.getByRole('dialog', { name: 'New flash sale' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('The title field is required.')).toBeVisible();
    await dialog.getByLabel('Title', { exact: true }).fill(title);
    await dialog.getByLabel('Title (Indonesian)').fill(`${title} ID`);
    await dialog.getByLabel('Starts').fill(wallClock(300));
    await dialog.getByLabel('Ends').fill(wallClock(301));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('table', { name: 'Flash sales' }).getByText(title)).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: 'artifacts/operator-flash-sales-en.png', fullPage: true });
  });

  // A seeded shop's stocked product; its seller signs in at the Seller Centre.
  const listed = (await api<{ data: { products: ListedProduct[] } }>('/api/products?per_page=100')).data.products;
  const product = listed.find((p) => p.quantity >= 5 && p.price >= 10_000);
  if (!product) throw new Error('the demo has a stocked product');
  const shop = (await api<{ data: { shop: { slug: string } } }>(`/api/shops/${product.shop.id}`)).data.shop;
  const sellerState = await roleState('seller', `${shop.slug}@example.com`);
  const sellerApi = await request.newContext({ baseURL: baseUrl(), extraHTTPHeaders: XHR, storageState: sellerState });
  const sales = (
    (await (await sellerApi.get('/api/seller/flash-sales')).json()) as {
      data: { flash_sales: { id: number; name: string }[] };
    }
  ).data.flash_sales;
  const sale = sales.find((s) => s.name === title);
  if (!sale) throw new Error('the seller sees the new sale');

  await test.step('the seller enters a product in the sale', async () => {
    const sellerContext = await newContext({ ...DESKTOP, storageState: sellerState });
    await sellerContext.addCookies([{ name: 'locale', value: 'en', url: baseUrl() }]);
    const seller = await sellerContext.newPage();
    await seller.goto('/shop/flash-sales');
    await waitForHydration(seller);
    const card = seller.getByRole('region', { name: title });
    await card.getByRole('button', { name: 'Enter a product' }).click();
    const dialog = seller.getByRole('dialog');
    await dialog.getByLabel('Find a product').fill(product.name);
    const select = dialog.getByLabel('Product', { exact: true });
    await expect(select.locator('option', { hasText: product.name }).first()).toBeAttached();
    const value = await select.locator('option', { hasText: product.name }).first().getAttribute('value');
    await select.selectOption(value ?? '');
    await dialog.getByLabel(/^Sale price/).fill(String(Math.floor(product.price / 2)));
    await dialog.getByLabel('Quantity on sale').fill('2');
    await dialog.getByRole('button', { name: 'Enter product' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByText(product.name).first()).toBeVisible();
    await sellerContext.close();
  });

  await test.step('the product is in the sale on the storefront', async () => {
    const storefront = await context.newPage();
    await storefront.goto(`/flash-sale/${sale.id}`);
    await expect(storefront.getByText(product.name).first()).toBeVisible();
    await storefront.close();
  });

  await test.step('the sale’s creation is in the audit log', async () => {
    await page.goto('/operator/audit-log?kind=flash_sale');
    await waitForHydration(page);
    const row = page
      .getByRole('row')
      .filter({ hasText: String(sale.id) })
      .filter({ hasText: 'create' });
    await expect(row.first()).toBeVisible();
    await expect(row.first()).toContainText(title);
  });

  await test.step('the flash sales page in Arabic on a phone fits the screen', async () => {
    const phone = await newContext({ ...PHONE, storageState: operatorState });
    await phone.addCookies([{ name: 'locale', value: 'ar', url: baseUrl() }]);
    const arabic = await phone.newPage();
    await arabic.goto('/operator/flash-sales');
    await waitForHydration(arabic);
    await expect(arabic.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(arabic.getByText(title).first()).toBeVisible();
    expect(await sidewaysOverflow(arabic)).toBeLessThanOrEqual(0);
    await arabic.screenshot({ path: 'artifacts/operator-flash-sales-ar.png', fullPage: true });
    await phone.close();
  });

  // The sale ends, so the demo stays as it was for whatever runs after.
  const operatorApi = await request.newContext({
    baseURL: baseUrl(),
    extraHTTPHeaders: XHR,
    storageState: operatorState,
  });
  const ended = await operatorApi.post(`/api/operator/flash-sales/${sale.id}/end`, { data: {} });
  expect(ended.ok(), await ended.text()).toBe(true);
  await operatorApi.dispose();
  await sellerApi.dispose();
  expect(errors).toEqual([]);
});
