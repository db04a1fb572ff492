import { sql } from 'drizzle-orm';
import type { orderProducts, orders, orderVatTaxes, payments } from '../../db/schema/orders';
import { databaseError, type Executor, executeRows } from '../../db/transaction';
import { type PlaceOrderMade, placeOrderPayload } from './place-order-payload';

type PaymentRow = typeof payments.$inferSelect;

export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'paymentId'>;
export type NewOrderProduct = Omit<typeof orderProducts.$inferInsert, 'id' | 'orderId'>;
export type NewOrderVat = Omit<typeof orderVatTaxes.$inferInsert, 'id' | 'orderId'>;

export interface NewShopOrder {
  /** The address is the placement's (Placement.addressId). */
  order: Omit<NewOrder, 'orderCode' | 'userId' | 'createdAt' | 'updatedAt' | 'addressId' | 'address'>;
  lines: readonly NewOrderProduct[];
  vat: readonly NewOrderVat[];
}

/** An order just made, as the payment's view shows it (its shop's name is known to the caller). */
export interface MadeOrder {
  id: number;
  orderCode: string;
  prefix: string;
  shopId: number;
  quantity: number;
  payableAmount: number;
  orderStatus: (typeof orders.$inferSelect)['orderStatus'];
  paymentStatus: (typeof orders.$inferSelect)['paymentStatus'];
}

/** What place_order checked and found changed since the cart was priced; nothing was written. */
export type PlacementRefusal =
  | { reason: 'cart_changed' }
  | { reason: 'out_of_stock'; productId: number; left: number }
  | { reason: 'flash_sold_out'; productId: number }
  | { reason: 'voucher_unavailable'; code: string }
  /** The address is not the shopper's. */
  | { reason: 'address_invalid' }
  /** The Idempotency-Key was used already (this placement went through, or another request used it). */
  | { reason: 'key_used' }
  /** A product was unpublished, deleted or its shop suspended since the cart was priced. */
  | { reason: 'product_unavailable'; productId: number }
  /** A shop of the order was closed for now since the cart was priced. */
  | { reason: 'shop_closed'; shopId: number };

const REFUSALS = new Set([
  'cart_changed',
  'out_of_stock',
  'flash_sold_out',
  'voucher_unavailable',
  'address_invalid',
  'key_used',
  'product_unavailable',
  'shop_closed',
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
    case 'product_unavailable':
      return { reason: 'product_unavailable', productId: Number(facts.product_id) };
    case 'shop_closed':
      return { reason: 'shop_closed', shopId: Number(facts.shop_id) };
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
 * Everything a placement writes, in one call of the place_order function (its text:
 * db/functions/place_order.sql) whatever the number of shops or lines: under the shopper's lock it
 * checks again what the pricing read (cart lines, stock, flash quantities, vouchers), claims the
 * request's Idempotency-Key, checks the address is the shopper's, takes the stock, counts the sales
 * and the voucher uses, makes the payment, the orders (one per shop, codes from order_code_seq)
 * with their lines and VAT lines, and removes the ordered cart lines; or writes nothing and
 * answers with what changed. A payment key used before fails it (payments_idempotency_key). The
 * rows go as one JSON payload, so the statement never changes.
 */
export async function placeOrder(
  db: Executor,
  placement: Placement,
): Promise<{ payment: PaymentRow; orders: MadeOrder[] } | PlacementRefusal> {
  const { payment, orders: shopOrders } = placement;
  if (shopOrders.length === 0) throw new Error('a placement has at least one order');
  type Row = PlaceOrderMade & {
    order_status: MadeOrder['orderStatus'];
    payment_status: MadeOrder['paymentStatus'];
  };
  let rows: Row[];
  try {
    const [result] = await executeRows<{ made: Row[] }>(
      db,
      sql`select place_order(${JSON.stringify(placeOrderPayload(placement))}::jsonb) as made`,
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
