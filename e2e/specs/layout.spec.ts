import assert from 'node:assert/strict';
import { api, type CategoriesData, type HomeData, type MasterData } from '../support/api';
import { PHONE, sidewaysOverflow } from '../support/browser';
import { test } from '../support/fixtures';

test.describe('public layout', () => {
  let master: MasterData['data'];

  test.beforeAll(async () => {
    master = (await api<MasterData>('/api/master')).data;
  });

  test('the mega-menu shows the hovered category’s subcategories, capped at 50', async ({ openPage }) => {
    const { categories } = (await api<CategoriesData>('/api/categories')).data;
    const { page, errors, close } = await openPage('/');
    await page.getByRole('button', { name: 'Categories' }).click();
    const list = page.getByRole('list', { name: 'Categories' });
    await list.waitFor();
    const panel = page.getByTestId('mega-menu-panel');

    const second = categories[1];
    assert.ok(second?.sub_categories[0]);
    await list.getByRole('link', { name: new RegExp(second.name) }).hover();
    await panel.getByRole('heading', { name: second.name }).waitFor();
    await panel.getByRole('link', { name: second.sub_categories[0].name, exact: true }).waitFor();

    const big = categories.find((c) => c.sub_categories.length > 50);
    assert.ok(big, 'the demo has a category with more than 50 subcategories');
    await list.getByRole('link', { name: new RegExp(big.name) }).hover();
    await panel.getByRole('heading', { name: big.name }).waitFor();
    const more = big.sub_categories.length - 50;
    await panel.getByRole('link', { name: `Lihat ${more} subkategori lainnya` }).waitFor();
    const shown = await panel.locator('ul > li > a').count();
    assert.equal(shown, 50);

    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'hidden' });
    assert.deepEqual(errors, []);
    await close();
  });

  test('switching to Arabic renders the next page right to left in Arabic', async ({ openPage }) => {
    const arabic = master.languages.find((l) => l.name === 'ar');
    assert.ok(arabic);
    const strings = await api<Record<string, string>>('/api/lang/ar');
    const { page, errors, close } = await openPage('/');
    await page.getByRole('button', { name: /English/ }).click();
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('option', { name: new RegExp(arabic.title) }).click(),
    ]);
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    assert.equal(await page.locator('html').getAttribute('lang'), 'ar');
    const sellerText = strings['Become a Seller'];
    assert.ok(sellerText, 'Arabic has the top bar text');
    await page.getByText(sellerText).first().waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('locale')), 'ar');

    // The server renders the chosen language on the next request (cookie), before any script runs.
    const html = await (await page.context().request.get('/', { headers: { cookie: 'locale=ar' } })).text();
    assert.match(html, /<html[^>]*dir="rtl"/);
    assert.deepEqual(errors, []);
    await close();
  });

  test('switching currency changes the prices without a reload', async ({ openPage }) => {
    const home = (await api<HomeData>('/api/home?page=1&per_page=12')).data;
    const product = home.just_for_you.products.find((p) => p.quantity > 0);
    assert.ok(product);
    const usd = master.currencies.find((c) => c.code === 'USD');
    assert.ok(usd);
    const { page, errors, close } = await openPage('/');
    const card = page.locator(`a[href="/products/${product.slug}/details"]`).first();
    const price = card.locator('span[dir="ltr"]').first();
    const before = await price.textContent();
    assert.match(before ?? '', /Rp/);
    await page.evaluate(() => {
      (window as unknown as { __noReload: boolean }).__noReload = true;
    });
    await page
      .getByRole('button', { name: /IDR|Rp/ })
      .first()
      .click();
    await page.getByRole('option', { name: /USD/ }).click();
    await page.waitForFunction((el) => (el?.textContent ?? '').includes('$'), await price.elementHandle());
    assert.equal(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload), true);
    const effective = product.discount_price > 0 ? product.discount_price : product.price;
    const expected = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 }).format(
      Math.round(effective * usd.rate_from_default),
    );
    assert.ok((await price.textContent())?.includes(expected), `${await price.textContent()} shows ${expected}`);
    assert.deepEqual(errors, []);
    await close();
  });

  test('the mobile menu opens at 390 px and nothing overflows sideways', async ({ openPage }) => {
    const { page, errors, close } = await openPage('/', PHONE);
    const overflow = await sidewaysOverflow(page);
    assert.ok(overflow <= 0, `page is ${overflow}px wider than the phone`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    // Headless UI's dialog root has no box of its own (its panel is fixed), so wait on the panel's content.
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await dialog.waitFor({ state: 'attached' });
    await dialog.getByText('Wishlist').first().waitFor();
    await dialog.getByText('My Cart').first().waitFor();
    assert.ok(master.menus.length > 0, 'the demo has menu links');
    for (const menu of master.menus.slice(0, 3)) await dialog.getByRole('link', { name: menu.name }).first().waitFor();
    assert.ok(master.multi_vendor, 'the demo is a multi-vendor shop');
    await dialog.getByText('Become a Seller').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.deepEqual(errors, []);
    await close();
  });

  test('"Seller Centre" in the nav bar, the footer and the mobile menu opens the Seller Centre sign-in', async ({
    openPage,
  }) => {
    const { page, errors, close } = await openPage('/');
    const inNav = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Seller Centre' });
    const inFooter = page.getByRole('contentinfo').getByRole('link', { name: 'Seller Centre' });
    for (const link of [inNav, inFooter]) {
      assert.equal(await link.getAttribute('href'), '/shop/login');
      assert.equal(await link.getAttribute('target'), null);
    }
    await inNav.click();
    await page.waitForURL('**/shop/login');
    await page
      .getByRole('button', { name: /log in|sign in/i })
      .first()
      .waitFor();
    assert.deepEqual(errors, []);
    await close();

    const phone = await openPage('/', PHONE);
    await phone.page.getByRole('button', { name: 'Open menu' }).click();
    const menu = phone.page.getByRole('dialog', { name: 'Menu' }).getByRole('navigation', { name: 'Menu' });
    assert.equal(await menu.getByRole('link', { name: 'Seller Centre' }).getAttribute('href'), '/shop/login');
    await phone.close();
  });

  test('an unknown path gets the bare Page Not Found screen with status 404', async ({ openPage }) => {
    const { page, close } = await openPage('/');
    const response = await page.goto('/no/such/page');
    assert.equal(response?.status(), 404);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    assert.equal(await page.title(), `Page Not Found - ${master.app_name}`);
    assert.equal(await page.locator('header').count(), 0, 'the 404 screen is bare');
    await close();
  });
});
