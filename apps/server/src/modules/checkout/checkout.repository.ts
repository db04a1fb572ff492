import { sql } from 'drizzle-orm';
import type { orderProducts, orders, orderVatTaxes, payments } from '../../db/schema/orders';
import { databaseError, type Executor, executeRows } from '../../db/transaction';

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
