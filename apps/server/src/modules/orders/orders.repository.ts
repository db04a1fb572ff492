import type { OrderStatus } from '@shop/contracts/cart';
import { and, asc, count, desc, eq, exists, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { brands } from '../../db/schema/catalog';
import { media } from '../../db/schema/common';
import { flashSaleProducts } from '../../db/schema/marketing';
import { coupons, orderProducts, orderStatusEvents, orders, orderVatTaxes, payments } from '../../db/schema/orders';
import { products, reviews } from '../../db/schema/products';
import { returnOrderProducts } from '../../db/schema/returns';
import { shops } from '../../db/schema/shops';
import { users } from '../../db/schema/users';
import { type Executor, executeRows } from '../../db/transaction';
import { containsPattern } from '../../lib/sql';

const shopLogo = alias(media, 'order_shop_logo');

/** `digital` lists the orders holding a digital product. */
export type OrderFilter = OrderStatus | 'digital' | undefined;

const hasDigitalLine = sql<boolean>`exists (select 1 from ${orderProducts} dp
  where dp.order_id = ${orders.id} and dp.is_digital)`;

/** Whose orders: a shopper's (their user id) or a shop's (the Seller Centre). */
export type OrderScope = number | { shopId: number };

const scopeOf = (scope: OrderScope) =>
  typeof scope === 'number' ? eq(orders.userId, scope) : eq(orders.shopId, scope.shopId);

function filterOf(scope: OrderScope, filter: OrderFilter) {
  return and(
    scopeOf(scope),
    filter === 'digital' ? hasDigitalLine : filter ? eq(orders.orderStatus, filter) : undefined,
  );
}

const orderColumns = {
  id: orders.id,
  orderCode: orders.orderCode,
  prefix: orders.prefix,
  shopId: shops.id,
  shopName: shops.name,
  shopSlug: shops.slug,
  shopLogo: shopLogo.path,
  shopRating: shops.ratingAvg,
  quantity: orders.quantity,
  payableAmount: orders.payableAmount,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  orderStatus: orders.orderStatus,
  createdAt: orders.createdAt,
  hasDigital: hasDigitalLine,
};

/** A page of the user's (or shop's) orders, newest first. */
export async function findOrders(db: Executor, userId: OrderScope, filter: OrderFilter, limit: number, offset: number) {
  return db
    .select(orderColumns)
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .leftJoin(shopLogo, eq(shopLogo.id, shops.logoId))
    .where(filterOf(userId, filter))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
}
export type OrderListRow = Awaited<ReturnType<typeof findOrders>>[number];

export async function countOrders(db: Executor, userId: OrderScope, filter: OrderFilter) {
  const [row] = await db.select({ total: count() }).from(orders).where(filterOf(userId, filter));
  return row?.total ?? 0;
}

/** The user's (or shop's) orders per status, for the tabs. */
export async function countOrdersByStatus(db: Executor, userId: OrderScope) {
  const rows = await db
    .select({ status: orders.orderStatus, total: count() })
    .from(orders)
    .where(scopeOf(userId))
    .groupBy(orders.orderStatus);
  return new Map(rows.map((r) => [r.status, r.total]));
}

/** The first lines of each order (for the history's thumbnails). */
export async function findOrderLines(db: Executor, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      id: orderProducts.id,
      orderId: orderProducts.orderId,
      productId: orderProducts.productId,
      slug: sql<string | null>`case when ${products.isActive} and ${products.isApproved} then ${products.slug} end`,
      name: orderProducts.name,
      thumbnail: media.path,
      brand: brands.name,
      price: orderProducts.price,
      regularPrice: orderProducts.regularPrice,
      quantity: orderProducts.quantity,
      colorName: orderProducts.colorName,
      sizeName: orderProducts.sizeName,
      unit: orderProducts.unit,
      flashSaleId: orderProducts.flashSaleId,
      isDigital: orderProducts.isDigital,
      returned: sql<boolean>`exists (select 1 from ${returnOrderProducts} r where r.order_product_id = ${orderProducts.id})`,
    })
    .from(orderProducts)
    .innerJoin(products, eq(products.id, orderProducts.productId))
    .innerJoin(media, eq(media.id, products.mediaId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(inArray(orderProducts.orderId, [...orderIds]))
    .orderBy(asc(orderProducts.orderId), asc(orderProducts.id));
}
export type OrderLineRow = Awaited<ReturnType<typeof findOrderLines>>[number];

/** One order of the user with what its details page shows; undefined for another user's order. */
export async function findOrder(db: Executor, userId: number, orderId: number) {
  const [row] = await db
    .select({
      ...orderColumns,
      userId: orders.userId,
      paymentId: orders.paymentId,
      paymentState: payments.status,
      address: orders.address,
      addressId: orders.addressId,
      note: orders.note,
      cancelReason: orders.cancelReason,
      locale: orders.locale,
      totalAmount: orders.totalAmount,
      deliveryCharge: orders.deliveryCharge,
      couponDiscount: orders.couponDiscount,
      taxAmount: orders.taxAmount,
      deliveredAt: orders.deliveredAt,
    })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .innerJoin(payments, eq(payments.id, orders.paymentId))
    .leftJoin(shopLogo, eq(shopLogo.id, shops.logoId))
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return row;
}
export type OrderRow = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

/** The shopper of one of the shop's orders; undefined for another shop's order. */
export async function findShopOrderCustomer(db: Executor, shopId: number, orderId: number) {
  const [row] = await db
    .select({
      userId: orders.userId,
      name: users.name,
      email: users.email,
      phone: users.phone,
      phoneCode: users.phoneCode,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.id, orderId), eq(orders.shopId, shopId)));
  return row;
}

