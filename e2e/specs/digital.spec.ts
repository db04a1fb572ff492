import { type APIRequestContext, request } from '@playwright/test';
import { baseUrl, PHONE, sidewaysOverflow, waitForHydration } from '../support/browser';
import { expect, test } from '../support/fixtures';
import { signedInState, XHR } from '../support/session';

/**
 * Digital top-ups through the real server and its sandbox gateway and provider: pulsa
 * for a Telkomsel number, a PLN token shown in groups of four, an XL number on the Telkomsel page,
 * and the pages in Arabic at 390 px. A seeded customer no other spec signs in as.
 * The sandbox provider answers by number: a number ending in 1232/1233/1234 fails or waits; the
 * ones here succeed at once; a PLN number ending in 000 is not found.
 */
const SHOPPER = { email: 'dian.permata@mail.example.com', password: 'password' };

let shopper: APIRequestContext;
/** The PLN order the token test bought, for the owner-only check. */
let tokenOrderId = 0;

test.beforeAll(async () => {
  shopper = await request.newContext({ baseURL: baseUrl(), extraHTTPHeaders: XHR });
  const login = await shopper.post('/api/login', { data: { phone: SHOPPER.email, password: SHOPPER.password } });
  expect(login.ok(), await login.text()).toBe(true);
});

