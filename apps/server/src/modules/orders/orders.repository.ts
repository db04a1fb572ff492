import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import { orderProducts, orders, type orderVatTaxes, payments } from '../../db/schema/orders';
import { products } from '../../db/schema/products';
import { shops } from '../../db/schema/shops';
import { users } from '../../db/schema/users';
import { databaseError, type Executor, executeRows } from '../../db/transaction';
import type { PaymentOrderRow, PaymentRow } from '../payments/payments.repository';

/** Whether the user has a verified e-mail or phone (order_place_account_verify). */
export async function isAccountVerified(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), or(isNotNull(users.emailVerifiedAt), isNotNull(users.phoneVerifiedAt))));
  return row !== undefined;
}

export type NewPayment = typeof payments.$inferInsert;
export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'paymentId'>;
export type NewOrderProduct = Omit<typeof orderProducts.$inferInsert, 'id' | 'orderId'>;
export type NewOrderVat = Omit<typeof orderVatTaxes.$inferInsert, 'id' | 'orderId'>;

export async function insertPayment(db: Executor, payment: NewPayment) {
  await db.insert(payments).values(payment);
}

export interface NewShopOrder {
  /** The address is the placement's (Placement.addressId). */
  order: Omit<NewOrder, 'orderCode' | 'userId' | 'createdAt' | 'updatedAt' | 'addressId' | 'address'>;
  lines: readonly NewOrderProduct[];
  vat: readonly NewOrderVat[];
}

/** An order just made, as the payment's view shows it (its shop's name is known to the caller). */
export type MadeOrder = Omit<PaymentOrderRow, 'shopName'>;

/** What place_order checked and found changed since the cart was priced; nothing was written. */
export type PlacementRefusal =
  | { reason: 'cart_changed' }
  | { reason: 'out_of_stock'; productId: number; left: number }
  | { reason: 'flash_sold_out'; productId: number }
  | { reason: 'voucher_unavailable'; code: string }
  /** The address is not the shopper's. */
  | { reason: 'address_invalid' }
  /** The Idempotency-Key was used already (this placement went through, or another request used it). */
  | { reason: 'key_used' };

const REFUSALS = new Set([
  'cart_changed',
  'out_of_stock',
  'flash_sold_out',
  'voucher_unavailable',
  'address_invalid',
  'key_used',
]);

/** The refusal place_order raised (SQLSTATE P0001 with one of its names), on pg and PGlite alike. */
function refusalOf(error: unknown): PlacementRefusal | null {
  const raised = databaseError(error);
  if (raised?.code !== 'P0001' || !REFUSALS.has(raised.message)) return null;
  const facts = raised.detail ? (JSON.parse(raised.detail) as Record<string, unknown>) : {};
  switch (raised.message) {
    case 'out_of_stock':
      return { reason: 'out_of_stock', productId: Number(facts.product_id), left: Number(facts.left) };
    case 'flash_sold_out':
      return { reason: 'flash_sold_out', productId: Number(facts.product_id) };
    case 'voucher_unavailable':
      return { reason: 'voucher_unavailable', code: String(facts.code ?? '') };
    case 'address_invalid':
      return { reason: 'address_invalid' };
    case 'key_used':
      return { reason: 'key_used' };
    default:
      return { reason: 'cart_changed' };
  }
}

export interface Placement {
  payment: Pick<PaymentRow, 'id' | 'userId' | 'amount' | 'currency' | 'paymentMethod' | 'idempotencyKey'> & {
    createdAt: Date;
  };
  /** The delivery address: it must be the shopper's. */
  addressId: number;
  /**
   * The request's Idempotency-Key, claimed with the placement (the idempotency plugin's
   * `idempotencyClaim: 'handler'`); a key claimed before `expiredBefore` is taken over.
   */
  idempotency: { key: string; requestHash: string; expiredBefore: Date } | null;
  orders: readonly NewShopOrder[];
  /** The cart lines priced, as read (they must still be so). */
  cartLines: readonly {
    id: number;
    productId: number;
    quantity: number;
    colorId: number | null;
    sizeId: number | null;
  }[];
  /** Quantity to take from each product's stock. */
  stock: ReadonlyMap<number, number>;
  /** Quantities sold at a running flash sale's price. */
  flash: readonly { flashSaleId: number; productId: number; quantity: number }[];
  /** Orders using each voucher (one checkout may use a platform voucher for several shops). */
  coupons: readonly { id: number; code: string; uses: number }[];
}

