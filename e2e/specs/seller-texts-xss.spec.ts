import { type APIRequestContext, type BrowserContext, type Page, request } from '@playwright/test';
import { api } from '../support/api';
import { baseUrl, waitForHydration } from '../support/browser';
import { expect, test } from '../support/fixtures';
import { TINY_PNG } from '../support/images';
import { roleState, signInShopper, XHR } from '../support/session';
import { ALL, expectInert, PAYLOADS, watchDialogs } from '../support/xss';

/**
 * Everything a seller types that shoppers and staff read, filled with script payloads and rendered
 * in Chromium: a new shop (its name, its owner's name and address, then its profile's description),
 * and a published product whose English, Indonesian and Arabic name, short description and
 * rich-text description carry them. On every page that shows these texts (the operator's shops
 * waiting, the product in three languages, search, suggestions, the shop, home, the cart, checkout,
 * the shopper's order, the Seller Centre's dashboard, products, editor, profile and order) nothing
 * runs: no marker is set, no dialog opens, the DOM holds no injected script, handler, `javascript:`
 * URL or frame, the names read as the literal text typed, and the description keeps its harmless
 * formatting. The CSP would block most of this anyway; the DOM checks prove the texts never became
 * markup, so the policy is not the only defence. A new shop and a seeded customer no other spec uses.
 */

const SHOPPER = { email: 'citra.kirana@mail.example.com' };
const tag = `${Date.now()}`.slice(-7);
const ENGLISH_WORD = `Kain ${tag}`;
const SHOP_WORD = `Toko ${tag}`;

/** Names within their limits (shop 100, product 200), the payloads spread over them. */
const SHOP_NAME = `${SHOP_WORD} ${PAYLOADS.title} ${PAYLOADS.attr}`;
const OWNER_NAME = `Penjual ${PAYLOADS.svg} ${PAYLOADS.template}`;
const REGISTERED_ADDRESS = `Jl. Mawar 1 ${PAYLOADS.href} ${PAYLOADS.details} ${PAYLOADS.img}`;
const PROFILE_ADDRESS = `Jl. Melati 2 ${PAYLOADS.iframe} ${PAYLOADS.script} ${PAYLOADS.singleAttr}`;
const NAMES = {
  en: `${ENGLISH_WORD} ${PAYLOADS.script} ${PAYLOADS.img} ${PAYLOADS.attr}`,
  id: `Kain Ikat ${tag} ${PAYLOADS.title} ${PAYLOADS.svg} ${PAYLOADS.template}`,
  ar: `قماش ${tag} ${PAYLOADS.iframe} ${PAYLOADS.details} ${PAYLOADS.href}`,
} as const;
type Locale = keyof typeof NAMES;
const LOCALES = Object.keys(NAMES) as Locale[];
const SHORT = (locale: Locale) => `${locale}: ${ALL}`;
/** Harmless formatting that must survive, around every payload. */
const FORMATTED: Record<Locale, string> = {
  en: '<p>Hand-woven <strong>cotton</strong> from <em>Sumba</em>. <a href="https://example.com/kain">More</a></p>',
  id: '<p>Tenun <strong>katun</strong> dari <em>Sumba</em>. <a href="https://example.com/kain">Lagi</a></p>',
  ar: '<p>قطن <strong>منسوج</strong> من <em>سومبا</em>. <a href="https://example.com/kain">المزيد</a></p>',
};
const STRONG: Record<Locale, string> = { en: 'cotton', id: 'katun', ar: 'منسوج' };
const DESCRIPTION = (locale: Locale) => `${FORMATTED[locale]}<p>${ALL}</p>${ALL}<ul><li>${PAYLOADS.img}</li></ul>`;
const SHOP_DESCRIPTION = `<p>Toko <strong>kain</strong> tenun.</p>${ALL}`;

interface Created {
  sellerEmail: string;
  shop: { id: number; slug: string };
  product: { id: number; slug: string };
  orderId?: number;
}
const created: Partial<Created> = {};

let seller: APIRequestContext;

test.describe.configure({ mode: 'serial', timeout: 60_000 });

