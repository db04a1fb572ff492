import { and, asc, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { preparedPerDatabase } from '../../db/client';
import type { NewAuditEntry } from '../../db/queries/audit-entry';
import { auditLog } from '../../db/schema/audit';
import { shops } from '../../db/schema/shops';
import { users } from '../../db/schema/users';
import type { Executor } from '../../db/transaction';

/** Every audited write runs this in its transaction: built once per database. */
const insertAuditEntryQuery = preparedPerDatabase((db) => {
  const value = (name: keyof NewAuditEntry) => sql.placeholder(name);
  return db
    .insert(auditLog)
    .values({
      actorUserId: value('actorUserId'),
      actorRole: value('actorRole'),
      shopId: value('shopId'),
      kind: value('kind'),
      recordId: value('recordId'),
      action: value('action'),
      changes: value('changes'),
      ip: value('ip'),
      userAgent: value('userAgent'),
      createdAt: value('createdAt'),
    })
    .prepare('audit_insert');
});

export async function insertAuditEntry(db: Executor, entry: NewAuditEntry): Promise<void> {
  await insertAuditEntryQuery(db).execute({ ...entry });
}

export interface AuditFilterValues {
  actor?: number | undefined;
  shop?: number | undefined;
  kind?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

function whereOf(filter: AuditFilterValues): SQL | undefined {
  return and(
    filter.actor !== undefined ? eq(auditLog.actorUserId, filter.actor) : undefined,
    filter.shop !== undefined ? eq(auditLog.shopId, filter.shop) : undefined,
    filter.kind !== undefined ? eq(auditLog.kind, filter.kind) : undefined,
    filter.from !== undefined ? gte(auditLog.createdAt, filter.from) : undefined,
    filter.to !== undefined ? lt(auditLog.createdAt, filter.to) : undefined,
  );
}

/** Entries matching the filter with the names of their actor and shop, by time (ties by id). */
export async function findAuditEntries(
  db: Executor,
  filter: AuditFilterValues,
  order: 'newest' | 'oldest',
  limit: number,
  offset: number,
) {
  const by =
    order === 'newest' ? [desc(auditLog.createdAt), desc(auditLog.id)] : [asc(auditLog.createdAt), asc(auditLog.id)];
  return db
    .select({
      id: auditLog.id,
      actorUserId: auditLog.actorUserId,
      actorName: users.name,
      actorRole: auditLog.actorRole,
      shopId: auditLog.shopId,
      shopName: shops.name,
      kind: auditLog.kind,
      recordId: auditLog.recordId,
      action: auditLog.action,
      changes: auditLog.changes,
      ip: auditLog.ip,
      userAgent: auditLog.userAgent,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorUserId))
    .leftJoin(shops, eq(shops.id, auditLog.shopId))
    .where(whereOf(filter))
    .orderBy(...by)
    .limit(limit)
    .offset(offset);
}

export async function countAuditEntries(db: Executor, filter: AuditFilterValues): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditLog).where(whereOf(filter));
  return row?.n ?? 0;
}

/** The kinds written so far, for the operator's filter. */
export async function auditKinds(db: Executor): Promise<string[]> {
  const rows = await db.selectDistinct({ kind: auditLog.kind }).from(auditLog).orderBy(auditLog.kind);
  return rows.map((r) => r.kind);
}
