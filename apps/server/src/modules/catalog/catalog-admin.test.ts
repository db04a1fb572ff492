import { adminCategoryListReplySchema, adminCategoryReplySchema } from '@shop/contracts/catalog-admin';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { categories } from '../../db/schema/catalog';
import { productCategories } from '../../db/schema/products';
import { type SignedIn, signInNewCustomer } from '../../testing/auth';
import { createTestProduct, seededShops } from '../../testing/commerce';
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
