import { categoriesReplySchema, homeReplySchema } from '@shop/contracts/catalog';
import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { categories } from '../../db/schema/catalog';
import { banners } from '../../db/schema/marketing';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { CATALOG_POLL_MS } from '../catalog/catalog-changes';

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

it('reuses the category list the same way until the catalogue changes, then serves it once more while it is rebuilt', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    const names = async (url: string) => categoriesReplySchema.parse(await get(url)).data.categories.map((c) => c.name);
    const first = await names('/api/categories');
    await ctx.db.update(categories).set({ name: 'Renamed meanwhile' });
    // Before this process looks at the catalogue again, the list is reused; another query is read.
    expect(await names('/api/categories')).toEqual(first);
    const paged = await names('/api/categories?per_page=5');
    expect(paged.length).toBeGreaterThan(0);
    expect(paged.every((name) => name === 'Renamed meanwhile')).toBe(true);
    // Its next look (at most CATALOG_POLL_MS later) sees the change: the old list once more, then the new.
    vi.setSystemTime(Date.now() + CATALOG_POLL_MS);
    ctx.clock.advance(CATALOG_POLL_MS);
    expect(await names('/api/categories')).toEqual(first);
    await vi.waitFor(async () =>
      expect((await names('/api/categories')).every((name) => name === 'Renamed meanwhile')).toBe(true),
    );
  } finally {
    vi.useRealTimers();
  }
});
