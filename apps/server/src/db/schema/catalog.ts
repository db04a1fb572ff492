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
import { createdAt, media, type NameTranslations } from './common';
import { shops } from './shops';

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    translations: jsonb('translations').$type<NameTranslations>().notNull().default({}),
    slug: varchar('slug', { length: 160 }).notNull(),
    mediaId: integer('media_id').references(() => media.id),
    description: text('description'),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('categories_slug_key').on(t.slug)],
);

export const subCategories = pgTable(
  'sub_categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    translations: jsonb('translations').$type<NameTranslations>().notNull().default({}),
    slug: varchar('slug', { length: 160 }).notNull(),
    mediaId: integer('media_id').references(() => media.id),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sub_categories_slug_key').on(t.slug)],
);

/** Category <-> subcategory is many-to-many. */
export const categorySubCategories = pgTable(
  'category_sub_categories',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    subCategoryId: integer('sub_category_id')
      .notNull()
      .references(() => subCategories.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.subCategoryId] }),
    index('category_sub_categories_sub_idx').on(t.subCategoryId),
  ],
);

const shopScoped = {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  translations: jsonb('translations').$type<NameTranslations>().notNull().default({}),
  /** Null: a platform-wide value every shop may use. */
  shopId: integer('shop_id').references(() => shops.id),
  isActive: boolean('is_active').notNull().default(true),
};

export const brands = pgTable('brands', { ...shopScoped, mediaId: integer('media_id').references(() => media.id) });
export const colors = pgTable('colors', { ...shopScoped, colorCode: varchar('color_code', { length: 9 }).notNull() });
export const sizes = pgTable('sizes', { ...shopScoped, position: integer('position').notNull().default(0) });
export const units = pgTable('units', { ...shopScoped });
