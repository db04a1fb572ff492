import { categoriesReplySchema, type ShopCard } from '@shop/contracts/catalog';
import { validationErrorReplySchema } from '@shop/contracts/errors';
import {
  productsPageReplySchema,
  shopCategoriesReplySchema,
  shopReplySchema,
  shopsReplySchema,
  topShopsReplySchema,
} from '@shop/contracts/shops';
import { eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { products } from '../../db/schema/products';
import { RESERVED_SHOP_SLUGS, shops } from '../../db/schema/shops';
import { describeEachDatabase } from '../../testing/test-app';

describeEachDatabase('shops API', (ctx) => {
  const get = async (url: string) => {
    const res = await ctx.app.inject({ url });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const list = async (query = '') => shopsReplySchema.parse(await get(`/api/shops${query}`)).data;
  const allShops = async () => (await list('?per_page=100')).shops;

  it('lists active shops with listed products, best rated first, then most orders', async () => {
    const data = await list('?per_page=100');
    expect(data.total).toBeGreaterThan(3);
    expect(data.shops).toHaveLength(data.total);
    const rows = await ctx.db
      .select({ id: shops.id, rating: shops.ratingAvg, orders: shops.ordersCount, active: shops.isActive })
      .from(shops)
      .where(
        inArray(
          shops.id,
          data.shops.map((s) => s.id),
        ),
      );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const ordered = data.shops.map((s) => byId.get(s.id)!);
    expect(ordered.length).toBeGreaterThan(1);
    expect(ordered.every((r) => r.active)).toBe(true);
    for (let i = 1; i < ordered.length; i++) {
      const [prev, cur] = [ordered[i - 1]!, ordered[i]!];
      expect(prev.rating > cur.rating || (prev.rating === cur.rating && prev.orders >= cur.orders)).toBe(true);
    }
    expect(data.shops.every((s) => s.total_products > 0)).toBe(true);
  });

  it('pages: first, last, beyond the end; default page size 12', async () => {
    const { total } = await list();
    expect((await list()).shops).toHaveLength(Math.min(12, total));
    const perPage = 3;
    const lastPage = Math.ceil(total / perPage);
    const first = await list(`?page=1&per_page=${perPage}`);
    const second = await list(`?page=2&per_page=${perPage}`);
    expect(first.shops).toHaveLength(perPage);
    expect(second.shops.map((s) => s.id).filter((id) => first.shops.some((s) => s.id === id))).toEqual([]);
    expect((await list(`?page=${lastPage}&per_page=${perPage}`)).shops).toHaveLength(total - (lastPage - 1) * perPage);
    expect(await list(`?page=${lastPage + 1}&per_page=${perPage}`)).toEqual({ total, shops: [] });
  });

  it('rejects bad paging and filters with 422 field errors', async () => {
    for (const [query, field] of [
      ['?page=0', 'page'],
      ['?page=x', 'page'],
      ['?per_page=101', 'per_page'],
      ['?per_page=0', 'per_page'],
      ['?province_id=abc', 'province_id'],
    ] as const) {
      const res = await ctx.app.inject({ url: `/api/shops${query}` });
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(validationErrorReplySchema.parse(res.json()).errors), query).toEqual([field]);
    }
  });

  it('searches by name, case-insensitively, with % and _ taken literally', async () => {
    const [target] = await allShops();
    const word = target!.name.split(' ').find((w) => w.length >= 4) ?? target!.name;
    const found = await list(`?per_page=100&search=${encodeURIComponent(word.toUpperCase())}`);
    expect(found.shops.map((s) => s.id)).toContain(target!.id);
    expect(found.shops.every((s) => s.name.toLowerCase().includes(word.toLowerCase()))).toBe(true);
    expect(found.total).toBe(found.shops.length);
    expect(await list('?search=%25')).toEqual({ total: 0, shops: [] });
    expect(await list('?search=zzqqxx-no-such-shop')).toEqual({ total: 0, shops: [] });
  });

  it('filters by province', async () => {
    const withProvince = (await allShops()).find((s) => s.province !== null)!;
    const found = await list(`?per_page=100&province_id=${withProvince.province!.id}`);
    expect(found.shops.map((s) => s.id)).toContain(withProvince.id);
    expect(found.shops.every((s) => s.province?.id === withProvince.province!.id)).toBe(true);
    expect(await list('?province_id=999999')).toEqual({ total: 0, shops: [] });
  });

  it('leaves out shops without listed products and inactive shops', async () => {
    const [first] = await allShops();
    await ctx.db.update(shops).set({ isActive: false }).where(eq(shops.id, first!.id));
    try {
      expect((await allShops()).map((s) => s.id)).not.toContain(first!.id);
      const res = await ctx.app.inject({ url: `/api/shops/${first!.slug}` });
      expect(res.statusCode).toBe(404);
    } finally {
      await ctx.db.update(shops).set({ isActive: true }).where(eq(shops.id, first!.id));
    }
    await ctx.db.update(products).set({ isActive: false }).where(eq(products.shopId, first!.id));
    try {
      expect((await allShops()).map((s) => s.id)).not.toContain(first!.id);
    } finally {
      await ctx.db.update(products).set({ isActive: true }).where(eq(products.shopId, first!.id));
    }
  });

  it('GET /api/shops/top has the first 10 of the list', async () => {
    const top = topShopsReplySchema.parse(await get('/api/shops/top')).data.shops;
    const firstTen = (await list('?per_page=10')).shops;
    expect(top.map((s) => s.id)).toEqual(firstTen.map((s) => s.id));
    expect(top.length).toBeLessThanOrEqual(10);
  });

  it('gives a shop’s delivery time in the reader’s language, English where it has none', async () => {
    const card = (await allShops()).find((s) => s.slug === 'batik-sekar-jagad');
    expect(card?.estimated_delivery_time).toBe('2-4 days');
    const inLanguage = async (locale: string) => {
      const res = await ctx.app.inject({ url: '/api/shops/batik-sekar-jagad', headers: { 'accept-language': locale } });
      return shopReplySchema.parse(res.json()).data.shop.estimated_delivery_time;
    };
    expect(await inLanguage('id')).toBe('2-4 hari');
    expect(await inLanguage('ar')).toBe('2-4 أيام');
    const product = await ctx.app.inject({
      url: `/api/products?per_page=1&shop_id=${card?.id}`,
      headers: { 'accept-language': 'ar' },
    });
    expect(product.json().data.products[0].shop.estimated_delivery_time).toBe('2-4 أيام');
    await ctx.db
      .update(shops)
      .set({ estimatedDeliveryTimeTranslations: {} })
      .where(eq(shops.slug, 'batik-sekar-jagad'));
    try {
      expect(await inLanguage('ar')).toBe('2-4 days');
    } finally {
      await ctx.db
        .update(shops)
        .set({ estimatedDeliveryTimeTranslations: { id: '2-4 hari', ar: '2-4 أيام' } })
        .where(eq(shops.slug, 'batik-sekar-jagad'));
    }
  });

  it('GET /api/shops/{slug} and /{id}: the card plus description, hours and banners; 404 unknown', async () => {
    const [card] = await allShops();
    const bySlug = shopReplySchema.parse(await get(`/api/shops/${card!.slug}`)).data.shop;
    const byId = shopReplySchema.parse(await get(`/api/shops/${card!.id}`)).data.shop;
    expect(byId).toEqual(bySlug);
    const { description, address, opening_time, closing_time, banners, ...rest } = bySlug;
    expect(rest satisfies ShopCard).toEqual(card);
    const [row] = await ctx.db.select().from(shops).where(eq(shops.id, card!.id));
    expect({ description, address, opening_time, closing_time }).toEqual({
      description: row!.description,
      address: row!.address,
      opening_time: row!.openingTime,
      closing_time: row!.closingTime,
    });
    expect(banners.length).toBeGreaterThan(0);
    for (const b of banners) expect(b.thumbnail).toMatch(/^(\/uploads\/|https?:\/\/)/);
    for (const url of ['/api/shops/no-such-shop', '/api/shops/999999']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });

  it('shows Online or Offline from the opening hours at the clock time (Asia/Jakarta)', async () => {
    const [card] = await allShops();
    const [before] = await ctx.db.select().from(shops).where(eq(shops.id, card!.id));
    const saved = ctx.clock.now();
    await ctx.db
      .update(shops)
      .set({ openingTime: '09:00', closingTime: '17:00', offDay: null })
      .where(eq(shops.id, card!.id));
    try {
      const status = async () => shopReplySchema.parse(await get(`/api/shops/${card!.slug}`)).data.shop.shop_status;
      ctx.clock.set(new Date('2026-03-04T03:00:00Z')); // 10:00 in Jakarta
      expect(await status()).toBe('Online');
      ctx.clock.set(new Date('2026-03-04T13:00:00Z')); // 20:00 in Jakarta
      expect(await status()).toBe('Offline');
      ctx.clock.set(new Date('2026-03-04T09:59:00Z')); // 16:59
      expect(await status()).toBe('Online');
      ctx.clock.set(new Date('2026-03-04T10:00:00Z')); // 17:00, closed
      expect(await status()).toBe('Offline');
    } finally {
      ctx.clock.set(saved);
      await ctx.db
        .update(shops)
        .set({ openingTime: before!.openingTime, closingTime: before!.closingTime, offDay: before!.offDay })
        .where(eq(shops.id, card!.id));
    }
  });

  it('GET /api/shop-categories: the categories the shop has listed products in, paged', async () => {
    const [card] = await allShops();
    const data = shopCategoriesReplySchema.parse(await get(`/api/shop-categories?shop_id=${card!.id}`)).data;
    expect(data.total).toBe(card!.total_categories);
    expect(data.categories).toHaveLength(data.total);
    expect(data.total).toBeGreaterThan(0);
    expect(data.categories.every((c) => c.products_count > 0)).toBe(true);
    expect(data.categories.reduce((n, c) => n + c.products_count, 0)).toBeGreaterThanOrEqual(card!.total_products);
    const paged = categoriesReplySchema.parse(await get(`/api/shop-categories?shop_id=${card!.id}&per_page=1&page=2`));
    expect(paged.data.categories.map((c) => c.id)).toEqual(data.categories.slice(1, 2).map((c) => c.id));
    expect(shopCategoriesReplySchema.parse(await get('/api/shop-categories?shop_id=999999')).data).toEqual({
      total: 0,
      categories: [],
    });
    const missing = await ctx.app.inject({ url: '/api/shop-categories' });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['shop_id']);
  });

  it('GET /api/shops/{slug}/products: that shop only, newest first, searchable, 404 unknown', async () => {
    const [card] = await allShops();
    const data = productsPageReplySchema.parse(await get(`/api/shops/${card!.slug}/products?per_page=100`)).data;
    expect(data.total).toBe(card!.total_products);
    expect(data.products.length).toBeGreaterThan(0);
    expect(data.products.every((p) => p.shop.id === card!.id)).toBe(true);
    const rows = await ctx.db
      .select({ id: products.id, createdAt: products.createdAt })
      .from(products)
      .where(eq(products.shopId, card!.id));
    const created = new Map(rows.map((r) => [r.id, r.createdAt.getTime()]));
    const times = data.products.map((p) => created.get(p.id)!);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(
      productsPageReplySchema.parse(await get(`/api/shops/${card!.slug}/products`)).data.products.length,
    ).toBeLessThanOrEqual(12);

    const word = data.products[0]!.name.split(' ')[0]!;
    const found = productsPageReplySchema.parse(
      await get(`/api/shops/${card!.id}/products?search=${encodeURIComponent(word.toLowerCase())}`),
    ).data;
    expect(found.total).toBeGreaterThan(0);
    expect(found.products.every((p) => p.name.toLowerCase().includes(word.toLowerCase()))).toBe(true);
    expect((await ctx.app.inject({ url: '/api/shops/no-such-shop/products' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/api/shops/${card!.slug}/products?per_page=101` })).statusCode).toBe(422);
  });

  it('reserves the names of fixed /api/shops/<name> routes as slugs, so every shop is reachable by slug', async () => {
    // The fixed children of /api/shops in the route tree, e.g. "│   ├── /top (GET, HEAD)".
    const tree = ctx.app.printRoutes({ commonPrefix: false }).split('\n');
    const start = tree.findIndex((line) => /── \/api\/shops \(/.test(line));
    const fixed: string[] = [];
    for (const line of tree.slice(start + 1)) {
      const child = /^│ {3}[├└]── \/([^/:\s]+) \(/.exec(line);
      if (child) fixed.push(child[1]!);
      else if (!line.startsWith('│')) break;
    }
    expect(fixed.length).toBeGreaterThan(0);
    expect([...fixed].sort()).toEqual([...RESERVED_SHOP_SLUGS].sort());

    const [card] = await allShops();
    for (const slug of RESERVED_SHOP_SLUGS) {
      await expect(ctx.db.update(shops).set({ slug }).where(eq(shops.id, card!.id))).rejects.toThrow();
    }
    // What migration 0003 renames such a shop to is an ordinary, reachable slug.
    await ctx.db
      .update(shops)
      .set({ slug: `top-${card!.id}` })
      .where(eq(shops.id, card!.id));
    const shop = shopReplySchema.parse(await get(`/api/shops/top-${card!.id}`)).data.shop;
    expect(shop.id).toBe(card!.id);
    expect(topShopsReplySchema.parse(await get('/api/shops/top')).data.shops.length).toBeGreaterThan(0);
  });
});
