import { createHash } from 'node:crypto';
import {
  BLOG_EXCERPT_LENGTH,
  BLOG_NEW_DAYS,
  BLOG_RELATED_PRODUCTS,
  BLOGS_PER_PAGE,
  type BlogCard,
  type BlogDetailsPage,
  type BlogsPage,
  POPULAR_BLOGS,
  RELATED_BLOGS,
} from '@shop/contracts/content';
import type { CoreDeps } from '../../deps';
import { notFound } from '../../lib/errors';
import { mediaUrl } from '../../lib/media-url';
import { msg } from '../../lib/messages';
import { offsetOf } from '../../lib/paging';
import { translateRichText } from '../../lib/rich-text';
import { translate } from '../../lib/translation';
import type { CatalogService } from '../catalog/catalog.service';
import {
  type BlogRow,
  countBlogs,
  findBlog,
  findBlogCategoriesWithPosts,
  findBlogRows,
  findBlogTags,
  findPopularBlogRows,
  findRelatedBlogRows,
  recordBlogView,
} from './blogs.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Readable text of stored (sanitised) HTML: tags become spaces, entities their characters. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, code: string) => {
      if (code[0] === '#') {
        const n = code[1]?.toLowerCase() === 'x' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1));
        return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : entity;
      }
      return ENTITIES[code.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** At most `max` characters, cut at a character boundary (never half a surrogate pair). */
export function cutText(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max).join('');
}

/** Visitors are told apart by a hash of their address, never the address itself. */
const viewerHash = (blogId: number, ip: string) => createHash('sha256').update(`${blogId}:${ip}`).digest('hex');

export class BlogsService {
  constructor(
    private readonly deps: CoreDeps,
    private readonly catalog: CatalogService,
  ) {}

  private card(row: BlogRow, locale: string, now: Date): BlogCard {
    const texts = translateRichText(row, locale);
    return {
      id: row.id,
      title: texts.title,
      slug: row.slug,
      category:
        row.categoryId === null || row.categoryName === null
          ? null
          : { id: row.categoryId, name: translate(row.categoryName, row.categoryTranslations, locale) },
      post_by: { name: row.authorName, profile_photo: mediaUrl(row.authorPhoto) },
      thumbnail: mediaUrl(row.thumbnail),
      total_views: row.viewsCount,
      description: cutText(htmlToText(texts.description), BLOG_EXCERPT_LENGTH),
      created_at: row.createdAt.toISOString(),
      is_new: now.getTime() - row.createdAt.getTime() < BLOG_NEW_DAYS * DAY_MS,
    };
  }

  async list(
    categoryId: number | undefined,
    paging: { page: number; perPage: number | undefined },
    locale: string,
  ): Promise<BlogsPage> {
    const { db } = this.deps.database;
    const perPage = paging.perPage ?? BLOGS_PER_PAGE;
    const [rows, total, categories] = await Promise.all([
      findBlogRows(db, categoryId, perPage, offsetOf(paging.page, perPage)),
      countBlogs(db, categoryId),
      findBlogCategoriesWithPosts(db),
    ]);
    const now = this.deps.clock.now();
    return {
      total,
      blogs: rows.map((row) => this.card(row, locale, now)),
      categories: categories.map((c) => ({ id: c.id, name: translate(c.name, c.translations, locale) })),
    };
  }

  /**
   * One post with its neighbours; the visitor's first visit adds one to its view count. The web's
   * server-side render names the visitor (plugins/client-ip.ts), so a page view counts here.
   */
  async details(slugOrId: string, visitorIp: string, locale: string): Promise<BlogDetailsPage> {
    const { db } = this.deps.database;
    const row = await findBlog(db, slugOrId);
    if (!row) throw notFound(msg('Blog not found.'));
    const counted = await recordBlogView(db, row.id, viewerHash(row.id, visitorIp));
    const [tags, related, popular, productIds] = await Promise.all([
      findBlogTags(db, row.id),
      row.categoryId === null ? Promise.resolve([]) : findRelatedBlogRows(db, row.id, row.categoryId, RELATED_BLOGS),
      findPopularBlogRows(db, POPULAR_BLOGS),
      // Beside a post: the best rated, best selling listed products.
      this.catalog.popularProductIds(BLOG_RELATED_PRODUCTS),
    ]);
    const now = this.deps.clock.now();
    const card = this.card({ ...row, viewsCount: row.viewsCount + (counted ? 1 : 0) }, locale, now);
    return {
      blog: { ...card, description: translateRichText(row, locale).description, excerpt: card.description, tags },
      related_blogs: related.map((r) => this.card(r, locale, now)),
      popular_blogs: popular.map((r) => this.card(r, locale, now)),
      related_products: await this.catalog.productCards(productIds, { locale }),
    };
  }

  /** Counts the visitor's view of a post (once per visitor) and gives the post's count. */
  async view(slugOrId: string, visitorIp: string): Promise<{ total_views: number; counted: boolean }> {
    const { db } = this.deps.database;
    const row = await findBlog(db, slugOrId);
    if (!row) throw notFound(msg('Blog not found.'));
    const counted = await recordBlogView(db, row.id, viewerHash(row.id, visitorIp));
    return { total_views: row.viewsCount + (counted ? 1 : 0), counted };
  }
}
