import { type BrowserContext, type BrowserContextOptions, type Page, request } from '@playwright/test';
import { api, type CategoriesData } from '../support/api';
import { seriousAxeViolations } from '../support/axe';
import { baseUrl, DESKTOP, PHONE, sidewaysOverflow, waitForHydration } from '../support/browser';
import { expect, test, watchContext } from '../support/fixtures';
import { deliver, placeBuyNow } from '../support/orders';
import { roleState, type SignedIn, signedInState, XHR } from '../support/session';

/**
 * Every page template of the shop, once. Each is checked with axe in English at desktop width and
 * in Arabic at 390 px (a public page once as a visitor and once signed in; `account` pages only
 * signed in: a visitor is sent home), and fails on any serious or critical violation. A new page
 * is one line here; the feature specs do not repeat whole-page axe passes.
 */
const PAGE_TEMPLATES: PageTemplate[] = [
  { name: 'home', path: '/' },
  { name: 'all products', path: '/products' },
  { name: 'categories', path: '/categories' },
  { name: 'category', path: async () => `/categories/${(await firstCategory()).slug}` },
  { name: 'subcategory', path: async () => `/categories/${(await firstCategory()).slug}/${await firstSubSlug()}` },
  { name: 'most popular', path: '/most-popular' },
  { name: 'best deal', path: '/best-deal' },
  { name: 'product', path: async () => `/products/${await productSlug()}/details` },
  { name: 'search', path: '/search?q=kopi' },
  { name: 'shops', path: '/shops' },
  { name: 'shop', path: async () => `/shops/${(await api<ShopsData>('/api/shops')).data.shops[0]!.slug}` },
  { name: 'flash sale', path: async () => `/flash-sale/${await flashSaleId()}` },
  { name: 'provinces', path: '/provinces' },
  {
    name: 'province',
    path: async () => `/provinces/${(await api<ProvincesData>('/api/provinces')).data.provinces[0]!.id}`,
  },
  { name: 'blogs', path: '/blogs' },
  { name: 'blog post', path: async () => `/blog/${(await api<BlogsData>('/api/blogs')).data.blogs[0]!.slug}` },
  { name: 'policy', path: '/privacy-policy' },
  { name: 'CMS page', path: '/page/cara-belanja' },
  { name: 'contact', path: '/contact-us' },
  { name: 'support', path: '/support' },
  {
    name: 'checkout',
    path: '/checkout',
    prepare: (context, signedIn) => (signedIn ? cartToCheckOut(context) : undefined),
  },
  { name: 'payment', path: async (state) => `/payment/${await sandboxPayment(state)}` },
  { name: 'pulsa', path: '/digital-product/pulsa/telkomsel' },
  { name: 'PLN token', path: '/digital-product/pln/token' },
  { name: 'digital payment', path: async (state) => `/digital-payment/${await digitalOrder(state)}` },
  { name: 'not found', path: '/no/such/page', status: 404 },
  { name: 'dashboard', path: '/dashboard', account: true },
  { name: 'order history', path: '/order-history', account: true },
  { name: 'digital order history', path: '/order-history?status=digital', account: true },
  { name: 'order details', path: async (state) => `/order-history/${await cashOrder(state)}`, account: true },
  { name: 'wishlist', path: '/wishlist', account: true },
  { name: 'profile', path: '/profile', account: true },
  { name: 'addresses', path: '/manage-address', account: true },
  { name: 'new address', path: '/manage-address/new', account: true },
  { name: 'edit address', path: async (ids) => `/manage-address/${ids.addressId}/edit`, account: true },
  { name: 'change password', path: '/change-password', account: true },
  { name: 'messages', path: '/massages', account: true },
  { name: 'return orders', path: '/returned-order-history', account: true },
  { name: 'return form', path: async (state) => `/return-product/${await deliveredOrder(state)}`, account: true },
  {
    name: 'return details',
    path: async (state) => `/returned-order-history/${await returnOfNewOrder(state)}`,
    account: true,
  },
  { name: 'support tickets', path: '/support-tickets', account: true },
  { name: 'support ticket', path: async (state) => `/support-ticket/${await supportTicket(state)}`, account: true },
  // The Seller Centre and the operator screen: sign-in pages for everyone, the rest for their role.
  { name: 'seller sign-in', path: '/shop/login' },
  { name: 'become a seller', path: '/shop/register' },
  { name: 'operator sign-in', path: '/operator/login' },
  { name: 'seller dashboard', path: '/shop', role: 'seller' },
  { name: 'seller orders', path: '/shop/orders', role: 'seller' },
  { name: 'seller order', path: async (state) => `/shop/orders/${await cashOrder(state)}`, role: 'seller' },
  { name: 'seller returns', path: '/shop/returns', role: 'seller' },
  { name: 'seller return', path: async (state) => `/shop/returns/${await returnOfNewOrder(state)}`, role: 'seller' },
  { name: 'seller inbox', path: '/shop/messages', role: 'seller' },
  { name: 'seller sales period', path: '/shop?days=90', role: 'seller' },
  { name: 'seller earnings', path: '/shop/earnings', role: 'seller' },
  { name: 'seller vouchers', path: '/shop/vouchers', role: 'seller' },
  { name: 'seller new voucher', path: '/shop/vouchers/new', role: 'seller' },
  { name: 'seller voucher', path: async () => `/shop/vouchers/${await sellerVoucher()}`, role: 'seller' },
  { name: 'seller flash sales', path: '/shop/flash-sales', role: 'seller' },
  { name: 'seller shop profile', path: '/shop/profile', role: 'seller' },
  { name: 'seller products', path: '/shop/products', role: 'seller' },
  { name: 'seller new product', path: '/shop/products/new', role: 'seller' },
  { name: 'seller product', path: async () => `/shop/products/${await sellerProduct()}`, role: 'seller' },
  { name: 'seller stock and prices', path: '/shop/products/stock', role: 'seller' },
  { name: 'seller import', path: '/shop/products/import', role: 'seller' },
  { name: 'seller security', path: '/shop/security', role: 'seller' },
  { name: 'operator', path: '/operator', role: 'admin' },
  { name: 'operator security', path: '/operator/security', role: 'admin' },
  { name: 'operator shops', path: '/operator/shops', role: 'admin' },
  { name: 'operator product approvals', path: '/operator/products', role: 'admin' },
  { name: 'operator withdrawals', path: '/operator/withdrawals', role: 'admin' },
  { name: 'operator returns', path: '/operator/returns', role: 'admin' },
  { name: 'operator settings', path: '/operator/settings', role: 'admin' },
  { name: 'operator catalogue', path: '/operator/catalogue', role: 'admin' },
  { name: 'operator catalogue colours', path: '/operator/catalogue?tab=colours', role: 'admin' },
  { name: 'operator balances', path: '/operator/balances', role: 'admin' },
  { name: 'operator audit log', path: '/operator/audit-log', role: 'admin' },
  { name: 'operator flash sales', path: '/operator/flash-sales', role: 'admin' },
  { name: 'operator vouchers', path: '/operator/vouchers', role: 'admin' },
  { name: 'operator orders', path: '/operator/orders', role: 'admin' },
  { name: 'operator users', path: '/operator/users', role: 'admin' },
  { name: 'operator delivery and tax', path: '/operator/delivery-tax', role: 'admin' },
  { name: 'operator contact messages', path: '/operator/messages', role: 'admin' },
  { name: 'operator banners and ads', path: '/operator/banners', role: 'admin' },
  { name: 'operator ads', path: '/operator/banners?placement=ads', role: 'admin' },
  { name: 'operator pages', path: '/operator/pages', role: 'admin' },
  { name: 'operator blog posts', path: '/operator/blogs', role: 'admin' },
];