test.beforeAll(async () => {
  // A new shop: its name and its owner's texts are typed at registration (a phone is digits only).
  seller = await request.newContext({ baseURL: baseUrl(), extraHTTPHeaders: XHR });
  const digits = `${tag}${Math.floor(Math.random() * 10)}`;
  const sellerEmail = `xss-${tag}@test.example`;
  const registered = await seller.post('/api/shop/register', {
    data: {
      name: OWNER_NAME,
      email: sellerEmail,
      phone: `87${digits}`,
      password: 'password',
      shop_name: SHOP_NAME,
      shop_address: REGISTERED_ADDRESS,
      shop_phone: `021${digits}`,
    },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  type Own = { data: { shop: { id: number; slug: string; name: string; address: string } } };
  const own = ((await (await seller.get('/api/seller/shop')).json()) as Own).data.shop;
  expect(own).toMatchObject({ name: SHOP_NAME, address: REGISTERED_ADDRESS });
  created.sellerEmail = sellerEmail;
  created.shop = own;
});

test.afterAll(async () => {
  await seller?.dispose();
});

async function open(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(path);
  await waitForHydration(page);
  return page;
}

/** The sanitised description on the page: its formatting kept, the payloads' markup gone. */
async function expectFormatted(page: Page, container: string, strong: string) {
  const description = page.locator(container).first();
  await expect(description.locator('strong').first()).toHaveText(strong);
  await expect(description.locator('em').first()).toBeVisible();
  await expect(description.locator('a[href="https://example.com/kain"]')).toHaveAttribute(
    'rel',
    /noopener noreferrer nofollow/,
  );
  // `<a href="javascript:…">link</a>` keeps its text, not its address: every link left goes to the web.
  await expect(description).toContainText('link');
  await expect(description.locator('a[href]:not([href^="https://"])')).toHaveCount(0);
  await expect(description.locator('script, svg, details, iframe, style, img[onerror]')).toHaveCount(0);
  // The template payload is only text.
  await expect(description).toContainText(PAYLOADS.template);
}

test('the operator’s shops waiting show the new shop’s name, owner and address as text', async ({ newContext }) => {
  const context = await newContext({ storageState: await roleState('admin', 'admin@example.com') });
  const dialogs = watchDialogs(context);
  const page = await open(context, '/operator');
  const entry = page.getByRole('listitem').filter({ hasText: SHOP_WORD });
  await expect(entry).toContainText(SHOP_NAME);
  await expect(entry).toContainText(OWNER_NAME);
  await expect(entry).toContainText(REGISTERED_ADDRESS);
  await expectInert(page, dialogs, 'operator');
  const approve = page.getByRole('button', { name: `Approve ${SHOP_NAME}` });
  const approved = page.waitForResponse((r) => r.url().endsWith(`/api/operator/shops/${created.shop?.id}/approve`));
  await approve.click();
  expect((await approved).status()).toBe(200);
  await expect(approve).toHaveCount(0);
  await expectInert(page, dialogs, 'operator, after approving');
});

test('the seller saves the texts through the API: the rich text keeps its formatting, the plain texts stay as typed', async () => {
  // The shop's profile: its description (rich text) and a new address; the phone takes digits only.
  const profile = await seller.post('/api/seller/shop/profile', {
    data: { description: SHOP_DESCRIPTION, address: PROFILE_ADDRESS },
  });
  expect(profile.ok(), await profile.text()).toBe(true);
  type Profile = { data: { profile: { description: string; address: string } } };
  const saved = ((await profile.json()) as Profile).data.profile;
  expect(saved.address).toBe(PROFILE_ADDRESS);
  expect(saved.description).toContain('<strong>kain</strong>');
  expect(saved.description).not.toMatch(/<script|<svg|<iframe|<details|<style|onerror|onload|javascript:/i);
  const phone = await seller.post('/api/seller/shop/profile', { data: { phone: PAYLOADS.img } });
  expect(phone.status()).toBe(422);

  // Vouchers have no free text: the code is letters, digits, dashes and underscores.
  const voucher = await seller.post('/api/seller/vouchers', {
    data: {
      code: `X${PAYLOADS.script}`,
      discount_type: 'Amount',
      discount: 1000,
      starts_at: new Date().toISOString(),
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    },
  });
  expect(voucher.status()).toBe(422);
  expect(Object.keys(((await voucher.json()) as { errors: object }).errors)).toEqual(['code']);

  // The product: a draft with every text in three languages, a photo, then published.
  type Options = { data: { categories: { id: number }[] } };
  const category = ((await (await seller.get('/api/seller/products/options')).json()) as Options).data.categories[0];
  expect(category).toBeDefined();
  const texts = Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      { name: NAMES[locale], short_description: SHORT(locale), description: DESCRIPTION(locale) },
    ]),
  );
  const draft = await seller.post('/api/seller/products', {
    data: { texts, category_id: category?.id, price: 125_000, stock: 50 },
  });
  expect(draft.ok(), await draft.text()).toBe(true);
  type Product = {
    data: {
      product: {
        id: number;
        slug: string;
        status: string;
        texts: Record<string, { name: string; short_description: string; description: string }>;
      };
    };
  };
  const { id } = ((await draft.json()) as Product).data.product;
  const photo = await seller.post(`/api/seller/products/${id}/photos`, {
    multipart: { photo: { name: 'front.png', mimeType: 'image/png', buffer: TINY_PNG } },
  });
  expect(photo.ok(), await photo.text()).toBe(true);
  const published = await seller.put(`/api/seller/products/${id}`, { data: { status: 'published' } });
  expect(published.ok(), await published.text()).toBe(true);
  const product = ((await published.json()) as Product).data.product;
  expect(product.status).toBe('published');
  for (const locale of LOCALES) {
    const stored = product.texts[locale];
    expect(stored?.name).toBe(NAMES[locale]);
    expect(stored?.short_description).toBe(SHORT(locale));
    expect(stored?.description).toContain(`<strong>${STRONG[locale]}</strong>`);
    expect(stored?.description).not.toMatch(/<script|<svg|<iframe|<details|<style|onerror|onload|javascript:/i);
  }
  created.product = { id, slug: product.slug };

  // Shoppers find it within a second (the catalogue follows changes within a poll).
  await expect
    .poll(
      async () =>
        (
          await api<{ data: { products: { id: number }[] } }>(
            `/api/products?search=${encodeURIComponent(ENGLISH_WORD)}`,
          )
        ).data.products.some((p) => p.id === id),
      { timeout: 5_000 },
    )
    .toBe(true);
});

