import { categoriesReplySchema } from '@shop/contracts/catalog';
import { validationErrorReplySchema } from '@shop/contracts/errors';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categories } from '../../db/schema/catalog';
import { productCategories, products } from '../../db/schema/products';
import { mediaUrl } from '../../lib/media-url';
import { toMoney } from '../../lib/money';
import { isOnline } from '../../lib/online';
import { translate } from '../../lib/translation';
import { describeEachDatabase } from '../../testing/test-app';
import { abbreviateCount, shopStatus } from './catalog.service';

describeEachDatabase('GET /api/categories', (ctx) => {
  const list = async (query = '', locale = 'en') => {
    const res = await ctx.app.inject({ url: `/api/categories${query}`, headers: { 'accept-language': locale } });
    expect(res.statusCode, res.body).toBe(200);
    return categoriesReplySchema.parse(res.json()).data;
  };

  it('lists active categories that have products, in position then id order, with subcategories', async () => {
    const { total, categories: list1 } = await list();
    expect(total).toBe(list1.length);
    expect(total).toBeGreaterThan(1);
    const rows = await ctx.db
      .select({ id: categories.id, position: categories.position, isActive: categories.isActive })
      .from(categories)
      .where(
        inArray(
          categories.id,
          list1.map((c) => c.id),
        ),
      );
    const position = new Map(rows.map((r) => [r.id, r.position]));
    const expected = [...list1].sort((a, b) => position.get(a.id)! - position.get(b.id)! || a.id - b.id);
    expect(list1.map((c) => c.id)).toEqual(expected.map((c) => c.id));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.isActive)).toBe(true);
    for (const c of list1) expect(c.products_count).toBeGreaterThan(0);
    expect(list1.some((c) => c.sub_categories.length > 0)).toBe(true);
  });

  it('translates category and subcategory names by Accept-Language, falling back to English', async () => {
    const en = await list('', 'en');
    const id = await list('', 'id-ID,id;q=0.9');
    const ar = await list('', 'ar');
    const fr = await list('', 'fr');
    expect(id.categories.map((c) => c.id)).toEqual(en.categories.map((c) => c.id));
    const differs = (a: typeof en, b: typeof en) => a.categories.some((c, i) => c.name !== b.categories[i]!.name);
    expect(differs(en, id)).toBe(true);
    expect(differs(en, ar)).toBe(true);
    expect(differs(id, ar)).toBe(true);
    expect(fr.categories).toEqual(en.categories);
    const subNames = (r: typeof en) => r.categories.flatMap((c) => c.sub_categories.map((s) => s.name));
    expect(subNames(id)).not.toEqual(subNames(en));
  });

  it('pages with page and per_page and keeps the total', async () => {
    const all = await list();
    const first = await list('?page=1&per_page=2');
    const second = await list('?page=2&per_page=2');
    expect(first.total).toBe(all.total);
    expect(first.categories.map((c) => c.id)).toEqual(all.categories.slice(0, 2).map((c) => c.id));
    expect(second.categories.map((c) => c.id)).toEqual(all.categories.slice(2, 4).map((c) => c.id));
    const beyond = await list(`?page=${all.total + 1}&per_page=1`);
    expect(beyond).toEqual({ total: all.total, categories: [] });
  });

  it('rejects bad paging with 422 field errors', async () => {
    for (const [query, field] of [
      ['?per_page=101', 'per_page'],
      ['?per_page=1000', 'per_page'],
      ['?page=0', 'page'],
      ['?page=abc', 'page'],
      ['?per_page=-1', 'per_page'],
    ] as const) {
      const res = await ctx.app.inject({ url: `/api/categories${query}` });
      expect(res.statusCode, query).toBe(422);
      const body = validationErrorReplySchema.parse(res.json());
      expect(Object.keys(body.errors), query).toEqual([field]);
    }
  });

  it('leaves out a category whose products are all hidden, and an inactive category', async () => {
    const before = await list();
    const target = before.categories[0]!;
    const productIds = (
      await ctx.db
        .select({ id: productCategories.productId })
        .from(productCategories)
        .where(eq(productCategories.categoryId, target.id))
    ).map((r) => r.id);
    await ctx.db.update(products).set({ isActive: false }).where(inArray(products.id, productIds));
    const hidden = await list();
    expect(hidden.categories.map((c) => c.id)).not.toContain(target.id);
    expect(hidden.total).toBe(before.total - 1);
    await ctx.db.update(products).set({ isActive: true }).where(inArray(products.id, productIds));

    const other = before.categories[1]!;
    await ctx.db.update(categories).set({ isActive: false }).where(eq(categories.id, other.id));
    expect((await list()).categories.map((c) => c.id)).not.toContain(other.id);
    await ctx.db.update(categories).set({ isActive: true }).where(eq(categories.id, other.id));
    expect((await list()).total).toBe(before.total);
  });
});

