import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import type { MessageParams } from '../../lib/messages';
import { createdAt } from './common';
import { shops } from './shops';
import { users } from './users';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export const importJobStatuses = ['queued', 'running', 'done', 'failed'] as const;

/** A line of an import's report: a row refused (`error`) or imported with something left out (`warning`). */
export interface ImportReportLine {
  row: number;
  kind: 'error' | 'warning';
  /** A message key and its values (message values nested as they are), translated when the report is read. */
  key: string;
  params?: MessageParams;
}

/**
 * A catalogue import of a shop: the file as sent, and how far it got. Products are saved one by
 * one and `done` moves with each, so a job cut by a restart resumes at the next product (a
 * process claims a job through `lease_until`; an expired lease means its process stopped).
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    fileName: text('file_name').notNull(),
    file: bytea('file').notNull(),
    format: varchar('format', { length: 10 }).notNull(),
    status: varchar('status', { length: 10, enum: importJobStatuses }).notNull().default('queued'),
    /** For products whose category names none of the marketplace's. */
    defaultCategoryId: integer('default_category_id'),
    /** Rows of the file, and products in it (a Shopify product spans several rows). */
    rows: integer('rows').notNull(),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    report: jsonb('report').$type<ImportReportLine[]>().notNull().default([]),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('import_jobs_shop_idx').on(t.shopId, t.id),
    index('import_jobs_open_idx').on(t.id).where(sql`${t.status} in ('queued', 'running')`),
    check('import_jobs_progress', sql`${t.done} between 0 and ${t.total}`),
  ],
);
