import type { LedgerEntryKind, WithdrawalStatus } from '@shop/contracts/earnings';
import type { SortDirection } from '@shop/contracts/operator-back-office';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { lockShopRow } from '../../db/locks';
import { shopLedgerEntries, withdrawals } from '../../db/schema/earnings';
import { orders } from '../../db/schema/orders';
import { shops } from '../../db/schema/shops';
import { type Executor, executeRows, type Tx } from '../../db/transaction';
import { containsPattern } from '../../lib/sql';

export interface NewLedgerEntry {
  shopId: number;
  kind: LedgerEntryKind;
  /** Minor units, signed. */
  amount: number;
  orderId?: number | null;
  returnId?: number | null;
  withdrawalId?: number | null;
  rateBps?: number | null;
  createdAt: Date;
}

/**
 * Appends entries; an entry whose order, return or withdrawal already moved the ledger that way
 * (the unique indexes) is left out, so telling the same event twice credits it once. Returns how
 * many were written.
 */
export async function appendEntries(db: Executor, entries: readonly NewLedgerEntry[]): Promise<number> {
  if (entries.length === 0) return 0;
  const rows = await db
    .insert(shopLedgerEntries)
    .values(entries.map((e) => ({ ...e })))
    .onConflictDoNothing()
    .returning({ id: shopLedgerEntries.id });
  return rows.length;
}

/** The shop's available balance: the sum of its entries (minor units). */
export async function sumBalance(db: Executor, shopId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${shopLedgerEntries.amount}), 0)` })
    .from(shopLedgerEntries)
    .where(eq(shopLedgerEntries.shopId, shopId));
  return Number(row?.total ?? 0);
}

/** What the shop's pending withdrawals hold, and how many there are. */
export async function sumPendingWithdrawals(db: Executor, shopId: number) {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${withdrawals.amount}), 0)`, count: count() })
    .from(withdrawals)
    .where(and(eq(withdrawals.shopId, shopId), eq(withdrawals.status, 'pending')));
  return { amount: Number(row?.total ?? 0), count: row?.count ?? 0 };
}

/** The sale and commission entries of an order, if it was credited. */
export async function findOrderEntries(db: Executor, orderId: number) {
  return db
    .select({ kind: shopLedgerEntries.kind, amount: shopLedgerEntries.amount, rateBps: shopLedgerEntries.rateBps })
    .from(shopLedgerEntries)
    .where(eq(shopLedgerEntries.orderId, orderId));
}

export async function countEntries(db: Executor, shopId: number) {
  const [row] = await db.select({ total: count() }).from(shopLedgerEntries).where(eq(shopLedgerEntries.shopId, shopId));
  return row?.total ?? 0;
}

interface LedgerRow {
  id: number;
  kind: LedgerEntryKind;
  amount: string;
  balance_after: string;
  order_id: number | null;
  order_prefix: string | null;
  order_code: string | null;
  return_id: number | null;
  withdrawal_id: number | null;
  created_at: Date | string;
}

/** A page of the shop's entries, newest first, each with the balance right after it. */
export async function findEntries(db: Executor, shopId: number, limit: number, offset: number) {
  const rows = await executeRows<LedgerRow>(
    db,
    sql`select e.id, e.kind, e.amount, e.balance_after, e.order_id, o.prefix as order_prefix,
          o.order_code, e.return_id, e.withdrawal_id, e.created_at
        from (
          select l.*, sum(l.amount) over (order by l.id) as balance_after
          from ${shopLedgerEntries} l where l.shop_id = ${shopId}
        ) e
        left join ${orders} o on o.id = e.order_id
        order by e.id desc
        limit ${limit} offset ${offset}`,
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    amount: Number(r.amount),
    balanceAfter: Number(r.balance_after),
    orderId: r.order_id,
    orderPrefix: r.order_prefix,
    orderCode: r.order_code,
    returnId: r.return_id,
    withdrawalId: r.withdrawal_id,
    createdAt: new Date(r.created_at),
  }));
}

/** Locks the shop's row for the rest of the transaction; false when there is no such shop. */
export function lockShop(tx: Tx, shopId: number): Promise<boolean> {
  return lockShopRow(tx, shopId);
}

export async function insertWithdrawal(
  db: Executor,
  values: {
    shopId: number;
    userId: number;
    amount: number;
    bankName: string;
    bankAccountNumber: string;
    accountHolder: string;
    createdAt: Date;
  },
) {
  const [row] = await db.insert(withdrawals).values(values).returning();
  if (!row) throw new Error('withdrawal insert returned no row');
  return row;
}

export type WithdrawalRow = typeof withdrawals.$inferSelect;

/** A page of the shop's withdrawals (or every shop's with `shopId` null), newest first. */
export async function findWithdrawals(
  db: Executor,
  filter: { shopId: number | null; status?: WithdrawalStatus | undefined },
  limit: number,
  offset: number,
  order: 'newest' | 'oldest' = 'newest',
) {
  return db
    .select()
    .from(withdrawals)
    .where(withdrawalCondition(filter))
    .orderBy(
      ...(order === 'newest'
        ? [desc(withdrawals.createdAt), desc(withdrawals.id)]
        : [asc(withdrawals.createdAt), asc(withdrawals.id)]),
    )
    .limit(limit)
    .offset(offset);
}

export async function countWithdrawals(
  db: Executor,
  filter: { shopId: number | null; status?: WithdrawalStatus | undefined },
) {
  const [row] = await db.select({ total: count() }).from(withdrawals).where(withdrawalCondition(filter));
  return row?.total ?? 0;
}

