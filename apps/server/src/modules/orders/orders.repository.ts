import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { flashSaleProducts } from '../../db/schema/marketing';
import { orderProducts, orders, orderVatTaxes, payments } from '../../db/schema/orders';
import { products } from '../../db/schema/products';
import { shops } from '../../db/schema/shops';
import { users } from '../../db/schema/users';
import type { Executor } from '../../db/transaction';

/** Whether the user has a verified e-mail or phone (order_place_account_verify). */
export async function isAccountVerified(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), or(isNotNull(users.emailVerifiedAt), isNotNull(users.phoneVerifiedAt))));
  return row !== undefined;
}

/**
 * Takes `quantity` from the product's stock only while that much is left (DESIGN section 5): the
 * conditional update is the guard, `CHECK (stock >= 0)` is behind it. False when too little is left.
 */
export async function takeStock(db: Executor, productId: number, quantity: number): Promise<boolean> {
  const rows = await db
    .update(products)
    .set({ stock: sql`${products.stock} - ${quantity}`, soldCount: sql`${products.soldCount} + ${quantity}` })
    .where(and(eq(products.id, productId), sql`${products.stock} >= ${quantity}`))
    .returning({ id: products.id });
  return rows.length > 0;
}

/** The same for a flash sale's allocation: false when the sale has less than `quantity` left. */
export async function takeFlashSaleQuantity(
  db: Executor,
  flashSaleId: number,
  productId: number,
  quantity: number,
): Promise<boolean> {
  const rows = await db
    .update(flashSaleProducts)
    .set({ soldQuantity: sql`${flashSaleProducts.soldQuantity} + ${quantity}` })
    .where(
      and(
        eq(flashSaleProducts.flashSaleId, flashSaleId),
        eq(flashSaleProducts.productId, productId),
        sql`${flashSaleProducts.soldQuantity} + ${quantity} <= ${flashSaleProducts.quantity}`,
      ),
    )
    .returning({ id: flashSaleProducts.productId });
  return rows.length > 0;
}

/** Stock left of each product (for the message when a placement finds too little). */
export async function findStock(db: Executor, productIds: readonly number[]) {
  if (productIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(inArray(products.id, [...productIds]));
  return new Map(rows.map((r) => [r.id, r.stock]));
}

export async function findShopOrderInfo(db: Executor, shopIds: readonly number[]) {
  if (shopIds.length === 0) return new Map<number, { name: string; prefix: string }>();
  const rows = await db
    .select({ id: shops.id, name: shops.name, prefix: shops.prefix })
    .from(shops)
    .where(inArray(shops.id, [...shopIds]));
  return new Map(rows.map((r) => [r.id, { name: r.name, prefix: r.prefix }]));
}

export type NewPayment = typeof payments.$inferInsert;
export type NewOrder = Omit<typeof orders.$inferInsert, 'id'>;
export type NewOrderProduct = Omit<typeof orderProducts.$inferInsert, 'id' | 'orderId'>;
export type NewOrderVat = Omit<typeof orderVatTaxes.$inferInsert, 'id' | 'orderId'>;

export async function insertPayment(db: Executor, payment: NewPayment) {
  const [row] = await db.insert(payments).values(payment).returning();
  if (!row) throw new Error('the payment was not inserted');
  return row;
}

export interface NewShopOrder {
  order: Omit<NewOrder, 'orderCode'>;
  lines: readonly NewOrderProduct[];
  vat: readonly NewOrderVat[];
}

/**
 * The orders of one placement (one per shop) with their lines and VAT lines, in three statements
 * whatever the number of shops; each order's code is the next value of order_code_seq, 6 digits.
 * Answers with the orders made, in the order they were made.
 */
export async function insertOrders(db: Executor, shopOrders: readonly NewShopOrder[]) {
  if (shopOrders.length === 0) return [];
  const made = await db
    .insert(orders)
    .values(
      shopOrders.map((o) => ({
        ...o.order,
        orderCode: sql`lpad(nextval('order_code_seq')::text, 6, '0')`,
      })),
    )
    .returning({
      id: orders.id,
      shopId: orders.shopId,
      orderCode: orders.orderCode,
      prefix: orders.prefix,
      quantity: orders.quantity,
      payableAmount: orders.payableAmount,
      orderStatus: orders.orderStatus,
      paymentStatus: orders.paymentStatus,
    });
  const idOf = new Map(made.map((r) => [r.shopId, r.id]));
  const orderId = (shopId: number) => {
    const id = idOf.get(shopId);
    if (id === undefined) throw new Error(`no order was made for shop ${shopId}`);
    return id;
  };
  await db
    .insert(orderProducts)
    .values(shopOrders.flatMap((o) => o.lines.map((l) => ({ ...l, orderId: orderId(o.order.shopId) }))));
  const vat = shopOrders.flatMap((o) => o.vat.map((v) => ({ ...v, orderId: orderId(o.order.shopId) })));
  if (vat.length > 0) await db.insert(orderVatTaxes).values(vat);
  return made.sort((a, b) => a.id - b.id);
}

/**
 * Adds orders to the shops' counts (a sort key of the shop lists), all in one statement, in shop
 * id order (modules/orders/shop-order-counts.ts gathers them).
 */
export async function addShopOrders(db: Executor, counts: ReadonlyMap<number, number>) {
  if (counts.size === 0) return;
  const ids = [...counts.keys()].sort((a, b) => a - b);
  const added = ids.map((id) => counts.get(id) ?? 0);
  await db.execute(sql`
    update ${shops} set orders_count = ${shops.ordersCount} + added.n
    from (select * from unnest(${`{${ids.join(',')}}`}::int[], ${`{${added.join(',')}}`}::int[]) as t(id, n) order by id) as added
    where ${shops.id} = added.id`);
}

/** A Delivered order's shop, payment method, address and lines, to order it again. */
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

/** Names of products, for a message about products no longer listed. */
export async function findOrderLineNames(db: Executor, productIds: readonly number[]): Promise<string[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .select({ name: products.name })
    .from(products)
    .where(inArray(products.id, [...productIds]));
  return rows.map((r) => r.name);
}
