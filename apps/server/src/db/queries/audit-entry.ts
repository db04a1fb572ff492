import { type SQL, sql } from 'drizzle-orm';
import type { AuditChange } from '../schema/audit';
import { auditLog } from '../schema/audit';

/** One row of the audit log as a write hands it over (its id and defaults are the table's). */
export interface NewAuditEntry {
  actorUserId: number;
  actorRole: string;
  shopId: number | null;
  kind: string;
  recordId: string | null;
  action: string;
  changes: Record<string, AuditChange>;
  ip: string;
  userAgent: string;
  createdAt: Date;
}

/**
 * The audit entry of a write made by one statement, as a part of that statement
 * (`with stored as (insert ... returning id), audited as (<this>) ...`): the entry and its change
 * commit together without a transaction around them, and its record id is the row the statement
 * made (`recordId`, an expression over the statement's `from`). The audit module writes every
 * other entry with its own prepared insert, inside the change's transaction.
 */
export function auditEntryInsert(entry: Omit<NewAuditEntry, 'recordId'>, recordId: SQL, from: SQL): SQL {
  return sql`insert into ${auditLog} (actor_user_id, actor_role, shop_id, kind, record_id, action, changes, ip,
      user_agent, created_at)
    select ${entry.actorUserId}, ${entry.actorRole}, ${entry.shopId}::int, ${entry.kind}, (${recordId})::text,
      ${entry.action}, ${JSON.stringify(entry.changes)}::jsonb, ${entry.ip}, ${entry.userAgent},
      ${entry.createdAt.toISOString()}::timestamptz
    from ${from}`;
}
