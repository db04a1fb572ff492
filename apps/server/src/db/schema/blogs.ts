import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, media, type NameTranslations, type RichTextTranslations, updatedAt } from './common';
import { users } from './users';

export const blogCategories = pgTable(
  'blog_categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    translations: jsonb('translations').$type<NameTranslations>().notNull().default({}),
    slug: varchar('slug', { length: 160 }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [uniqueIndex('blog_categories_slug_key').on(t.slug)],
);

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: varchar('slug', { length: 160 }).notNull(),
  },
  (t) => [uniqueIndex('tags_slug_key').on(t.slug)],
);

export const blogs = pgTable(
  'blogs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    categoryId: integer('category_id').references(() => blogCategories.id),
    title: text('title').notNull(),
    slug: varchar('slug', { length: 200 }).notNull(),
    mediaId: integer('media_id').references(() => media.id),
    /** Sanitised HTML. */
    description: text('description').notNull(),
    viewsCount: integer('views_count').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    /** The title and sanitised HTML in other languages, by locale (English is title and description). */
    translations: jsonb('translations').$type<RichTextTranslations>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('blogs_slug_key').on(t.slug), index('blogs_category_idx').on(t.categoryId, t.createdAt)],
);

export const blogTags = pgTable(
  'blog_tags',
  {
    blogId: integer('blog_id')
      .notNull()
      .references(() => blogs.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.blogId, t.tagId] })],
);

/**
 * One row per blog and visitor (hashed IP), so a post's view count grows once per visitor rather
 * than on every reload.
 */
export const blogViews = pgTable(
  'blog_views',
  {
    blogId: integer('blog_id')
      .notNull()
      .references(() => blogs.id, { onDelete: 'cascade' }),
    ipHash: varchar('ip_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blogId, t.ipHash] })],
);