interface PageTemplate {
  name: string;
  path: string | ((state: SignedIn) => Promise<string>);
  /** Sets the page's context up before it loads (signed in or not). */
  prepare?: (context: BrowserContext, signedIn: boolean) => Promise<void> | undefined;
  /** Only for a signed-in shopper. */
  account?: boolean;
  /**
   * Only for the seller of the shop the shopper's orders go to (productInStock's), or the
   * operator: checked signed in as them, not as the shopper.
   */
  role?: 'seller' | 'admin';
  status?: number;
}

interface ShopsData {
  data: { shops: { slug: string }[] };
}
interface ProvincesData {
  data: { provinces: { id: number }[] };
}
interface BlogsData {
  data: { blogs: { slug: string }[] };
}

async function firstCategory() {
  const category = (await api<CategoriesData>('/api/categories')).data.categories.find((c) => c.sub_categories[0]);
  if (!category) throw new Error('the demo has a category with subcategories');
  return category;
}
async function firstSubSlug() {
  return (await firstCategory()).sub_categories[0]!.slug;
}
async function productSlug() {
  const products = (await api<{ data: { products: { slug: string; quantity: number }[] } }>('/api/products')).data
    .products;
  const product = products.find((p) => p.quantity > 0);
  if (!product) throw new Error('the demo has a product in stock');
  return product.slug;
}