/** The shoppers' names of some orders (the Seller Centre's list). */
export async function findOrderCustomerNames(db: Executor, orderIds: readonly number[]) {
  if (orderIds.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: orders.id, name: users.name })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(inArray(orders.id, [...orderIds]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** A shop's takings: paid orders not cancelled, and the delivered ones (minor units). */
export async function sumShopRevenue(db: Executor, shopId: number) {
  const [row] = await db
    .select({
      paid: sql<string>`coalesce(sum(${orders.payableAmount}) filter (where ${orders.paymentStatus} = 'Paid' and ${orders.orderStatus} <> 'Cancelled'), 0)`,
      delivered: sql<string>`coalesce(sum(${orders.payableAmount}) filter (where ${orders.orderStatus} = 'Delivered'), 0)`,
    })
    .from(orders)
    .where(eq(orders.shopId, shopId));
  return { paid: Number(row?.paid ?? 0), delivered: Number(row?.delivered ?? 0) };
}

/**
 * A shop's orders (not cancelled) and their payable amounts per calendar day of `timeZone`, from
 * the start of the day `fromDay` (YYYY-MM-DD) there; days without orders are absent.
 */
export async function sumShopSalesByDay(db: Executor, shopId: number, fromDay: string, timeZone: string) {
  const rows = await executeRows<{ day: string; orders: number; revenue: string }>(
    db,
    sql`select to_char((${orders.createdAt} at time zone ${timeZone})::date, 'YYYY-MM-DD') as day,
          count(*)::int as orders, coalesce(sum(${orders.payableAmount}), 0) as revenue
        from ${orders}
        where ${orders.shopId} = ${shopId} and ${orders.orderStatus} <> 'Cancelled'
          and ${orders.createdAt} >= (${fromDay}::date::timestamp at time zone ${timeZone})
        group by 1`,
  );
  return rows.map((r) => ({ day: r.day, orders: Number(r.orders), revenue: Number(r.revenue) }));
}

/**
 * The shop's best sellers since the start of `fromDay` in `timeZone` (orders not cancelled): units
 * and takings per product, most units first.
 */
export async function findShopTopProducts(
  db: Executor,
  shopId: number,
  fromDay: string,
  timeZone: string,
  limit: number,
) {
  const quantity = sql<number>`sum(${orderProducts.quantity})::int`.mapWith(Number);
  const revenue = sql<string>`sum(${orderProducts.price} * ${orderProducts.quantity})`;
  const rows = await db
    .select({
      id: orderProducts.productId,
      name: sql<string>`max(${products.name})`,
      thumbnail: sql<string | null>`max(${media.path})`,
      quantity,
      revenue,
    })
    .from(orderProducts)
    .innerJoin(orders, eq(orders.id, orderProducts.orderId))
    .innerJoin(products, eq(products.id, orderProducts.productId))
    .leftJoin(media, eq(media.id, products.mediaId))
    .where(
      and(
        eq(orders.shopId, shopId),
        sql`${orders.orderStatus} <> 'Cancelled'`,
        sql`${orders.createdAt} >= (${fromDay}::date::timestamp at time zone ${timeZone})`,
      ),
    )
    .groupBy(orderProducts.productId)
    .orderBy(desc(quantity), desc(revenue), asc(orderProducts.productId))
    .limit(limit);
  return rows.map((r) => ({ ...r, revenue: Number(r.revenue) }));
}

export async function ownsOrder(db: Executor, userId: number, orderId: number) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return row !== undefined;
}

export async function findOrderVat(db: Executor, orderId: number) {
  return db
    .select({
      id: orderVatTaxes.vatTaxId,
      name: orderVatTaxes.name,
      percentage: orderVatTaxes.percentage,
      amount: orderVatTaxes.amount,
    })
    .from(orderVatTaxes)
    .where(eq(orderVatTaxes.orderId, orderId))
    .orderBy(asc(orderVatTaxes.id));
}

export async function findStatusEvents(db: Executor, orderId: number) {
  return db
    .select({ status: orderStatusEvents.status, createdAt: orderStatusEvents.createdAt })
    .from(orderStatusEvents)
    .where(eq(orderStatusEvents.orderId, orderId))
    .orderBy(asc(orderStatusEvents.createdAt), asc(orderStatusEvents.id));
}

/** The user's reviews of the products of one order. */
export async function findOrderReviews(db: Executor, userId: number, orderId: number) {
  return db
    .select({ id: reviews.id, productId: reviews.productId, rating: reviews.rating, description: reviews.description })
    .from(reviews)
    .where(and(eq(reviews.orderId, orderId), eq(reviews.customerId, userId)));
}

/**
 * Moves an order to `to` only from one of the statuses in `from` (the guard of every transition:
 * of two concurrent changes, one wins), recording the step. Returns the order's row as changed,
 * or undefined when it was not in a `from` status.
 */
/** An order's statuses, its row locked (FOR UPDATE) until the transaction `tx` ends; undefined when there is none. */
export async function lockOrderStatuses(tx: Executor, orderId: number) {
  const [row] = await tx
    .select({ orderStatus: orders.orderStatus, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  return row;
}

export async function moveOrderStatus(
  db: Executor,
  orderId: number,
  from: readonly OrderStatus[],
  to: OrderStatus,
  now: Date,
) {
  const [row] = await db
    .update(orders)
    .set({
      orderStatus: to,
      updatedAt: now,
      ...(to === 'Delivered' ? { deliveredAt: now } : {}),
    })
    .where(and(eq(orders.id, orderId), inArray(orders.orderStatus, [...from])))
    .returning({
      id: orders.id,
      userId: orders.userId,
      shopId: orders.shopId,
      paymentMethod: orders.paymentMethod,
      payableAmount: orders.payableAmount,
      totalAmount: orders.totalAmount,
      couponDiscount: orders.couponDiscount,
    });
  if (!row) return undefined;
  await db.insert(orderStatusEvents).values({ orderId, status: to, createdAt: now });
  return row;
}

/** Gives back the stock, sold counts and flash-sale quantities the order's lines took. */
export async function restoreOrderStock(db: Executor, orderId: number) {
  const lines = await db
    .select({
      productId: orderProducts.productId,
      quantity: orderProducts.quantity,
      flashSaleId: orderProducts.flashSaleId,
    })
    .from(orderProducts)
    .where(eq(orderProducts.orderId, orderId))
    .orderBy(asc(orderProducts.productId));
  for (const line of lines) {
    await db
      .update(products)
      .set({
        stock: sql`${products.stock} + ${line.quantity}`,
        soldCount: sql`greatest(${products.soldCount} - ${line.quantity}, 0)`,
      })
      .where(eq(products.id, line.productId));
    if (line.flashSaleId !== null) {
      await db
        .update(flashSaleProducts)
        .set({ soldQuantity: sql`greatest(${flashSaleProducts.soldQuantity} - ${line.quantity}, 0)` })
        .where(
          and(eq(flashSaleProducts.flashSaleId, line.flashSaleId), eq(flashSaleProducts.productId, line.productId)),
        );
    }
  }
}

/**
 * Gives back the one use of its voucher's total limit the order took at placement (the per-user
 * limit already leaves cancelled orders out).
 */
export async function releaseOrderCoupon(db: Executor, orderId: number) {
  await db
    .update(coupons)
    .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
    .where(sql`${coupons.id} = (select ${orders.couponId} from ${orders} where ${orders.id} = ${orderId})`);
}

/** The orders of a payment not paid yet (pay again covers all of them). */
export async function findUnpaidOrdersOfPayment(db: Executor, paymentId: string) {
  return db
    .select({ id: orders.id, payableAmount: orders.payableAmount, orderStatus: orders.orderStatus })
    .from(orders)
    .where(and(eq(orders.paymentId, paymentId), eq(orders.paymentStatus, 'Pending')))
    .orderBy(asc(orders.id));
}

export async function moveOrdersToPayment(db: Executor, orderIds: readonly number[], paymentId: string, now: Date) {
  if (orderIds.length === 0) return;
  await db
    .update(orders)
    .set({
      paymentId,
      paymentMethod: sql`(select ${payments.paymentMethod} from ${payments} where ${payments.id} = ${paymentId})`,
      updatedAt: now,
    })
    .where(inArray(orders.id, [...orderIds]));
}

/** Whether the user has an order holding this product that was delivered (review rule). */
export async function hasDeliveredProduct(db: Executor, userId: number, orderId: number, productId: number) {
  const [row] = await db
    .select({ shopId: orders.shopId })
    .from(orders)
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.userId, userId),
        eq(orders.orderStatus, 'Delivered'),
        exists(
          db
            .select({ one: sql`1` })
            .from(orderProducts)
            .where(and(eq(orderProducts.orderId, orders.id), eq(orderProducts.productId, productId))),
        ),
      ),
    );
  return row;
}

