import { index, integer, jsonb, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './common';
import { shops } from './shops';
import { users } from './users';

/** One field's value before and after a write; null where the record did not exist (or no longer does). */
export interface AuditChange {
  before: unknown;
  after: unknown;
}

/**
 * Every write by a seller or the operator: who, what (the record and its changed fields, secrets
 * masked), when, and from which address and browser. Append-only: a trigger refuses UPDATE,
 * DELETE and TRUNCATE (db/functions/audit_log_append_only.sql).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorUserId: integer('actor_user_id')
      .notNull()
      .references(() => users.id),
    actorRole: varchar('actor_role', { length: 20 }).notNull(),
    /** The seller's shop; null for the operator. */
    shopId: integer('shop_id').references(() => shops.id),
    kind: varchar('kind', { length: 40 }).notNull(),
    /** The record's id as text (ids are integers, uuids or ticket numbers); null for a write to many records. */
    recordId: varchar('record_id', { length: 64 }),
    action: varchar('action', { length: 40 }).notNull(),
    changes: jsonb('changes').$type<Record<string, AuditChange>>().notNull().default({}),
    ip: varchar('ip', { length: 64 }).notNull(),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_actor_idx').on(t.actorUserId, t.createdAt),
    index('audit_log_shop_idx').on(t.shopId, t.createdAt),
    index('audit_log_kind_idx').on(t.kind, t.createdAt),
  ],
);
