import assert from 'node:assert/strict';
import { api, type HomeData, type MasterData } from '../support/api';
import { baseUrl } from '../support/browser';
import { openPageIn, test } from '../support/fixtures';

test.describe('home page', () => {
  let master: MasterData['data'];
  let home: HomeData['data'];

  test.beforeAll(async () => {
    master = (await api<MasterData>('/api/master')).data;
    home = (await api<HomeData>('/api/home?page=1&per_page=12')).data;
  });

  test('is rendered on the server: its first screen is there with JavaScript off, the rest as links', async ({
    newContext,
  }) => {
    const context = await newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto('/');
    assert.equal(response?.status(), 200);
    assert.equal(await page.title(), master.app_name);
    const categories = page.getByRole('region', { name: 'Categories' });
    for (const category of home.categories.slice(0, 3)) {
      await categories.getByRole('link', { name: category.name }).first().waitFor({ state: 'attached' });
    }
    // The sections below the first screen load as a visitor scrolls; without JavaScript, links
    // lead to the pages that list the same products.
    assert.ok(home.running_flash_sale, 'the demo has a running flash sale');
    const more = page.getByRole('navigation', { name: 'More products' });
    assert.equal(
      await more.getByRole('link', { name: home.running_flash_sale.name }).getAttribute('href'),
      `/flash-sale/${home.running_flash_sale.id}`,
    );
    assert.equal(await more.getByRole('link', { name: 'Popular Products' }).getAttribute('href'), '/most-popular');
    assert.equal(await more.getByRole('link', { name: 'Just For You' }).getAttribute('href'), '/products');
    // No grey placeholder cards that nothing would ever replace.
    assert.equal(await page.getByTestId('product-grid-skeleton').isVisible(), false);
    assert.equal(await page.locator('html').getAttribute('lang'), 'en');
    assert.equal(await page.locator('html').getAttribute('dir'), 'ltr');
    await context.close();
  });

  test('sends at most 80 KB of HTML in every language: the strings load from their own address', async () => {
    for (const locale of ['en', 'id', 'ar']) {
      const reply = await fetch(`${baseUrl()}/`, { headers: { cookie: `locale=${locale}` } });
      const html = await reply.text();
      assert.match(html, new RegExp(`<html lang="${locale}"`));
      const bytes = Buffer.byteLength(html);
      assert.ok(bytes <= 80 * 1024, `${locale}: ${bytes} bytes`);
      if (locale === 'en') continue;
      // Not inside the page: named, preloaded and loaded before hydration.
      assert.match(html, new RegExp(`<html[^>]*data-strings="/api/lang/${locale}"`));
      assert.match(html, new RegExp(`<link rel="preload" as="fetch" href="/api/lang/${locale}"`));
      assert.doesNotMatch(html, /translations/);
    }
  });

  test('hydrates an Indonesian page with its strings and loads the sections below as it scrolls', async ({
    newContext,
  }) => {
    const context = await newContext();
    await context.addCookies([{ name: 'locale', value: 'id', url: baseUrl() }]);
    const { page, errors } = await openPageIn(context, '/');
    await page.mouse.wheel(0, 4000);
    // Its twelve products (their names are in Indonesian too).
    await page.getByRole('region', { name: 'Khusus Untukmu' }).getByRole('listitem').nth(11).waitFor();
    await page.getByRole('region', { name: 'Produk Populer' }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('asks for its scripts at low priority, after the stylesheet and the hero image', async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text();
    const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
    assert.ok(preloads.length > 3, 'the page preloads its modules');
    for (const link of preloads) assert.match(link, /fetchpriority="low"/, link);
    assert.match(html, /<link rel="stylesheet" href="\/assets\/[^"]+\.css"/);
    assert.doesNotMatch(html, /rel="stylesheet"[^>]*fetchpriority/);
  });

  test('starts without the reply contracts: they load with the first reply that needs them', async ({ openPage }) => {
    const { page, errors, close } = await openPage('/');
    const contractChunks = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name).pathname)
          .filter((path) =>
            /^\/assets\/(account|auth|catalog|content|envelope|products|settings|shops)-[\w-]{8}\.js$/.test(path),
          ),
      );
    // Building every schema of the contracts took more than half of the startup task (see the decision records);
    // lib/contracts-imports.test.ts keeps them out of the shared code, this checks the built page: none
    // comes with it, and each one loads only after the first call the browser makes (the mega-menu's
    // categories and the sections below the first screen are asked for once the page has hydrated).
    const html = await (await fetch(`${baseUrl()}/`)).text();
    assert.doesNotMatch(html, /\/assets\/(account|auth|catalog|content|envelope|products|settings|shops)-[\w-]{8}\.js/);
    const firstCall = await page.evaluate(() =>
      Math.min(
        ...performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname.startsWith('/api/'))
          .map((entry) => entry.startTime),
      ),
    );
    const contractStarts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => /^\/assets\/(catalog|envelope)-/.test(new URL(entry.name).pathname))
        .map((entry) => entry.startTime),
    );
    for (const start of contractStarts)
      assert.ok(start >= firstCall, `a contract loaded at ${start} ms, before ${firstCall}`);
    // The first call from the browser loads its contract and still checks the reply.
    await page.getByRole('button', { name: /load more/i }).click();
    await page.waitForFunction(
      () =>
        document.querySelectorAll('section[aria-labelledby="home-just-for-you-heading"] a[href$="/details"]').length >
        12,
    );
    assert.ok((await contractChunks()).some((path) => path.startsWith('/assets/catalog-')));
    assert.deepEqual(errors, []);
    await close();
  });

  test('adds no stylesheet while hydrating (a new one restyles the whole page)', async ({ openPage }) => {
    const { page, errors, close } = await openPage('/');
    const added = await page.evaluate(() =>
      Array.from(document.querySelectorAll('style, link[rel="stylesheet"]'))
        .filter((el) => !el.hasAttribute('data-precedence'))
        .map((el) => el.outerHTML.slice(0, 80)),
    );
    assert.deepEqual(added, []);
    // The toasts' styles are part of the one stylesheet.
    const toastRule = await page.evaluate(() =>
      Array.from(document.styleSheets).some((sheet) =>
        Array.from(sheet.cssRules).some((rule) => rule.cssText.includes('Toastify__toast-container')),
      ),
    );
    assert.ok(toastRule);
    assert.deepEqual(errors, []);
    await close();
  });

  test('loads more Just For You products', async ({ openPage }) => {
    const { page, errors, close } = await openPage('/');
    const links = page.locator('a[href$="/details"]');
    await page.getByRole('button', { name: /load more/i }).waitFor();
    const before = await links.count();
    await page.getByRole('button', { name: /load more/i }).click();
    await page.waitForFunction((n) => document.querySelectorAll('a[href$="/details"]').length > n, before);
    assert.deepEqual(errors, []);
    await close();
  });
});
