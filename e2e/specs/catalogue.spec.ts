import assert from 'node:assert/strict';
import { api, type CategoriesData, type MasterData } from '../support/api';
import { baseUrl, DESKTOP, waitForHydration } from '../support/browser';
import { test } from '../support/fixtures';

interface Card {
  id: number;
  name: string;
  slug: string;
  price: number;
  discount_price: number;
  quantity: number;
  sizes: { id: number; name: string; price: number }[];
  colors: { id: number; name: string; price: number }[];
}
interface ProductsData {
  data: { total: number; products: Card[]; filters: { brands: { id: number; name: string }[] } };
}
interface Suggestions {
  data: { products: { name: string; slug: string }[]; shops: { name: string; slug: string }[] };
}

const idr = (amount: number) =>
  `Rp${new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 }).format(Math.round(amount))}`;
const effective = (p: Card) => (p.discount_price > 0 ? p.discount_price : p.price);

test.describe('catalogue', () => {
  let master: MasterData['data'];

  test.beforeAll(async () => {
    master = (await api<MasterData>('/api/master')).data;
  });

  test('category -> subcategory -> product, and a variant changes the price', async ({ openPage }) => {
    const { categories } = (await api<CategoriesData>('/api/categories')).data;
    let route: { category: string; categorySlug: string; sub: string; product: Card } | undefined;
    for (const category of categories) {
      for (const sub of category.sub_categories) {
        const list = (await api<ProductsData>(`/api/products?sub_category_id=${(sub as { id?: number }).id}`)).data;
        const product = list.products.find((p) => p.quantity > 0 && [...p.sizes, ...p.colors].some((o) => o.price > 0));
        if (product) route = { category: category.name, categorySlug: category.slug, sub: sub.name, product };
        if (route) break;
      }
      if (route) break;
    }
    assert.ok(route, 'the demo has a product with priced variants on a subcategory’s first page');

    const { page, errors, close } = await openPage('/categories');
    await page.locator(`main a[href="/categories/${route.categorySlug}"]`).first().click();
    await page.waitForURL(`**/categories/${route.categorySlug}`);
    await page.getByRole('link', { name: route.sub, exact: true }).first().click();
    await page.waitForURL(`**/categories/${route.categorySlug}/*`);
    await page.locator(`a[href="/products/${route.product.slug}/details"]`).first().click();
    await page.waitForURL(`**/products/${route.product.slug}/details`);
    await page.getByRole('heading', { level: 1, name: route.product.name }).waitFor();

    const price = page.locator('span[dir="ltr"].text-3xl');
    assert.equal((await price.textContent())?.trim(), idr(effective(route.product)));
    const option = [...route.product.sizes, ...route.product.colors].find((o) => o.price > 0)!;
    // The radio is visually hidden inside its label, as in most shops: pick the option by its label.
    await page
      .locator('fieldset label')
      .filter({ has: page.getByText(option.name, { exact: true }) })
      .first()
      .click();
    await page.waitForFunction(([el, text]) => (el as HTMLElement).textContent?.trim() === text, [
      await price.elementHandle(),
      idr(effective(route.product) + option.price),
    ] as const);
    assert.deepEqual(errors, []);
    await close();
  });

  test('filters and sort live in the URL and survive a reload', async ({ openPage }) => {
    const facets = (await api<ProductsData>('/api/products')).data.filters;
    const brand = facets.brands[0];
    assert.ok(brand);
    const { page, errors, close } = await openPage('/products');
    await page.getByLabel('Sort by').selectOption('high_to_low');
    await page.waitForFunction(() => location.search.includes('sort=high_to_low'));
    // A click navigates; the radio shows the new state once the URL's page has loaded.
    await page.locator('fieldset', { hasText: 'Brand' }).getByRole('radio', { name: brand.name, exact: true }).click();
    await page.waitForFunction((id) => location.search.includes(`brand=${id}`), brand.id);
    const expected = (await api<ProductsData>(`/api/products?sort_type=high_to_low&brand_id=${brand.id}`)).data;
    await page.reload();
    await waitForHydration(page);
    assert.equal(await page.getByLabel('Sort by').inputValue(), 'high_to_low');
    assert.ok(
      await page
        .locator('fieldset', { hasText: 'Brand' })
        .getByRole('radio', { name: brand.name, exact: true })
        .isChecked(),
    );
    const first = expected.products[0];
    assert.ok(first);
    const cards = page.locator('main a[href$="/details"], main h3');
    await page.getByText(first.name, { exact: true }).first().waitFor();
    assert.ok((await cards.count()) > 0);
    assert.deepEqual(errors, []);
    await close();
  });

  test('the header autocomplete reaches a product and a shop with the keyboard', async ({ openPage }) => {
    const { page, errors, close } = await openPage('/');
    const box = page.getByRole('combobox', { name: 'Search' }).first();

    const productQuery = 'kopi';
    const productHits = (await api<Suggestions>(`/api/products/search-autocomplete?name=${productQuery}&limit=8`)).data;
    assert.ok(productHits.products[0], 'a product matches');
    await box.fill(productQuery);
    await page.getByRole('option').first().waitFor();
    await box.press('ArrowDown');
    await box.press('Enter');
    await page.waitForURL(`**/products/${productHits.products[0].slug}/details`);

    const shopQuery = 'toko';
    const shopHits = (await api<Suggestions>(`/api/products/search-autocomplete?name=${shopQuery}&limit=8`)).data;
    const shopIndex = shopHits.products.length;
    assert.ok(shopHits.shops[0], 'a shop matches');
    const box2 = page.getByRole('combobox', { name: 'Search' }).first();
    await box2.fill(shopQuery);
    await page.getByRole('option').first().waitFor();
    for (let i = 0; i <= shopIndex; i++) await box2.press('ArrowDown');
    await box2.press('Enter');
    await page.waitForURL(`**/shops/${shopHits.shops[0].slug}`);
    assert.deepEqual(errors, []);
    await close();
  });

  test('search has a shops tab', async ({ openPage }) => {
    const shop = (await api<{ data: { shops: { name: string }[] } }>('/api/shops')).data.shops[0];
    assert.ok(shop);
    const word = shop.name.split(' ')[0]!;
    const { page, close } = await openPage(`/search?q=${encodeURIComponent(word)}&tab=shops`);
    await page.getByText(shop.name).first().waitFor();
    await close();
  });

  test('a blog post and a policy page render on the server', async ({ openPage }) => {
    const blog = (await api<{ data: { blogs: { title: string; slug: string }[] } }>('/api/blogs')).data.blogs[0];
    assert.ok(blog);
    const { page, close } = await openPage('/blogs');
    await page.locator(`a[href="/blog/${blog.slug}"]`).first().click();
    await page.waitForURL(`**/blog/${blog.slug}`);
    await page.getByRole('heading', { level: 1, name: blog.title }).waitFor();
    assert.equal(await page.title(), `${blog.title} - ${master.app_name}`);

    const policy = (await api<{ data: { content: { title: string } } }>('/api/legal-pages/privacy-policy')).data
      .content;
    const response = await page.goto('/privacy-policy');
    assert.equal(response?.status(), 200);
    await page.getByRole('heading', { level: 1, name: policy.title }).waitFor();
    await close();
  });

  test("a blog post's server render counts the visitor's view, once", async () => {
    type BlogList = { data: { blogs: { id: number; slug: string; total_views: number }[] } };
    // The oldest post of the first page: the other specs open the newest.
    const viewsOf = async (id: number) =>
      (await api<BlogList>('/api/blogs')).data.blogs.find((b) => b.id === id)?.total_views;
    const post = (await api<BlogList>('/api/blogs')).data.blogs.at(-1);
    assert.ok(post);
    const before = await viewsOf(post.id);
    // A plain request runs no script: only the server render can count it.
    const html = async () => (await fetch(`${baseUrl()}/blog/${post.slug}`)).status;
    assert.equal(await html(), 200);
    assert.equal(await viewsOf(post.id), (before ?? 0) + 1);
    assert.equal(await html(), 200);
    assert.equal(await viewsOf(post.id), (before ?? 0) + 1);
  });

  test('an unknown product and an unknown page answer 404', async ({ openPage }) => {
    const { page, close } = await openPage('/');
    for (const path of ['/products/no-such-product/details', '/page/no-such-page', '/shops/no-such-shop']) {
      const response = await page.goto(path);
      assert.equal(response?.status(), 404, path);
    }
    await close();
  });

  test('the listing and product pages are right to left in Arabic', async ({ newContext }) => {
    const product = (await api<ProductsData>('/api/products')).data.products.find((p) => p.quantity > 0)!;
    const context = await newContext(DESKTOP);
    await context.addCookies([{ name: 'locale', value: 'ar', url: process.env.E2E_BASE_URL! }]);
    const page = await context.newPage();
    for (const path of ['/products', `/products/${product.slug}/details`]) {
      const response = await page.goto(path);
      assert.equal(response?.status(), 200);
      assert.equal(await page.locator('html').getAttribute('dir'), 'rtl', path);
      assert.equal(await page.locator('html').getAttribute('lang'), 'ar', path);
    }
    await context.close();
  });
});
