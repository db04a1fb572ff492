import { bigint, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Money: integer minor units (1/100) of the default currency. */
export const money = (name: string) => bigint(name, { mode: 'number' });

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Translated names keyed by locale, e.g. {"id": "Sepatu", "ar": "حذاء"}; the column `name` is English. */
export type NameTranslations = Record<string, string>;

/** A page's or post's title and sanitised HTML in other languages, keyed by locale. */
export type RichTextTranslations = Record<string, { title: string; description: string }>;

/** Every stored image, with its intrinsic size so pages can reserve space for it. */
export const media = pgTable('media', {
  id: serial('id').primaryKey(),
  path: text('path').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  alt: text('alt').notNull().default(''),
  createdAt: createdAt(),
});
