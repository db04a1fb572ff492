import type { BlogInputParsed, OperatorBlog, OperatorBlogsQueryParsed } from '@shop/contracts/operator-content';
import { type Executor, transaction } from '../../db/transaction';
import type { AppDeps } from '../../deps';
import type { AuditSink } from '../../lib/audit';
import { FieldErrors, type FieldMessages, notFound } from '../../lib/errors';
import { mediaUrl } from '../../lib/media-url';
import { msg } from '../../lib/messages';
import { offsetOf } from '../../lib/paging';
import { cleanRichTexts } from '../../lib/rich-text';
import { freeSlug, slugTakenMeanwhile } from '../../lib/slug';
import {
  type AdminBlogRow,
  type BlogValues,
  blogCategoryExists,
  blogMediaExists,
  deleteBlog,
  findAdminBlog,
  findAdminBlogs,
  findAllBlogCategories,
  insertBlog,
  isBlogSlugTaken,
  lockBlog,
  updateBlog,
} from './blogs-admin.repository';

export const BLOG_NOT_FOUND = msg('Blog not found.');
const PAGE_SIZE = 20;

const toBlog = (row: AdminBlogRow): OperatorBlog => ({
  id: row.id,
  title: row.title,
  slug: row.slug,
  description: row.description,
  category:
    row.categoryId !== null && row.categoryName !== null ? { id: row.categoryId, name: row.categoryName } : null,
  image: row.mediaId !== null && row.imagePath !== null ? { id: row.mediaId, url: mediaUrl(row.imagePath) } : null,
  is_active: row.isActive,
  translations: row.translations,
  views: row.viewsCount,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});
/** What the audit log keeps of a post. */
const fields = ({ created_at: _c, updated_at: _u, views: _v, category, image, ...blog }: OperatorBlog) => ({
  ...blog,
  category_id: category?.id ?? null,
  media_id: image?.id ?? null,
});

/**
 * The operator's blog posts: list (published or not), write, change and delete, with a title and
 * rich text in each language (sanitised when saved). The storefront reads posts from the table on
 * every request, so a saved change is on every process's next page view.
 */
export class BlogsAdminService {
  constructor(private readonly deps: Pick<AppDeps, 'database' | 'clock'>) {}

  private get db() {
    return this.deps.database.db;
  }

  async list(query: OperatorBlogsQueryParsed) {
    const perPage = query.per_page ?? PAGE_SIZE;
    const sort = query.sort ?? 'created_at';
    const [{ total, rows }, categories] = await Promise.all([
      findAdminBlogs(
        this.db,
        { q: query.q, status: query.status, sort, direction: query.direction ?? (sort === 'title' ? 'asc' : 'desc') },
        perPage,
        offsetOf(query.page, perPage),
      ),
      findAllBlogCategories(this.db),
    ]);
    return { total, blogs: rows.map(toBlog), categories };
  }

  private async get(db: Executor, id: number): Promise<OperatorBlog> {
    const row = await findAdminBlog(db, id);
    if (!row) throw notFound(BLOG_NOT_FOUND);
    return toBlog(row);
  }

  private async values(db: Executor, input: BlogInputParsed, current: OperatorBlog | null): Promise<BlogValues> {
    const texts = cleanRichTexts(input);
    const errors: FieldMessages = {};
    if (input.category_id !== null && !(await blogCategoryExists(db, input.category_id)))
      errors.category_id = [msg('The selected category is invalid.')];
    if (input.media_id !== null && !(await blogMediaExists(db, input.media_id)))
      errors.media_id = [msg('The selected picture is invalid.')];
    if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
    const slug =
      current && (input.slug ?? current.slug) === current.slug
        ? current.slug
        : await freeSlug((s) => isBlogSlugTaken(db, s, current?.id), input.slug, input.title, 'post');
    return {
      ...texts,
      slug,
      categoryId: input.category_id,
      mediaId: input.media_id,
      isActive: input.is_active,
    };
  }

  create(input: BlogInputParsed, authorId: number, audit: AuditSink): Promise<OperatorBlog> {
    return transaction(this.db, async (tx) => {
      const id = await insertBlog(tx, { ...(await this.values(tx, input, null)), userId: authorId });
      const after = await this.get(tx, id);
      await audit(tx, { kind: 'blog', action: 'create', recordId: id, before: null, after: fields(after) });
      return after;
    }).catch(slugTakenMeanwhile('blogs_slug_key'));
  }

  update(id: number, input: BlogInputParsed, audit: AuditSink): Promise<OperatorBlog> {
    return transaction(this.db, async (tx) => {
      if (!(await lockBlog(tx, id))) throw notFound(BLOG_NOT_FOUND);
      const before = await this.get(tx, id);
      await updateBlog(tx, id, await this.values(tx, input, before), this.deps.clock.now());
      const after = await this.get(tx, id);
      await audit(tx, { kind: 'blog', action: 'update', recordId: id, before: fields(before), after: fields(after) });
      return after;
    }).catch(slugTakenMeanwhile('blogs_slug_key'));
  }

  remove(id: number, audit: AuditSink): Promise<{ id: number }> {
    return transaction(this.db, async (tx) => {
      if (!(await lockBlog(tx, id))) throw notFound(BLOG_NOT_FOUND);
      const before = await this.get(tx, id);
      await deleteBlog(tx, id);
      await audit(tx, { kind: 'blog', action: 'delete', recordId: id, before: fields(before), after: null });
      return { id };
    });
  }
}