async function productInStock() {
  const products = (
    await api<{
      data: { products: { id: number; quantity: number; colors: unknown[]; sizes: unknown[]; shop: { id: number } }[] };
    }>('/api/products?per_page=100')
  ).data.products;
  const product = products.find((p) => p.quantity > 10 && p.colors.length === 0 && p.sizes.length === 0);
  if (!product) throw new Error('the demo has a stocked product without colours or sizes');
  return product;
}

/** The demo seller of the shop productInStock() sells from: `<shop-slug>@example.com`. */
async function stockedShopSeller() {
  const product = await productInStock();
  const shop = (await api<{ data: { shop: { slug: string } } }>(`/api/shops/${product.shop.id}`)).data.shop;
  return `${shop.slug}@example.com`;
}

/** A line in the signed-in shopper's cart with its shop ticked, so checkout shows a whole order. */
async function cartToCheckOut(context: BrowserContext) {
  const product = await productInStock();
  const added = await context.request.post('/api/cart/store', { headers: XHR, data: { product_id: product.id } });
  if (!added.ok()) throw new Error(`adding to the cart answered ${added.status()}`);
  await context.addInitScript((shopId) => {
    localStorage.setItem(
      'cart-selection',
      JSON.stringify({ state: { selectedShopIds: [shopId], couponCode: null }, version: 0 }),
    );
  }, product.shop.id);
}

/** A buy-now order of the signed-in shopper, placed through the API: its payment. */
async function placeOrder(state: SignedIn, paymentMethod: 'cash' | 'sandbox') {
  const context = await request.newContext({ baseURL: baseUrl(), extraHTTPHeaders: XHR, storageState: state.storage });
  try {
    return await placeBuyNow(context, { product: await productInStock(), addressId: state.addressId, paymentMethod });
  } finally {
    await context.dispose();
  }
}

/** A pending sandbox payment of the signed-in shopper. */
async function sandboxPayment(state: SignedIn) {
  return (await placeOrder(state, 'sandbox')).id;
}

/** An unpaid Telkomsel pulsa order of the signed-in shopper (sandbox gateway), for /digital-payment. */
async function digitalOrder(state: SignedIn) {
  const context = await request.newContext({ baseURL: baseUrl(), extraHTTPHeaders: XHR, storageState: state.storage });
  try {
    type Products = { data: { products: { id: number; in_stock: boolean }[] } };
    const listed = await context.get('/api/digital/products?operator=telkomsel');
    const product = ((await listed.json()) as Products).data.products.find((p) => p.in_stock);
    if (!product) throw new Error('the demo has a Telkomsel denomination in stock');
    const made = await context.post('/api/digital/orders', {
      headers: { 'idempotency-key': `a11y-${Date.now()}-${Math.random().toString(16).slice(2)}` },
      data: { product_id: product.id, customer_number: '081298765431', payment_method: 'sandbox' },
    });
    if (!made.ok()) throw new Error(`digital/orders answered ${made.status()}: ${await made.text()}`);
    return ((await made.json()) as { data: { order: { id: number } } }).data.order.id;
  } finally {
    await context.dispose();
  }
}

/** A Pending cash order of the signed-in shopper, for its details page. */
async function cashOrder(state: SignedIn) {
  return (await placeOrder(state, 'cash')).orders[0]!.id;
}

/** One of the vouchers of the shop the seller templates are checked as (a new one if it has none). */
async function sellerVoucher() {
  const context = await request.newContext({
    baseURL: baseUrl(),
    extraHTTPHeaders: XHR,
    storageState: await roleState('seller', await stockedShopSeller()),
  });
  try {
    type Vouchers = { data: { vouchers: { id: number }[] } };
    const listed = ((await (await context.get('/api/seller/vouchers?state=active')).json()) as Vouchers).data.vouchers;
    if (listed[0]) return listed[0].id;
    const starts = new Date();
    const created = await context.post('/api/seller/vouchers', {
      data: {
        code: `AXE${Date.now() % 100000}`,
        discount_type: 'Percentage',
        discount: 10,
        starts_at: starts.toISOString(),
        expires_at: new Date(starts.getTime() + 30 * 86_400_000).toISOString(),
      },
    });
    if (!created.ok()) throw new Error(`making a voucher answered ${created.status()}: ${await created.text()}`);
    return ((await created.json()) as { data: { voucher: { id: number } } }).data.voucher.id;
  } finally {
    await context.dispose();
  }
}