describe('card formatting', () => {
  it('turns minor units into the API number with at most 2 decimals', () => {
    expect(toMoney(1999)).toBe(19.99);
    expect(toMoney(150000)).toBe(1500);
    expect(toMoney(0)).toBe(0);
    expect(toMoney(5)).toBe(0.05);
  });

  it('abbreviates counts without ever rounding up to the next unit', () => {
    expect(abbreviateCount(0)).toBe('0');
    expect(abbreviateCount(999)).toBe('999');
    expect(abbreviateCount(1000)).toBe('1K');
    expect(abbreviateCount(1234)).toBe('1.2K');
    expect(abbreviateCount(999_999)).toBe('999.9K');
    expect(abbreviateCount(2_500_000)).toBe('2.5M');
    expect(abbreviateCount(3_000_000_000)).toBe('3B');
  });

  it('translates with fallback to the English name', () => {
    expect(translate('Shoes', { id: 'Sepatu' }, 'id')).toBe('Sepatu');
    expect(translate('Shoes', { id: 'Sepatu' }, 'ar')).toBe('Shoes');
    expect(translate('Shoes', { id: '  ' }, 'id')).toBe('Shoes');
    expect(translate('Shoes', null, 'id')).toBe('Shoes');
  });

  it('serves stored media paths under /uploads and leaves absolute ones alone', () => {
    expect(mediaUrl('products/1.webp')).toBe('/uploads/products/1.webp');
    expect(mediaUrl('/uploads/logo.png')).toBe('/uploads/logo.png');
    expect(mediaUrl('https://cdn.example/x.png')).toBe('https://cdn.example/x.png');
    expect(mediaUrl(null)).toBeNull();
  });

  it('counts a shop online when seen within the last 10 minutes', () => {
    const now = new Date('2026-01-15T03:00:00Z');
    expect(isOnline(new Date('2026-01-15T02:51:00Z'), now)).toBe(true);
    expect(isOnline(new Date('2026-01-15T02:49:59Z'), now)).toBe(false);
    expect(isOnline(null, now)).toBe(false);
  });

  it('opens and closes shops by their hours in Asia/Jakarta (UTC+7)', () => {
    const hours = { openingTime: '08:00', closingTime: '21:00', offDay: null };
    // 00:59 UTC is 07:59 in Jakarta; 01:00 UTC is 08:00.
    expect(shopStatus(hours, new Date('2026-01-15T00:59:00Z'))).toBe('Offline');
    expect(shopStatus(hours, new Date('2026-01-15T01:00:00Z'))).toBe('Online');
    expect(shopStatus(hours, new Date('2026-01-15T13:59:00Z'))).toBe('Online');
    expect(shopStatus(hours, new Date('2026-01-15T14:00:00Z'))).toBe('Offline');
    const overnight = { openingTime: '22:00', closingTime: '02:00', offDay: null };
    expect(shopStatus(overnight, new Date('2026-01-15T16:00:00Z'))).toBe('Online'); // 23:00
    expect(shopStatus(overnight, new Date('2026-01-15T18:30:00Z'))).toBe('Online'); // 01:30
    expect(shopStatus(overnight, new Date('2026-01-15T20:00:00Z'))).toBe('Offline'); // 03:00
    // 2026-01-15 is a Thursday; 03:00 UTC is 10:00 in Jakarta, inside the hours.
    expect(shopStatus({ ...hours, offDay: 'Thursday' }, new Date('2026-01-15T03:00:00Z'))).toBe('Offline');
    expect(shopStatus({ ...hours, offDay: 'friday' }, new Date('2026-01-15T03:00:00Z'))).toBe('Online');
    expect(shopStatus({ openingTime: null, closingTime: null, offDay: null }, new Date())).toBe('Online');
  });
});
