import assert from 'node:assert/strict';
import type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';
import { api } from '../support/api';
import { seriousAxeViolations } from '../support/axe';
import { baseUrl, DESKTOP, PHONE, waitForHydration } from '../support/browser';
import { openPageIn, test } from '../support/fixtures';
import { XHR } from '../support/session';

/**
 * The cart in a real browser against the real server: adding from the product page
 * and from cards, the "My Cart" drawer grouped by shop, quantities, vouchers, the toasts in
 * English and Arabic, the visitor's login dialog, the drawer at 390 px and axe on it.
 *
 * A seeded shopper no other spec signs in as, so her cart is this file's alone.
 */
const SHOPPER = { email: 'galih.nugroho@mail.example.com', password: 'password' };

interface Card {
  id: number;
  slug: string;
  name: string;
  quantity: number;
  is_digital: boolean;
  shop: { id: number; name: string };
}
interface Variant {
  id: number;
  name: string;
  price: number;
}
interface CartLineReply {
  id: number;
  cart_item_id: number;
  quantity: number;
  price: number;
  discount_price: number;
  subtotal: number;
  color: Variant | null;
  size: Variant | null;
}
interface CartReply {
  data: { total: number; cart_items: { shop_id: number; products: CartLineReply[] }[] };
}
interface VouchersReply {
  data: { coupons: { id: number; code: string; is_collected: boolean }[] };
}

async function signIn(context: BrowserContext): Promise<APIRequestContext> {
  // The context's own request client: the session cookie lands in the browser context too.
  const request = context.request;
  const login = await request.post('/api/login', {
    headers: XHR,
    data: { phone: SHOPPER.email, password: SHOPPER.password },
  });
  assert.ok(login.ok(), `login answered ${login.status()}`);
  return request;
}

async function emptyCart(request: APIRequestContext): Promise<void> {
  const cart = (await (await request.get('/carts', { headers: XHR })).json()) as CartReply;
  for (const group of cart.data.cart_items) {
    for (const line of group.products) {
      const res = await request.post('/cart/delete', { headers: XHR, data: { cart_item_id: line.cart_item_id } });
      assert.ok(res.ok(), `delete answered ${res.status()}`);
    }
  }
}

async function cartNow(request: APIRequestContext): Promise<CartReply['data']> {
  return ((await (await request.get('/carts', { headers: XHR })).json()) as CartReply).data;
}

