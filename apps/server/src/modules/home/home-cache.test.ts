import { categoriesReplySchema, homeReplySchema } from '@shop/contracts/catalog';
import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { categories } from '../../db/schema/catalog';
import { banners } from '../../db/schema/marketing';
import { createTestApp, type TestApp } from '../../testing/test-app';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp({ env: { PUBLIC_CACHE_SECONDS: '60' } });
});
afterAll(async () => {
  await ctx?.close();
});

const get = async (url: string, locale = 'en') => {
  const res = await ctx.app.inject({ url, headers: { 'accept-language': locale } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

it('reuses the home page for PUBLIC_CACHE_SECONDS, per language and page', async () => {
  const first = homeReplySchema.parse(await get('/api/home')).data;
  await ctx.db.update(banners).set({ title: 'Changed meanwhile' }).where(isNull(banners.shopId));
  const again = homeReplySchema.parse(await get('/api/home')).data;
  expect(again.banners.map((b) => b.title)).toEqual(first.banners.map((b) => b.title));
  const otherPage = homeReplySchema.parse(await get('/api/home?page=2')).data;
  expect(otherPage.banners.length).toBeGreaterThan(0);
  expect(otherPage.banners.every((b) => b.title === 'Changed meanwhile')).toBe(true);
  const otherLanguage = homeReplySchema.parse(await get('/api/home', 'id')).data;
  expect(otherLanguage.banners.length).toBeGreaterThan(0);
  expect(otherLanguage.banners.every((b) => b.title === 'Changed meanwhile')).toBe(true);
});

it('reuses the category list the same way', async () => {
  const first = categoriesReplySchema.parse(await get('/api/categories')).data;
  await ctx.db.update(categories).set({ name: 'Renamed meanwhile' });
  const again = categoriesReplySchema.parse(await get('/api/categories')).data;
  expect(again.categories.map((c) => c.name)).toEqual(first.categories.map((c) => c.name));
  const paged = categoriesReplySchema.parse(await get('/api/categories?per_page=5')).data;
  expect(paged.categories.length).toBeGreaterThan(0);
  expect(paged.categories.every((c) => c.name === 'Renamed meanwhile')).toBe(true);
});
