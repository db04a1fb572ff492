import { boolean, integer, jsonb, numeric, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, media, type NameTranslations, type RichTextTranslations, updatedAt } from './common';

/** Site settings as typed JSON values under well-known keys (see settings.repository). */
export const settings = pgTable('settings', {
  key: varchar('key', { length: 100 }).primaryKey(),
  value: jsonb('value').notNull(),
});

export const languages = pgTable(
  'languages',
  {
    id: serial('id').primaryKey(),
    /** Locale code: en, id, ar. */
    name: varchar('name', { length: 10 }).notNull(),
    title: text('title').notNull(),
    direction: varchar('direction', { length: 3, enum: ['ltr', 'rtl'] })
      .notNull()
      .default('ltr'),
    isDefault: boolean('is_default').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('languages_name_key').on(t.name)],
);

export const currencies = pgTable(
  'currencies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    code: varchar('code', { length: 3 }).notNull(),
    symbol: varchar('symbol', { length: 10 }).notNull(),
    /** Units of this currency per 1 unit of the default currency. */
    rate: numeric('rate', { precision: 20, scale: 10, mode: 'number' }).notNull().default(1),
    isDefault: boolean('is_default').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('currencies_code_key').on(t.code)],
);

export const countries = pgTable(
  'countries',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    code: varchar('code', { length: 2 }).notNull(),
    phoneCode: varchar('phone_code', { length: 12 }).notNull(),
  },
  (t) => [uniqueIndex('countries_code_key').on(t.code)],
);

export const provinces = pgTable(
  'provinces',
  {
    id: serial('id').primaryKey(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    name: text('name').notNull(),
    code: varchar('code', { length: 10 }).notNull(),
  },
  (t) => [uniqueIndex('provinces_country_code_key').on(t.countryId, t.code)],
);

export const menus = pgTable('menus', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  url: text('url').notNull(),
  target: varchar('target', { length: 10, enum: ['_self', '_blank'] })
    .notNull()
    .default('_self'),
  isExternal: boolean('is_external').notNull().default(false),
  position: integer('position').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
});

export const footers = pgTable('footers', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  position: integer('position').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
});

export const footerItems = pgTable('footer_items', {
  id: serial('id').primaryKey(),
  footerId: integer('footer_id')
    .notNull()
    .references(() => footers.id, { onDelete: 'cascade' }),
  type: varchar('type', {
    length: 20,
    enum: ['logo', 'text', 'email', 'phone', 'social_links', 'app_store', 'link'],
  }).notNull(),
  title: text('title').notNull().default(''),
  /** The title (a text item's words) in other languages; links' titles are interface strings. */
  translations: jsonb('translations').$type<NameTranslations>().notNull().default({}),
  url: text('url'),
  target: varchar('target', { length: 10, enum: ['_self', '_blank'] })
    .notNull()
    .default('_self'),
  position: integer('position').notNull().default(0),
});

export const socialLinks = pgTable('social_links', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  logoId: integer('logo_id').references(() => media.id),
  link: text('link').notNull(),
  position: integer('position').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
});

export const pages = pgTable(
  'pages',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    slug: varchar('slug', { length: 160 }).notNull(),
    /** Sanitised HTML. */
    description: text('description').notNull(),
    /** legal: the fixed policy pages; cms: any other page under /page/{slug}. */
    kind: varchar('kind', { length: 10, enum: ['legal', 'cms'] })
      .notNull()
      .default('cms'),
    isActive: boolean('is_active').notNull().default(true),
    /** The title and sanitised HTML in other languages, by locale (English is title and description). */
    translations: jsonb('translations').$type<RichTextTranslations>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('pages_slug_key').on(t.slug)],
);

export const paymentGateways = pgTable(
  'payment_gateways',
  {
    id: serial('id').primaryKey(),
    /** Alias used in calls: cash, sandbox, stripe. */
    name: varchar('name', { length: 40 }).notNull(),
    /** English title ("Cash on Delivery"); other languages in translations. */
    title: text('title').notNull(),
    translations: jsonb('translations').$type<NameTranslations>().notNull().default({}),
    logoId: integer('logo_id').references(() => media.id),
    config: jsonb('config').notNull().default({}),
    mode: varchar('mode', { length: 10, enum: ['test', 'live'] })
      .notNull()
      .default('test'),
    isActive: boolean('is_active').notNull().default(false),
  },
  (t) => [uniqueIndex('payment_gateways_name_key').on(t.name)],
);

export const deliveryCharges = pgTable('delivery_charges', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  minQty: integer('min_qty').notNull(),
  maxQty: integer('max_qty').notNull(),
  /** Minor units. */
  charge: integer('charge').notNull(),
});

export const vatTaxes = pgTable('vat_taxes', {
  id: serial('id').primaryKey(),
  /** English name, without the rate (pages show "VAT 11%"); other languages in translations. */
  name: text('name').notNull(),
  translations: jsonb('translations').$type<NameTranslations>().notNull().default({}),
  type: varchar('type', { length: 20 }).notNull().default('order_base'),
  percentage: numeric('percentage', { precision: 6, scale: 3, mode: 'number' }).notNull(),
  deduction: varchar('deduction', { length: 10, enum: ['inclusive', 'exclusive'] })
    .notNull()
    .default('exclusive'),
  isActive: boolean('is_active').notNull().default(true),
});