/** The dashboard's cards: orders not yet delivered or cancelled, and products ordered (not cancelled). */
export async function countOrderFigures(db: Executor, userId: number) {
  const [row] = await db
    .select({
      onGoing:
        sql<number>`count(distinct ${orders.id}) filter (where ${orders.orderStatus} not in ('Delivered', 'Cancelled'))`.mapWith(
          Number,
        ),
      ordered: sql<number>`count(${orderProducts.id}) filter (where ${orders.orderStatus} <> 'Cancelled')`.mapWith(
        Number,
      ),
    })
    .from(orders)
    .innerJoin(orderProducts, eq(orderProducts.orderId, orders.id))
    .where(eq(orders.userId, userId));
  return { onGoing: row?.onGoing ?? 0, ordered: row?.ordered ?? 0 };
}

/**
 * A cash order delivered is paid; its payment too once none of its orders is left unpaid
 * (cancelled ones aside).
 */
export async function markCashOrderPaid(db: Executor, orderId: number, now: Date) {
  const [order] = await db
    .update(orders)
    .set({ paymentStatus: 'Paid', updatedAt: now })
    .where(eq(orders.id, orderId))
    .returning({ paymentId: orders.paymentId });
  if (!order) return;
  await db
    .update(payments)
    .set({ status: 'paid', paidAt: now, updatedAt: now })
    .where(
      and(
        eq(payments.id, order.paymentId),
        eq(payments.status, 'pending'),
        sql`not exists (select 1 from ${orders} o where o.payment_id = ${payments.id}
          and o.payment_status = 'Pending' and o.order_status <> 'Cancelled')`,
      ),
    );
}

