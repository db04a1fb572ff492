import { and, asc, count, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import { blogCategories, blogs } from '../../db/schema/blogs';
import { media, type RichTextTranslations } from '../../db/schema/common';
import type { Executor } from '../../db/transaction';
import { containsPattern } from '../../lib/sql';

export interface BlogValues {
  title: string;
  slug: string;
  description: string;
  categoryId: number | null;
  mediaId: number | null;
  isActive: boolean;
  translations: RichTextTranslations;
}

const columns = {
  id: blogs.id,
  title: blogs.title,
  slug: blogs.slug,
  description: blogs.description,
  categoryId: blogs.categoryId,
  categoryName: blogCategories.name,
  mediaId: blogs.mediaId,
  imagePath: media.path,
  isActive: blogs.isActive,
  translations: blogs.translations,
  viewsCount: blogs.viewsCount,
  createdAt: blogs.createdAt,
  updatedAt: blogs.updatedAt,
};

function selectAdminBlogs(db: Executor) {
  return db
    .select(columns)
    .from(blogs)
    .leftJoin(blogCategories, eq(blogCategories.id, blogs.categoryId))
    .leftJoin(media, eq(media.id, blogs.mediaId))
    .$dynamic();
}
export type AdminBlogRow = Awaited<ReturnType<ReturnType<typeof selectAdminBlogs>['execute']>>[number];

/** A page of every post (published or not), searched by title (in any language) or slug, sorted. */
export async function findAdminBlogs(
  db: Executor,
  query: {
    q?: string | undefined;
    status?: 'published' | 'draft' | undefined;
    sort: 'created_at' | 'title' | 'views';
    direction: 'asc' | 'desc';
  },
  limit: number,
  offset: number,
) {
  const pattern = query.q ? containsPattern(query.q) : null;
  const where = and(
    pattern
      ? or(ilike(blogs.title, pattern), ilike(blogs.slug, pattern), sql`${blogs.translations}::text ilike ${pattern}`)
      : undefined,
    query.status ? eq(blogs.isActive, query.status === 'published') : undefined,
  );
  const dir = query.direction === 'asc' ? asc : desc;
  const order =
    query.sort === 'title'
      ? dir(sql`lower(${blogs.title})`)
      : query.sort === 'views'
        ? dir(blogs.viewsCount)
        : dir(blogs.createdAt);
  const [rows, [total]] = await Promise.all([
    selectAdminBlogs(db).where(where).orderBy(order, dir(blogs.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(blogs).where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

export async function findAdminBlog(db: Executor, id: number): Promise<AdminBlogRow | undefined> {
  const [row] = await selectAdminBlogs(db).where(eq(blogs.id, id));
  return row;
}

export async function lockBlog(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: blogs.id }).from(blogs).where(eq(blogs.id, id)).for('update');
  return row !== undefined;
}

export async function findAllBlogCategories(db: Executor) {
  return db
    .select({ id: blogCategories.id, name: blogCategories.name })
    .from(blogCategories)
    .orderBy(asc(blogCategories.name), asc(blogCategories.id));
}

export async function blogCategoryExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: blogCategories.id }).from(blogCategories).where(eq(blogCategories.id, id));
  return row !== undefined;
}

export async function blogMediaExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: media.id }).from(media).where(eq(media.id, id));
  return row !== undefined;
}

export async function isBlogSlugTaken(db: Executor, slug: string, exceptId?: number): Promise<boolean> {
  const [taken] = await db
    .select({ id: blogs.id })
    .from(blogs)
    .where(exceptId ? and(eq(blogs.slug, slug), ne(blogs.id, exceptId)) : eq(blogs.slug, slug));
  return taken !== undefined;
}

export async function insertBlog(db: Executor, values: BlogValues & { userId: number }): Promise<number> {
  const [row] = await db.insert(blogs).values(values).returning({ id: blogs.id });
  if (!row) throw new Error('blog insert returned no row');
  return row.id;
}

export async function updateBlog(db: Executor, id: number, values: BlogValues, now: Date) {
  await db
    .update(blogs)
    .set({ ...values, updatedAt: now })
    .where(eq(blogs.id, id));
}

export async function deleteBlog(db: Executor, id: number) {
  await db.delete(blogs).where(eq(blogs.id, id));
}
