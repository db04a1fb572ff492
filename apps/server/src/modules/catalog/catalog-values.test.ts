import {
  adminBrandReplySchema,
  adminColorListReplySchema,
  adminColorReplySchema,
  adminSizeListReplySchema,
  adminSizeReplySchema,
  adminUnitListReplySchema,
} from '@shop/contracts/catalog-admin';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { brands, colors, sizes, units } from '../../db/schema/catalog';
import { productColors, productSizes, products } from '../../db/schema/products';
import { type SignedIn, signInNewCustomer } from '../../testing/auth';
import { createTestProduct, seededShops } from '../../testing/commerce';
import { multipart } from '../../testing/multipart';
import { signInOperator, signInSeller } from '../../testing/seller-centre';
import { describeEachDatabase } from '../../testing/test-app';

describeEachDatabase('the operator catalogue structure: brands, colours, sizes and units', (ctx) => {
  let operator: SignedIn;
  beforeAll(async () => {
    operator = await signInOperator(ctx);
  });
  const asOperator = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: operator.bearerHeaders, ...(payload ? { payload } : {}) });
  const auditCount = async (kind: string, recordId: number) =>
    (
      await ctx.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(and(eq(auditLog.kind, kind), eq(auditLog.recordId, String(recordId))))
    ).length;
  const product = async () => {
    const [shop] = await seededShops(ctx.db, 1);
    return createTestProduct(ctx.db, { shopId: shop!.id, price: 1000, stock: 1 });
  };

  it('adds a colour with its code, lists, searches and changes it, one audit entry per write', async () => {
    const created = await asOperator('POST', '/api/operator/colors', {
      name: 'Ocean teal',
      translations: { id: 'Hijau laut', ar: '' },
      color_code: '#0f766e',
    });
    expect(created.statusCode, created.body).toBe(200);
    const { color } = adminColorReplySchema.parse(created.json()).data;
    expect(color).toMatchObject({ name: 'Ocean teal', color_code: '#0F766E', products: 0, is_active: true });
    expect(color.translations).toEqual({ id: 'Hijau laut' });
    expect(await auditCount('color', color.id)).toBe(1);

    const list = await asOperator('GET', '/api/operator/colors?q=ocean&sort=name&direction=desc');
    expect(list.statusCode, list.body).toBe(200);
    const data = adminColorListReplySchema.parse(list.json()).data;
    expect(data.colors.map((c) => c.id)).toEqual([color.id]);
    expect(data.total).toBe(1);

    const changed = await asOperator('PUT', `/api/operator/colors/${color.id}`, {
      name: 'Deep teal',
      color_code: '#134E4A',
      is_active: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(adminColorReplySchema.parse(changed.json()).data.color).toMatchObject({
      name: 'Deep teal',
      color_code: '#134E4A',
      is_active: false,
    });
    expect(await auditCount('color', color.id)).toBe(2);

    const bad = await asOperator('POST', '/api/operator/colors', { name: 'Nope', color_code: 'teal' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.color_code[0]).toContain('six hex digits');
  });

  it('keeps sizes in their order and pages every list on the server', async () => {
    for (const [name, position] of [
      ['Size B', 2],
      ['Size A', 1],
      ['Size C', 3],
    ] as const) {
      const res = await asOperator('POST', '/api/operator/sizes', { name, position });
      expect(res.statusCode, res.body).toBe(200);
      expect(adminSizeReplySchema.parse(res.json()).data.size.position).toBe(position);
    }
    const first = await asOperator('GET', '/api/operator/sizes?q=size%20&sort=position&per_page=2');
    const page = adminSizeListReplySchema.parse(first.json()).data;
    expect(page.total).toBe(3);
    expect(page.sizes.map((s) => s.name)).toEqual(['Size A', 'Size B']);
    const second = await asOperator('GET', '/api/operator/sizes?q=size%20&sort=position&per_page=2&page=2');
    expect(adminSizeListReplySchema.parse(second.json()).data.sizes.map((s) => s.name)).toEqual(['Size C']);
    expect((await asOperator('GET', '/api/operator/units?sort=position')).statusCode).toBe(422);
  });

  it('leaves a shop’s own values alone: not listed, 404 to change or delete', async () => {
    const [shop] = await seededShops(ctx.db, 1);
    const [own] = await ctx.db.insert(units).values({ name: 'Shop crate', shopId: shop!.id }).returning();
    const list = await asOperator('GET', '/api/operator/units?q=crate');
    expect(adminUnitListReplySchema.parse(list.json()).data.units).toEqual([]);
    expect((await asOperator('PUT', `/api/operator/units/${own!.id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await asOperator('DELETE', `/api/operator/units/${own!.id}`)).statusCode).toBe(404);
    expect((await asOperator('DELETE', '/api/operator/units/abc')).statusCode).toBe(404);
    const [still] = await ctx.db.select().from(units).where(eq(units.id, own!.id));
    expect(still?.name).toBe('Shop crate');
  });

  it('refuses to delete a brand or unit products use, saying how many; moves them when asked', async () => {
    const [from] = await ctx.db.insert(brands).values({ name: 'Old brand' }).returning();
    const [to] = await ctx.db.insert(brands).values({ name: 'New brand' }).returning();
    const [unitFrom] = await ctx.db.insert(units).values({ name: 'Old unit' }).returning();
    const [unitTo] = await ctx.db.insert(units).values({ name: 'New unit' }).returning();
    const a = await product();
    const b = await product();
    await ctx.db.update(products).set({ brandId: from!.id, unitId: unitFrom!.id }).where(eq(products.id, a.id));
    await ctx.db.update(products).set({ brandId: from!.id }).where(eq(products.id, b.id));

    const refused = await asOperator('DELETE', `/api/operator/brands/${from!.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('2 products use this brand: choose another brand to move them to.');
    expect((await asOperator('DELETE', `/api/operator/brands/${from!.id}?move_to=${from!.id}`)).statusCode).toBe(409);
    expect((await asOperator('DELETE', `/api/operator/brands/${from!.id}?move_to=999999`)).statusCode).toBe(409);
    expect(await auditCount('brand', from!.id)).toBe(0);

    const moved = await asOperator('DELETE', `/api/operator/brands/${from!.id}?move_to=${to!.id}`);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toEqual({ moved: 2 });
    const rows = await ctx.db.select({ brandId: products.brandId }).from(products).where(eq(products.brandId, to!.id));
    expect(rows).toHaveLength(2);
    expect(await ctx.db.select().from(brands).where(eq(brands.id, from!.id))).toEqual([]);
    expect(await auditCount('brand', from!.id)).toBe(1);

    expect((await asOperator('DELETE', `/api/operator/units/${unitFrom!.id}`)).statusCode).toBe(409);
    const unitMoved = await asOperator('DELETE', `/api/operator/units/${unitFrom!.id}?move_to=${unitTo!.id}`);
    expect(unitMoved.statusCode, unitMoved.body).toBe(200);
    const [aNow] = await ctx.db.select({ unitId: products.unitId }).from(products).where(eq(products.id, a.id));
    expect(aNow?.unitId).toBe(unitTo!.id);
  });

  it('refuses to delete a colour or size in use; a move keeps a product’s own link to the target', async () => {
    const [red] = await ctx.db.insert(colors).values({ name: 'Test red', colorCode: '#FF0000' }).returning();
    const [crimson] = await ctx.db.insert(colors).values({ name: 'Test crimson', colorCode: '#990000' }).returning();
    const [small] = await ctx.db.insert(sizes).values({ name: 'Test S' }).returning();
    const [medium] = await ctx.db.insert(sizes).values({ name: 'Test M' }).returning();
    const a = await product();
    const b = await product();
    await ctx.db.insert(productColors).values([
      { productId: a.id, colorId: red!.id, extraPrice: 100 },
      { productId: b.id, colorId: red!.id, extraPrice: 100 },
      { productId: b.id, colorId: crimson!.id, extraPrice: 500 },
    ]);
    await ctx.db.insert(productSizes).values({ productId: a.id, sizeId: small!.id });

    const refused = await asOperator('DELETE', `/api/operator/colors/${red!.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('2 products use this colour');
    const moved = await asOperator('DELETE', `/api/operator/colors/${red!.id}?move_to=${crimson!.id}`);
    expect(moved.statusCode, moved.body).toBe(200);
    const links = await ctx.db.select().from(productColors).where(eq(productColors.colorId, crimson!.id));
    expect(links.map((l) => [l.productId, l.extraPrice]).sort()).toEqual(
      [
        [a.id, 100],
        [b.id, 500],
      ].sort(),
    );

    expect((await asOperator('DELETE', `/api/operator/sizes/${small!.id}`)).statusCode).toBe(409);
    const sizeMoved = await asOperator('DELETE', `/api/operator/sizes/${small!.id}?move_to=${medium!.id}`);
    expect(sizeMoved.statusCode, sizeMoved.body).toBe(200);
    expect(await ctx.db.select().from(productSizes).where(eq(productSizes.sizeId, medium!.id))).toHaveLength(1);
    expect(await ctx.db.select().from(sizes).where(eq(sizes.id, small!.id))).toEqual([]);
  });

  it('stores a brand’s logo and removes it', async () => {
    const created = await asOperator('POST', '/api/operator/brands', { name: 'Logo brand' });
    const { brand } = adminBrandReplySchema.parse(created.json()).data;
    expect(brand.image).toBeNull();
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#112233' } })
      .png()
      .toBuffer();
    const body = multipart({}, [{ name: 'image', filename: 'logo.png', type: 'image/png', data: png }]);
    const saved = await ctx.app.inject({
      method: 'POST',
      url: `/api/operator/brands/${brand.id}/image`,
      headers: { ...operator.bearerHeaders, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(adminBrandReplySchema.parse(saved.json()).data.brand.image).toMatch(/^\/uploads\/catalogue\/.+\.webp$/);
    const removed = await asOperator('DELETE', `/api/operator/brands/${brand.id}/image`);
    expect(adminBrandReplySchema.parse(removed.json()).data.brand.image).toBeNull();
    expect(await auditCount('brand', brand.id)).toBe(3);
  });

  it('is the operator’s only: a seller and a shopper get 403', async () => {
    const [shop] = await seededShops(ctx.db, 1);
    const seller = await signInSeller(ctx.app, `${shop!.slug}@example.com`);
    const { session: shopper } = await signInNewCustomer(ctx.app, ctx.db);
    for (const who of [seller, shopper]) {
      for (const path of ['brands', 'colors', 'sizes', 'units']) {
        for (const method of ['GET', 'POST'] as const) {
          const res = await ctx.app.inject({
            method,
            url: `/api/operator/${path}`,
            headers: who.bearerHeaders,
            ...(method === 'POST' ? { payload: { name: 'X', color_code: '#000000' } } : {}),
          });
          expect(res.statusCode, `${method} ${path}`).toBe(403);
        }
      }
    }
  });
});
