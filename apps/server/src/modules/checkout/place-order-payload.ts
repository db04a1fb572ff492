import type { Placement } from './checkout.repository';

/*
 * The JSON the place_order function reads (db/functions/place_order.sql), typed once: its field
 * names are the function's, so a field renamed on one side fails to compile here instead of
 * reaching the database as a null.
 */

export interface PlaceOrderPayload {
  user_id: number;
  /** ISO time of the placement: every row it writes carries it. */
  at: string;
  address_id: number;
  idempotency: { key: string; request_hash: string; expired_before: string } | null;
  /** The cart lines priced, as read: the function checks they are still so, then removes them. */
  cart_lines: { id: number; product_id: number; quantity: number; color_id: number | null; size_id: number | null }[];
  /** Quantity to take from each product's stock. */
  stock: { id: number; qty: number }[];
  flash: { flash_sale_id: number; product_id: number; qty: number }[];
  coupons: { id: number; code: string; uses: number }[];
  payment: {
    id: string;
    amount: number;
    currency: string;
    payment_method: string;
    idempotency_key: string | null;
  };
  orders: {
    shop_id: number;
    prefix: string;
    coupon_id: number | null;
    coupon_discount: number;
    delivery_charge: number;
    total_amount: number;
    tax_amount: number;
    payable_amount: number;
    quantity: number;
    payment_method: string;
    note: string | null;
    locale: string;
  }[];
  /** Each order's lines, tied to their order by shop_id (one order per shop). */
  lines: {
    shop_id: number;
    product_id: number;
    name: string;
    quantity: number;
    price: number;
    regular_price: number;
    color_name: string | null;
    size_name: string | null;
    unit: string | null;
    flash_sale_id: number | null;
    is_digital: boolean;
  }[];
  vat: { shop_id: number; vat_tax_id: number | null; name: string; percentage: number; amount: number }[];
}

/** One order place_order made, as it answers. */
export interface PlaceOrderMade {
  id: number;
  shop_id: number;
  order_code: string;
  prefix: string;
  quantity: number;
  payable_amount: number;
  order_status: string;
  payment_status: string;
}

/** The payload of a placement: the one place its rows become the function's JSON. */
export function placeOrderPayload(placement: Placement): PlaceOrderPayload {
  const { payment, orders: shopOrders, idempotency } = placement;
  return {
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
    coupons: [...placement.coupons],
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
}
