import assert from 'node:assert/strict';
import { api, type HomeData, type MasterData } from '../support/api';
import { baseUrl } from '../support/browser';
import { test } from '../support/fixtures';

test.describe('home page', () => {
  let master: MasterData['data'];
  let home: HomeData['data'];

  test.beforeAll(async () => {
    master = (await api<MasterData>('/api/master')).data;
    home = (await api<HomeData>('/api/home?page=1&per_page=12')).data;
  });

  test('is rendered on the server: its content is there with JavaScript off', async ({ newContext }) => {
    const context = await newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto('/');
    assert.equal(response?.status(), 200);
    assert.equal(await page.title(), master.app_name);
    const first = home.just_for_you.products[0];
    assert.ok(first, 'the demo has products');
    await page.getByText(first.name, { exact: true }).first().waitFor({ state: 'attached' });
    assert.ok(home.running_flash_sale, 'the demo has a running flash sale');
    assert.ok((await page.content()).includes(home.running_flash_sale.name));
    assert.ok(home.popular_products.length > 0, 'the demo has popular products');
    for (const popular of home.popular_products.slice(0, 3)) {
      assert.ok((await page.content()).includes(popular.name.replace(/&/g, '&amp;')), `popular ${popular.name}`);
    }
    assert.equal(await page.locator('html').getAttribute('lang'), 'en');
    assert.equal(await page.locator('html').getAttribute('dir'), 'ltr');
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
    // lib/contracts-imports.test.ts keeps them out of the shared code, this checks the built page.
    assert.deepEqual(await contractChunks(), []);
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
