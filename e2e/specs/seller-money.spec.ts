import { type APIRequestContext, type BrowserContextOptions, type Page, request } from '@playwright/test';
import { api } from '../support/api';
import { baseUrl, DESKTOP, PHONE, sidewaysOverflow, waitForHydration } from '../support/browser';
import { expect, test } from '../support/fixtures';
import { placeBuyNow } from '../support/orders';
import { signInShopper, XHR } from '../support/session';

/**
 * The seller's money through the real server: a shopper's cash order is moved to Delivered by its
 * shop's seller in the browser, and the Seller Centre's balance grows by the order's amount less
 * the marketplace's commission, with the order's sale and commission in the ledger; in English at
 * desktop width and in Arabic at 390 px. A seeded customer no other spec signs in as.
 */
const SHOPPER = { email: 'hana.pertiwi@mail.example.com' };

interface ListedProduct {
  id: number;
  quantity: number;
  colors: unknown[];
  sizes: unknown[];
  shop: { id: number };
}

/** The interface texts the test reads, in each language (the translations' own words). */
const VIEWS: {
  name: string;
  locale: 'en' | 'ar';
  options: BrowserContextOptions;
  text: { changeStatus: string; update: string; deliveredQuestion: string; yes: string; delivered: string };
  earnings: string;
}[] = [
  {
    name: 'English, desktop',
    locale: 'en',
    options: DESKTOP,
    text: {
      changeStatus: 'Change status',
      update: 'Update status',
      deliveredQuestion: 'Mark this order delivered?',
      yes: 'Yes, continue',
      delivered: 'Delivered',
    },
    earnings: 'Earnings',
  },
  {
    name: 'Arabic, 390 px',
    locale: 'ar',
    options: PHONE,
    text: {
      changeStatus: 'تغيير الحالة',
      update: 'تحديث الحالة',
      deliveredQuestion: 'هل تريد تحديد هذا الطلب كمُسلَّم؟',
      yes: 'نعم، متابعة',
      delivered: 'تم التسليم',
    },
    earnings: 'الأرباح',
  },
];

let shopper: APIRequestContext;
let addressId: number;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  ({ api: shopper, addressId } = await signInShopper(SHOPPER.email, {
    name: 'Hana',
    phone: '081234567809',
    address_line: 'Jl. Sudirman 9',
  }));
});

test.afterAll(async () => {
  await shopper.dispose();
});

/**
 * A stocked product (no colours or sizes) of a shop the other specs' orders do not go to (they buy
 * from the first stocked products of the list), so this shop's balance moves only by this spec.
 */
async function quietShopProduct(): Promise<ListedProduct> {
  const listed = (await api<{ data: { products: ListedProduct[] } }>('/api/products?per_page=100')).data.products;
  const plain = listed.filter((p) => p.quantity >= 20 && p.colors.length === 0 && p.sizes.length === 0);
  const busy = new Set([1, ...plain.slice(0, 8).map((p) => p.shop.id)]);
  const product = plain.find((p) => !busy.has(p.shop.id)) ?? plain.at(-1);
  if (!product) throw new Error('the demo has stocked products without colours or sizes');
  return product;
}

/** Cents of an amount as the Seller Centre writes it ("Rp1.234.567,50", "-Rp5.000,00"). */
function cents(text: string | null): number {
  const value = text ?? '';
  const digits = Number(value.replace(/\D/g, ''));
  return /^[-−]/.test(value.trim()) ? -digits : digits;
}

async function availableBalance(page: Page): Promise<number> {
  const tile = page.getByTestId('available-balance');
  await expect(tile).toBeVisible();
  return cents(await tile.textContent());
}

for (const view of VIEWS) {
  test(`${view.name}: the seller delivers an order and the balance grows by its amount less the commission`, async ({
    newContext,
  }) => {
    const product = await quietShopProduct();
    const placed = (await placeBuyNow(shopper, { product, addressId, quantity: 2 })).orders[0]!;
    const shop = (await api<{ data: { shop: { slug: string } } }>(`/api/shops/${product.shop.id}`)).data.shop;

    // The seller's session; the order goes as far as On The Way through the API, the last step in the page.
    const seller = await request.newContext({ baseURL: baseUrl(), extraHTTPHeaders: XHR });
    const login = await seller.post('/api/shop/login', {
      data: { phone: `${shop.slug}@example.com`, password: 'password' },
    });
    expect(login.ok(), await login.text()).toBe(true);
    for (const status of ['Confirm', 'Processing', 'Pickup', 'On The Way']) {
      const moved = await seller.post(`/api/seller/orders/${placed.id}/status`, { data: { status } });
      expect(moved.ok(), await moved.text()).toBe(true);
    }
    type OrderData = { data: { order: { payable_amount: number; subtotal: number; coupon_discount: number } } };
    const order = ((await (await seller.get(`/api/seller/orders/${placed.id}`)).json()) as OrderData).data.order;
    type BalanceData = { data: { balance: { commission_rate: number } } };
    const rate = ((await (await seller.get('/api/seller/balance')).json()) as BalanceData).data.balance.commission_rate;
    const context = await newContext({ ...view.options, storageState: await seller.storageState() });
    await seller.dispose();
    await context.addCookies([{ name: 'locale', value: view.locale, url: baseUrl() }]);
    const page = await context.newPage();

    await page.goto('/shop/earnings');
    await waitForHydration(page);
    await expect(page.locator('html')).toHaveAttribute('dir', view.locale === 'ar' ? 'rtl' : 'ltr');
    const before = await availableBalance(page);

    await page.goto(`/shop/orders/${placed.id}`);
    await waitForHydration(page);
    await page.getByLabel(view.text.changeStatus).selectOption('Delivered');
    await page.getByRole('button', { name: view.text.update }).click();
    const dialog = page.getByRole('dialog', { name: view.text.deliveredQuestion });
    await dialog.getByRole('button', { name: view.text.yes }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('h1 + span')).toHaveText(view.text.delivered);

    // To the earnings by the Seller Centre's menu, as a seller goes.
    await page.getByRole('link', { name: view.earnings }).click();
    await expect(page).toHaveURL(/\/shop\/earnings$/);
    // The sale is the amount the shopper pays; the commission is taken of the goods (after a voucher).
    const sale = Math.round(order.payable_amount * 100);
    const commission = Math.round((Math.round((order.subtotal - order.coupon_discount) * 100) * rate) / 100);
    await expect.poll(() => availableBalance(page)).toBe(before + sale - commission);

    // The ledger says where it came from: the order's sale (+) and commission (-), newest first.
    const rows = page.getByRole('row').filter({ hasText: placed.order_code });
    await expect(rows).toHaveCount(2);
    const amounts = await rows.evaluateAll((list) => list.map((row) => row.children[1]?.textContent ?? ''));
    expect(amounts.map(cents).sort((a, b) => a - b)).toEqual([-commission, sale].sort((a, b) => a - b));
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `artifacts/seller-earnings-${view.locale}.png`, fullPage: true });
  });
}
