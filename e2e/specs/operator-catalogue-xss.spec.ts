import { type APIRequestContext, request } from '@playwright/test';
import { api } from '../support/api';
import { baseUrl, waitForHydration } from '../support/browser';
import { expect, test } from '../support/fixtures';
import { TINY_PNG } from '../support/images';
import { roleState, XHR } from '../support/session';
import { expectInert, PAYLOADS, watchDialogs } from '../support/xss';

/**
 * The catalogue's structure as the operator names it, filled with script payloads and rendered in
 * Chromium: a subcategory (its category's chips, its own page's title and crumbs), a brand, a
 * colour, a size and a unit (a product's page, and the listing's filters), each in English,
 * Indonesian and Arabic, on the storefront and in the operator's own catalogue page. Nothing runs
 * and nothing becomes markup. A platform voucher has no free text: a code with markup is refused.
 * A seeded shop's seller publishes the product that uses them; at the end the product is deleted
 * and the values with it (after the rest: playwright.config.ts, it changes what shoppers see).
 */
const tag = Date.now().toString(36);
type Named = { name: string; translations: { id: string; ar: string } };
const named = (word: string, en: string, id: string, ar: string): Named => ({
  name: `${word} ${tag} ${en}`.slice(0, 120),
  translations: { id: `${word} ${tag} ${id}`.slice(0, 120), ar: `${word} ${tag} ${ar}`.slice(0, 120) },
});
const VALUES = {
  sub_category: named('Sub', PAYLOADS.script, PAYLOADS.img, PAYLOADS.svg),
  brand: named('Merek', PAYLOADS.img, PAYLOADS.details, PAYLOADS.attr),
  color: named('Warna', PAYLOADS.svg, PAYLOADS.singleAttr, PAYLOADS.script),
  size: named('Ukuran', PAYLOADS.attr, PAYLOADS.script, PAYLOADS.img),
  unit: named('Satuan', PAYLOADS.details, PAYLOADS.href, PAYLOADS.title),
};
const CATEGORY = `Uji XSS ${tag}`;
const PRODUCT = `Barang XSS ${tag}`;

let operator: APIRequestContext;
let seller: APIRequestContext;
const ids: Record<'category' | keyof typeof VALUES, number> = {
  category: 0,
  sub_category: 0,
  brand: 0,
  color: 0,
  size: 0,
  unit: 0,
};
let productId = 0;
let sellerShopId = 0;
let productSlug = '';
let categorySlug = '';
let subCategorySlug = '';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

async function created(res: Awaited<ReturnType<APIRequestContext['post']>>, key: string) {
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: Record<string, { id: number; slug?: string }> }).data[key] as {
    id: number;
    slug?: string;
  };
}

test.beforeAll(async () => {
  operator = await request.newContext({
    baseURL: baseUrl(),
    storageState: await roleState('admin', 'admin@example.com'),
    extraHTTPHeaders: XHR,
  });
  const category = await created(
    await operator.post('/api/operator/categories', {
      data: { name: CATEGORY, translations: {}, position: 99_999, is_active: true },
    }),
    'category',
  );
  ids.category = category.id;
  const sub = await created(
    await operator.post('/api/operator/sub-categories', {
      data: { ...VALUES.sub_category, position: 0, is_active: true, category_ids: [category.id] },
    }),
    'sub_category',
  );
  ids.sub_category = sub.id;
  ids.brand = (await created(await operator.post('/api/operator/brands', { data: VALUES.brand }), 'brand')).id;
  ids.color = (
    await created(
      await operator.post('/api/operator/colors', { data: { ...VALUES.color, color_code: '#7C3AED' } }),
      'color',
    )
  ).id;
  ids.size = (
    await created(await operator.post('/api/operator/sizes', { data: { ...VALUES.size, position: 0 } }), 'size')
  ).id;
  ids.unit = (await created(await operator.post('/api/operator/units', { data: VALUES.unit }), 'unit')).id;

  // A seeded shop's seller publishes a product that uses them all.
  const listed = (
    await api<{ data: { products: { quantity: number; shop: { id: number } }[] } }>('/api/products?per_page=100')
  ).data.products;
  sellerShopId = listed.find((p) => p.quantity > 0)?.shop.id ?? 0;
  const shop = (await api<{ data: { shop: { slug: string } } }>(`/api/shops/${sellerShopId}`)).data.shop;
  seller = await request.newContext({
    baseURL: baseUrl(),
    extraHTTPHeaders: XHR,
    storageState: await roleState('seller', `${shop.slug}@example.com`),
  });
  const product = await created(
    await seller.post('/api/seller/products', {
      data: {
        texts: { en: { name: PRODUCT, short_description: 'A test.', description: '<p>A test product.</p>' } },
        category_id: ids.category,
        sub_category_id: ids.sub_category,
        brand_id: ids.brand,
        unit_id: ids.unit,
        colors: [{ id: ids.color }],
        sizes: [{ id: ids.size }],
        price: 75_000,
        stock: 5,
      },
    }),
    'product',
  );
  productId = product.id;
  productSlug = product.slug ?? '';
  const photo = await seller.post(`/api/seller/products/${productId}/photos`, {
    multipart: { photo: { name: 'test.png', mimeType: 'image/png', buffer: TINY_PNG } },
  });
  expect(photo.ok(), await photo.text()).toBe(true);
  const published = await seller.put(`/api/seller/products/${productId}`, { data: { status: 'published' } });
  expect(published.ok(), await published.text()).toBe(true);

  const categories = (await (
    await operator.get(`/api/operator/categories?q=${encodeURIComponent(CATEGORY)}`)
  ).json()) as {
    data: { categories: { id: number; slug: string }[] };
  };
  categorySlug = categories.data.categories.find((c) => c.id === ids.category)?.slug ?? '';
  const subs = (await (
    await operator.get(`/api/operator/sub-categories?q=${encodeURIComponent(VALUES.sub_category.name)}`)
  ).json()) as { data: { sub_categories: { id: number; slug: string }[] } };
  subCategorySlug = subs.data.sub_categories.find((s) => s.id === ids.sub_category)?.slug ?? '';
  expect(categorySlug && subCategorySlug && productSlug).toBeTruthy();
});