/** Two products in stock from two shops, the first shop having a voucher the shopper has not collected. */
async function pickProducts(request: APIRequestContext): Promise<{ a: Card; b: Card; voucherCode: string }> {
  const cards = (await api<{ data: { products: Card[] } }>('/api/products?per_page=100')).data.products.filter(
    (p) => p.quantity > 5 && !p.is_digital,
  );
  for (const a of cards) {
    const vouchers = (await (
      await request.get(`/api/get-vouchers?shop_id=${a.shop.id}`, { headers: XHR })
    ).json()) as VouchersReply;
    const free = vouchers.data.coupons.find((v) => !v.is_collected);
    const b = cards.find((p) => p.shop.id !== a.shop.id);
    if (free && b) return { a, b, voucherCode: free.code };
  }
  throw new Error('the demo has a shop with a collectable voucher and products in stock in another shop');
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A drawer line's control: "<action> <product>", with " (<colour>, <size>)" when the line has them. */
const lineControl = (action: string, name: string, after = '') =>
  new RegExp(`^${escaped(action)} ${escaped(name)}( \\(.+\\))?${escaped(after)}$`);

/** The header's cart button, named "My Cart (N)". */
const headerCart = (page: Page, label = 'My Cart') =>
  page.getByRole('banner').getByRole('button', { name: new RegExp(`^${label} \\(\\d+\\)$`) });

async function openDrawer(page: Page, label = 'My Cart'): Promise<Locator> {
  await headerCart(page, label).click();
  const drawer = page.getByRole('dialog', { name: label });
  // The dialog element itself has no box (its panel is fixed): wait for its content.
  await drawer.getByRole('heading', { name: label }).waitFor();
  return drawer;
}

/** The newest toast, which must be a cart toast: 3000 ms, no progress bar shown, no icon. */
async function cartToast(page: Page, text: string): Promise<Locator> {
  const toast = page.locator('.Toastify__toast').filter({ hasText: text }).first();
  await toast.waitFor();
  assert.equal(await toast.locator('.Toastify__toast-icon').count(), 0, 'a cart toast has no icon');
  assert.equal(await toast.locator('.Toastify__progress-bar--wrp').getAttribute('data-hidden'), 'true');
  const duration = await toast.locator('[role="progressbar"]').evaluate((el) => getComputedStyle(el).animationDuration);
  assert.equal(duration, '3s');
  return toast;
}

test.describe('the cart', () => {
  test.describe.configure({ mode: 'serial' });

  test("a visitor's add opens the login dialog with 'Please login first!'", async ({ openPage }) => {
    const { page, errors, close } = await openPage('/products');
    await page
      .getByRole('button', { name: /^Add .+ to cart$/ })
      .first()
      .click();
    await page.locator('.Toastify').getByText('Please login first!').waitFor();
    await page.getByRole('dialog', { name: 'Welcome' }).getByLabel('Email / Phone Number').waitFor();
    assert.deepEqual(errors, []);
    await close();
  });

  test('a shopper adds two products from two shops, changes quantities, collects a voucher and proceeds', async ({
    newContext,
  }) => {
    const context = await newContext(DESKTOP);
    const request = await signIn(context);
    await emptyCart(request);
    const { a, b } = await pickProducts(request);

    // Add to Cart on the product page: the toast names the product; 'View In Cart' opens the drawer.
    const { page, errors } = await openPageIn(context, `/products/${a.slug}/details`);
    await page.getByRole('main').getByRole('button', { name: 'Add to Cart' }).click();
    const added = await cartToast(page, 'has been added to cart');
    await added.getByText(a.name).waitFor();
    await page.getByRole('banner').getByRole('button', { name: 'My Cart (1)' }).waitFor();
    await added.getByRole('button', { name: 'View In Cart' }).click();
    let drawer = page.getByRole('dialog', { name: 'My Cart' });
    await drawer.getByRole('link', { name: a.name }).waitFor();
    await page.keyboard.press('Escape');
    await drawer.getByRole('heading').waitFor({ state: 'detached' });

    // The bag on a card of another shop.
    await page.goto(`/search?q=${encodeURIComponent(b.name)}`);
    await waitForHydration(page);
    await page
      .getByRole('button', { name: `Add ${b.name} to cart` })
      .first()
      .click();
    await cartToast(page, b.name);
    await page.getByRole('banner').getByRole('button', { name: 'My Cart (2)' }).waitFor();
    assert.equal((await cartNow(request)).cart_items.length, 2);

    // The drawer groups the lines by shop, each shop with its toggle.
    drawer = await openDrawer(page);
    const shopA = drawer.getByRole('region', { name: a.shop.name });
    const shopB = drawer.getByRole('region', { name: b.shop.name });
    await shopA.getByRole('link', { name: a.name }).waitFor();
    await shopB.getByRole('link', { name: b.name }).waitFor();

    // Quantities: + then -, each checked against the server's cart.
    await shopA.getByRole('button', { name: lineControl('Increase quantity of', a.name) }).click();
    await assertQuantity(shopA, a.name, '2');
    const afterIncrement = await cartNow(request);
    assert.equal(afterIncrement.cart_items.find((g) => g.shop_id === a.shop.id)?.products[0]?.quantity, 2);
    await shopA.getByRole('button', { name: lineControl('Decrease quantity of', a.name) }).click();
    await assertQuantity(shopA, a.name, '1');

    // Nothing selected: a toast and no navigation.
    await drawer.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.locator('.Toastify').getByText('Please select at least one shop').waitFor();
    assert.notEqual(new URL(page.url()).pathname, '/checkout');

    // Selecting shop A: Cart Amount is the server's checkout preview of that shop, with 2 decimals.
    await shopA.getByRole('checkbox', { name: `Select ${a.shop.name}` }).check();
    const preview = (await (
      await request.post('/api/cart/checkout', { headers: XHR, data: { shop_ids: [a.shop.id] } })
    ).json()) as { data: { checkout: { total_amount: number } } };
    const amount = new Intl.NumberFormat('id-ID', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
      preview.data.checkout.total_amount,
    );
    await drawer.getByText(new RegExp(`${amount.replace(/\./g, '\\.')}$`)).waitFor();

    // Apply Store voucher: "Voucher from" the shop; Collect becomes Collected and stays so.
    await shopA.getByRole('button', { name: 'Apply Store voucher' }).click();
    const vouchers = page.getByRole('dialog', { name: `Voucher from ${a.shop.name}` });
    await vouchers.getByText('Minimum Spend').first().waitFor();
    await vouchers.getByText('Validity till').first().waitFor();
    const collectedBefore = await vouchers.getByRole('button', { name: 'Collected' }).count();
    await vouchers.getByRole('button', { name: 'Collect', exact: true }).first().click();
    await expectCount(vouchers.getByRole('button', { name: 'Collected' }), collectedBefore + 1);
    assert.ok(await vouchers.getByRole('button', { name: 'Collected' }).first().isDisabled());
    const collected = (await (await request.get('/get-collected-vouchers', { headers: XHR })).json()) as VouchersReply;
    assert.ok(collected.data.coupons.length > 0, 'the server kept the collected voucher');
    await vouchers.getByRole('button', { name: 'Close' }).click();
    await vouchers.getByText('Minimum Spend').first().waitFor({ state: 'detached' });

    // Removing a line: 'has been remove to cart.'; 'Again Add to Cart' brings one unit back.
    await shopB.getByRole('button', { name: lineControl('Remove', b.name, ' from cart') }).click();
    await shopB.waitFor({ state: 'detached' });
    const removed = await cartToast(page, 'has been remove to cart.');
    // By keyboard: a click waits for the toast to stop sliding in, and on a busy machine its three
    // seconds can run out meanwhile.
    await removed.getByRole('button', { name: 'Again Add to Cart' }).focus();
    await page.keyboard.press('Enter');
    await drawer.getByRole('region', { name: b.shop.name }).getByRole('link', { name: b.name }).waitFor();
    assert.equal((await cartNow(request)).cart_items.length, 2);

    assert.deepEqual(errors, []);
    // With a shop selected, Proceed to Checkout goes to /checkout with that shop (the page has its own spec).
    await drawer.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout');
    await page.getByRole('main').getByText(a.name).first().waitFor();
    assert.equal(await page.getByRole('main').getByText(b.name).count(), 0, 'the unselected shop stays in the cart');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('toasts sit bottom-left in English and bottom-right in Arabic, in the page language', async ({ newContext }) => {
    const strings = await api<Record<string, string>>('/api/lang/ar');
    for (const locale of ['en', 'ar'] as const) {
      const context = await newContext(DESKTOP);
      await context.addCookies([{ name: 'locale', value: locale, url: baseUrl() }]);
      const request = await signIn(context);
      const { a } = await pickProducts(request);
      const { page } = await openPageIn(context, `/products/${a.slug}/details`);
      const t = (key: string) => (locale === 'ar' ? (strings[key] ?? key) : key);
      await page
        .getByRole('main')
        .getByRole('button', { name: t('Add to Cart') })
        .click();
      const toast = await cartToast(page, t('has been added to cart'));
      await toast.getByRole('button', { name: t('View In Cart') }).waitFor();
      const side = locale === 'ar' ? 'bottom-right' : 'bottom-left';
      await page.locator(`.Toastify__toast-container--${side}`).filter({ has: toast }).waitFor();
      const box = await toast.boundingBox();
      assert.ok(box);
      const width = DESKTOP.viewport?.width ?? 1366;
      assert.ok(locale === 'ar' ? box.x > width / 2 : box.x + box.width < width / 2, `${locale}: toast at x=${box.x}`);
      await context.close();
    }
  });

  test('the drawer at 390 px: full width, nothing overflows, the phone menu counts the cart', async ({
    newContext,
  }) => {
    const context = await newContext(PHONE);
    const request = await signIn(context);
    const { page, errors } = await openPageIn(context, '/');
    const count = (await cartNow(request)).total;
    assert.ok(count > 0, 'the cart from the test before is there');
    // The mobile menu's "My Cart" with its count opens the drawer too.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('dialog', { name: 'Menu' })
      .getByRole('button', { name: new RegExp(`My Cart.*${count}`) })
      .click();
    const drawer = page.getByRole('dialog', { name: 'My Cart' });
    await drawer.getByRole('button', { name: 'Proceed to Checkout' }).waitFor();
    // Measured once the drawer has slid in (and the menu has closed), not during the transition.
    await page.waitForFunction(() => document.getAnimations().length === 0);
    // No floating tab on small screens.
    assert.equal(await page.getByRole('button', { name: /Items/ }).count(), 0);
    const panel = drawer.locator('[id^="headlessui-dialog-panel"]');
    const geometry = await panel.evaluate((el) => ({
      width: el.getBoundingClientRect().width,
      scroll: el.scrollWidth,
      client: el.clientWidth,
      inner: Array.from(el.querySelectorAll('*')).every((child) => child.getBoundingClientRect().right <= 390.5),
    }));
    assert.ok(geometry.width <= 390, `panel width ${geometry.width}`);
    assert.ok(geometry.scroll <= geometry.client, 'no horizontal overflow');
    assert.ok(geometry.inner, 'every part of the drawer fits in 390 px');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('at 390 px, in Arabic: the added toast does not cover Proceed to Checkout; a collected voucher shows its whole code', async ({
    newContext,
  }) => {
    const strings = await api<Record<string, string>>('/api/lang/ar');
    const t = (key: string) => strings[key] ?? key;
    const context = await newContext(PHONE);
    await context.addCookies([{ name: 'locale', value: 'ar', url: baseUrl() }]);
    const request = await signIn(context);
    const { a } = await pickProducts(request);
    const { page, errors } = await openPageIn(context, `/products/${a.slug}/details`);
    await page
      .getByRole('main')
      .getByRole('button', { name: t('Add to Cart') })
      .click();
    await cartToast(page, t('has been added to cart'));
    // The header's bag, while the toast still shows: the drawer's button must be reachable at once.
    const drawer = await openDrawer(page, t('My Cart'));
    const proceed = drawer.getByRole('button', { name: t('Proceed to Checkout') });
    await proceed.waitFor();
    // Once the drawer has slid in, well within the toast's 3 s (not waiting for every animation:
    // the toast's own timer is one).
    await drawer.evaluate((el) =>
      Promise.all(
        el.ownerDocument
          .getAnimations()
          .filter((a) => a.effect instanceof KeyframeEffect && el.contains(a.effect.target as Node))
          .map((a) => a.finished),
      ),
    );
    // The toast leaves as the drawer opens (its exit takes under a second), long before its 3 s
    // would have run out; then nothing lies over the button.
    await page
      .locator('.Toastify__toast')
      .filter({ hasText: t('has been added to cart') })
      .waitFor({ state: 'detached', timeout: 1500 });
    const onTop = await proceed.evaluate((button) => {
      const box = button.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return button.contains(hit);
    });
    assert.ok(onTop, 'nothing lies over Proceed to Checkout');

    // The voucher modal at 390 px: a collected voucher's code is shown whole, not cut to "HE…".
    await drawer
      .getByRole('region', { name: a.shop.name })
      .getByRole('button', { name: t('Apply Store voucher') })
      .click();
    const vouchers = page.getByRole('dialog', { name: new RegExp(a.shop.name) });
    await vouchers.getByText(t('Minimum Spend')).first().waitFor();
    const collect = vouchers.getByRole('button', { name: t('Collect'), exact: true });
    if ((await collect.count()) > 0) {
      await collect.first().click();
      await vouchers
        .getByRole('button', { name: t('Collected') })
        .first()
        .waitFor();
    }
    await page.waitForFunction(() => document.getAnimations().length === 0);
    const codes = await vouchers
      .locator('code')
      .evaluateAll((nodes) => nodes.map((n) => ({ text: n.textContent ?? '', cut: n.scrollWidth > n.clientWidth })));
    const listed = (await (
      await request.get(`/api/get-vouchers?shop_id=${a.shop.id}`, { headers: XHR })
    ).json()) as VouchersReply;
    assert.deepEqual(
      codes.map((c) => c.text),
      listed.data.coupons.map((v) => v.code),
    );
    assert.ok(codes.length > 0 && codes.every((c) => !c.cut), JSON.stringify(codes));
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('logging in loads the cart into the header; logging out empties the cart and the selection', async ({
    newContext,
  }) => {
    const context = await newContext(DESKTOP);
    const { page, errors } = await openPageIn(context, '/');
    await page.getByRole('banner').getByRole('button', { name: 'My Cart (0)' }).waitFor();
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const login = page.getByRole('dialog', { name: 'Welcome' });
    await login.getByLabel('Email / Phone Number').fill(SHOPPER.email);
    await login.getByLabel('Password', { exact: true }).fill(SHOPPER.password);
    await login.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('button', { name: 'My account' }).waitFor();
    const count = (await cartNow(context.request)).total;
    assert.ok(count > 0);
    await page
      .getByRole('banner')
      .getByRole('button', { name: `My Cart (${count})` })
      .waitFor();
    const drawer = await openDrawer(page);
    await drawer.getByRole('checkbox').first().check();
    await page.keyboard.press('Escape');
    await drawer.getByRole('heading').waitFor({ state: 'detached' });
    const selected = () =>
      page.evaluate(() => JSON.parse(localStorage.getItem('cart-selection') ?? '{}').state?.selectedShopIds ?? []);
    assert.equal((await selected()).length, 1);

    await page.getByRole('button', { name: 'My account' }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page.getByRole('dialog', { name: 'Logout Confirmation' }).getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Logout successfully').waitFor();
    await page.getByRole('banner').getByRole('button', { name: 'My Cart (0)' }).waitFor();
    assert.deepEqual(await selected(), []);
    const emptied = await openDrawer(page);
    await emptied.getByText('Cart is empty').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  // One test per view: four axe passes in one test ran past its minute beside the page sweep.
  for (const view of [
    { name: 'English desktop', locale: 'en', options: DESKTOP },
    { name: 'Arabic phone', locale: 'ar', options: PHONE },
  ] as const) {
    test(`axe finds nothing serious in the open drawer and the voucher modal (${view.name})`, async ({
      newContext,
    }) => {
      const strings = await api<Record<string, string>>('/api/lang/ar');
      const found: string[] = [];
      const context = await newContext(view.options);
      await context.addCookies([{ name: 'locale', value: view.locale, url: baseUrl() }]);
      await signIn(context);
      const { page } = await openPageIn(context, '/');
      const t = (key: string) => (view.locale === 'ar' ? (strings[key] ?? key) : key);
      const drawer = await openDrawer(page, t('My Cart'));
      await drawer.getByRole('button', { name: t('Proceed to Checkout') }).waitFor();
      await page.waitForLoadState('networkidle');
      await page.waitForFunction(() => document.getAnimations().length === 0);
      for (const v of await seriousAxeViolations(page, '[role="dialog"]')) found.push(`${view.locale} drawer: ${v}`);
      await drawer
        .getByRole('button', { name: t('Apply Store voucher') })
        .first()
        .click();
      await page.getByText(t('Minimum Spend')).first().waitFor();
      // axe measures colours as painted: the modal's opening transition must be over.
      await page.waitForFunction(() => document.getAnimations().length === 0);
      for (const v of await seriousAxeViolations(page, '[role="dialog"]')) found.push(`${view.locale} vouchers: ${v}`);
      await context.close();
      assert.deepEqual(found, []);
    });
  }

  // Last: it empties the cart the tests above built on, and orders what it adds.
  test('two colours and sizes of one product are two lines, each with its own quantity and price, through checkout to the order', async ({
    newContext,
  }) => {
    const context = await newContext(DESKTOP);
    const request = await signIn(context);
    await emptyCart(request);
    await ensureAddress(request);
    const product = await pickVariantProduct();
    // The page opens on the cheapest choice; the second pair is other ones, a costlier colour if any.
    const byPrice = (list: Variant[]) => [...list].sort((x, y) => x.price - y.price);
    const [black, green] = [byPrice(product.colors)[0]!, byPrice(product.colors).at(-1)!];
    const [small, medium] = [byPrice(product.sizes)[0]!, byPrice(product.sizes).at(-1)!];

    const { page, errors } = await openPageIn(context, `/products/${product.slug}/details`);
    const main = page.getByRole('main');
    const choose = (option: Variant) =>
      main
        .locator('label')
        .filter({ has: page.getByRole('radio', { name: new RegExp(`^${escaped(option.name)}( \\+.*)?$`) }) })
        .click();
    const addAndSee = async (color: Variant, size: Variant) => {
      await choose(color);
      await choose(size);
      await main.getByRole('button', { name: 'Add to Cart' }).click();
      // The toast names the line the add went to.
      const toast = await cartToast(page, `Color: ${color.name}`);
      await toast.getByText(`Size: ${size.name}`).waitFor();
      await toast.getByText('has been added to cart').waitFor();
    };
    await addAndSee(black, small);
    await addAndSee(green, medium);
    await page.getByRole('banner').getByRole('button', { name: 'My Cart (2)' }).waitFor();

    const drawer = await openDrawer(page);
    const group = drawer.getByRole('region', { name: product.shop.name });
    const blackS = `${product.name} (${black.name}, ${small.name})`;
    const greenM = `${product.name} (${green.name}, ${medium.name})`;
    await assertQuantity(group, new RegExp(`^Quantity of ${escaped(blackS)}$`), '1');
    await assertQuantity(group, new RegExp(`^Quantity of ${escaped(greenM)}$`), '1');
    await group.getByRole('button', { name: `Increase quantity of ${greenM}` }).click();
    await assertQuantity(group, new RegExp(`^Quantity of ${escaped(greenM)}$`), '2');
    await assertQuantity(group, new RegExp(`^Quantity of ${escaped(blackS)}$`), '1');

    // The server keeps two lines, each priced with its own extras; the drawer shows those prices.
    const lines = (await cartNow(request)).cart_items.flatMap((g) => g.products);
    const lineOf = (color: Variant, size: Variant) => {
      const line = lines.find((l) => l.color?.id === color.id && l.size?.id === size.id);
      assert.ok(line, `a line of ${color.name} ${size.name}`);
      return line;
    };
    const [blackLine, greenLine] = [lineOf(black, small), lineOf(green, medium)];
    assert.deepEqual([blackLine.quantity, greenLine.quantity], [1, 2]);
    const unit = (l: CartLineReply) => l.discount_price || l.price;
    assert.equal(unit(greenLine) - unit(blackLine), green.price + medium.price - black.price - small.price);
    const whole = (n: number) => new Intl.NumberFormat('id-ID').format(n);
    const row = (name: string) =>
      group.locator('article').filter({ has: page.getByLabel(`Quantity of ${name}`, { exact: true }) });
    await row(blackS)
      .getByText(whole(unit(blackLine)), { exact: false })
      .first()
      .waitFor();
    await row(greenM)
      .getByText(whole(unit(greenLine)), { exact: false })
      .first()
      .waitFor();

    // Checkout: the same two lines, each with its colour, size, quantity and subtotal.
    await group.getByRole('checkbox', { name: `Select ${product.shop.name}` }).check();
    await drawer.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout');
    const checkoutLines = page.getByTestId('checkout-line');
    await checkoutLines.first().waitFor();
    assert.equal(await checkoutLines.count(), 2);
    const decimals = (n: number) =>
      new Intl.NumberFormat('id-ID', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
    for (const [line, color, size] of [
      [blackLine, black, small],
      [greenLine, green, medium],
    ] as const) {
      const shown = checkoutLines.filter({ hasText: `${color.name}` }).filter({ hasText: `Size: ${size.name}` });
      assert.equal(await shown.count(), 1, `one checkout line of ${color.name} ${size.name}`);
      assert.equal((await shown.getByTestId('checkout-line-quantity').textContent())?.trim(), String(line.quantity));
      await shown.getByText(decimals(line.subtotal), { exact: false }).waitFor();
    }

    await page.getByRole('button', { name: 'Place Order' }).click();
    const confirm = page.getByTestId('order-confirm');
    await confirm.waitFor();
    assert.equal((await cartNow(request)).total, 0, 'both lines were ordered');

    // The order: two lines of the product, each with its colour, size, quantity and price.
    type Orders = { data: { orders: { id: number; shop_id?: number }[] } };
    const [order] = ((await (await request.get('/api/orders', { headers: XHR })).json()) as Orders).data.orders;
    assert.ok(order);
    await page.goto(`/order-history/${order.id}`);
    await waitForHydration(page);
    const products = page.getByRole('main').getByRole('listitem').filter({ hasText: product.name });
    await products.first().waitFor();
    assert.equal(await products.count(), 2);
    for (const [color, size, quantity] of [
      [black, small, 1],
      [green, medium, 2],
    ] as const) {
      const line = products.filter({ hasText: `Colour: ${color.name} · Size: ${size.name}` });
      assert.equal(await line.count(), 1, `an order line of ${color.name} ${size.name}`);
      await line.getByText(`Qty: ${quantity}`).waitFor();
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
});

async function ensureAddress(request: APIRequestContext): Promise<void> {
  type Addresses = { data: { addresses: { id: number }[] } };
  const listed = ((await (await request.get('/api/addresses', { headers: XHR })).json()) as Addresses).data.addresses;
  if (listed.length > 0) return;
  const created = await request.post('/api/address/store', {
    headers: XHR,
    data: { name: 'Galih', phone: '081234567803', address_type: 'home', address_line: 'Jl. Braga 3', is_default: true },
  });
  assert.ok(created.ok(), `address answered ${created.status()}`);
}

/** A product in good stock with two colours or more and two sizes or more, not digital. */
async function pickVariantProduct() {
  type Listed = Card & { colors: Variant[]; sizes: Variant[] };
  const listed = (await api<{ data: { products: Listed[] } }>('/api/products?per_page=100')).data.products;
  const found = listed.find((p) => p.quantity >= 10 && !p.is_digital && p.colors.length >= 2 && p.sizes.length >= 2);
  if (!found) throw new Error('the demo has a product in stock with two colours and two sizes');
  return found;
}

async function assertQuantity(group: Locator, name: string | RegExp, value: string): Promise<void> {
  const output = typeof name === 'string' ? group.getByLabel(lineControl('Quantity of', name)) : group.getByLabel(name);
  for (let i = 0; i < 50; i++) {
    if ((await output.textContent())?.trim() === value) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal((await output.textContent())?.trim(), value);
}

async function expectCount(locator: Locator, count: number): Promise<void> {
  for (let i = 0; i < 50; i++) {
    if ((await locator.count()) === count) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(await locator.count(), count);
}
