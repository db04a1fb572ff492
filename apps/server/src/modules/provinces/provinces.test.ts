import {
  productsPageReplySchema,
  provinceReplySchema,
  provincesReplySchema,
  shopsReplySchema,
} from '@shop/contracts/shops';
import { eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { products } from '../../db/schema/products';
import { shops } from '../../db/schema/shops';
import { describeEachDatabase } from '../../testing/test-app';

describeEachDatabase('provinces API', (ctx) => {
  const get = async (url: string) => {
    const res = await ctx.app.inject({ url });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const provinces = async () => provincesReplySchema.parse(await get('/api/provinces')).data.provinces;

  it("lists Indonesia's 38 provinces with shop counts, also 0", async () => {
    const list = await provinces();
    expect(list).toHaveLength(38);
    expect(new Set(list.map((p) => p.code)).size).toBe(38);
    expect(list.some((p) => p.shops_count === 0)).toBe(true);
    expect(list.some((p) => p.shops_count > 0)).toBe(true);
    const { total } = shopsReplySchema.parse(await get('/api/shops')).data;
    expect(list.reduce((n, p) => n + p.shops_count, 0)).toBeLessThanOrEqual(total);
    for (const p of list.filter((x) => x.shops_count > 0)) {
      const inProvince = shopsReplySchema.parse(await get(`/api/shops?province_id=${p.id}`)).data;
      expect(inProvince.total, p.name).toBe(p.shops_count);
    }
  });

  it('GET /api/provinces/{id}: the province and its shops, paged', async () => {
    const busiest = (await provinces()).sort((a, b) => b.shops_count - a.shops_count)[0]!;
    const data = provinceReplySchema.parse(await get(`/api/provinces/${busiest.id}?per_page=100`)).data;
    expect(data.province).toEqual(busiest);
    expect(data.total).toBe(busiest.shops_count);
    expect(data.shops.length).toBeGreaterThan(0);
    expect(data.shops.every((s) => s.province?.id === busiest.id)).toBe(true);
    const beyond = provinceReplySchema.parse(await get(`/api/provinces/${busiest.id}?page=999&per_page=10`)).data;
    expect(beyond.shops).toEqual([]);
    const empty = (await provinces()).find((p) => p.shops_count === 0)!;
    expect(provinceReplySchema.parse(await get(`/api/provinces/${empty.id}`)).data).toMatchObject({
      total: 0,
      shops: [],
    });
  });

  it("GET /api/provinces/{id}/products: listed products of the province's shops, newest first", async () => {
    const busiest = (await provinces()).sort((a, b) => b.shops_count - a.shops_count)[0]!;
    const data = productsPageReplySchema.parse(await get(`/api/provinces/${busiest.id}/products?per_page=100`)).data;
    expect(data.total).toBeGreaterThan(0);
    const rows = await ctx.db
      .select({ id: products.id, createdAt: products.createdAt, provinceId: shops.provinceId })
      .from(products)
      .innerJoin(shops, eq(shops.id, products.shopId))
      .where(
        inArray(
          products.id,
          data.products.map((p) => p.id),
        ),
      );
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(data.products.length).toBeGreaterThan(0);
    expect(data.products.every((p) => byId.get(p.id)?.provinceId === busiest.id)).toBe(true);
    const times = data.products.map((p) => byId.get(p.id)!.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const first = productsPageReplySchema.parse(await get(`/api/provinces/${busiest.id}/products`)).data;
    expect(first.products.length).toBe(Math.min(12, data.total));
  });

  it('404 for unknown or malformed province ids; 422 for bad paging', async () => {
    for (const url of ['/api/provinces/999999', '/api/provinces/abc', '/api/provinces/999999/products']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    const [first] = await provinces();
    for (const query of ['?per_page=101', '?page=0', '?per_page=abc']) {
      const res = await ctx.app.inject({ url: `/api/provinces/${first!.id}${query}` });
      expect(res.statusCode, query).toBe(422);
    }
  });
});
