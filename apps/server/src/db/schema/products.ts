import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { brands, categories, colors, sizes, subCategories, units } from './catalog';
import { createdAt, media, money, updatedAt } from './common';
import { shops } from './shops';
import { users } from './users';

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    /** English name; other languages in product_translations. */
    name: text('name').notNull(),
    slug: varchar('slug', { length: 200 }).notNull(),
    /** '' when the seller gave none; unique in its shop otherwise. */
    sku: varchar('sku', { length: 60 }).notNull(),
    /** The cover photo. Null only for a draft that never had a photo: a listed product has one. */
    mediaId: integer('media_id').references(() => media.id),
    brandId: integer('brand_id').references(() => brands.id),
    unitId: integer('unit_id').references(() => units.id),
    price: money('price').notNull(),
    /** 0 means no discount. */
    discountPrice: money('discount_price').notNull().default(0),
    stock: integer('stock').notNull().default(0),
    minOrderQuantity: integer('min_order_quantity').notNull().default(1),
    shortDescription: text('short_description'),
    description: text('description'),
    /**
     * Published by its seller (false: a draft, or deleted). Listings need this and is_approved
     * (listed-products.ts), so the seller's status needs no other column to hide a product.
     */
    isActive: boolean('is_active').notNull().default(true),
    /** False while a published product waits for the operator ("new products need approval"). */
    isApproved: boolean('is_approved').notNull().default(true),
    isFeatured: boolean('is_featured').notNull().default(false),
    isDigital: boolean('is_digital').notNull().default(false),
    /** Kept in step with reviews and orders so listings sort without aggregating. */
    ratingAvg: real('rating_avg').notNull().default(0),
    reviewsCount: integer('reviews_count').notNull().default(0),
    soldCount: integer('sold_count').notNull().default(0),
    metaTitle: text('meta_title'),
    metaDescription: text('meta_description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * Deleted by its seller: gone for shoppers and the seller's lists, kept for the orders,
     * returns and reviews that hold it.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Why the operator refused the product (it went back to draft); cleared when it is approved. */
    approvalNote: text('approval_note'),
  },
  (t) => [
    uniqueIndex('products_slug_key').on(t.slug),
    uniqueIndex('products_shop_sku_key').on(t.shopId, t.sku).where(sql`${t.deletedAt} IS NULL AND ${t.sku} <> ''`),
    index('products_shop_idx').on(t.shopId),
    index('products_brand_idx').on(t.brandId),
    // Listings read in their sort's order (migration 0037; the price order's index is there too).
    index('products_featured_newest_idx').on(t.isFeatured, t.createdAt, t.id),
    index('products_newest_idx').on(t.createdAt, t.id),
    index('products_popular_idx').on(t.ratingAvg, t.soldCount, t.id),
    check('products_stock_nonnegative', sql`${t.stock} >= 0`),
    check('products_price_nonnegative', sql`${t.price} >= 0 AND ${t.discountPrice} >= 0`),
    // What every listing relies on: a deleted product is never published, a published one has a cover.
    check('products_deleted_unpublished', sql`${t.deletedAt} IS NULL OR NOT ${t.isActive}`),
    check('products_published_cover', sql`${t.mediaId} IS NOT NULL OR NOT ${t.isActive}`),
  ],
);

export const productTranslations = pgTable(
  'product_translations',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    locale: varchar('locale', { length: 10 }).notNull(),
    name: text('name').notNull(),
    shortDescription: text('short_description'),
    description: text('description'),
  },
  (t) => [primaryKey({ columns: [t.productId, t.locale] })],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('product_images_product_idx').on(t.productId)],
);

export const productCategories = pgTable(
  'product_categories',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.categoryId] }),
    index('product_categories_category_idx').on(t.categoryId),
  ],
);

export const productSubCategories = pgTable(
  'product_sub_categories',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    subCategoryId: integer('sub_category_id')
      .notNull()
      .references(() => subCategories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.subCategoryId] }),
    index('product_sub_categories_sub_idx').on(t.subCategoryId),
  ],
);

/** A colour a product comes in, with the amount it adds to the price. */
export const productColors = pgTable(
  'product_colors',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    colorId: integer('color_id')
      .notNull()
      .references(() => colors.id),
    extraPrice: money('extra_price').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.colorId] }), index('product_colors_color_idx').on(t.colorId)],
);

export const productSizes = pgTable(
  'product_sizes',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sizeId: integer('size_id')
      .notNull()
      .references(() => sizes.id),
    extraPrice: money('extra_price').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.sizeId] }), index('product_sizes_size_idx').on(t.sizeId)],
);

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    /** Set once orders exist; a review belongs to one ordered product. */
    orderId: integer('order_id'),
    rating: smallint('rating').notNull(),
    description: text('description').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('reviews_product_idx').on(t.productId, t.createdAt),
    index('reviews_shop_idx').on(t.shopId, t.createdAt),
    // One review per product per order: a repeat (even a concurrent one) finds the first.
    uniqueIndex('reviews_order_product_key').on(t.orderId, t.productId).where(sql`${t.orderId} IS NOT NULL`),
    check('reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);
