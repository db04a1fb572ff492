import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, media, money, type NameTranslations } from './common';
import { provinces } from './settings';
import { users } from './users';

/**
 * Names the API gives fixed routes beside /api/shops/{slugOrId} (Fastify matches a fixed segment
 * before a parameter, so a shop with one of these slugs could never be fetched by slug). The database
 * refuses them, and migration 0003 renamed any such shop to "{slug}-{id}"; shops.test.ts fails when a
 * fixed /api/shops/<name> route is added without reserving its name here (and in a new migration).
 */
export const RESERVED_SHOP_SLUGS = ['top', 'popular-products'] as const;

export const shopStatuses = ['pending', 'approved', 'rejected'] as const;

export const shops = pgTable(
  'shops',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    slug: varchar('slug', { length: 160 }).notNull(),
    logoId: integer('logo_id').references(() => media.id),
    bannerId: integer('banner_id').references(() => media.id),
    provinceId: integer('province_id').references(() => provinces.id),
    address: text('address'),
    deliveryCharge: money('delivery_charge').notNull().default(0),
    minOrderAmount: money('min_order_amount').notNull().default(0),
    /** Order-code prefix. */
    prefix: varchar('prefix', { length: 8 }).notNull().default('RC'),
    /** "HH:MM" in the shop's local time (Asia/Jakarta for the demo). */
    openingTime: varchar('opening_time', { length: 5 }),
    closingTime: varchar('closing_time', { length: 5 }),
    offDay: varchar('off_day', { length: 10 }),
    /** In English ("2-4 days"); other languages in estimated_delivery_time_translations. */
    estimatedDeliveryTime: text('estimated_delivery_time'),
    estimatedDeliveryTimeTranslations: jsonb('estimated_delivery_time_translations')
      .$type<NameTranslations>()
      .notNull()
      .default({}),
    shortDescription: text('short_description'),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * The seller's "closed for now" switch: the shop stays on the storefront, its products show as
     * unavailable and nothing of it can be put in a cart or ordered until it opens again.
     */
    isClosed: boolean('is_closed').notNull().default(false),
    /**
     * A shop opened through /shop/register waits for the operator: `pending` until approved
     * (`approved`) or refused (`rejected`). Only approved, active shops are shown or sell.
     */
    status: varchar('status', { length: 10, enum: shopStatuses }).notNull().default('approved'),
    /**
     * Set while the operator has suspended the shop (is_active is false then): its products leave the
     * storefront, its seller keeps the Seller Centre to finish the open orders. Null otherwise.
     */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** The marketplace's commission for this shop (basis points); null: the commerce setting's. */
    commissionRateBps: integer('commission_rate_bps'),
    /** Contact phone given when the shop registered. */
    phone: varchar('phone', { length: 20 }),
    /** Kept in step with reviews so lists can sort without aggregating. */
    ratingAvg: real('rating_avg').notNull().default(0),
    reviewsCount: integer('reviews_count').notNull().default(0),
    ordersCount: integer('orders_count').notNull().default(0),
    lastOnlineAt: timestamp('last_online_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('shops_slug_key').on(t.slug),
    check(
      'shops_slug_not_reserved',
      sql`${t.slug} NOT IN (${sql.raw(RESERVED_SHOP_SLUGS.map((slug) => `'${slug}'`).join(', '))})`,
    ),
    index('shops_user_idx').on(t.userId),
    index('shops_status_idx').on(t.status),
    index('shops_province_idx').on(t.provinceId),
    check(
      'shops_commission_rate_bps',
      sql`${t.commissionRateBps} IS NULL OR ${t.commissionRateBps} BETWEEN 0 AND 10000`,
    ),
  ],
);
