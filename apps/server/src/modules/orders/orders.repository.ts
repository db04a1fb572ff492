import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { flashSaleProducts } from '../../db/schema/marketing';
import { orderProducts, orders, type orderVatTaxes, payments } from '../../db/schema/orders';
import { products } from '../../db/schema/products';
import { shops } from '../../db/schema/shops';
import { users } from '../../db/schema/users';
import type { Executor } from '../../db/transaction';
import type { PaymentOrderRow, PaymentRow } from '../payments/payments.repository';

/** Whether the user has a verified e-mail or phone (order_place_account_verify). */
export async function isAccountVerified(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), or(isNotNull(users.emailVerifiedAt), isNotNull(users.phoneVerifiedAt))));
  return row !== undefined;
}

/**
 * Takes each line's quantity from its product's stock, in one statement, only where that much is
 * left (DESIGN section 5): the conditional update is the guard, `CHECK (stock >= 0)` is behind
 * it. The rows are locked first, all of them in product id order, so two placements sharing
 * products never wait for each other in a circle. Answers with the products taken; a product
 * missing from it had too little left, and the caller rolls the transaction back.
 */
export async function takeStock(
  db: Executor,
  lines: readonly { productId: number; quantity: number }[],
): Promise<Set<number>> {
  if (lines.length === 0) return new Set();
  // Lines of one product (another colour or size) take from the same stock: one row each.
  const perProduct = new Map<number, number>();
  for (const l of lines) perProduct.set(l.productId, (perProduct.get(l.productId) ?? 0) + l.quantity);
  const wanted = JSON.stringify([...perProduct].map(([id, qty]) => ({ id, qty })));
  const result = await db.execute(sql`
    update ${products} as p
    set stock = p.stock - w.qty, sold_count = p.sold_count + w.qty
    from json_to_recordset(${wanted}::json) as w(id int, qty int)
    where p.id = w.id and p.stock >= w.qty
      and (select count(*) from (
        select l.id from ${products} as l
        where l.id in (select x.id from json_to_recordset(${wanted}::json) as x(id int, qty int))
        order by l.id for update
      ) as locked) >= 0
    returning p.id`);
  return new Set((result as unknown as { rows: { id: number }[] }).rows.map((r) => r.id));
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

export type NewPayment = typeof payments.$inferInsert;
export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'paymentId'>;
export type NewOrderProduct = Omit<typeof orderProducts.$inferInsert, 'id' | 'orderId'>;
export type NewOrderVat = Omit<typeof orderVatTaxes.$inferInsert, 'id' | 'orderId'>;

export async function insertPayment(db: Executor, payment: NewPayment) {
  await db.insert(payments).values(payment);
}

export interface NewShopOrder {
  order: Omit<NewOrder, 'orderCode'>;
  lines: readonly NewOrderProduct[];
  vat: readonly NewOrderVat[];
}

/** An order just made, as the payment's view shows it (its shop's name is known to the caller). */
export type MadeOrder = Omit<PaymentOrderRow, 'shopName'>;

const iso = (d: Date | undefined) => (d ?? new Date()).toISOString();

/**
 * Everything a placement writes, in one statement whatever the number of shops or lines: its
 * payment, the orders (one per shop) with their lines and VAT lines, and the ordered cart lines
 * removed. The rows go as JSON, so the statement's text never changes (prepared once per
 * connection) and nothing is built per row; each order's code is the next value of
 * order_code_seq, 6 digits. A payment key used before fails it (payments_idempotency_key).
 * Answers with the payment and the orders made, in the order they were made.
 */
export async function recordPlacement(
  db: Executor,
  placement: {
    payment: Pick<PaymentRow, 'id' | 'userId' | 'amount' | 'currency' | 'paymentMethod' | 'idempotencyKey'> & {
      createdAt: Date;
    };
    orders: readonly NewShopOrder[];
    /** The ordered lines of the shopper's cart (none when ordering again). */
    cartLineIds: readonly number[];
  },
): Promise<{ payment: PaymentRow; orders: MadeOrder[] }> {
  const { payment, orders: shopOrders } = placement;
  if (shopOrders.length === 0) throw new Error('a placement has at least one order');
  const orderRows = shopOrders.map(({ order: o }) => ({
    user_id: o.userId,
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
    address_id: o.addressId ?? null,
    address: o.address,
    note: o.note ?? null,
    locale: o.locale ?? 'en',
    created_at: iso(o.createdAt),
    updated_at: iso(o.updatedAt ?? o.createdAt),
  }));
  const lineRows = shopOrders.flatMap(({ order, lines }) =>
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
  );
  const vatRows = shopOrders.flatMap(({ order, vat }) =>
    vat.map((v) => ({
      shop_id: order.shopId,
      vat_tax_id: v.vatTaxId,
      name: v.name,
      percentage: v.percentage,
      amount: v.amount,
    })),
  );
  const at = payment.createdAt.toISOString();
  const result = await db.execute(sql`
    with pay as (
      insert into payments (id, user_id, amount, currency, payment_method, idempotency_key, created_at, updated_at)
      values (${payment.id}::uuid, ${payment.userId}::int, ${payment.amount}::bigint, ${payment.currency},
        ${payment.paymentMethod}, ${payment.idempotencyKey}, ${at}::timestamptz, ${at}::timestamptz)
      returning id
    ), made as (
      insert into orders (user_id, shop_id, payment_id, order_code, prefix, coupon_id, coupon_discount,
        delivery_charge, total_amount, tax_amount, payable_amount, quantity, payment_method, address_id,
        address, note, locale, created_at, updated_at)
      select o.user_id, o.shop_id, pay.id, lpad(nextval('order_code_seq')::text, 6, '0'), o.prefix,
        o.coupon_id, o.coupon_discount, o.delivery_charge, o.total_amount, o.tax_amount, o.payable_amount,
        o.quantity, o.payment_method, o.address_id, o.address, o.note, o.locale, o.created_at, o.updated_at
      from pay, json_to_recordset(${JSON.stringify(orderRows)}::json) as o(user_id int, shop_id int,
        prefix text, coupon_id int, coupon_discount bigint, delivery_charge bigint, total_amount bigint,
        tax_amount bigint, payable_amount bigint, quantity int, payment_method text, address_id int, address text,
        note text, locale text, created_at timestamptz, updated_at timestamptz)
      returning id, shop_id, order_code, prefix, quantity, payable_amount, order_status, payment_status
    ), made_lines as (
      insert into order_products (order_id, product_id, name, quantity, price, regular_price, color_name,
        size_name, unit, flash_sale_id, is_digital)
      select made.id, l.product_id, l.name, l.quantity, l.price, l.regular_price, l.color_name, l.size_name,
        l.unit, l.flash_sale_id, l.is_digital
      from json_to_recordset(${JSON.stringify(lineRows)}::json) as l(shop_id int, product_id int, name text,
        quantity int, price bigint, regular_price bigint, color_name text, size_name text, unit text,
        flash_sale_id int, is_digital boolean)
      join made on made.shop_id = l.shop_id
    ), made_vat as (
      insert into order_vat_taxes (order_id, vat_tax_id, name, percentage, amount)
      select made.id, v.vat_tax_id, v.name, v.percentage, v.amount
      from json_to_recordset(${JSON.stringify(vatRows)}::json) as v(shop_id int, vat_tax_id int, name text,
        percentage numeric, amount bigint)
      join made on made.shop_id = v.shop_id
    ), removed as (
      delete from cart_items
      where user_id = ${payment.userId}::int
        and id in (select value::int from json_array_elements_text(${JSON.stringify(placement.cartLineIds)}::json))
    )
    select id, shop_id, order_code, prefix, quantity, payable_amount::float8 as payable_amount, order_status,
      payment_status
    from made order by id`);
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
  const rows = (result as unknown as { rows: Row[] }).rows;
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
    // What the statement wrote, and the columns' defaults: nothing to read back.
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
