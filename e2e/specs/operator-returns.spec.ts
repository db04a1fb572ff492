import type { APIRequestContext } from '@playwright/test';
import { api } from '../support/api';
import { baseUrl, DESKTOP, PHONE, sidewaysOverflow, waitForHydration } from '../support/browser';
import { expect, test } from '../support/fixtures';
import { deliver, placeBuyNow } from '../support/orders';
import { roleState, signInShopper } from '../support/session';
import { withStepUp } from '../support/two-step';

/**
 * The operator decides on a return the shop left waiting: a shopper returns a delivered order
 * (through the API); the operator finds it on /operator/returns by its order code and refunds it
 * (the step-up answered when asked); the shopper's return shows Refunded and the audit log names
 * the refund. The same page in Arabic at 390 px, right to left, without sideways scrolling.
 * A seeded customer no other spec signs in as.
 */
const SHOPPER = 'fajar.ramadhan@mail.example.com';

interface ListedProduct {
  id: number;
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
    name: 'Fajar',
    phone: '081234567812',
    address_line: 'Jl. Braga 9',
  }));
});

test.afterAll(async () => {
  await shopper.dispose();
});

test('the operator refunds a return the shop left waiting, and it is in the audit log', async ({ newContext }) => {
  const listed = (await api<{ data: { products: ListedProduct[] } }>('/api/products?per_page=100')).data.products;
  const product = listed.find((p) => p.quantity >= 5 && p.colors.length === 0 && p.sizes.length === 0);
  if (!product) throw new Error('the demo has stocked products without colours or sizes');
  const placed = (await placeBuyNow(shopper, { product, addressId })).orders[0]!;
  await deliver(shopper, placed.id);
  const details = (await (await shopper.get(`/api/order-details?order_id=${placed.id}`)).json()) as {
    data: { order: { order_code: string; products: { id: number }[] } };
  };
  const asked = await shopper.post('/api/return-order', {
    data: {
      order_id: placed.id,
      product_ids: details.data.order.products.map((p) => p.id),
      reason: 'The lid is cracked',
      bank_account_number: '1234567890',
      bank_name: 'BCA',
      return_address: 'Jl. Braga 9',
    },
  });
  expect(asked.ok(), await asked.text()).toBe(true);
  const returnId = ((await asked.json()) as { data: { return_order: { id: number } } }).data.return_order.id;
  const code = details.data.order.order_code;

  const operatorState = await roleState('admin', 'admin@example.com');
  const context = await newContext({ ...DESKTOP, storageState: operatorState });
  await context.addCookies([{ name: 'locale', value: 'en', url: baseUrl() }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  await test.step('the operator finds the return by its order code and refunds it', async () => {
    await page.goto('/operator');
    await waitForHydration(page);
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Returns' }).click();
    await expect(page).toHaveURL(/\/operator\/returns$/);
    await page.getByLabel('Order code or shopper').fill(code);
    await expect(page).toHaveURL(/q=/);
    const table = page.getByRole('table', { name: 'Returns' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await page.screenshot({ path: test.info().outputPath('returns-en-desktop.png'), fullPage: true });
    await table.getByRole('button', { name: `Refund the return of ${code}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Refund the return' });
    await withStepUp(page, /^\/api\/operator\/returns\//, () =>
      confirm.getByRole('button', { name: 'Refund' }).click(),
    );
    await expect(table.getByRole('cell', { name: 'Refunded' })).toBeVisible();
    await expect(table.getByRole('button', { name: `Refund the return of ${code}` })).toHaveCount(0);
  });

  await test.step('the shopper’s return is refunded, and the audit log names it', async () => {
    const seen = (await (await shopper.get(`/api/return-order-details/${returnId}`)).json()) as {
      data: { return_order: { status: string; payment_status: string } };
    };
    expect(seen.data.return_order).toMatchObject({ status: 'Refunded', payment_status: 'Paid' });
    await page.goto('/operator/audit-log?kind=return');
    await waitForHydration(page);
    await expect(page.getByRole('cell', { name: 'refund', exact: true }).first()).toBeVisible();
  });
  expect(errors).toEqual([]);
  await context.close();

  await test.step('in Arabic at 390 px: right to left, no sideways scrolling', async () => {
    const phone = await newContext({ ...PHONE, storageState: operatorState });
    await phone.addCookies([{ name: 'locale', value: 'ar', url: baseUrl() }]);
    const arabic = await phone.newPage();
    await arabic.goto(`/operator/returns?q=${encodeURIComponent(code)}`);
    await waitForHydration(arabic);
    await expect(arabic.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(arabic.getByRole('heading', { name: 'المرتجعات', level: 1 })).toBeVisible();
    await arabic.screenshot({ path: test.info().outputPath('returns-ar-phone.png'), fullPage: true });
    expect(await sidewaysOverflow(arabic)).toBe(0);
    await phone.close();
  });
});