/** Locks a payment's row for the transaction: two "pay again" of one checkout run one after the other. */
export async function lockPayment(db: Executor, paymentId: string) {
  const [row] = await db
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.id, paymentId))
    .for('update');
  return row;
}

/** Where a customer is told about their orders. */
export async function findCustomerContact(db: Executor, userId: number) {
  const [row] = await db
    .select({ email: users.email, phone: users.phone, phoneCode: users.phoneCode })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

// ---------------------------------------------------------------------------------------------
// Counts and ordering again

/**
 * Adds to a count column of rows by id (the shops' order counts, the products' sold counts;
 * modules/orders/order-counts.ts gathers them), never below zero, in one statement that locks the
 * rows in id order first, as placements take stock, so the two never wait for each other in a
 * circle. The lock is the one the update takes anyway (no key update): a placement's orders and
 * order lines hold key-share locks on their shop and products (the foreign keys) in any order, and
 * a stronger lock would wait for them while they wait for it. With `skipLocked`, rows another
 * transaction holds (a placement taking a product's stock) are left out instead of waited for, so
 * placements never queue behind a count held up by one of them. Answers with the ids left out
 * that way (to add later); ids of rows gone are dropped.
 */
async function addToCounts(
  db: Executor,
  table: typeof shops | typeof products,
  column: typeof shops.ordersCount | typeof products.soldCount,
  counts: ReadonlyMap<number, number>,
  { skipLocked, logShown = false }: { skipLocked: boolean; logShown?: boolean },
): Promise<number[]> {
  if (counts.size === 0) return [];
  const ids = [...counts.keys()].sort((a, b) => a - b);
  const added = ids.map((id) => counts.get(id) ?? 0);
  const idArray = `{${ids.join(',')}}`;
  const name = sql.identifier(column.name);
  const held = await executeRows<{ id: number }>(
    db,
    sql`
    with locked as materialized (
      select l.id from ${table} as l where l.id = any(${idArray}::int[])
      order by l.id for no key update ${skipLocked ? sql`skip locked` : sql``}
    ), written as (
      update ${table} as t set ${name} = greatest(t.${name} + added.n, 0)
      from unnest(${idArray}::int[], ${`{${added.join(',')}}`}::int[]) as added(id, n)
      join locked on locked.id = added.id
      where t.id = added.id
      returning t.id
    )${
      logShown
        ? sql`, logged as (
      insert into catalogue_changes (product_ids, placement, text)
      select array_agg(w.id), false, false from written as w having count(*) > 0
    )`
        : sql``
    }
    select e.id from ${table} as e
    where e.id = any(${idArray}::int[]) and not exists (select 1 from written as w where w.id = e.id)`,
  );
  return held.map((r) => Number(r.id));
}

/** Adds orders to the shops' counts (a sort key of the shop lists). */
export async function addShopOrders(db: Executor, counts: ReadonlyMap<number, number>) {
  await addToCounts(db, shops, shops.ordersCount, counts, { skipLocked: false });
}

/**
 * Adds quantities to the products' sold counts (a sort key and the cards' "sold" figure); with
 * `skipLocked`, the products a placement holds are left out, and their ids returned. The products
 * counted are logged in catalogue_changes as shown differently (one row for the batch): their
 * sold figure and the stock their sales took (a placement logs nothing while stock is left,
 * catalogue_product_changed) reach the replies showing them within a batch, not at their next
 * build.
 */
export async function addProductsSold(
  db: Executor,
  counts: ReadonlyMap<number, number>,
  options: { skipLocked: boolean },
): Promise<number[]> {
  return addToCounts(db, products, products.soldCount, counts, { ...options, logShown: true });
}

/** An order's shop and status, and its lines, to put them back in the cart. */
export async function findOrderToRepeat(db: Executor, userId: number, orderId: number) {
  const [order] = await db
    .select({
      id: orders.id,
      shopId: orders.shopId,
      orderStatus: orders.orderStatus,
      paymentMethod: orders.paymentMethod,
      addressId: orders.addressId,
      locale: orders.locale,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) return undefined;
  const lines = await db
    .select({
      productId: orderProducts.productId,
      name: orderProducts.name,
      quantity: orderProducts.quantity,
      colorName: orderProducts.colorName,
      sizeName: orderProducts.sizeName,
      unit: orderProducts.unit,
    })
    .from(orderProducts)
    .where(eq(orderProducts.orderId, orderId))
    .orderBy(orderProducts.id);
  return { ...order, lines };
}

// ---------------------------------------------------------------------------------------------
// Every order across shops (the operator)

export interface OperatorOrderFilter {
  q?: string | undefined;
  shopId?: number | undefined;
  status?: OrderStatus | undefined;
  paymentStatus?: 'Pending' | 'Paid' | undefined;
  /** Inclusive start and exclusive end, as instants. */
  from?: Date | undefined;
  to?: Date | undefined;
}

function operatorOrderWhere(f: OperatorOrderFilter): SQL | undefined {
  const q = f.q?.trim().replace(/^#/, '');
  const pattern = q ? containsPattern(q) : null;
  return and(
    f.shopId !== undefined ? eq(orders.shopId, f.shopId) : undefined,
    f.status ? eq(orders.orderStatus, f.status) : undefined,
    f.paymentStatus ? eq(orders.paymentStatus, f.paymentStatus) : undefined,
    f.from ? gte(orders.createdAt, f.from) : undefined,
    f.to ? lt(orders.createdAt, f.to) : undefined,
    pattern
      ? or(
          ilike(sql`${orders.prefix} || ${orders.orderCode}`, pattern),
          ilike(users.name, pattern),
          ilike(users.email, pattern),
          ilike(users.phone, pattern),
        )
      : undefined,
  );
}

export async function findOperatorOrders(
  db: Executor,
  filter: OperatorOrderFilter & { sort: 'created_at' | 'amount'; direction: 'asc' | 'desc' },
  limit: number,
  offset: number,
) {
  const dir = filter.direction === 'asc' ? asc : desc;
  return db
    .select({
      id: orders.id,
      orderCode: orders.orderCode,
      prefix: orders.prefix,
      shopId: shops.id,
      shopName: shops.name,
      userId: users.id,
      userName: users.name,
      userEmail: users.email,
      payableAmount: orders.payableAmount,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      orderStatus: orders.orderStatus,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(operatorOrderWhere(filter))
    .orderBy(dir(filter.sort === 'amount' ? orders.payableAmount : orders.createdAt), dir(orders.id))
    .limit(limit)
    .offset(offset);
}

export async function countOperatorOrders(db: Executor, filter: OperatorOrderFilter) {
  const [row] = await db
    .select({ total: count() })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(operatorOrderWhere(filter));
  return row?.total ?? 0;
}

/** The shopper of any order, with how to reach them; undefined when there is no such order. */
export async function findOrderCustomer(db: Executor, orderId: number) {
  const [row] = await db
    .select({ userId: users.id, name: users.name, email: users.email, phone: users.phone, phoneCode: users.phoneCode })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  return row;
}

export async function setCancelReason(db: Executor, orderId: number, reason: string) {
  await db.update(orders).set({ cancelReason: reason }).where(eq(orders.id, orderId));
}
