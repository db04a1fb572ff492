import { LEGAL_PAGE_SLUGS } from '@shop/contracts/content';
import type { CoreDeps } from '../../deps';
import { KeyedTtlCache, PUBLIC_STALE_MS } from '../../lib/ttl-cache';
import type { CatalogService } from '../catalog/catalog.service';
import type { PagesService } from '../pages/pages.service';
import type { SettingsService } from '../settings/settings.service';
import {
  findListedProductIdBefore,
  findListedProductSlugs,
  findSitemapBlogs,
  findSitemapCategories,
  findSitemapShops,
  findSitemapSubCategories,
} from './seo.repository';

/** The sitemap protocol's limit of URLs per file. */
export const SITEMAP_MAX_URLS = 50_000;
/** Products are read this many at a time, so a file of 50,000 never holds all rows at once. */
const PRODUCT_CHUNK = 2_000;
/**
 * Rendered files kept at once: crawlers read the index and then the parts one after another, and a
 * full part is a few megabytes, so a handful covers a crawl without holding the whole site.
 */
const CACHED_FILES = 4;

interface SitemapUrl {
  path: string;
  lastmod?: Date;
}

/** Account and checkout pages, and the API: nothing a search engine should index. */
export const ROBOTS_DISALLOWED = [
  '/api/',
  '/dashboard',
  '/order-history',
  '/returned-order-history',
  '/return-product',
  '/wishlist',
  '/profile',
  '/manage-address',
  '/change-password',
  '/support-tickets',
  '/support-ticket/',
  '/massages',
  '/checkout',
  '/buynow',
  '/payment/',
  '/digital-payment/',
];

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] as string);

const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const URLSET_CLOSE = '</urlset>\n';

export interface SeoOptions {
  /** URLs per sitemap file; only tests lower it, to see the index without 50,000 rows. */
  pageSize?: number;
}

/** sitemap.xml (a single file, or an index of files of at most 50,000 URLs) and robots.txt. */
export class SeoService {
  private readonly pageSize: number;
  /**
   * Sitemap bodies for PUBLIC_CACHE_SECONDS: a crawl asks for every file, each a scan of the catalogue,
   * and concurrent requests for one file share a single render.
   */
  private readonly files: KeyedTtlCache<string | null>;

  constructor(
    private readonly deps: CoreDeps,
    private readonly sources: { catalog: CatalogService; pages: PagesService; settings: SettingsService },
    options: SeoOptions = {},
  ) {
    this.pageSize = Math.min(options.pageSize ?? SITEMAP_MAX_URLS, SITEMAP_MAX_URLS);
    this.files = new KeyedTtlCache(deps.config.PUBLIC_CACHE_SECONDS * 1000, CACHED_FILES, {
      staleMs: PUBLIC_STALE_MS,
    });
  }

  private url(path: string): string {
    return `${this.deps.config.PUBLIC_URL}${path}`;
  }

  private entry({ path, lastmod }: SitemapUrl): string {
    const mod = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : '';
    return `<url><loc>${escapeXml(this.url(path))}</loc>${mod}</url>\n`;
  }