/** One of the products of the shop the seller templates are checked as, with its photos. */
async function sellerProduct() {
  const context = await request.newContext({
    baseURL: baseUrl(),
    extraHTTPHeaders: XHR,
    storageState: await roleState('seller', await stockedShopSeller()),
  });
  try {
    type Products = { data: { products: { id: number; cover: string | null }[] } };
    const listed = ((await (await context.get('/api/seller/products?status=published')).json()) as Products).data
      .products;
    const product = listed.find((p) => p.cover) ?? listed[0];
    if (!product) throw new Error('the stocked shop has published products');
    return product.id;
  } finally {
    await context.dispose();
  }
}

/** A delivered cash order of the signed-in shopper (the development route moves it, APP_ENV=local). */
async function deliveredOrder(state: SignedIn) {
  const orderId = await cashOrder(state);
  const context = await request.newContext({ baseURL: baseUrl(), extraHTTPHeaders: XHR, storageState: state.storage });
  try {
    await deliver(context, orderId);
    return orderId;
  } finally {
    await context.dispose();
  }
}

/** A return of every line of a new delivered order of the signed-in shopper. */
async function returnOfNewOrder(state: SignedIn) {
  const orderId = await deliveredOrder(state);
  const context = await request.newContext({ baseURL: baseUrl(), extraHTTPHeaders: XHR, storageState: state.storage });
  try {
    type Details = { data: { order: { products: { id: number }[] } } };
    const details = (await (await context.get(`/api/order-details?order_id=${orderId}`)).json()) as Details;
    const made = await context.post('/api/return-order', {
      data: {
        order_id: orderId,
        product_ids: details.data.order.products.map((p) => p.id),
        reason: 'Wrong size',
        bank_account_number: '1234567890',
        bank_name: 'BCA',
        return_address: 'Jl. Merdeka 1, Jakarta',
      },
    });
    if (!made.ok()) throw new Error(`return-order answered ${made.status()}: ${await made.text()}`);
    return ((await made.json()) as { data: { return_order: { id: number } } }).data.return_order.id;
  } finally {
    await context.dispose();
  }
}

/** A ticket of the signed-in shopper with a png attached, opened through the API. */
async function supportTicket(state: SignedIn) {
  const context = await request.newContext({ baseURL: baseUrl(), extraHTTPHeaders: XHR, storageState: state.storage });
  try {
    const opened = await context.post('/api/support-ticket', {
      multipart: {
        issue_type: '1',
        subject: 'Where is my parcel?',
        message: 'It has not arrived yet.',
        email: 'rina.wijaya@mail.example.com',
        'attachments[]': {
          name: 'proof.png',
          mimeType: 'image/png',
          buffer: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32)]),
        },
      },
    });
    if (!opened.ok()) throw new Error(`support-ticket answered ${opened.status()}: ${await opened.text()}`);
    return ((await opened.json()) as { data: { support_ticket: { ticket_no: string } } }).data.support_ticket.ticket_no;
  } finally {
    await context.dispose();
  }
}

async function flashSaleId() {
  const sales = (await api<{ data: { running_flash_sale: { id: number } | null } }>('/api/flash-sales')).data;
  if (!sales.running_flash_sale) throw new Error('the demo has a running flash sale');
  return sales.running_flash_sale.id;
}

const VIEWS: { name: string; locale: 'en' | 'ar'; options: BrowserContextOptions }[] = [
  { name: 'English, 1280 px', locale: 'en', options: { ...DESKTOP, viewport: { width: 1280, height: 900 } } },
  { name: 'Arabic, 390 px', locale: 'ar', options: PHONE },
];

/** Loads the page as a person sees it: hydrated, its own calls done. */
async function settle(page: Page, path: string, status: number) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(status);
  // An account page a visitor opens sends them home: the session must have held.
  expect(new URL(page.url()).pathname, 'no redirect').toBe(new URL(path, baseUrl()).pathname);
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
}

