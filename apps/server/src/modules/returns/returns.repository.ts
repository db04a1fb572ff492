import type { ReturnStatus } from '@shop/contracts/returns';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { media } from '../../db/schema/common';
import { orders } from '../../db/schema/orders';
import { products } from '../../db/schema/products';
import { returnOrderProducts, returnOrders } from '../../db/schema/returns';
import { shops } from '../../db/schema/shops';
import { users } from '../../db/schema/users';
import { type Executor, transaction } from '../../db/transaction';
import { containsPattern } from '../../lib/sql';

/**
 * Whose returns: a shopper's (their user id), a shop's (the Seller Centre), optionally by status,
 * or every shop's (the operator).
 */
export type ReturnScope = number | 'every shop' | { shopId: number; status?: ReturnStatus | undefined };

const scopeOf = (scope: ReturnScope) =>
  typeof scope === 'number'
    ? eq(returnOrders.userId, scope)
    : scope === 'every shop'
      ? undefined
      : and(eq(returnOrders.shopId, scope.shopId), scope.status ? eq(returnOrders.status, scope.status) : undefined);

const shopLogo = alias(media, 'return_shop_logo');

const returnColumns = {
  id: returnOrders.id,
  orderId: returnOrders.orderId,
  prefix: orders.prefix,
  orderCode: orders.orderCode,
  reason: returnOrders.reason,
  amount: returnOrders.amount,
  status: returnOrders.status,
  isPaid: returnOrders.isPaid,
  rejectNote: returnOrders.rejectNote,
  bankName: returnOrders.bankName,
  bankAccountNumber: returnOrders.bankAccountNumber,
  returnAddress: returnOrders.returnAddress,
  createdAt: returnOrders.createdAt,
  customerName: users.name,
  quantity: sql<number>`(select coalesce(sum(rp.quantity), 0)::int from ${returnOrderProducts} rp
    where rp.return_order_id = ${returnOrders.id})`.mapWith(Number),
};

/** A page of the user's (or shop's) returns, newest first. */
export async function findReturns(db: Executor, userId: ReturnScope, limit: number, offset: number) {
  return db
    .select(returnColumns)
    .from(returnOrders)
    .innerJoin(orders, eq(orders.id, returnOrders.orderId))
    .innerJoin(users, eq(users.id, returnOrders.userId))
    .where(scopeOf(userId))
    .orderBy(desc(returnOrders.createdAt), desc(returnOrders.id))
    .limit(limit)
    .offset(offset);
}
export type ReturnListRow = Awaited<ReturnType<typeof findReturns>>[number];
export type OperatorReturnRow = Awaited<ReturnType<typeof findOperatorReturns>>[number];

export interface OperatorReturnFilter {
  id?: number;
  q?: string | undefined;
  status?: ReturnStatus | undefined;
  shopId?: number | undefined;
}

