import type { BrowserContextOptions, Page } from '@playwright/test';
import { formatMoney } from '../../apps/web/app/lib/money';
import { api, defaultCurrency, translator } from '../support/api';
import { baseUrl, DESKTOP, PHONE, sidewaysOverflow, waitForHydration } from '../support/browser';
import { expect, test } from '../support/fixtures';
import { TINY_PNG } from '../support/images';
import { roleState, signInAt, signInShopper } from '../support/session';

/**
 * A new seller's whole journey through the real server and browser, in English at desktop width
 * and in Arabic at 390 px: the seller registers a shop at /shop/register and waits; the operator
 * approves it on /operator; the seller signs in, writes a product in the editor (texts, a
 * category, price, stock, two colours, a size with an extra price, three photos) and publishes it;
 * within a second the storefront's search finds it; a shopper buys it (product page, colour and
 * size, cart, checkout with cash on delivery); the seller moves the order to Delivered step by step
 * in the Seller Centre, and the shop's balance is the order's amount less the marketplace's
 * commission. Each view has its own new seller and its own seeded shopper (no other spec signs in
 * as either), so the two views may run side by side.
 */

interface ProductHit {
  id: number;
  name: string;
  slug: string;
  colors: { id: number; name: string; price: number }[];
  sizes: { id: number; name: string; price: number }[];
}

interface SellerOrder {
  id: number;
  order_code: string;
  payable_amount: number;
  subtotal: number;
  coupon_discount: number;
}

const VIEWS: {
  name: string;
  locale: 'en' | 'ar';
  options: BrowserContextOptions;
  /** The seller's name and shop, in the view's language. */
  owner: string;
  shop: string;
  product: string;
  shopper: { email: string; name: string; phone: string; address_line: string };
}[] = [
  {
    name: 'English, desktop',
    locale: 'en',
    options: DESKTOP,
    owner: 'Wulan Sari',
    shop: 'Toko Tenun Wulan',
    product: 'Sarung Tenun',
    shopper: {
      email: 'oki.firmansyah@mail.example.com',
      name: 'Oki',
      phone: '081234567815',
      address_line: 'Jl. Asia Afrika 15',
    },
  },
  {
    name: 'Arabic, 390 px',
    locale: 'ar',
    options: PHONE,
    owner: 'سلمى عبد الله',
    shop: 'متجر النسيج',
    product: 'وشاح منسوج',
    shopper: {
      email: 'yuliana.dewi@mail.example.com',
      name: 'Yuliana',
      phone: '081234567823',
      address_line: 'Jl. Gajah Mada 23',
    },
  },
];

const PRICE = 150_000;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SIZE_EXTRA = 15_000;