function withdrawalCondition(filter: { shopId: number | null; status?: WithdrawalStatus | undefined }) {
  return and(
    filter.shopId === null ? undefined : eq(withdrawals.shopId, filter.shopId),
    filter.status ? eq(withdrawals.status, filter.status) : undefined,
  );
}

/** One withdrawal of the shop (any shop's with `shopId` null); undefined for another shop's. */
export async function findWithdrawal(db: Executor, shopId: number | null, id: number) {
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.id, id), shopId === null ? undefined : eq(withdrawals.shopId, shopId)));
  return row;
}

/**
 * Moves a pending withdrawal to paid or refused (a conditional update: of two decisions one
 * wins); the row as it is now, or undefined when it was not pending.
 */
export async function decideWithdrawal(
  db: Executor,
  id: number,
  status: Exclude<WithdrawalStatus, 'pending'>,
  note: string | null,
  now: Date,
  reference: string | null = null,
) {
  const [row] = await db
    .update(withdrawals)
    .set({ status, note, reference, decidedAt: now })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending')))
    .returning();
  return row;
}

/** The commission rate the operator set for the shop (basis points), or null: the default applies. */
export async function findShopCommissionRateBps(db: Executor, shopId: number): Promise<number | null> {
  const [row] = await db.select({ rateBps: shops.commissionRateBps }).from(shops).where(eq(shops.id, shopId));
  return row?.rateBps ?? null;
}

/** Whether the ledger holds the withdrawal's amount (its `withdrawal_hold` entry). */
export async function hasWithdrawalHold(db: Executor, withdrawalId: number): Promise<boolean> {
  const rows = await db
    .select({ id: shopLedgerEntries.id })
    .from(shopLedgerEntries)
    .where(and(eq(shopLedgerEntries.withdrawalId, withdrawalId), eq(shopLedgerEntries.kind, 'withdrawal_hold')));
  return rows.length > 0;
}

export interface OperatorWithdrawalFilter {
  shopId?: number | undefined;
  status?: WithdrawalStatus | undefined;
}

/** Every shop's withdrawals (the operator's list) with the shop's name. */
export async function findWithdrawalsWithShop(
  db: Executor,
  filter: OperatorWithdrawalFilter,
  sort: { by: 'created_at' | 'amount'; direction: SortDirection },
  limit: number,
  offset: number,
) {
  const dir = sort.direction === 'asc' ? asc : desc;
  return db
    .select({ withdrawal: withdrawals, shopName: shops.name })
    .from(withdrawals)
    .innerJoin(shops, eq(shops.id, withdrawals.shopId))
    .where(withdrawalCondition({ shopId: filter.shopId ?? null, status: filter.status }))
    .orderBy(dir(sort.by === 'amount' ? withdrawals.amount : withdrawals.createdAt), dir(withdrawals.id))
    .limit(limit)
    .offset(offset);
}

export async function findWithdrawalWithShop(db: Executor, id: number) {
  const [row] = await db
    .select({ withdrawal: withdrawals, shopName: shops.name })
    .from(withdrawals)
    .innerJoin(shops, eq(shops.id, withdrawals.shopId))
    .where(eq(withdrawals.id, id));
  return row;
}

interface BalanceRow {
  id: number;
  name: string;
  available: string;
  earned: string;
  withdrawn: string;
  pending: string;
}

const balanceSearch = (q: string | undefined) => {
  const search = q?.trim();
  return search ? sql`where s.name ilike ${containsPattern(search)}` : sql``;
};

/**
 * Each shop's balance (the sum of its ledger) beside what its sources say it should be: what its
 * orders and returns moved, less its withdrawals that are pending or paid. They differ only when
 * an entry is missing or stray, which the operator's list shows as a warning.
 */
export async function findShopBalances(
  db: Executor,
  query: { q?: string | undefined; sort: 'name' | 'balance'; direction: SortDirection },
  limit: number,
  offset: number,
) {
  const dir = sql.raw(query.direction === 'asc' ? 'asc' : 'desc');
  const by = query.sort === 'balance' ? sql`available` : sql`lower(name)`;
  const rows = await executeRows<BalanceRow>(
    db,
    sql`select * from (
          select s.id, s.name,
            coalesce((select sum(l.amount) from ${shopLedgerEntries} l where l.shop_id = s.id), 0) as available,
            coalesce((select sum(l.amount) from ${shopLedgerEntries} l where l.shop_id = s.id
              and l.kind in ('sale', 'commission', 'refund', 'commission_refund')), 0) as earned,
            coalesce((select sum(w.amount) from ${withdrawals} w where w.shop_id = s.id
              and w.status in ('pending', 'paid')), 0) as withdrawn,
            coalesce((select sum(w.amount) from ${withdrawals} w where w.shop_id = s.id
              and w.status = 'pending'), 0) as pending
          from ${shops} s ${balanceSearch(query.q)}
        ) b
        order by ${by} ${dir}, id ${dir}
        limit ${limit} offset ${offset}`,
  );
  return rows.map((r) => ({
    shopId: r.id,
    shopName: r.name,
    available: Number(r.available),
    expected: Number(r.earned) - Number(r.withdrawn),
    pending: Number(r.pending),
  }));
}

export async function countShopBalances(db: Executor, q: string | undefined) {
  const [row] = await executeRows<{ total: number | string }>(
    db,
    sql`select count(*) as total from ${shops} s ${balanceSearch(q)}`,
  );
  return Number(row?.total ?? 0);
}

/** How many withdrawals of every shop wait, and what they hold. */
export async function sumAllPendingWithdrawals(db: Executor) {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${withdrawals.amount}), 0)`, count: count() })
    .from(withdrawals)
    .where(eq(withdrawals.status, 'pending'));
  return { amount: Number(row?.total ?? 0), count: row?.count ?? 0 };
}