test('the product’s page in English, Indonesian and Arabic shows the texts as text and runs none', async ({
  newContext,
}) => {
  const { slug } = created.product!;
  for (const locale of LOCALES) {
    const context = await newContext();
    await context.addCookies([{ name: 'locale', value: locale, url: baseUrl() }]);
    const dialogs = watchDialogs(context);
    const page = await open(context, `/products/${slug}/details`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(NAMES[locale]);
    expect(await page.title()).toContain(NAMES[locale]);
    await expect(page.getByRole('main')).toContainText(SHORT(locale));
    await expect(page.getByRole('main')).toContainText(SHOP_NAME);
    await expectFormatted(page, '.product-description', STRONG[locale]);
    await expectInert(page, dialogs, `product page (${locale})`);
    await context.close();
  }
});

test('search, suggestions, the shop’s page and home show the texts as text and run none', async ({ newContext }) => {
  const { slug } = created.product!;
  const shop = created.shop!;
  const context = await newContext();
  const dialogs = watchDialogs(context);
  const card = (page: Page) => page.locator(`main a[href="/products/${slug}/details"]`).first();

  const search = await open(context, `/search?q=${encodeURIComponent(ENGLISH_WORD)}`);
  await expect(card(search)).toBeVisible();
  await expect(search.getByRole('main')).toContainText(NAMES.en);
  await expectInert(search, dialogs, 'search page');

  // Suggestions: the product by its name, the shop by its.
  const box = search.getByRole('banner').getByRole('combobox').first();
  const suggestions = search.getByRole('listbox', { name: 'Suggestions' }).first();
  await box.fill(ENGLISH_WORD);
  await expect(suggestions.getByRole('option').filter({ hasText: NAMES.en })).toBeVisible();
  await expectInert(search, dialogs, 'product suggestions');
  await box.fill(SHOP_WORD);
  await expect(suggestions.getByRole('option').filter({ hasText: SHOP_NAME })).toBeVisible();
  await expectInert(search, dialogs, 'shop suggestions');

  const shopPage = await open(context, `/shops/${shop.slug}`);
  await expect(shopPage.getByRole('heading', { level: 1 })).toHaveText(SHOP_NAME);
  expect(await shopPage.title()).toContain(SHOP_NAME);
  await expect(shopPage.getByRole('main')).toContainText(PROFILE_ADDRESS);
  await expect(card(shopPage)).toBeVisible();
  await expect(shopPage.getByRole('main')).toContainText(NAMES.en);
  await expectInert(shopPage, dialogs, 'shop page');
  // The profile's description, on the shop's About tab.
  await shopPage.getByRole('link', { name: 'About the shop' }).click();
  await expect(shopPage).toHaveURL(/\?tab=about$/);
  const about = shopPage.getByRole('region', { name: 'About the shop' });
  await expect(about.locator('strong').first()).toHaveText('kain');
  await expect(about.locator('script, svg, details, iframe, style, img[onerror]')).toHaveCount(0);
  await expectInert(shopPage, dialogs, 'shop page, about');

  // Home lists the newest products: this one among them once the home reply is built again.
  await expect
    .poll(
      async () =>
        (
          await api<{ data: { just_for_you: { products: { slug: string }[] } } }>('/api/home')
        ).data.just_for_you.products.some((p) => p.slug === slug),
      { timeout: 5_000 },
    )
    .toBe(true);
  // The page's own home call (another language or page size) may be served its previous reply
  // once while it is rebuilt after the change: open it again until the card is there.
  const home = await open(context, '/');
  await expect
    .poll(
      async () => {
        if (await card(home).count()) return true;
        await home.reload();
        await waitForHydration(home);
        return (await card(home).count()) > 0;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  await expect(card(home)).toBeVisible();
  await expect(card(home)).toContainText(NAMES.en);
  await expectInert(home, dialogs, 'home page');
});

test('the cart, checkout and the shopper’s order show the texts as text and run none', async ({ newContext }) => {
  const product = created.product!;
  const { api: shopper } = await signInShopper(SHOPPER.email, {
    name: 'Citra',
    phone: '081234567815',
    address_line: 'Jl. Kenanga 5',
  });
  try {
    const added = await shopper.post('/api/cart/store', { data: { product_id: product.id, quantity: 1 } });
    expect(added.ok(), await added.text()).toBe(true);
    const context = await newContext({ storageState: await shopper.storageState() });
    const dialogs = watchDialogs(context);
    const page = await open(context, '/');

    await page
      .getByRole('banner')
      .getByRole('button', { name: /^My Cart \(\d+\)$/ })
      .click();
    const drawer = page.getByRole('dialog', { name: 'My Cart' });
    const group = drawer.getByRole('region', { name: SHOP_NAME });
    await expect(group).toContainText(NAMES.en);
    await expectInert(page, dialogs, 'cart');
    await group.getByRole('checkbox', { name: `Select ${SHOP_NAME}` }).check();
    await drawer.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await waitForHydration(page);
    const line = page.getByTestId('checkout-line').filter({ hasText: NAMES.en });
    await expect(line).toBeVisible();
    await expect(page.getByTestId('checkout-shop')).toContainText(SHOP_NAME);
    await expectInert(page, dialogs, 'checkout');

    await expect(page.getByRole('radio', { name: 'Cash on delivery' })).toBeChecked();
    await page.getByRole('button', { name: 'Place Order' }).click();
    const code = (await page.getByTestId('order-confirm').getByTestId('order-code').first().innerText()).trim();
    type Orders = { data: { orders: { id: number; order_code: string }[] } };
    const orders = ((await (await shopper.get('/api/orders')).json()) as Orders).data.orders;
    const order = orders.find((o) => code.includes(o.order_code));
    expect(order, `the placed order ${code}`).toBeDefined();
    created.orderId = order!.id;
    await expectInert(page, dialogs, 'order placed');

    const details = await open(context, `/order-history/${order!.id}`);
    await expect(details.getByRole('main')).toContainText(NAMES.en);
    await expect(details.getByRole('main')).toContainText(SHOP_NAME);
    await expectInert(details, dialogs, 'order page');
  } finally {
    await shopper.dispose();
  }
});

test('the Seller Centre’s dashboard, products, editor, profile and order show the texts as text and run none', async ({
  newContext,
}) => {
  const product = created.product!;
  const context = await newContext({ storageState: await roleState('seller', created.sellerEmail!) });
  const dialogs = watchDialogs(context);

  const dashboard = await open(context, '/shop');
  await expect(dashboard.getByRole('heading', { level: 1 })).toHaveText(SHOP_NAME);
  await expectInert(dashboard, dialogs, 'Seller Centre dashboard');

  const list = await open(context, '/shop/products');
  await expect(list.getByRole('main')).toContainText(NAMES.en);
  await expectInert(list, dialogs, 'Seller Centre products');

  const editor = await open(context, `/shop/products/${product.id}`);
  const english = editor.getByRole('tabpanel', { name: 'English' });
  await expect(english.getByLabel('Name', { exact: true })).toHaveValue(NAMES.en);
  await expect(english.getByLabel('Short description', { exact: true })).toHaveValue(SHORT('en'));
  await expectFormatted(editor, '[role="tabpanel"]:not([hidden]) .ProseMirror', STRONG.en);
  await expectInert(editor, dialogs, 'Seller Centre product editor');
  await editor.getByRole('tab', { name: /العربية/ }).click();
  await expect(
    editor.getByRole('tabpanel', { name: /العربية/ }).getByLabel('Name (optional)', { exact: true }),
  ).toHaveValue(NAMES.ar);
  await expectInert(editor, dialogs, 'Seller Centre product editor, Arabic');

  const profile = await open(context, '/shop/profile');
  await expect(profile.getByLabel('Shop address')).toHaveValue(PROFILE_ADDRESS);
  await expect(profile.locator('.ProseMirror strong').first()).toHaveText('kain');
  await expectInert(profile, dialogs, 'Seller Centre profile');

  const order = await open(context, `/shop/orders/${created.orderId}`);
  await expect(order.getByRole('main')).toContainText(NAMES.en);
  await expectInert(order, dialogs, 'Seller Centre order');
});