test.describe('a new seller’s journey', () => {
  // Each view is a whole story of its own: the two may run in two workers at once.
  test.describe.configure({ mode: 'parallel', timeout: 240_000 });

  VIEWS.forEach((view, index) => {
    test(`${view.name}: registers, is approved, publishes a product that a shopper finds and buys, delivers it and is paid less the commission`, async ({
      newContext,
    }, testInfo) => {
      const t = await translator(view.locale);
      const currency = await defaultCurrency();
      const tag = `${Date.now()}`.slice(-7) + index;
      const shopName = `${view.shop} ${tag}`;
      const email = `journey-${tag}@test.example`;
      const productName = `${view.product} ${tag}`;
      const errors: string[] = [];
      const phone = view.options === PHONE;

      /** A page of a new context in the view's language and width, with `storageState` if given. */
      const pageAs = async (storageState?: BrowserContextOptions['storageState']) => {
        const context = await newContext({ ...view.options, ...(storageState ? { storageState } : {}) });
        await context.addCookies([{ name: 'locale', value: view.locale, url: baseUrl() }]);
        const page = await context.newPage();
        page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
        return page;
      };
      /**
       * A picture of the page into the test's output, once what moves has settled. The toasts are
       * left out: on a phone a few in a row cover what the picture is for.
       */
      const snap = async (page: Page, name: string, fullPage = true) => {
        await page.waitForFunction(() =>
          document.getAnimations().every((a) => {
            const target = a.effect instanceof KeyframeEffect ? a.effect.target : null;
            return a.playState !== 'running' || !!target?.closest('.Toastify');
          }),
        );
        await page.screenshot({
          path: testInfo.outputPath(`${name}-${view.locale}.png`),
          fullPage,
          style: '.Toastify { display: none !important; }',
        });
      };
      /** Nothing scrolls sideways on the phone. */
      const fits = async (page: Page) => {
        if (phone) expect(await sidewaysOverflow(page), `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
      };

      const seller = await pageAs();

      await test.step('the seller registers a shop and waits for approval', async () => {
        await seller.goto('/shop/register');
        await waitForHydration(seller);
        await expect(seller.locator('html')).toHaveAttribute('dir', view.locale === 'ar' ? 'rtl' : 'ltr');
        await seller.getByLabel(t('Name'), { exact: true }).fill(view.owner);
        await seller.getByLabel(t('Email'), { exact: true }).fill(email);
        await seller.getByLabel(t('Phone'), { exact: true }).fill(`858${tag}`);
        await seller.getByLabel(t('Password'), { exact: true }).fill('secret123');
        await seller.getByLabel(t('Shop name')).fill(shopName);
        await seller.getByLabel(t('Shop phone')).fill(`022${tag}`);
        await seller.getByLabel(t('Shop address')).fill('Jl. Braga 8, Bandung');
        await seller
          .getByLabel(t('Upload logo'))
          .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: TINY_PNG });
        await expect(seller.getByRole('img', { name: t('Shop logo preview') })).toBeVisible();
        await fits(seller);
        await seller.getByRole('button', { name: t('Register shop') }).click();
        await expect(seller).toHaveURL(/\/shop$/);
        const waiting = t('Your shop is waiting for approval. You can start selling once our team has approved it.');
        await expect(seller.getByText(waiting)).toBeVisible();
        await expect(seller.getByRole('heading', { name: shopName, level: 1 })).toBeVisible();
        await fits(seller);

        // The Seller Centre does not let a waiting shop sell: its catalogue answers no, its editor waits.
        const refused = await seller.request.get('/api/seller/products');
        expect(refused.status()).toBe(403);
        await seller.goto('/shop/products/new');
        await waitForHydration(seller);
        await expect(seller.getByText(waiting)).toBeVisible();
        await expect(seller.getByRole('button', { name: t('Publish') })).toHaveCount(0);
        await snap(seller, '1-waiting');
        await seller.getByRole('button', { name: t('Log out') }).click();
        await expect(seller).toHaveURL(/\/shop\/login$/);
      });

      await test.step('the operator approves the shop', async () => {
        const operator = await pageAs(await roleState('admin', 'admin@example.com'));
        await operator.bringToFront();
        await operator.goto('/operator');
        await waitForHydration(operator);
        const approve = operator.getByRole('button', { name: t('Approve {{shop}}', { shop: shopName }) });
        await approve.click();
        await expect(approve).toHaveCount(0);
        await fits(operator);
        await operator.close();
      });

      let hit: ProductHit | undefined;
      await test.step('the seller signs in and publishes a product; the search finds it within a second', async () => {
        await seller.bringToFront();
        await signInAt(seller, '/shop/login', email, { t, password: 'secret123' });
        await expect(seller).toHaveURL(/\/shop$/);
        await expect(seller.getByRole('heading', { name: shopName, level: 1 })).toBeVisible();
        await expect(seller.getByRole('heading', { name: t('Orders by status') })).toBeVisible();
        await fits(seller);

        const menu = seller.getByRole('navigation', { name: t('Seller Center') });
        await menu.getByRole('link', { name: t('Products') }).click();
        await expect(seller).toHaveURL(/\/shop\/products$/);
        await seller
          .getByRole('link', { name: t('New product') })
          .first()
          .click();
        await expect(seller).toHaveURL(/\/shop\/products\/new$/);
        await waitForHydration(seller);

        // The English texts are the ones a product needs; the Arabic seller writes its Arabic name too.
        const english = seller.getByRole('tabpanel', { name: 'English' });
        await english
          .getByLabel(t('Name'), { exact: true })
          .fill(view.locale === 'ar' ? `Woven Scarf ${tag}` : productName);
        await english.getByLabel(t('Short description'), { exact: true }).fill('Hand-woven cotton from Sumba.');
        await english.getByRole('textbox', { name: t('Description'), exact: true }).click();
        await seller.keyboard.type('Woven by hand on a back-strap loom, dyed with indigo.');
        if (view.locale === 'ar') {
          await seller.getByRole('tab', { name: /العربية/ }).click();
          await seller
            .getByRole('tabpanel', { name: /العربية/ })
            .getByLabel(t('Name (optional)'))
            .fill(productName);
        }
        await seller.getByLabel(t('Category'), { exact: true }).selectOption({ index: 1 });
        await seller.getByLabel(t('Price'), { exact: true }).fill(String(PRICE));
        await seller.getByLabel(t('Stock'), { exact: true }).fill('12');
        const colours = seller.getByRole('group', { name: t('Colours') });
        await colours.getByRole('checkbox').nth(0).check();
        await colours.getByRole('checkbox').nth(1).check();
        const sizes = seller.getByRole('group', { name: t('Sizes') });
        await sizes.getByRole('checkbox').nth(0).check();
        await sizes.getByLabel(new RegExp(escaped(t('Extra price')))).fill(String(SIZE_EXTRA));

        // A new product is a draft first; its photos come once it exists.
        await seller.getByRole('button', { name: t('Save draft') }).click();
        await expect(seller).toHaveURL(/\/shop\/products\/\d+$/);
        await waitForHydration(seller);
        await seller
          .getByLabel(t('Add photos'))
          .setInputFiles(
            ['front', 'side', 'back'].map((side) => ({ name: `${side}.png`, mimeType: 'image/png', buffer: TINY_PNG })),
          );
        // Each photo joins the list once it is up: the third is "photo 3 of 3".
        await expect(
          seller.getByRole('button', { name: t('Move photo {{position}} of {{count}}', { position: 3, count: 3 }) }),
        ).toBeVisible({ timeout: 20_000 });

        const published = seller.waitForResponse(
          (response) => /\/api\/seller\/products\/\d+$/.test(response.url()) && response.request().method() === 'PUT',
        );
        await seller.getByRole('button', { name: t('Publish') }).click();
        expect((await published).status()).toBe(200);
        // Within a second of the save's reply, the storefront's search has it.
        await expect
          .poll(
            async () => {
              const found = await api<{ data: { products: ProductHit[] } }>(
                `/api/products?search=${encodeURIComponent(productName)}`,
                view.locale,
              );
              hit = found.data.products.find((p) => p.name === productName);
              return hit !== undefined;
            },
            { timeout: 1_000, intervals: [100] },
          )
          .toBe(true);
        await expect(seller.getByText(t('Published'), { exact: true }).first()).toBeVisible();
        expect(hit?.colors).toHaveLength(2);
        expect(hit?.sizes.map((s) => s.price)).toEqual([SIZE_EXTRA]);
        await fits(seller);
        await snap(seller, '2-product');
      });
      if (!hit) throw new Error('the search found the product');
      const colour = hit.colors[1]!;
      const size = hit.sizes[0]!;

      let orderCode = '';
      await test.step('a shopper finds it, picks a colour and the size with the extra price, and orders it', async () => {
        const { api: session } = await signInShopper(view.shopper.email, view.shopper);
        const shopper = await pageAs(await session.storageState());
        await shopper.bringToFront();
        await session.dispose();
        await shopper.goto(`/search?q=${encodeURIComponent(productName)}`);
        await waitForHydration(shopper);
        await shopper.locator(`main a[href="/products/${hit!.slug}/details"]`).first().click();
        await expect(shopper).toHaveURL(new RegExp(`/products/${hit!.slug}/details$`));
        await waitForHydration(shopper);
        const main = shopper.getByRole('main');
        await expect(main.getByRole('heading', { name: productName, level: 1 })).toBeVisible();
        const choose = (name: string) =>
          main
            .locator('label')
            .filter({ has: shopper.getByRole('radio', { name: new RegExp(`^${escaped(name)}( \\+.*)?$`) }) })
            .click();
        await choose(colour.name);
        await choose(size.name);
        await expect(main.getByRole('radio', { name: new RegExp(`^${escaped(colour.name)}`) })).toBeChecked();
        await expect(main.getByRole('radio', { name: new RegExp(`^${escaped(size.name)}`) })).toBeChecked();
        // The price of what is chosen: the size's extra is added.
        await expect(main.getByText(formatMoney(PRICE + SIZE_EXTRA, currency), { exact: true }).first()).toBeVisible();
        await fits(shopper);
        await snap(shopper, '3-product-page', false);
        await main.getByRole('button', { name: t('Add to Cart') }).click();
        await expect(
          shopper.locator('.Toastify__toast').filter({ hasText: t('has been added to cart') }),
        ).toBeVisible();

        const myCart = t('My Cart');
        await shopper
          .getByRole('banner')
          .getByRole('button', { name: new RegExp(`^${escaped(myCart)} \\(1\\)$`) })
          .click();
        const drawer = shopper.getByRole('dialog', { name: myCart });
        const group = drawer.getByRole('region', { name: shopName });
        await expect(group.getByRole('link', { name: productName })).toBeVisible();
        await group.getByRole('checkbox', { name: t('Select {{shop}}', { shop: shopName }) }).check();
        await drawer.getByRole('button', { name: t('Proceed to Checkout') }).click();
        await shopper.waitForURL((url) => url.pathname === '/checkout');
        await waitForHydration(shopper);

        const line = shopper.getByTestId('checkout-line');
        await expect(line).toHaveCount(1);
        await expect(line).toContainText(colour.name);
        await expect(line).toContainText(t('Size: {{name}}', { name: size.name }));
        await expect(shopper.getByRole('radio', { name: t('Cash on delivery') })).toBeChecked();
        await expect(shopper.getByTestId('delivery-address')).toBeVisible();
        await fits(shopper);
        await shopper.getByRole('button', { name: t('Place Order') }).click();
        const confirm = shopper.getByTestId('order-confirm');
        await expect(confirm).toBeVisible();
        const codes = confirm.getByTestId('order-code');
        await expect(codes).toHaveCount(1);
        orderCode = ((await codes.textContent()) ?? '').trim();
        expect(orderCode).not.toBe('');
        await fits(shopper);
        // The confirmation is a dialog over the page: the screen as the shopper sees it.
        await snap(shopper, '4-ordered', false);
      });

      let order: SellerOrder | undefined;
      await test.step('the seller moves the order to Delivered, step by step', async () => {
        await seller.bringToFront();
        const menu = seller.getByRole('navigation', { name: t('Seller Center') });
        await menu.getByRole('link', { name: t('Orders') }).click();
        await expect(seller).toHaveURL(/\/shop\/orders$/);
        await waitForHydration(seller);
        await seller.getByRole('link', { name: orderCode }).click();
        await expect(seller).toHaveURL(/\/shop\/orders\/\d+$/);
        await waitForHydration(seller);
        await expect(seller.getByRole('heading', { name: orderCode, level: 1 })).toBeVisible();
        const products = seller.getByRole('region', { name: t('Products') });
        // The order keeps the product's name in the marketplace's language (English) and its colour and
        // size in the shopper's: the tag is in both names.
        await expect(products).toContainText(tag);
        await expect(products).toContainText(`${colour.name} · ${size.name} × 1`);
        const status = seller.getByLabel(t('Change status'));
        const badge = seller.locator('h1 + span');
        await expect(badge).toHaveText(t('Pending'));
        for (const next of ['Confirm', 'Processing', 'Pickup', 'On The Way']) {
          await status.selectOption({ label: t(next) });
          await seller.getByRole('button', { name: t('Update status') }).click();
          await expect(badge).toHaveText(t(next));
        }
        await status.selectOption({ label: t('Delivered') });
        await seller.getByRole('button', { name: t('Update status') }).click();
        const dialog = seller.getByRole('dialog', { name: t('Mark this order delivered?') });
        await dialog.getByRole('button', { name: t('Yes, continue') }).click();
        await expect(dialog).toBeHidden();
        await expect(badge).toHaveText(t('Delivered'));
        await expect(seller.getByText(t('This order is closed.'))).toBeVisible();
        await fits(seller);

        const id = new URL(seller.url()).pathname.split('/').at(-1);
        const reply = await seller.request.get(`/api/seller/orders/${id}`);
        expect(reply.ok()).toBe(true);
        order = ((await reply.json()) as { data: { order: SellerOrder } }).data.order;
      });
      if (!order) throw new Error('the seller read the order');

      await test.step('the balance is the order’s amount less the commission', async () => {
        // The goods: the price with the size's extra (the colour has none).
        expect(order!.subtotal).toBe(PRICE + SIZE_EXTRA + colour.price);
        const reply = await seller.request.get('/api/seller/balance');
        const rate = ((await reply.json()) as { data: { balance: { commission_rate: number } } }).data.balance
          .commission_rate;
        // What the shopper paid is credited; the commission is taken of the goods after any voucher,
        // rounded to the cent (modules/earnings). A new shop had nothing before.
        const sale = Math.round(order!.payable_amount * 100);
        const commission = Math.round((Math.round((order!.subtotal - order!.coupon_discount) * 100) * rate) / 100);
        expect(commission).toBeGreaterThan(0);
        const expected = (sale - commission) / 100;

        const menu = seller.getByRole('navigation', { name: t('Seller Center') });
        await menu.getByRole('link', { name: t('Earnings') }).click();
        await expect(seller).toHaveURL(/\/shop\/earnings$/);
        await waitForHydration(seller);
        await expect(seller.getByTestId('available-balance')).toHaveText(
          formatMoney(expected, currency, { decimals: 2 }),
        );
        await expect(seller.getByText(t('{{rate}}% of each delivered order', { rate }))).toBeVisible();
        // The ledger: the order's sale and its commission.
        await expect(seller.getByRole('row').filter({ hasText: orderCode })).toHaveCount(2);
        await fits(seller);
        await snap(seller, '5-earnings');
      });

      expect(errors).toEqual([]);
    });
  });
});