test.afterAll(async () => {
  await shopper.dispose();
});

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test('pulsa for a Telkomsel number, paid with the sandbox gateway, is sent', async ({ newContext }) => {
  const context = await newContext({ storageState: await shopper.storageState() });
  const page = await context.newPage();
  await page.goto('/digital-product/pulsa/telkomsel');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Telkomsel credit');

  const field = page.getByLabel('Phone number');
  await field.fill('0812');
  await expect(page.getByTestId('detected-operator').getByRole('img')).toHaveAttribute('alt', 'Telkomsel');
  await field.fill('+62 812-9876-5432');
  await expect(page.getByText('Telkomsel number')).toBeVisible();

  const cards = page.getByTestId('denomination');
  await expect(cards.first()).toBeVisible();
  await cards.filter({ hasText: '10.000' }).first().click();
  await expect(page.getByRole('radio', { name: 'Sandbox Payment' })).toBeChecked();
  await page.getByRole('button', { name: 'Buy', exact: true }).click();

  await expect(page).toHaveURL(/\/digital-payment\/\d+$/);
  const orderId = Number(new URL(page.url()).pathname.split('/').at(-1));
  await expect(page.getByTestId('digital-order')).toContainText('081298765432');
  await expect(page.getByTestId('digital-payment-status')).toHaveText('Unpaid');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page.getByText('Credit sent')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('digital-order-status')).toHaveText('Success');
  await expect(page.getByTestId('digital-serial')).not.toBeEmpty();
  await expect(page.getByTestId('digital-payment-status')).toHaveText('Paid');

  // The server agrees, and the order is listed under the Digital tab of the order history.
  type OrderData = { data: { order: { status: string; customer_number: string; serial_number: string | null } } };
  const order = ((await (await shopper.get(`/api/digital/orders/${orderId}`)).json()) as OrderData).data.order;
  expect(order).toMatchObject({ status: 'success', customer_number: '081298765432' });
  expect(order.serial_number).toBeTruthy();
  await page.goto('/order-history?status=digital');
  await waitForHydration(page);
  await expect(page.getByRole('link', { name: 'Digital' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('digital-orders').locator(`a[href="/digital-payment/${orderId}"]`)).toBeVisible();
});

test('a PLN token: the customer checked first, then the token in groups of four', async ({ newContext }) => {
  const context = await newContext({ storageState: await shopper.storageState() });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await page.goto('/digital-product/pln/token');
  await waitForHydration(page);

  const field = page.getByLabel('Meter number or customer ID');
  await field.fill('12345678000');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByTestId('pln-customer')).toHaveCount(0);

  await field.fill('1234 5678 901');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  const customer = page.getByTestId('pln-customer');
  await expect(customer).toBeVisible();
  await expect(customer).toContainText(/[A-Z]+ [A-Z]+/);
  await expect(customer).toContainText('VA');

  await page.getByTestId('denomination').filter({ hasText: '20.000' }).first().click();
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  await expect(page).toHaveURL(/\/digital-payment\/\d+$/);
  tokenOrderId = Number(new URL(page.url()).pathname.split('/').at(-1));
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  const token = page.getByTestId('pln-token');
  await expect(token).toBeVisible({ timeout: 30_000 });
  await expect(token).toHaveText(/^\d{4} \d{4} \d{4} \d{4} \d{4}$/);
  await page.getByRole('button', { name: 'Copy token' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe((await token.textContent())?.replace(/ /g, ''));
});

test("another shopper opening the token's page gets the 404 page, never the token", async ({ newContext }) => {
  expect(tokenOrderId).toBeGreaterThan(0);
  const owner = (await (await shopper.get(`/api/digital/orders/${tokenOrderId}`)).json()) as {
    data: { order: { token: string } };
  };
  const context = await newContext({ storageState: (await signedInState()).storage });
  const page = await context.newPage();
  const response = await page.goto(`/digital-payment/${tokenOrderId}`);
  expect(response?.status()).toBe(404);
  expect(await page.content()).not.toContain(owner.data.order.token);
  await expect(page.getByTestId('pln-token')).toHaveCount(0);
});

test('an XL number on the Telkomsel page leads to the XL page with the number filled', async ({ page }) => {
  await page.goto('/digital-product/pulsa/telkomsel');
  await waitForHydration(page);
  await page.getByLabel('Phone number').fill('0817-1234-5678');
  await expect(page.getByRole('alert')).toContainText('This number belongs to XL.');
  await page.getByRole('link', { name: 'Buy XL credit' }).click();
  await expect(page).toHaveURL(/\/digital-product\/pulsa\/xl\?number=081712345678$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('XL credit');
  await expect(page.getByLabel('Phone number')).toHaveValue('081712345678');
  await expect(page.getByTestId('detected-operator').getByRole('img')).toHaveAttribute('alt', 'XL');
  await expect(page.getByText('XL number')).toBeVisible();

  // A prefix of no operator, and a number too short once the shopper leaves the field.
  await page.getByLabel('Phone number').fill('0800 1234');
  await expect(page.getByRole('alert')).toContainText('This prefix belongs to no Indonesian mobile operator');
  await page.getByLabel('Phone number').fill('0817 12');
  await page.getByLabel('Phone number').blur();
  await expect(page.getByRole('alert')).toContainText('too short');
});

test('the top-up pages in Arabic at 390 px: right to left, nothing scrolls sideways', async ({ newContext }) => {
  const context = await newContext({ ...PHONE, storageState: await shopper.storageState() });
  await context.addCookies([{ name: 'locale', value: 'ar', url: baseUrl() }]);
  const page = await context.newPage();
  type Listed = { data: { orders: { id: number; kind: string; status: string }[] } };
  const listed = ((await (await shopper.get('/api/digital/orders')).json()) as Listed).data.orders;
  const token = listed.find((o) => o.kind === 'pln' && o.status === 'success');
  const paths = [
    '/digital-product/pulsa/telkomsel',
    '/digital-product/pln/token',
    '/order-history?status=digital',
    ...(token ? [`/digital-payment/${token.id}`] : []),
  ];
  for (const path of paths) {
    await page.goto(path);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(await page.locator('html').getAttribute('dir'), path).toBe('rtl');
    expect(await sidewaysOverflow(page), path).toBe(0);
  }
  // The token's digits read left to right inside the Arabic page.
  if (token) await expect(page.getByTestId('pln-token')).toHaveAttribute('dir', 'ltr');
  expect(token, 'the PLN test left a token to show').toBeTruthy();
});
