import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  adminCategoryListReplySchema,
  adminCategoryReplySchema,
  adminSubCategoryListReplySchema,
  adminSubCategoryReplySchema,
} from '@shop/contracts/catalog-admin';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { categories, categorySubCategories, subCategories } from '../../db/schema/catalog';
import { productCategories, productSubCategories } from '../../db/schema/products';
import { type SignedIn, signInNewCustomer } from '../../testing/auth';
import { createTestProduct, seededShops } from '../../testing/commerce';
import { multipart } from '../../testing/multipart';
import { signInOperator, signInSeller } from '../../testing/seller-centre';
import { describeEachDatabase } from '../../testing/test-app';

describeEachDatabase('the operator catalogue structure: categories', (ctx) => {
  let operator: SignedIn;
  beforeAll(async () => {
    operator = await signInOperator(ctx);
  });
  const asOperator = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: operator.bearerHeaders, ...(payload ? { payload } : {}) });
  const auditCount = async (recordId: number) =>
    (
      await ctx.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(and(eq(auditLog.kind, 'category'), eq(auditLog.recordId, String(recordId))))
    ).length;

  it('creates, lists (search, sort, paging) and changes a category, one audit entry per write', async () => {
    const created = await asOperator('POST', '/api/operator/categories', {
      name: 'Zebra gear',
      translations: { id: 'Perlengkapan zebra', ar: '' },
      position: 7,
    });
    expect(created.statusCode, created.body).toBe(200);
    const { category } = adminCategoryReplySchema.parse(created.json()).data;
    expect(category).toMatchObject({ name: 'Zebra gear', slug: 'zebra-gear', position: 7, products: 0 });
    expect(category.translations).toEqual({ id: 'Perlengkapan zebra' });
    expect(await auditCount(category.id)).toBe(1);

    const list = await asOperator('GET', '/api/operator/categories?q=zebra&sort=name&direction=desc&per_page=5');
    expect(list.statusCode).toBe(200);
    const data = adminCategoryListReplySchema.parse(list.json()).data;
    expect(data.total).toBe(1);
    expect(data.categories[0]!.id).toBe(category.id);

    const changed = await asOperator('PUT', `/api/operator/categories/${category.id}`, {
      name: 'Zebra things',
      is_active: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(adminCategoryReplySchema.parse(changed.json()).data.category).toMatchObject({
      name: 'Zebra things',
      is_active: false,
    });
    expect(await auditCount(category.id)).toBe(2);
  });

  it('refuses a bad request and an unknown category', async () => {
    expect((await asOperator('POST', '/api/operator/categories', { name: '  ' })).statusCode).toBe(422);
    expect((await asOperator('POST', '/api/operator/categories', { name: 'x'.repeat(121) })).statusCode).toBe(422);
    expect((await asOperator('GET', '/api/operator/categories?sort=nope')).statusCode).toBe(422);
    expect((await asOperator('PUT', '/api/operator/categories/999999', { name: 'A' })).statusCode).toBe(404);
    expect((await asOperator('DELETE', '/api/operator/categories/abc')).statusCode).toBe(404);
  });

  it('is the operator’s only: a seller and a shopper get 403', async () => {
    const [shop] = await seededShops(ctx.db, 1);
    const seller = await signInSeller(ctx.app, `${shop!.slug}@example.com`);
    const { session: shopper } = await signInNewCustomer(ctx.app, ctx.db);
    for (const who of [seller, shopper]) {
      for (const [method, url] of [
        ['GET', '/api/operator/categories'],
        ['POST', '/api/operator/categories'],
        ['DELETE', '/api/operator/categories/1'],
      ] as const) {
        const res = await ctx.app.inject({ method, url, headers: who.bearerHeaders, payload: { name: 'X' } });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
  });

  it('refuses to delete a category products use, saying how many; moves them when asked', async () => {
    const [shop] = await seededShops(ctx.db, 1);
    const [from] = await ctx.db.insert(categories).values({ name: 'Old', slug: 'old-cat-test' }).returning();
    const [to] = await ctx.db.insert(categories).values({ name: 'New', slug: 'new-cat-test' }).returning();
    const a = await createTestProduct(ctx.db, { shopId: shop!.id, price: 1000, stock: 1 });
    const b = await createTestProduct(ctx.db, { shopId: shop!.id, price: 1000, stock: 1 });
    await ctx.db.insert(productCategories).values([
      { productId: a.id, categoryId: from!.id },
      { productId: b.id, categoryId: from!.id },
      { productId: b.id, categoryId: to!.id },
    ]);

    const refused = await asOperator('DELETE', `/api/operator/categories/${from!.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('2 products use this category');
    expect((await asOperator('DELETE', `/api/operator/categories/${from!.id}?move_to=${from!.id}`)).statusCode).toBe(
      409,
    );
    expect((await asOperator('DELETE', `/api/operator/categories/${from!.id}?move_to=999999`)).statusCode).toBe(409);
    expect(await auditCount(from!.id)).toBe(0);

    const moved = await asOperator('DELETE', `/api/operator/categories/${from!.id}?move_to=${to!.id}`);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toEqual({ moved: 2 });
    const links = await ctx.db.select().from(productCategories).where(eq(productCategories.categoryId, to!.id));
    expect(links.map((l) => l.productId).sort()).toEqual([a.id, b.id].sort());
    expect(await ctx.db.select().from(categories).where(eq(categories.id, from!.id))).toEqual([]);
    expect(await auditCount(from!.id)).toBe(1);
  });
});

describeEachDatabase('the operator catalogue structure: thumbnails and subcategories', (ctx) => {
  let operator: SignedIn;
  beforeAll(async () => {
    operator = await signInOperator(ctx);
  });
  const asOperator = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: operator.bearerHeaders, ...(payload ? { payload } : {}) });
  const auditCount = async (recordId: number, kind: string) =>
    (
      await ctx.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(and(eq(auditLog.kind, kind), eq(auditLog.recordId, String(recordId))))
    ).length;
  const upload = async (url: string, data: Buffer, type = 'image/png') => {
    const body = multipart({}, [{ name: 'image', filename: 'thumb.png', type, data }]);
    return ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...operator.bearerHeaders, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const png = (width = 1200, height = 600) =>
    sharp({ create: { width, height, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
  const newCategory = async (name: string) => {
    const [row] = await ctx.db
      .insert(categories)
      .values({ name, slug: `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}` })
      .returning();
    return row!;
  };

  it('stores a category’s thumbnail as a WebP of at most 800 px and removes it', async () => {
    const category = await newCategory('Thumbs');
    const saved = await upload(`/api/operator/categories/${category.id}/image`, await png());
    expect(saved.statusCode, saved.body).toBe(200);
    const { image } = adminCategoryReplySchema.parse(saved.json()).data.category;
    expect(image).toMatch(/^\/uploads\/catalogue\/[0-9a-f]+\.webp$/);
    const file = path.join(ctx.config.UPLOADS_DIR, image!.replace(/^\/uploads\//, ''));
    expect(existsSync(file)).toBe(true);
    expect(await sharp(file).metadata()).toMatchObject({ format: 'webp', width: 800, height: 400 });
    expect(await auditCount(category.id, 'category')).toBe(1);

    const removed = await asOperator('DELETE', `/api/operator/categories/${category.id}/image`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(adminCategoryReplySchema.parse(removed.json()).data.category.image).toBeNull();
    expect(await auditCount(category.id, 'category')).toBe(2);
  });

  it('refuses a picture that is not one, a missing file and an unknown category, writing nothing', async () => {
    const category = await newCategory('Refused');
    const text = await upload(`/api/operator/categories/${category.id}/image`, Buffer.from('not a picture'));
    expect(text.statusCode).toBe(422);
    expect(text.json().errors.image[0]).toContain('jpg, jpeg, png, webp');
    const none = await ctx.app.inject({
      method: 'POST',
      url: `/api/operator/categories/${category.id}/image`,
      headers: operator.bearerHeaders,
      payload: {},
    });
    expect(none.statusCode).toBe(422);
    expect((await upload('/api/operator/categories/999999/image', await png())).statusCode).toBe(404);
    expect((await asOperator('DELETE', '/api/operator/categories/999999/image')).statusCode).toBe(404);
    expect(await auditCount(category.id, 'category')).toBe(0);
  });

  it('adds, lists, changes and deletes a subcategory under its categories, one audit entry per write', async () => {
    const shoes = await newCategory('Shoes');
    const sport = await newCategory('Sport');
    const created = await asOperator('POST', '/api/operator/sub-categories', {
      name: 'Running shoes',
      translations: { id: 'Sepatu lari', ar: 'أحذية الجري' },
      category_ids: [shoes.id, sport.id, shoes.id],
      position: 4,
    });
    expect(created.statusCode, created.body).toBe(200);
    const sub = adminSubCategoryReplySchema.parse(created.json()).data.sub_category;
    expect(sub).toMatchObject({ name: 'Running shoes', slug: 'running-shoes', position: 4, products: 0, image: null });
    expect(sub.categories.map((c) => c.name)).toEqual(['Shoes', 'Sport']);
    expect(await auditCount(sub.id, 'sub_category')).toBe(1);

    const list = await asOperator('GET', `/api/operator/sub-categories?category_id=${sport.id}&q=running&sort=name`);
    expect(list.statusCode, list.body).toBe(200);
    expect(adminSubCategoryListReplySchema.parse(list.json()).data.sub_categories.map((s) => s.id)).toEqual([sub.id]);

    const changed = await asOperator('PUT', `/api/operator/sub-categories/${sub.id}`, {
      name: 'Trail shoes',
      category_ids: [sport.id],
      is_active: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(adminSubCategoryReplySchema.parse(changed.json()).data.sub_category).toMatchObject({
      name: 'Trail shoes',
      slug: 'trail-shoes',
      is_active: false,
      categories: [{ id: sport.id, name: 'Sport' }],
    });
    const links = await ctx.db
      .select()
      .from(categorySubCategories)
      .where(eq(categorySubCategories.subCategoryId, sub.id));
    expect(links.map((l) => l.categoryId)).toEqual([sport.id]);
    expect(await auditCount(sub.id, 'sub_category')).toBe(2);

    const thumb = await upload(`/api/operator/sub-categories/${sub.id}/image`, await png(100, 100));
    expect(thumb.statusCode, thumb.body).toBe(200);
    expect(adminSubCategoryReplySchema.parse(thumb.json()).data.sub_category.image).toMatch(/\.webp$/);
    expect(await auditCount(sub.id, 'sub_category')).toBe(3);

    const deleted = await asOperator('DELETE', `/api/operator/sub-categories/${sub.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await ctx.db.select().from(subCategories).where(eq(subCategories.id, sub.id))).toEqual([]);
    expect(await auditCount(sub.id, 'sub_category')).toBe(4);
  });

  it('refuses a subcategory without a category or with an unknown one', async () => {
    const none = await asOperator('POST', '/api/operator/sub-categories', { name: 'Lonely', category_ids: [] });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.category_ids[0]).toBe('Choose at least one category.');
    const unknown = await asOperator('POST', '/api/operator/sub-categories', { name: 'Lost', category_ids: [999999] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.category_ids[0]).toBe('The selected category is invalid.');
    expect(
      (await asOperator('PUT', '/api/operator/sub-categories/999999', { name: 'A', category_ids: [1] })).statusCode,
    ).toBe(404);
  });

  it('refuses to delete a subcategory products use unless they move, then moves them', async () => {
    const [shop] = await seededShops(ctx.db, 1);
    const category = await newCategory('Bags');
    const [from] = await ctx.db
      .insert(subCategories)
      .values({ name: 'Old bags', slug: `old-bags-${Date.now()}` })
      .returning();
    const [to] = await ctx.db
      .insert(subCategories)
      .values({ name: 'New bags', slug: `new-bags-${Date.now()}` })
      .returning();
    await ctx.db.insert(categorySubCategories).values([
      { categoryId: category.id, subCategoryId: from!.id },
      { categoryId: category.id, subCategoryId: to!.id },
    ]);
    const a = await createTestProduct(ctx.db, { shopId: shop!.id, price: 1000, stock: 1 });
    await ctx.db.insert(productSubCategories).values({ productId: a.id, subCategoryId: from!.id });

    const refused = await asOperator('DELETE', `/api/operator/sub-categories/${from!.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('1 products use this subcategory');
    expect(await auditCount(from!.id, 'sub_category')).toBe(0);
    const moved = await asOperator('DELETE', `/api/operator/sub-categories/${from!.id}?move_to=${to!.id}`);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toEqual({ moved: 1 });
    const links = await ctx.db.select().from(productSubCategories).where(eq(productSubCategories.productId, a.id));
    expect(links.map((l) => l.subCategoryId)).toEqual([to!.id]);
  });
});
