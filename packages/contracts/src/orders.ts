import { z } from 'zod';
import { cartSchema, ORDER_STATUSES, PAYMENT_STATUSES, vatLineSchema } from './cart';
import { envelope, pagingQuerySchema } from './envelope';
import { idField, numberField } from './fields';

/**
 * After the purchase: order history and details, cancel, pay
 * again, order again, reviews and the invoice. Money is in the default currency, 2 decimals.
 */

/** Orders a page of the history shows (reference: 10). */
export const ORDERS_PER_PAGE = 10;
/** Tabs of /order-history with their status filter; "all" sends none. */
export const ORDER_TABS = [
  { key: 'all', status: null },
  { key: 'pending', status: 'Pending' },
  { key: 'confirm', status: 'Confirm' },
  { key: 'processing', status: 'Processing' },
  { key: 'pickup', status: 'Pickup' },
  { key: 'on_the_way', status: 'On The Way' },
  { key: 'delivered', status: 'Delivered' },
  { key: 'cancelled', status: 'Cancelled' },
] as const;
export type OrderTabKey = (typeof ORDER_TABS)[number]['key'];
export const REVIEW_MAX_LENGTH = 2000;

/** GET /api/orders: `order_status` is a status or `digital` (orders holding a digital product). */
export const ordersQuerySchema = pagingQuerySchema.extend({
  order_status: z
    .preprocess(
      (v) => (v === '' || v === 'all' ? undefined : v),
      z.enum([...ORDER_STATUSES, 'digital'], { error: 'The selected order status is invalid.' }).optional(),
    )
    .optional(),
});
export type OrdersQuery = z.input<typeof ordersQuerySchema>;

