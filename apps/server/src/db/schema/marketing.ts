import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, media, money, type NameTranslations } from './common';
import { products } from './products';
import { shops } from './shops';

export const flashSales = pgTable(
  'flash_sales',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    mediaId: integer('media_id').references(() => media.id),
    description: text('description'),
    /** Percentage shown on the sale. */
    discount: numeric('discount', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** The name in other languages, by locale (the English one is `name`). */
    translations: jsonb('translations').$type<NameTranslations>().notNull().default({}),
    /** False: only the shops in flash_sale_shops may enter products. */
    allShops: boolean('all_shops').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('flash_sales_window_idx').on(t.startsAt, t.endsAt),
    check('flash_sales_window', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

export const flashSaleProducts = pgTable(
  'flash_sale_products',
  {
    flashSaleId: integer('flash_sale_id')
      .notNull()
      .references(() => flashSales.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The flash price, minor units. */
    price: money('price').notNull(),
    discount: numeric('discount', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
    soldQuantity: integer('sold_quantity').notNull().default(0),
    /** The entry's own id, by which the shop edits or removes it. */
    id: serial('id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.flashSaleId, t.productId] }),
    uniqueIndex('flash_sale_products_id_key').on(t.id),
    index('flash_sale_products_product_idx').on(t.productId),
    check('flash_sale_products_sold', sql`${t.soldQuantity} >= 0 AND ${t.soldQuantity} <= ${t.quantity}`),
  ],
);

/** The shops that may enter products in a sale open to chosen shops only. */
export const flashSaleShops = pgTable(
  'flash_sale_shops',
  {
    flashSaleId: integer('flash_sale_id')
      .notNull()
      .references(() => flashSales.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.flashSaleId, t.shopId] }), index('flash_sale_shops_shop_idx').on(t.shopId)],
);

/** Platform banners when shop_id is null, otherwise a shop page's slider. */
export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id),
    shopId: integer('shop_id').references(() => shops.id, { onDelete: 'cascade' }),
    url: text('url'),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    /** Shown from this time on; null: from when it was made. */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    /** Shown until this time; null: with no end. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [check('banners_window', sql`${t.endsAt} IS NULL OR ${t.startsAt} IS NULL OR ${t.endsAt} > ${t.startsAt}`)],
);

export const ads = pgTable(
  'ads',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id),
    url: text('url'),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    /** Shown from this time on; null: from when it was made. */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    /** Shown until this time; null: with no end. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [check('ads_window', sql`${t.endsAt} IS NULL OR ${t.startsAt} IS NULL OR ${t.endsAt} > ${t.startsAt}`)],
);