function operatorWhere(filter: OperatorReturnFilter): SQL | undefined {
  const q = filter.q?.replace(/^#/, '').trim();
  const pattern = q ? containsPattern(q) : undefined;
  return and(
    filter.id ? eq(returnOrders.id, filter.id) : undefined,
    filter.status ? eq(returnOrders.status, filter.status) : undefined,
    filter.shopId ? eq(returnOrders.shopId, filter.shopId) : undefined,
    pattern ? or(ilike(sql`${orders.prefix} || ${orders.orderCode}`, pattern), ilike(users.name, pattern)) : undefined,
  );
}

/** The operator's page of every shop's returns, filtered and sorted, with each one's shop. */
export async function findOperatorReturns(
  db: Executor,
  filter: OperatorReturnFilter,
  sort: { by: 'created_at' | 'amount'; direction: 'asc' | 'desc' },
  limit: number,
  offset: number,
) {
  const order = sort.direction === 'asc' ? asc : desc;
  return db
    .select({ ...returnColumns, shopId: shops.id, shopName: shops.name })
    .from(returnOrders)
    .innerJoin(orders, eq(orders.id, returnOrders.orderId))
    .innerJoin(users, eq(users.id, returnOrders.userId))
    .innerJoin(shops, eq(shops.id, returnOrders.shopId))
    .where(operatorWhere(filter))
    .orderBy(order(sort.by === 'amount' ? returnOrders.amount : returnOrders.createdAt), order(returnOrders.id))
    .limit(limit)
    .offset(offset);
}

export async function countOperatorReturns(db: Executor, filter: OperatorReturnFilter) {
  const [row] = await db
    .select({ total: count() })
    .from(returnOrders)
    .innerJoin(orders, eq(orders.id, returnOrders.orderId))
    .innerJoin(users, eq(users.id, returnOrders.userId))
    .where(operatorWhere(filter));
  return row?.total ?? 0;
}

export async function countReturns(db: Executor, userId: ReturnScope) {
  const [row] = await db.select({ total: count() }).from(returnOrders).where(scopeOf(userId));
  return row?.total ?? 0;
}

/** One return of the user (or shop) with its shop; undefined for another user's (or shop's) return. */
/** One return of the scope; with `lock`, its row stays locked (FOR UPDATE) until the transaction `db` ends. */
export async function findReturn(db: Executor, userId: ReturnScope, id: number, lock = false) {
  const query = db
    .select({
      ...returnColumns,
      userId: returnOrders.userId,
      customerEmail: users.email,
      customerPhone: users.phone,
      customerPhoneCode: users.phoneCode,
      locale: orders.locale,
      shopId: shops.id,
      shopName: shops.name,
      shopSlug: shops.slug,
      shopLogo: shopLogo.path,
      shopRating: shops.ratingAvg,
    })
    .from(returnOrders)
    .innerJoin(orders, eq(orders.id, returnOrders.orderId))
    .innerJoin(shops, eq(shops.id, returnOrders.shopId))
    .innerJoin(users, eq(users.id, returnOrders.userId))
    .leftJoin(shopLogo, eq(shopLogo.id, shops.logoId))
    .where(and(eq(returnOrders.id, id), scopeOf(userId)));
  const [row] = lock ? await query.for('update', { of: returnOrders }) : await query;
  return row;
}

export async function ownsReturn(db: Executor, userId: number, id: number) {
  const [row] = await db
    .select({ id: returnOrders.id })
    .from(returnOrders)
    .where(and(eq(returnOrders.id, id), eq(returnOrders.userId, userId)));
  return row !== undefined;
}

export async function findReturnLines(db: Executor, returnId: number) {
  return db
    .select({
      orderProductId: returnOrderProducts.orderProductId,
      productId: returnOrderProducts.productId,
      name: returnOrderProducts.name,
      thumbnail: media.path,
      price: returnOrderProducts.price,
      quantity: returnOrderProducts.quantity,
      colorName: returnOrderProducts.colorName,
      sizeName: returnOrderProducts.sizeName,
      unit: returnOrderProducts.unit,
    })
    .from(returnOrderProducts)
    .innerJoin(products, eq(products.id, returnOrderProducts.productId))
    .leftJoin(media, eq(media.id, products.mediaId))
    .where(eq(returnOrderProducts.returnOrderId, returnId))
    .orderBy(asc(returnOrderProducts.id));
}

export interface NewReturn {
  orderId: number;
  shopId: number;
  userId: number;
  amount: number;
  bankName: string | null;
  bankAccountNumber: string;
  reason: string;
  returnAddress: string;
  lines: {
    orderProductId: number;
    productId: number;
    name: string;
    price: number;
    quantity: number;
    colorName: string | null;
    sizeName: string | null;
    unit: string | null;
  }[];
}

/**
 * Writes a return and its lines together. A line already returned (also by a concurrent request)
 * makes the lines' insert fail on the unique index of order_product_id, and nothing is written.
 */
export async function insertReturn(db: Executor, values: NewReturn, now: Date) {
  return transaction(db, async (tx) => {
    const { lines, ...head } = values;
    const [row] = await tx
      .insert(returnOrders)
      .values({ ...head, status: 'Pending', isPaid: false, createdAt: now, updatedAt: now })
      .returning({ id: returnOrders.id });
    if (!row) throw new Error('insert returned no row');
    await tx.insert(returnOrderProducts).values(lines.map((l) => ({ ...l, returnOrderId: row.id })));
    return row.id;
  });
}

/**
 * Sets a return's status only from one of `from` (the guard: of two concurrent changes one wins,
 * and nothing moves once refunded); `paid` marks the refund. False when it was in no `from` status.
 */
export async function moveReturnStatus(
  db: Executor,
  id: number,
  from: readonly ReturnStatus[],
  to: ReturnStatus,
  now: Date,
  paid = false,
  rejectNote: string | null = null,
) {
  const rows = await db
    .update(returnOrders)
    .set({ status: to, updatedAt: now, ...(paid ? { isPaid: true } : {}), ...(rejectNote ? { rejectNote } : {}) })
    .where(and(eq(returnOrders.id, id), inArray(returnOrders.status, [...from]), eq(returnOrders.isPaid, false)))
    .returning({ id: returnOrders.id });
  return rows.length > 0;
}

/** The shop's returns still waiting for it. */
export async function countPendingReturns(db: Executor, shopId: number) {
  const [row] = await db
    .select({ total: count() })
    .from(returnOrders)
    .where(and(eq(returnOrders.shopId, shopId), eq(returnOrders.status, 'Pending')));
  return row?.total ?? 0;
}