/**
 * Everything a placement writes, in one call of the place_order function (migrations 0017
 * and 0018, decisions 0018 and 0019) whatever the number of shops or lines: under the shopper's lock it checks again
 * what the pricing read (cart lines, stock, flash quantities, vouchers), claims the request's
 * Idempotency-Key, checks the address is the shopper's, takes the stock, counts
 * the sales and the voucher uses, makes the payment, the orders (one per shop, codes from
 * order_code_seq) with their lines and VAT lines, and removes the ordered cart lines; or writes
 * nothing and answers with what changed. A payment key used before fails it
 * (payments_idempotency_key). The rows go as JSON, so the statement never changes.
 */
export async function placeOrder(
  db: Executor,
  placement: Placement,
): Promise<{ payment: PaymentRow; orders: MadeOrder[] } | PlacementRefusal> {
  const { payment, orders: shopOrders } = placement;
  if (shopOrders.length === 0) throw new Error('a placement has at least one order');
  const { idempotency } = placement;
  const payload = {
    user_id: payment.userId,
    at: payment.createdAt.toISOString(),
    address_id: placement.addressId,
    idempotency: idempotency
      ? {
          key: idempotency.key,
          request_hash: idempotency.requestHash,
          expired_before: idempotency.expiredBefore.toISOString(),
        }
      : null,
    cart_lines: placement.cartLines.map((l) => ({
      id: l.id,
      product_id: l.productId,
      quantity: l.quantity,
      color_id: l.colorId,
      size_id: l.sizeId,
    })),
    stock: [...placement.stock].map(([id, qty]) => ({ id, qty })),
    flash: placement.flash.map((f) => ({ flash_sale_id: f.flashSaleId, product_id: f.productId, qty: f.quantity })),
    coupons: placement.coupons,
    payment: {
      id: payment.id,
      amount: payment.amount,
      currency: payment.currency,
      payment_method: payment.paymentMethod,
      idempotency_key: payment.idempotencyKey,
    },
    orders: shopOrders.map(({ order: o }) => ({
      shop_id: o.shopId,
      prefix: o.prefix,
      coupon_id: o.couponId ?? null,
      coupon_discount: o.couponDiscount ?? 0,
      delivery_charge: o.deliveryCharge ?? 0,
      total_amount: o.totalAmount,
      tax_amount: o.taxAmount ?? 0,
      payable_amount: o.payableAmount,
      quantity: o.quantity,
      payment_method: o.paymentMethod,
      note: o.note ?? null,
      locale: o.locale ?? 'en',
    })),
    lines: shopOrders.flatMap(({ order, lines }) =>
      lines.map((l) => ({
        shop_id: order.shopId,
        product_id: l.productId,
        name: l.name,
        quantity: l.quantity,
        price: l.price,
        regular_price: l.regularPrice,
        color_name: l.colorName ?? null,
        size_name: l.sizeName ?? null,
        unit: l.unit ?? null,
        flash_sale_id: l.flashSaleId ?? null,
        is_digital: l.isDigital ?? false,
      })),
    ),
    vat: shopOrders.flatMap(({ order, vat }) =>
      vat.map((v) => ({
        shop_id: order.shopId,
        vat_tax_id: v.vatTaxId,
        name: v.name,
        percentage: v.percentage,
        amount: v.amount,
      })),
    ),
  };
  type Row = {
    id: number;
    shop_id: number;
    order_code: string;
    prefix: string;
    quantity: number;
    payable_amount: number;
    order_status: MadeOrder['orderStatus'];
    payment_status: MadeOrder['paymentStatus'];
  };
  let rows: Row[];
  try {
    const [result] = await executeRows<{ made: Row[] }>(
      db,
      sql`select place_order(${JSON.stringify(payload)}::jsonb) as made`,
    );
    rows = result?.made ?? [];
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) return refusal;
    throw error;
  }
  if (rows.length !== shopOrders.length) throw new Error('not every order of the placement was made');
  const made = rows.map((r) => ({
    id: r.id,
    shopId: r.shop_id,
    orderCode: r.order_code,
    prefix: r.prefix,
    quantity: r.quantity,
    payableAmount: Number(r.payable_amount),
    orderStatus: r.order_status,
    paymentStatus: r.payment_status,
  }));
  return {
    // What the function wrote, and the columns' defaults: nothing to read back.
    payment: {
      ...payment,
      status: 'pending',
      gatewayReference: null,
      paymentUrl: null,
      paidAt: null,
      updatedAt: payment.createdAt,
    },
    orders: made,
  };
}

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
  { skipLocked }: { skipLocked: boolean },
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
    )
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
 * `skipLocked`, the products a placement holds are left out, and their ids returned.
 */
export async function addProductsSold(
  db: Executor,
  counts: ReadonlyMap<number, number>,
  options: { skipLocked: boolean },
): Promise<number[]> {
  return addToCounts(db, products, products.soldCount, counts, options);
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