test.afterAll(async () => {
  // The product lets go of the values first, so each is deleted without moving anything.
  await seller.put(`/api/seller/products/${productId}`, {
    data: { status: 'draft', sub_category_id: null, brand_id: null, unit_id: null, colors: [], sizes: [] },
  });
  await seller.post('/api/seller/products/bulk', { data: { action: 'delete', ids: [productId] } });
  for (const [path, id] of [
    ['sub-categories', ids.sub_category],
    ['brands', ids.brand],
    ['colors', ids.color],
    ['sizes', ids.size],
    ['units', ids.unit],
  ] as const) {
    const res = await operator.delete(`/api/operator/${path}/${id}`);
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  }
  const others = (await (await operator.get('/api/operator/categories?per_page=2')).json()) as {
    data: { categories: { id: number }[] };
  };
  const moveTo = others.data.categories.find((c) => c.id !== ids.category)?.id;
  const res = await operator.delete(`/api/operator/categories/${ids.category}?move_to=${moveTo}`);
  expect(res.ok(), await res.text()).toBe(true);
  await seller.dispose();
  await operator.dispose();
});

const inLocale = (locale: 'en' | 'id' | 'ar', value: Named) =>
  locale === 'en' ? value.name : value.translations[locale];

test('the subcategory, brand, colour, size and unit show as text on the storefront and run nothing', async ({
  newContext,
}) => {
  for (const locale of ['en', 'id', 'ar'] as const) {
    const context = await newContext();
    await context.addCookies([{ name: 'locale', value: locale, url: baseUrl() }]);
    const dialogs = watchDialogs(context);
    const page = await context.newPage();

    // The product's page: its brand, unit, colour and size.
    await expect
      .poll(
        async () => {
          await page.goto(`/products/${productSlug}/details`);
          return page.getByRole('heading', { level: 1, name: PRODUCT }).count();
        },
        { timeout: 5_000 },
      )
      .toBeGreaterThan(0);
    await waitForHydration(page);
    const main = page.getByRole('main');
    for (const value of [VALUES.brand, VALUES.color, VALUES.size])
      await expect(main.getByText(inLocale(locale, value)).first()).toBeVisible();
    await expect(main.getByText(`/ ${inLocale(locale, VALUES.unit)}`, { exact: true })).toBeVisible();
    await expectInert(page, dialogs, `the product page (${locale})`);

    // The category's page: the subcategory's chip, and the listing's filters name the values.
    await page.goto(`/categories/${categorySlug}`);
    await waitForHydration(page);
    await expect(
      page.getByRole('main').getByRole('link', { name: inLocale(locale, VALUES.sub_category) }),
    ).toBeVisible();
    for (const value of [VALUES.brand, VALUES.color, VALUES.size])
      await expect(page.getByText(inLocale(locale, value), { exact: true }).first()).toBeAttached();
    await expectInert(page, dialogs, `the category page (${locale})`);

    // The subcategory's own page: its name is the title and the last crumb.
    await page.goto(`/categories/${categorySlug}/${subCategorySlug}`);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: inLocale(locale, VALUES.sub_category) })).toBeVisible();
    await expectInert(page, dialogs, `the subcategory page (${locale})`);
    await context.close();
  }
});

test('the operator’s catalogue pages show the names as text and run nothing', async ({ newContext }) => {
  const context = await newContext({ storageState: await roleState('admin', 'admin@example.com') });
  await context.addCookies([{ name: 'locale', value: 'en', url: baseUrl() }]);
  const dialogs = watchDialogs(context);
  const page = await context.newPage();
  await page.goto('/operator/catalogue');
  await waitForHydration(page);
  for (const [tab, value] of [
    ['subcategories', VALUES.sub_category],
    ['brands', VALUES.brand],
    ['colours', VALUES.color],
    ['sizes', VALUES.size],
    ['units', VALUES.unit],
  ] as const) {
    await page.goto(`/operator/catalogue?tab=${tab}&q=${tag}`);
    await waitForHydration(page);
    await expect(
      page.getByRole('main').getByText(value.name, { exact: true }).filter({ visible: true }).first(),
    ).toBeVisible();
    await expectInert(page, dialogs, `/operator/catalogue?tab=${tab}`);
  }
  await context.close();
});

test('a platform voucher has no free text: a code with markup is refused', async () => {
  const res = await operator.post('/api/operator/vouchers', {
    data: {
      code: `X${tag}${PAYLOADS.script}`.slice(0, 40),
      discount_type: 'Amount',
      discount: 1000,
      starts_at: new Date().toISOString(),
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      shop_ids: [sellerShopId],
    },
  });
  expect(res.status()).toBe(422);
  expect(Object.keys(((await res.json()) as { errors: object }).errors)).toContain('code');
});