test('the axe set-up of this tier finds what it should: a serious, a critical and an experimental rule', async ({
  newContext,
}) => {
  const context = await newContext({ ...PHONE });
  await context.addCookies([{ name: 'locale', value: 'ar', url: baseUrl() }]);
  const page = await context.newPage();
  await settle(page, '/contact-us', 200);
  expect(await seriousAxeViolations(page)).toEqual([]);
  // A button without a name (critical), grey on white text (serious) and a link whose name does
  // not contain its visible label (label-content-name-mismatch, which axe runs only when asked).
  await page.evaluate(() => {
    const main = document.querySelector('main') ?? document.body;
    main.insertAdjacentHTML(
      'afterbegin',
      '<button type="button" id="axe-nameless"></button>' +
        '<p id="axe-faint" style="color:#ddd;background:#fff">faint words</p>' +
        '<a id="axe-mismatch" href="/" aria-label="Elsewhere">Home page</a>',
    );
  });
  const found = await seriousAxeViolations(page);
  expect(found.find((v) => v.startsWith('button-name:'))).toContain('#axe-nameless');
  expect(found.find((v) => v.startsWith('color-contrast:'))).toContain('#axe-faint');
  expect(found.find((v) => v.startsWith('label-content-name-mismatch:'))).toContain('#axe-mismatch');
});

type Audience = 'visitor' | 'signed in' | 'seller' | 'admin';
type View = (typeof VIEWS)[number];

/**
 * One page per view and audience in each worker, navigated from template to template, as a person
 * goes from page to page. A new context and tab per check cost Chromium ~1.3 s of CPU before the
 * page even loads, and ~1.5 s more to fetch and compile the shop's scripts again with an empty
 * cache; on two shared cores that was most of the sweep's time. A template that changes its
 * context first (`prepare`) still gets a context of its own.
 */
const sweep = test.extend<object, { viewPage: (view: View, audience: Audience) => Promise<Page> }>({
  viewPage: [
    async ({ browser }, use) => {
      const opened = new Map<string, Promise<Page>>();
      const open = async (view: View, audience: Audience) => {
        const storageState = await storageFor(audience);
        const context = await browser.newContext({
          baseURL: baseUrl(),
          ...view.options,
          ...(storageState ? { storageState } : {}),
        });
        await watchContext(context);
        await context.addCookies([{ name: 'locale', value: view.locale, url: baseUrl() }]);
        return context.newPage();
      };
      await use(async (view, audience) => {
        const key = `${view.name}|${audience}`;
        const known = opened.get(key);
        if (known && !(await known).isClosed()) return known;
        const page = open(view, audience);
        opened.set(key, page);
        // One that failed to open (a sign-in that did not answer) is opened again by the next test.
        page.catch(() => opened.get(key) === page && opened.delete(key));
        return page;
      });
      for (const page of opened.values()) await (await page.catch(() => null))?.context().close();
    },
    { scope: 'worker' },
  ],
});

async function storageFor(audience: Audience) {
  if (audience === 'signed in') return (await signedInState()).storage;
  if (audience === 'seller') return roleState('seller', await stockedShopSeller());
  if (audience === 'admin') return roleState('admin', 'admin@example.com');
  return undefined;
}

sweep.describe('accessibility of every page template', () => {
  // The templates do not depend on each other: both workers share them.
  sweep.describe.configure({ mode: 'parallel', timeout: 120_000 });

  for (const template of PAGE_TEMPLATES) {
    sweep(`${template.name}: no serious or critical axe violation`, async ({ newContext, viewPage }) => {
      const state = await signedInState();
      const path = typeof template.path === 'string' ? template.path : await template.path(state);
      // An axe pass costs seconds on two shared cores, so each template is checked twice, not four
      // times: a public page as a visitor in English at desktop width and signed in in Arabic at
      // 390 px (both audiences, both directions, both widths); an account, seller or operator page
      // as its user, both views.
      const runs = VIEWS.map((view, i) => ({
        view,
        audience: template.role ?? (template.account || i === 1 ? ('signed in' as const) : ('visitor' as const)),
      }));
      const found: string[] = [];
      for (const { view, audience } of runs) {
        let page: Page;
        if (template.prepare) {
          const storageState = await storageFor(audience);
          const context = await newContext({ ...view.options, ...(storageState ? { storageState } : {}) });
          await context.addCookies([{ name: 'locale', value: view.locale, url: baseUrl() }]);
          await template.prepare(context, audience === 'signed in');
          page = await context.newPage();
        } else {
          page = await viewPage(view, audience);
        }
        await settle(page, path, template.status ?? 200);
        expect(await page.locator('html').getAttribute('lang'), `${path} ${view.name}`).toBe(view.locale);
        for (const v of await seriousAxeViolations(page)) found.push(`${audience}, ${view.name}: ${v}`);
        const overflow = await sidewaysOverflow(page);
        if (overflow > 0) found.push(`${audience}, ${view.name}: the page scrolls sideways by ${overflow}px`);
        if (template.prepare) await page.context().close();
      }
      expect(found, path).toEqual([]);
    });
  }
});
