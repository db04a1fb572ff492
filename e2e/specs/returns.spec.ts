import type { APIRequestContext } from '@playwright/test';
import { api } from '../support/api';
import { baseUrl, PHONE, sidewaysOverflow, waitForHydration } from '../support/browser';
import { expect, test } from '../support/fixtures';
import { deliver, placeBuyNow } from '../support/orders';
import { signInShopper } from '../support/session';

/**
 * Returns through the real server: a shopper's order is delivered (the development
 * route moves it, APP_ENV=local), the shopper returns its line from /return-product/:id, lands on
 * the return's page and finds it in the return history. A seeded customer no other spec signs in as.
 */
const SHOPPER = { email: 'teguh.wibowo@mail.example.com' };

let shopper: APIRequestContext;
let addressId: number;

test.beforeAll(async () => {
  ({ api: shopper, addressId } = await signInShopper(SHOPPER.email, {
    name: 'Teguh',
    phone: '081234567809',
    address_line: 'Jl. Pemuda 9, Semarang',
  }));
});

test.afterAll(async () => {
  await shopper.dispose();
});

/** A delivered cash order of one stocked product; its id and the product's name. */
async function deliveredOrder() {
  type Listed = {
    id: number;
    name: string;
    quantity: number;
    colors: unknown[];
    sizes: unknown[];
    shop: { id: number };
  };
  const products = (await api<{ data: { products: Listed[] } }>('/api/products?per_page=100')).data.products;
  const product = products.find((p) => p.quantity > 10 && p.colors.length === 0 && p.sizes.length === 0);
  if (!product) throw new Error('the demo has a stocked product without colours or sizes');
  const orderId = (await placeBuyNow(shopper, { product, addressId })).orders[0]!.id;
  await deliver(shopper, orderId);
  return { orderId, productName: product.name };
}

test('a shopper returns a delivered product and finds the return in the history', async ({ newContext }) => {
  const { orderId, productName } = await deliveredOrder();
  const context = await newContext({ storageState: await shopper.storageState() });
  const page = await context.newPage();
  await page.goto(`/return-product/${orderId}`);
  await waitForHydration(page);

  await expect(page.getByRole('heading', { name: /Return Product/ })).toBeVisible();
  const amount = page.getByText(/Return amount/);
  const before = await amount.textContent();
  await page.getByRole('checkbox', { name: new RegExp(productName) }).check();
  await expect(amount).not.toHaveText(before ?? '');

  const reason = 'The seam came apart <script>alert(1)</script>';
  await page.getByLabel('Reason').fill(reason);
  await page.getByLabel('Bank Account Number').fill('1234567890');
  await page.getByLabel('Bank Name', { exact: true }).fill('BCA');
  await page.getByRole('button', { name: 'Send Return Request' }).click();

  await expect(page).toHaveURL(/\/returned-order-history\/\d+$/);
  await expect(page.getByRole('heading', { name: /Return of order/ })).toBeVisible();
  await expect(page.getByText(reason)).toBeVisible();
  await expect(page.getByText('Pending')).toBeVisible();
  await expect(page.getByText(productName)).toBeVisible();

  await page.goto('/returned-order-history');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'Return Orders' })).toBeVisible();
  await expect(page.getByRole('link').filter({ hasText: reason }).first()).toBeVisible();

  // The line was returned: the form now says the order can no longer be returned.
  await page.goto(`/return-product/${orderId}`);
  await waitForHydration(page);
  await expect(page.getByText('This order can no longer be returned')).toBeVisible();
});

test('in Arabic at 390 px: a return is sent and shown, right to left, with no sideways scrolling', async ({
  newContext,
}) => {
  const strings = await api<Record<string, string>>('/api/lang/ar');
  const t = (key: string) => strings[key] ?? key;
  const { orderId, productName } = await deliveredOrder();
  const context = await newContext({ ...PHONE, storageState: await shopper.storageState() });
  await context.addCookies([{ name: 'locale', value: 'ar', url: baseUrl() }]);
  const page = await context.newPage();
  await page.goto(`/return-product/${orderId}`);
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: new RegExp(t('Return Product')) })).toBeVisible();
  await page.getByRole('checkbox', { name: new RegExp(productName) }).check();
  // The line keeps the name it was ordered with (English): on this right-to-left page it runs left
  // to right, so a name too long for the phone is cut at its end, not at its beginning.
  const name = page.getByText(productName, { exact: true });
  expect(await name.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
  expect(await name.evaluate((el) => getComputedStyle(el).textAlign)).toBe('right');
  await page.getByLabel(t('Reason')).fill('اللون مختلف عن الصورة');
  await page.getByLabel(t('Bank Account Number')).fill('1234567890');
  await page.getByLabel(t('Bank Name'), { exact: true }).fill('بنك مانديري');
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: t('Send Return Request') }).click();

  await expect(page).toHaveURL(/\/returned-order-history\/\d+$/);
  await expect(page.getByRole('heading', { name: new RegExp(t('Return of order')) })).toBeVisible();
  await expect(page.getByText('اللون مختلف عن الصورة')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'artifacts/return-ar-390.png', fullPage: true });
});
