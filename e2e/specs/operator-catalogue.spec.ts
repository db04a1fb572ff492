import { request } from '@playwright/test';
import { api } from '../support/api';
import { seriousAxeViolations } from '../support/axe';
import { baseUrl, DESKTOP, PHONE, sidewaysOverflow, waitForHydration } from '../support/browser';
import { expect, test } from '../support/fixtures';
import { TINY_PNG } from '../support/images';
import { roleState, XHR } from '../support/session';
import { expectInert, PAYLOADS, watchDialogs } from '../support/xss';

/**
 * The operator's catalogue structure through the real server: the operator adds a category on
 * /operator/catalogue (its name in English, Indonesian and, with script payloads, Arabic; last in
 * the order), a seller publishes a product in it, and the storefront's category list shows it
 * within a second (a category shows there once it holds a listed product), its Arabic name as
 * inert text; /operator/audit-log has its creation; the page in Arabic at 390 px fits without
 * sideways scrolling. At the end the product is deleted and the category deleted from the page,
 * its (deleted) product moved to another category. It changes what every shopper sees, so it runs
 * with the marketplace-settings specs, after the rest (playwright.config.ts).
 */
interface ListedProduct {
  quantity: number;
  shop: { id: number };
}

test('the operator adds a category, shoppers find it at once, the audit log has it', async ({ newContext }) => {
  const tag = Date.now().toString(36);
  const name = `Kites E2E ${tag}`;
  const arabic = `طائرات ورقية ${tag} ${PAYLOADS.script} ${PAYLOADS.img}`;
  const operatorState = await roleState('admin', 'admin@example.com');
  const context = await newContext({ ...DESKTOP, storageState: operatorState });
  await context.addCookies([{ name: 'locale', value: 'en', url: baseUrl() }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const table = page.getByRole('table', { name: 'Categories' });

  await test.step('the operator adds the category', async () => {
    await page.goto('/operator');
    await waitForHydration(page);
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Catalogue' }).click();
    await expect(page).toHaveURL(/\/operator\/catalogue$/);
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await page.getByRole('button', { name: 'New category' }).click();
    const dialog = page.getByRole('dialog', { name: 'New category' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('The name field is required.')).toBeVisible();
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByLabel('Name (Indonesian)').fill(`Layang-layang ${tag}`);
    await dialog.getByLabel('Name (Arabic)').fill(arabic);
    // Last in the order, so the demo's first categories (which other specs open) stay first.
    await dialog.getByLabel('Sort order (smaller first)').fill('99999');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('searchbox', { name: 'Search' }).fill(name);
    await expect(table.getByText(name, { exact: true })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  const operatorApi = await request.newContext({
    baseURL: baseUrl(),
    extraHTTPHeaders: XHR,
    storageState: operatorState,
  });
  type Categories = { data: { categories: { id: number; name: string }[] } };
  const found = (await (
    await operatorApi.get(`/api/operator/categories?q=${encodeURIComponent(name)}`)
  ).json()) as Categories;
  const category = found.data.categories.find((c) => c.name === name);
  if (!category) throw new Error('the operator finds the new category');

  // A seeded shop's seller publishes a product in it (a category is listed once it holds one).
  const listed = (await api<{ data: { products: ListedProduct[] } }>('/api/products?per_page=100')).data.products;
  const shopId = listed.find((p) => p.quantity > 0)?.shop.id;
  const shop = (await api<{ data: { shop: { slug: string } } }>(`/api/shops/${shopId}`)).data.shop;
  const seller = await request.newContext({
    baseURL: baseUrl(),
    extraHTTPHeaders: XHR,
    storageState: await roleState('seller', `${shop.slug}@example.com`),
  });
  const draft = await seller.post('/api/seller/products', {
    data: {
      texts: {
        en: { name: `Kite ${tag}`, short_description: 'A kite.', description: '<p>A kite that flies.</p>' },
      },
      category_id: category.id,
      price: 50_000,
      stock: 5,
    },
  });
  expect(draft.ok(), await draft.text()).toBe(true);
  const productId = ((await draft.json()) as { data: { product: { id: number } } }).data.product.id;
  const photo = await seller.post(`/api/seller/products/${productId}/photos`, {
    multipart: { photo: { name: 'kite.png', mimeType: 'image/png', buffer: TINY_PNG } },
  });
  expect(photo.ok(), await photo.text()).toBe(true);
  const published = await seller.put(`/api/seller/products/${productId}`, { data: { status: 'published' } });
  expect(published.ok(), await published.text()).toBe(true);

  await test.step('the storefront’s category list shows it within a second, its Arabic name as text', async () => {
    const shopPage = await context.newPage();
    const saved = Date.now();
    await expect
      .poll(
        async () => {
          await shopPage.goto('/categories');
          return shopPage.getByRole('main').getByText(name, { exact: true }).count();
        },
        { timeout: 5_000 },
      )
      .toBeGreaterThan(0);
    expect(Date.now() - saved).toBeLessThan(5_000);
    await shopPage.close();

    const shopper = await newContext({ ...PHONE });
    await shopper.addCookies([{ name: 'locale', value: 'ar', url: baseUrl() }]);
    const dialogs = watchDialogs(shopper);
    const inArabic = await shopper.newPage();
    // Each language's list is its own cached reply: one another spec cached before the change may
    // be served once more while it is rebuilt (the English list above showed the change).
    await expect
      .poll(
        async () => {
          await inArabic.goto('/categories');
          return inArabic.getByRole('main').getByText(arabic, { exact: true }).count();
        },
        { timeout: 5_000 },
      )
      .toBeGreaterThan(0);
    await waitForHydration(inArabic);
    await expect(inArabic.getByRole('main').getByText(arabic, { exact: true }).first()).toBeVisible();
    await expectInert(inArabic, dialogs, 'the storefront’s categories in Arabic');
    await shopper.close();
  });

  await test.step('the creation is in the audit log', async () => {
    await page.goto('/operator/audit-log?kind=category');
    await waitForHydration(page);
    const row = page.getByRole('row').filter({ hasText: name }).filter({ hasText: 'create' });
    await expect(row.first()).toBeVisible();
  });

  await test.step('the catalogue page in Arabic on a phone fits the screen', async () => {
    const phone = await newContext({ ...PHONE, storageState: operatorState });
    await phone.addCookies([{ name: 'locale', value: 'ar', url: baseUrl() }]);
    const dialogs = watchDialogs(phone);
    const inArabic = await phone.newPage();
    await inArabic.goto(`/operator/catalogue?q=${encodeURIComponent(name)}`);
    await waitForHydration(inArabic);
    await expect(inArabic.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(inArabic.getByRole('heading', { name: 'الكتالوج', level: 1 })).toBeVisible();
    await expect(inArabic.getByText(name, { exact: true }).first()).toBeVisible();
    expect(await sidewaysOverflow(inArabic)).toBeLessThanOrEqual(0);
    await expectInert(inArabic, dialogs, 'the operator’s catalogue in Arabic');
    await inArabic.screenshot({ path: test.info().outputPath('catalogue-ar-phone.png'), fullPage: true });
    await phone.close();
  });

  await test.step('the product and the category are deleted again', async () => {
    const removed = await seller.post('/api/seller/products/bulk', { data: { action: 'delete', ids: [productId] } });
    expect(removed.ok(), await removed.text()).toBe(true);
    await page.goto(`/operator/catalogue?q=${encodeURIComponent(name)}`);
    await waitForHydration(page);
    await table.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete the category' });
    // The deleted product still names the category: it moves to another one first.
    await expect(dialog.getByText(`1 products use ${name}`, { exact: false })).toBeVisible();
    const target = dialog.getByLabel('Move to');
    await expect(target.locator('option').nth(1)).toBeAttached();
    await target.selectOption({ index: 1 });
    await dialog.getByRole('button', { name: 'Move and delete' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('No category matches.').first()).toBeVisible();
  });
  await seller.dispose();
  await operatorApi.dispose();
  expect(errors).toEqual([]);
  await context.close();
});
