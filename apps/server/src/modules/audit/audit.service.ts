import { AUDIT_EXPORT_MAX_ROWS, type AuditEntry, type AuditLogFilter } from '@shop/contracts/audit';
import { AUDIT_PAGE_SIZE } from '@shop/contracts/constants';
import type { NewAuditEntry } from '../../db/queries/audit-entry';
import type { AuditChange } from '../../db/schema/audit';
import { isTransaction, type Tx } from '../../db/transaction';
import type { CoreDeps } from '../../deps';
import {
  type AuditContext,
  type AuditSink,
  type AuditStatementSink,
  type AuditWrite,
  changesBetween,
  maskSecrets,
} from '../../lib/audit';
import { spreadsheetCsv } from '../../lib/csv';
import { offsetOf } from '../../lib/paging';
import {
  type AuditFilterValues,
  auditKinds,
  countAuditEntries,
  findAuditEntries,
  insertAuditEntry,
} from './audit.repository';

/**
 * The audit log: one entry per write of a seller or the operator. A write hands it the request's
 * audit context and, where it runs in a transaction, that transaction, so the entry is kept or
 * rolled back with the change it describes.
 */
export class AuditService {
  constructor(private readonly deps: CoreDeps) {}

  /**
   * Records one write in `tx`, the transaction that makes it; counts it on the request. Throws when
   * the request opened no audit context, and when handed the database itself rather than a
   * transaction: an entry written apart from its change could be lost while the change stays, or
   * describe a state the change did not start from.
   */
  async record(context: AuditContext | null, write: AuditWrite, tx: Tx): Promise<void> {
    if (!isTransaction(tx)) {
      throw new Error(`an audited write (${write.kind} ${write.action}) must be recorded in its own transaction`);
    }
    const entry = this.entryOf(context, write);
    await insertAuditEntry(tx, { ...entry, recordId: write.recordId === null ? null : String(write.recordId) });
    (context as AuditContext).written++;
  }

  /** The request's sink, for a service that records its write inside its own transaction. */
  sink(context: AuditContext | null): AuditSink {
    return (tx, write) => this.record(context, write, tx);
  }

  /**
   * The request's sink for a write made by one statement, which writes the entry itself (so the
   * two commit together); the entry counts on the request once the service says it was written.
   */
  statementSink(context: AuditContext | null): AuditStatementSink {
    return (write) => ({
      entry: this.entryOf(context, { ...write, recordId: null }),
      recorded: () => {
        (context as AuditContext).written++;
      },
    });
  }

  /** The row of one write, but for its record id; throws when the request opened no audit context. */
  private entryOf(context: AuditContext | null, write: AuditWrite): Omit<NewAuditEntry, 'recordId'> {
    if (!context?.actor) throw new Error(`an audited write (${write.kind} ${write.action}) has no audit context`);
    return {
      actorUserId: context.actor.userId,
      actorRole: context.actor.role,
      shopId: context.actor.shopId,
      kind: write.kind,
      action: write.action,
      changes: changesBetween(maskSecrets(write.before ?? null), maskSecrets(write.after ?? null)),
      ip: context.ip,
      userAgent: context.userAgent,
      createdAt: this.deps.clock.now(),
    };
  }

  async list(query: AuditLogFilter & { page: number; per_page?: number | undefined }) {
    const perPage = query.per_page ?? AUDIT_PAGE_SIZE;
    const db = this.deps.database.db;
    const filter = filterValues(query);
    const [rows, total, kinds] = await Promise.all([
      findAuditEntries(db, filter, query.sort ?? 'newest', perPage, offsetOf(query.page, perPage)),
      countAuditEntries(db, filter),
      auditKinds(db),
    ]);
    return { total, kinds, entries: rows.map(entryOf) };
  }

  /** The filtered log as CSV (at most AUDIT_EXPORT_MAX_ROWS rows), one row per changed field set. */
  async csv(query: AuditLogFilter): Promise<Buffer> {
    const rows = await findAuditEntries(
      this.deps.database.db,
      filterValues(query),
      query.sort ?? 'newest',
      AUDIT_EXPORT_MAX_ROWS,
      0,
    );
    return spreadsheetCsv(
      [
        'time',
        'actor_id',
        'actor',
        'role',
        'shop_id',
        'shop',
        'kind',
        'record_id',
        'action',
        'changes',
        'ip',
        'user_agent',
      ],
      rows.map((row) => {
        const entry = entryOf(row);
        return [
          entry.created_at,
          String(entry.actor.id),
          entry.actor.name,
          entry.actor.role,
          entry.shop ? String(entry.shop.id) : '',
          entry.shop?.name ?? '',
          entry.kind,
          entry.record_id ?? '',
          entry.action,
          JSON.stringify(entry.changes),
          entry.ip,
          entry.user_agent,
        ];
      }),
    );
  }
}

function filterValues(query: AuditLogFilter): AuditFilterValues {
  return {
    actor: query.actor,
    shop: query.shop,
    kind: query.kind,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
  };
}

function entryOf(row: Awaited<ReturnType<typeof findAuditEntries>>[number]): AuditEntry {
  return {
    id: row.id,
    actor: { id: row.actorUserId, name: row.actorName, role: row.actorRole },
    shop: row.shopId !== null ? { id: row.shopId, name: row.shopName ?? '' } : null,
    kind: row.kind,
    record_id: row.recordId,
    action: row.action,
    changes: row.changes as Record<string, AuditChange>,
    ip: row.ip,
    user_agent: row.userAgent,
    created_at: row.createdAt.toISOString(),
  };
}
