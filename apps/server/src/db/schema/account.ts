import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './common';
import { products } from './products';
import { users } from './users';

export const addressTypes = ['home', 'office', 'other'] as const;

/** Shipping addresses of a customer; exactly one of them is the default once there is any. */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    addressType: varchar('address_type', { length: 10, enum: addressTypes }).notNull(),
    area: text('area'),
    flatNo: varchar('flat_no', { length: 50 }),
    addressLine: text('address_line').notNull(),
    addressLine2: text('address_line2'),
    postCode: varchar('post_code', { length: 20 }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId),
    // The database, not only the service, keeps "one default per user" (a race cannot make two).
    uniqueIndex('addresses_one_default_per_user').on(t.userId).where(sql`${t.isDefault}`),
  ],
);

export const wishlistItems = pgTable(
  'favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index('favorites_product_idx').on(t.productId)],
);

/** One row per product a shopper opened, moved to the front on every new view. */
export const recentViews = pgTable(
  'recent_views',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index('recent_views_user_viewed_idx').on(t.userId, t.viewedAt),
  ],
);

export const socialProviders = ['google', 'facebook', 'apple'] as const;

/** A provider account (its stable subject id) linked to one of our users. */
export const socialIdentities = pgTable(
  'social_identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 20, enum: socialProviders }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    /** The e-mail the provider gave at the last sign-in, for support; never used to log in. */
    email: varchar('email', { length: 254 }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('social_identities_provider_subject_key').on(t.provider, t.subject),
    index('social_identities_user_idx').on(t.userId),
  ],
);
