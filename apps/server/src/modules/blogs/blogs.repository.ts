import { and, asc, count, desc, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { blogCategories, blogs, blogTags, blogViews, tags } from '../../db/schema/blogs';
import { media } from '../../db/schema/common';
import { users } from '../../db/schema/users';
import { transaction } from '../../db/transaction';

const thumbnail = alias(media, 'blog_thumbnail');
const authorPhoto = alias(media, 'blog_author_photo');

const published = () => eq(blogs.isActive, true);

/** Every column a blog card or the details page needs, with author, category and images. */
function selectBlogRows(db: Database) {
  return db
    .select({
      id: blogs.id,
      title: blogs.title,
      slug: blogs.slug,
      description: blogs.description,
      translations: blogs.translations,
      viewsCount: blogs.viewsCount,
      createdAt: blogs.createdAt,
      categoryId: blogCategories.id,
      categoryName: blogCategories.name,
      categoryTranslations: blogCategories.translations,
      authorName: users.name,
      authorPhoto: authorPhoto.path,
      thumbnail: thumbnail.path,
    })
    .from(blogs)
    .innerJoin(users, eq(users.id, blogs.userId))
    .leftJoin(authorPhoto, eq(authorPhoto.id, users.photoId))
    .leftJoin(blogCategories, and(eq(blogCategories.id, blogs.categoryId), eq(blogCategories.isActive, true)))
    .leftJoin(thumbnail, eq(thumbnail.id, blogs.mediaId))
    .$dynamic();
}
export type BlogRow = Awaited<ReturnType<ReturnType<typeof selectBlogRows>['execute']>>[number];

function listCondition(categoryId: number | undefined): SQL {
  return (categoryId === undefined ? published() : and(published(), eq(blogs.categoryId, categoryId))) as SQL;
}

/** Newest first. */
export async function findBlogRows(db: Database, categoryId: number | undefined, limit: number, offset: number) {
  return selectBlogRows(db)
    .where(listCondition(categoryId))
    .orderBy(desc(blogs.createdAt), desc(blogs.id))
    .limit(limit)
    .offset(offset);
}

export async function countBlogs(db: Database, categoryId: number | undefined) {
  const [row] = await db.select({ total: count() }).from(blogs).where(listCondition(categoryId));
  return row?.total ?? 0;
}

/** Active categories with at least one published post. */
export async function findBlogCategoriesWithPosts(db: Database) {
  return db
    .select({ id: blogCategories.id, name: blogCategories.name, translations: blogCategories.translations })
    .from(blogCategories)
    .where(
      and(
        eq(blogCategories.isActive, true),
        sql`exists (select 1 from ${blogs} where ${blogs.categoryId} = ${blogCategories.id} and ${blogs.isActive})`,
      ),
    )
    .orderBy(asc(blogCategories.name), asc(blogCategories.id));
}

/** A published post by slug, or by id when the key is a number (a slug match wins). */
export async function findBlog(db: Database, slugOrId: string) {
  const id = /^\d{1,9}$/.test(slugOrId) ? Number(slugOrId) : null;
  const key = id === null ? eq(blogs.slug, slugOrId) : or(eq(blogs.slug, slugOrId), eq(blogs.id, id));
  const [row] = await selectBlogRows(db)
    .where(and(published(), key))
    .orderBy(desc(sql`${blogs.slug} = ${slugOrId}`))
    .limit(1);
  return row ?? null;
}

export async function findBlogTags(db: Database, blogId: number) {
  return db
    .select({ id: tags.id, name: tags.name, slug: tags.slug })
    .from(blogTags)
    .innerJoin(tags, eq(tags.id, blogTags.tagId))
    .where(eq(blogTags.blogId, blogId))
    .orderBy(asc(tags.name), asc(tags.id));
}

/** Newest posts of the same category, the post itself left out. */
export async function findRelatedBlogRows(db: Database, blogId: number, categoryId: number, limit: number) {
  return selectBlogRows(db)
    .where(and(published(), eq(blogs.categoryId, categoryId), ne(blogs.id, blogId)))
    .orderBy(desc(blogs.createdAt), desc(blogs.id))
    .limit(limit);
}

export async function findPopularBlogRows(db: Database, limit: number) {
  return selectBlogRows(db)
    .where(published())
    .orderBy(desc(blogs.viewsCount), desc(blogs.createdAt), desc(blogs.id))
    .limit(limit);
}

/**
 * Records one view per visitor and post; the post's counter grows only when the visitor is new,
 * in one transaction so the two never disagree.
 */
export async function recordBlogView(db: Database, blogId: number, ipHash: string): Promise<boolean> {
  return transaction(db, async (tx) => {
    const inserted = await tx
      .insert(blogViews)
      .values({ blogId, ipHash })
      .onConflictDoNothing()
      .returning({ blogId: blogViews.blogId });
    if (inserted.length === 0) return false;
    await tx
      .update(blogs)
      .set({ viewsCount: sql`${blogs.viewsCount} + 1` })
      .where(eq(blogs.id, blogId));
    return true;
  });
}
