import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { media } from '../../db/schema/common';
import { orders } from '../../db/schema/orders';
import { products } from '../../db/schema/products';
import { returnOrderProducts, returnOrders } from '../../db/schema/returns';
import { shops } from '../../db/schema/shops';
import { type Executor, transaction } from '../../db/transaction';

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
  quantity: sql<number>`(select coalesce(sum(rp.quantity), 0)::int from ${returnOrderProducts} rp
    where rp.return_order_id = ${returnOrders.id})`.mapWith(Number),
};

/** A page of the user's returns, newest first. */
export async function findReturns(db: Executor, userId: number, limit: number, offset: number) {
  return db
    .select(returnColumns)
    .from(returnOrders)
    .innerJoin(orders, eq(orders.id, returnOrders.orderId))
    .where(eq(returnOrders.userId, userId))
    .orderBy(desc(returnOrders.createdAt), desc(returnOrders.id))
    .limit(limit)
    .offset(offset);
}
export type ReturnListRow = Awaited<ReturnType<typeof findReturns>>[number];

export async function countReturns(db: Executor, userId: number) {
  const [row] = await db.select({ total: count() }).from(returnOrders).where(eq(returnOrders.userId, userId));
  return row?.total ?? 0;
}

/** One return of the user with its shop; undefined for another user's return. */
export async function findReturn(db: Executor, userId: number, id: number) {
  const [row] = await db
    .select({
      ...returnColumns,
      shopId: shops.id,
      shopName: shops.name,
      shopSlug: shops.slug,
      shopLogo: shopLogo.path,
      shopRating: shops.ratingAvg,
    })
    .from(returnOrders)
    .innerJoin(orders, eq(orders.id, returnOrders.orderId))
    .innerJoin(shops, eq(shops.id, returnOrders.shopId))
    .leftJoin(shopLogo, eq(shopLogo.id, shops.logoId))
    .where(and(eq(returnOrders.id, id), eq(returnOrders.userId, userId)));
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