/** A product of an order as listed (name and price as they were when ordered). */
export const orderLineSchema = z.object({
  /** The order line's own id. */
  id: z.number().int(),
  product_id: z.number().int(),
  /** The product's slug today, null when it is no longer listed (no link then). */
  slug: z.string().nullable(),
  name: z.string(),
  thumbnail: z.string(),
  brand: z.string().nullable(),
  /** Unit price paid, with the colour and size extras. */
  price: z.number(),
  /** Unit price before the discount, with the extras. */
  regular_price: z.number(),
  order_qty: z.number().int(),
  subtotal: z.number(),
  color: z.string().nullable(),
  size: z.string().nullable(),
  unit: z.string().nullable(),
  is_digital: z.boolean(),
  /** The shopper's own review of this product in this order, or null. */
  review: z.object({ id: z.number().int(), rating: z.number().int(), description: z.string() }).nullable(),
  /** Still returnable: the order is returnable and this line was not returned yet. */
  is_returnable: z.boolean(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderShopSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  logo: z.string(),
  rating: z.number(),
});

/** A row of the order history. */
export const orderSummarySchema = z.object({
  id: z.number().int(),
  /** "#" + shop prefix + 6-digit code. */
  order_code: z.string(),
  shop: orderShopSchema,
  quantity: z.number().int(),
  /** Payable amount. */
  amount: z.number(),
  payment_method: z.string(),
  payment_method_title: z.string(),
  payment_status: z.enum(PAYMENT_STATUSES),
  order_status: z.enum(ORDER_STATUSES),
  /** ISO date-time. */
  created_at: z.string(),
  /** The first products (at most 3) for the row's thumbnails. */
  products: z.array(orderLineSchema.pick({ id: true, name: true, thumbnail: true, order_qty: true })),
  has_digital: z.boolean(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** Counts per tab: all, pending, confirm, processing, pickup, on_the_way, delivered, cancelled. */
export const statusWiseOrdersSchema = z.object(
  Object.fromEntries(ORDER_TABS.map((t) => [t.key, z.number().int()])) as Record<OrderTabKey, z.ZodNumber>,
);
export type StatusWiseOrders = z.infer<typeof statusWiseOrdersSchema>;

export const ordersReplySchema = envelope(
  z.object({
    total: z.number().int(),
    status_wise_orders: statusWiseOrdersSchema,
    orders: z.array(orderSummarySchema),
  }),
);
export type OrdersReply = z.infer<typeof ordersReplySchema>;

export const orderDetailsQuerySchema = z.object({ order_id: idField('order id') });

/** One step of the status timeline: each status reached, with when. */
export const orderTimelineStepSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  /** ISO date-time. */
  at: z.string(),
});

export const orderDetailsSchema = orderSummarySchema.omit({ products: true }).extend({
  payment_id: z.string(),
  /** The delivery address as it was when the order was placed. */
  address: z.string(),
  note: z.string().nullable(),
  /** Why the operator cancelled the order, or null. */
  cancel_reason: z.string().nullish(),
  subtotal: z.number(),
  delivery_charge: z.number(),
  coupon_discount: z.number(),
  tax_amount: z.number(),
  payable_amount: z.number(),
  vat_taxes: z.array(vatLineSchema),
  timeline: z.array(orderTimelineStepSchema),
  delivered_at: z.string().nullable(),
  products: z.array(orderLineSchema),
  can_cancel: z.boolean(),
  /** Unpaid and paid online: "Make Payment" opens the gateway again. */
  can_pay: z.boolean(),
  can_order_again: z.boolean(),
  /** Delivered, within return_order_within_days, no digital line, a line not yet returned. */
  is_returnable: z.boolean(),
  return_order_within_days: z.number().int(),
  /** ISO date-time until which a return can be asked, null when never (not delivered, digital). */
  last_return_date: z.string().nullable(),
  can_review: z.boolean(),
  /** The PDF invoice: GET it with the session. */
  invoice_url: z.string(),
});
export type OrderDetails = z.infer<typeof orderDetailsSchema>;
export const orderDetailsReplySchema = envelope(z.object({ order: orderDetailsSchema }));
export type OrderDetailsReply = z.infer<typeof orderDetailsReplySchema>;

/** POST /api/orders/cancel: only while Pending. */
export const orderCancelSchema = z.object({ order_id: idField('order id') });

/** GET /api/order-payment/{orderId}/{gateway}: pay an unpaid online order again. */
export const orderPaymentParamsSchema = z.object({
  orderId: idField('order id'),
  gateway: z.string().trim().min(1).max(40),
});
export const orderPaymentReplySchema = envelope(
  z.object({ order_payment_url: z.string().nullable(), payment_id: z.string() }),
);
export type OrderPaymentReply = z.infer<typeof orderPaymentReplySchema>;

/**
 * POST /api/place-order/again: a Delivered order's lines go back into the cart (their colour, size and
 * unit, at today's prices and stock), for the shopper to check out; nothing is placed. The reply
 * is the cart, with `shop_ids` to select at checkout; lines that could not be added are named in
 * `info`.
 */
export const orderAgainSchema = z.object({ order_id: idField('order id') });
export const orderAgainReplySchema = envelope(
  cartSchema.extend({
    /** The order's shop when its lines are in the cart: the shops to check out. */
    shop_ids: z.array(z.number().int()),
  }),
);
export type OrderAgainReply = z.infer<typeof orderAgainReplySchema>;

/** POST /api/product-review. */
export const productReviewSchema = z.object({
  order_id: idField('order id'),
  product_id: idField('product id'),
  rating: numberField('rating')
    .int('The rating must be an integer.')
    .min(1, 'The rating must be between 1 and 5.')
    .max(5, 'The rating must be between 1 and 5.'),
  description: z
    .string({ error: 'The description must be a string.' })
    .trim()
    .max(REVIEW_MAX_LENGTH, `The description may not be greater than ${REVIEW_MAX_LENGTH} characters.`)
    .default(''),
});
export type ProductReviewInput = z.input<typeof productReviewSchema>;
export const productReviewReplySchema = envelope(
  z.object({
    review: z.object({
      id: z.number().int(),
      product_id: z.number().int(),
      order_id: z.number().int(),
      rating: z.number().int(),
      description: z.string(),
      created_at: z.string(),
    }),
  }),
);
export type ProductReviewReply = z.infer<typeof productReviewReplySchema>;
