import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { shops } from '../../db/schema/shops';
import { describeEachDatabase } from '../../testing/test-app';
import { CATALOG_POLL_MS } from '../catalog/catalog-changes';
import { SeoService } from './seo.service';

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] as string);

describeEachDatabase('sitemap.xml and robots.txt', (ctx) => {
  /** The services a sitemap is built from, as the composition root hands them. */
  const sources = () => ({ catalog: ctx.services.catalog, pages: ctx.services.pages, settings: ctx.services.settings });

  it('robots.txt allows crawling, keeps account pages and the API out and names the sitemap', async () => {
    const res = await ctx.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('User-agent: *\nAllow: /\n');
    expect(res.body).toContain('Disallow: /api/\n');
    expect(res.body).toContain('Disallow: /dashboard\n');
    expect(res.body).toContain('Disallow: /checkout\n');
    expect(res.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });

  it('lists every public URL in one file while they fit', async () => {
    const res = await ctx.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    const urls = locs(res.body);
    expect(urls).toContain('http://localhost:3000/');
    expect(urls).toContain('http://localhost:3000/blogs');
    expect(urls).toContain('http://localhost:3000/privacy-policy');
    expect(urls).toContain('http://localhost:3000/page/cara-belanja');
    expect(urls.some((u) => /^http:\/\/localhost:3000\/categories\/[^/]+$/.test(u))).toBe(true);
    expect(urls.some((u) => /^http:\/\/localhost:3000\/categories\/[^/]+\/[^/]+$/.test(u))).toBe(true);
    expect(urls.some((u) => /^http:\/\/localhost:3000\/shops\/[^/]+$/.test(u))).toBe(true);
    expect(urls.some((u) => /^http:\/\/localhost:3000\/blog\/[^/]+$/.test(u))).toBe(true);
    const productUrls = urls.filter((u) => /\/products\/[^/]+\/details$/.test(u));
    expect(productUrls.length).toBeGreaterThan(10);
    expect(new Set(urls).size).toBe(urls.length);
    expect(res.body).toMatch(/<url><loc>[^<]+\/details<\/loc><lastmod>\d{4}-\d\d-\d\dT[^<]+Z<\/lastmod><\/url>/);
  });

  it('leaves out inactive shops', async () => {
    const [shop] = await ctx.db.select().from(shops).limit(1);
    if (!shop) throw new Error('seeded');
    await ctx.db.update(shops).set({ isActive: false }).where(eq(shops.id, shop.id));
    const urls = locs((await ctx.app.inject({ url: '/sitemap.xml' })).body);
    expect(urls).not.toContain(`http://localhost:3000/shops/${shop.slug}`);
    await ctx.db.update(shops).set({ isActive: true }).where(eq(shops.id, shop.id));
  });

  it('becomes an index of files of at most the page size, which together list every URL once', async () => {
    const full = locs((await ctx.app.inject({ url: '/sitemap.xml' })).body);
    const products = full.filter((u) => /\/products\/[^/]+\/details$/.test(u));
    const others = full.filter((u) => !products.includes(u));

    // Small enough that the pages need several files too, as they would past 50,000 shops and posts.
    const pageSize = Math.max(Math.ceil(others.length / 3), 7);
    expect(others.length).toBeGreaterThan(pageSize);
    const service = new SeoService({ config: ctx.config, database: ctx.database, clock: ctx.clock }, sources(), {
      pageSize,
    });
    const index = await service.sitemap();
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = locs(index);
    const pageFiles = Math.ceil(others.length / pageSize);
    const productFiles = Math.ceil(products.length / pageSize);
    expect(files).toEqual([
      ...Array.from({ length: pageFiles }, (_, i) => `http://localhost:3000/sitemap-pages-${i + 1}.xml`),
      ...Array.from({ length: productFiles }, (_, i) => `http://localhost:3000/sitemap-products-${i + 1}.xml`),
    ]);

    const fromPageFiles: string[] = [];
    for (let n = 1; n <= pageFiles; n++) {
      const part = locs((await service.pagesSitemap(n)) ?? '');
      expect(part.length).toBeGreaterThan(0);
      expect(part.length).toBeLessThanOrEqual(pageSize);
      fromPageFiles.push(...part);
    }
    expect(fromPageFiles).toEqual(others);
    expect(await service.pagesSitemap(pageFiles + 1)).toBeNull();
    expect(await service.pagesSitemap(0)).toBeNull();

    const fromFiles: string[] = [];
    for (let n = 1; n <= productFiles; n++) {
      const part = locs((await service.productsSitemap(n)) ?? '');
      expect(part.length).toBeLessThanOrEqual(pageSize);
      fromFiles.push(...part);
    }
    expect(fromFiles).toEqual(products);
    expect(await service.productsSitemap(productFiles + 1)).toBeNull();
    expect(await service.productsSitemap(0)).toBeNull();
  });

  it('serves the part files over HTTP and 404s one past the end', async () => {
    const pages = await ctx.app.inject({ url: '/sitemap-pages.xml' });
    expect(pages.statusCode).toBe(200);
    expect(pages.headers['cache-control']).toBe('public, max-age=3600');
    expect(locs(pages.body)).toContain('http://localhost:3000/');
    const firstPages = await ctx.app.inject({ url: '/sitemap-pages-1.xml' });
    expect(firstPages.body).toBe(pages.body);
    expect((await ctx.app.inject({ url: '/sitemap-pages-2.xml' })).statusCode).toBe(404);
    const first = await ctx.app.inject({ url: '/sitemap-products-1.xml' });
    expect(first.statusCode).toBe(200);
    expect(locs(first.body).length).toBeGreaterThan(0);
    expect(locs(first.body).every((u) => u.endsWith('/details'))).toBe(true);
    expect((await ctx.app.inject({ url: '/sitemap-products-2.xml' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/sitemap-products-x.xml' })).statusCode).toBe(422);
  });

  it('keeps each file for PUBLIC_CACHE_SECONDS, then reads the catalogue again', async () => {
    const [shop] = await ctx.db.select().from(shops).where(eq(shops.isActive, true)).limit(1);
    if (!shop) throw new Error('seeded');
    const url = `http://localhost:3000/shops/${shop.slug}`;
    const cached = new SeoService(
      {
        config: { ...ctx.config, PUBLIC_CACHE_SECONDS: 60, CATALOG_POLL_MS },
        database: ctx.database,
        clock: ctx.clock,
      },
      sources(),
    );
    const uncached = new SeoService({ config: ctx.config, database: ctx.database, clock: ctx.clock }, sources());
    expect(locs(await cached.sitemap())).toContain(url);
    expect(locs((await cached.pagesSitemap(1)) ?? '')).toContain(url);
    await ctx.db.update(shops).set({ isActive: false }).where(eq(shops.id, shop.id));
    try {
      expect(locs(await cached.sitemap())).toContain(url);
      expect(locs((await cached.pagesSitemap(1)) ?? '')).toContain(url);
      expect(locs(await uncached.sitemap())).not.toContain(url);
    } finally {
      await ctx.db.update(shops).set({ isActive: true }).where(eq(shops.id, shop.id));
    }
  });
});