  robots(): string {
    return [
      'User-agent: *',
      'Allow: /',
      ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${this.url('/sitemap.xml')}`,
      '',
    ].join('\n');
  }

  /** Everything but the products: home, fixed pages, categories, shops, blog posts, CMS pages. */
  async pageUrls(): Promise<SitemapUrl[]> {
    const db = this.deps.database.replica;
    const [{ general }, categories, subCategories, shops, blogs, pages] = await Promise.all([
      this.sources.settings.stored(['general']),
      findSitemapCategories(db),
      findSitemapSubCategories(db),
      findSitemapShops(db),
      findSitemapBlogs(db),
      this.sources.pages.activeSlugs(),
    ]);
    const multiVendor = general?.multi_vendor ?? true;
    const legal = new Set<string>(LEGAL_PAGE_SLUGS);
    const fixed = ['/', '/products', '/categories', '/most-popular', '/best-deal', '/blogs', '/contact-us', '/support'];
    if (multiVendor) fixed.splice(2, 0, '/shops');
    return [
      ...fixed.map((path) => ({ path })),
      ...categories.map((c) => ({ path: `/categories/${encodeURIComponent(c.slug)}` })),
      ...subCategories.map((s) => ({
        path: `/categories/${encodeURIComponent(s.categorySlug)}/${encodeURIComponent(s.slug)}`,
      })),
      ...(multiVendor ? shops.map((s) => ({ path: `/shops/${encodeURIComponent(s.slug)}` })) : []),
      ...blogs.map((b) => ({ path: `/blog/${encodeURIComponent(b.slug)}`, lastmod: b.createdAt })),
      ...pages.map((p) => ({
        path: legal.has(p.slug) ? `/${p.slug}` : `/page/${encodeURIComponent(p.slug)}`,
      })),
    ];
  }

  /**
   * The body of /sitemap.xml: every URL in one file while they fit, otherwise an index of
   * /sitemap-pages-{n}.xml and /sitemap-products-{n}.xml.
   */
  sitemap(): Promise<string> {
    return this.files.get('index', async () => {
      const [pages, productCount] = await Promise.all([this.pageUrls(), this.sources.catalog.countListedProducts()]);
      if (pages.length + productCount <= this.pageSize) {
        let body = URLSET_OPEN;
        for (const page of pages) body += this.entry(page);
        for await (const chunk of this.productEntries(0, productCount)) body += chunk;
        return body + URLSET_CLOSE;
      }
      const files: string[] = [];
      for (let n = 1; n <= Math.ceil(pages.length / this.pageSize); n++) files.push(`/sitemap-pages-${n}.xml`);
      for (let n = 1; n <= Math.ceil(productCount / this.pageSize); n++) files.push(`/sitemap-products-${n}.xml`);
      return [
        '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
        ...files.map((file) => `<sitemap><loc>${escapeXml(this.url(file))}</loc></sitemap>\n`),
        '</sitemapindex>\n',
      ].join('');
    }) as Promise<string>;
  }

  /** Pages file n (from 1): everything but the products, one file's limit at a time; null past the end. */
  pagesSitemap(n: number): Promise<string | null> {
    return this.files.get(`pages-${n}`, async () => {
      const pages = await this.pageUrls();
      // File 1 exists even for an empty site, so the index always has somewhere to point.
      if (n < 1 || (n > 1 && n > Math.ceil(pages.length / this.pageSize))) return null;
      let body = URLSET_OPEN;
      for (const page of pages.slice((n - 1) * this.pageSize, n * this.pageSize)) body += this.entry(page);
      return body + URLSET_CLOSE;
    });
  }

  /** Products file n (from 1), or null when there is no such file. */
  productsSitemap(n: number): Promise<string | null> {
    return this.files.get(`products-${n}`, async () => {
      const productCount = await this.sources.catalog.countListedProducts();
      if (n < 1 || n > Math.ceil(productCount / this.pageSize)) return null;
      const offset = (n - 1) * this.pageSize;
      let body = URLSET_OPEN;
      for await (const chunk of this.productEntries(offset, Math.min(this.pageSize, productCount - offset))) {
        body += chunk;
      }
      return body + URLSET_CLOSE;
    });
  }

  /** `take` product entries from position `offset` in id order, read in chunks by keyset. */
  private async *productEntries(offset: number, take: number): AsyncGenerator<string> {
    const db = this.deps.database.replica;
    let afterId = await findListedProductIdBefore(db, offset);
    let left = take;
    while (left > 0) {
      const rows = await findListedProductSlugs(db, afterId, Math.min(PRODUCT_CHUNK, left));
      if (rows.length === 0) return;
      let chunk = '';
      for (const row of rows) {
        chunk += this.entry({ path: `/products/${encodeURIComponent(row.slug)}/details`, lastmod: row.updatedAt });
      }
      yield chunk;
      left -= rows.length;
      afterId = rows[rows.length - 1]?.id ?? afterId;
    }
  }
}
