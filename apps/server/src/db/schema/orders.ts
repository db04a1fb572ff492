import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { addresses } from './account';
import { colors, sizes } from './catalog';
import { createdAt, money, updatedAt } from './common';
import { products } from './products';
import { shops } from './shops';
import { users } from './users';

/**
 * Cart lines: one per product as chosen (its colour, size and unit) for the cart, and at most one
 * buy-now line per user kept apart. No stock is held here; prices are worked out from
 * today's data every time the cart is read.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    colorId: integer('color_id').references(() => colors.id, { onDelete: 'set null' }),
    sizeId: integer('size_id').references(() => sizes.id, { onDelete: 'set null' }),
    unit: varchar('unit', { length: 60 }),
    isBuyNow: boolean('is_buy_now').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A line is a product as chosen: Black S and Green M of one product are two lines, each with
    // its own quantity and price. No colour (size, unit) is a choice too, equal to itself.
    unique('cart_items_line_key').on(t.userId, t.isBuyNow, t.productId, t.colorId, t.sizeId, t.unit).nullsNotDistinct(),
    // One buy-now line per user: the next buy now replaces it.
    uniqueIndex('cart_items_one_buy_now').on(t.userId).where(sql`${t.isBuyNow}`),
    index('cart_items_product_idx').on(t.productId),
    check('cart_items_quantity', sql`${t.quantity} >= 1`),
  ],
);

export const discountTypes = ['Percentage', 'Amount'] as const;

/** Vouchers: a shop's, or the platform's when shop_id is null. */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 40 }).notNull(),
    shopId: integer('shop_id').references(() => shops.id, { onDelete: 'cascade' }),
    discountType: varchar('discount_type', { length: 12, enum: discountTypes }).notNull(),
    /** A percentage, or minor units for Amount. */
    discount: numeric('discount', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    minOrderAmount: money('min_order_amount').notNull().default(0),
    /** Percentage vouchers only; null means no cap. */
    maxDiscountAmount: money('max_discount_amount'),
    limitForUser: integer('limit_for_user').notNull().default(10),
    /** How many orders may use it in all; null means no limit. */
    totalLimit: integer('total_limit'),
    usedCount: integer('used_count').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_key').on(sql`lower(${t.code})`),
    index('coupons_shop_idx').on(t.shopId),
    check('coupons_discount', sql`${t.discount} > 0`),
    check('coupons_used', sql`${t.usedCount} >= 0 AND (${t.totalLimit} IS NULL OR ${t.usedCount} <= ${t.totalLimit})`),
  ],
);

/** Platform vouchers assigned to shops (reference admin_coupons). */
export const couponShops = pgTable(
  'coupon_shops',
  {
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.shopId] }), index('coupon_shops_shop_idx').on(t.shopId)],
);

/** A voucher a customer collected (once: the primary key). */
export const couponCollects = pgTable(
  'coupon_collects',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.couponId] }), index('coupon_collects_coupon_idx').on(t.couponId)],
);

/** Order codes come from a sequence, never max+1. */
export const orderCodeSequence = pgSequence('order_code_seq', { startWith: 1, increment: 1 });

export const paymentStates = ['pending', 'paid', 'cancelled', 'refunded'] as const;

/** One payment per checkout, for all the orders it made (one per shop). */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amount: money('amount').notNull(),
    currency: varchar('currency', { length: 10 }).notNull(),
    /** Gateway name: cash, sandbox, stripe. */
    paymentMethod: varchar('payment_method', { length: 40 }).notNull(),
    status: varchar('status', { length: 12, enum: paymentStates }).notNull().default('pending'),
    /** The gateway's own reference (Stripe Checkout Session id). */
    gatewayReference: text('gateway_reference'),
    /** Where the shopper pays (null for cash, or until the gateway answered). */
    paymentUrl: text('payment_url'),
    /**
     * The placement's Idempotency-Key, stored with the orders in their transaction: a retry after
     * a crash between commit and reply finds them here instead of placing again.
     */
    idempotencyKey: varchar('idempotency_key', { length: 255 }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Every index is written by every placement: none that another already answers (a shopper's
  // payments are found by payments_idempotency_key, which leads with the user), and none over
  // rows that have nothing to find (a payment not started at a gateway has no reference).
  (t) => [
    uniqueIndex('payments_gateway_reference_key')
      .on(t.paymentMethod, t.gatewayReference)
      .where(sql`${t.gatewayReference} is not null`),
    uniqueIndex('payments_idempotency_key').on(t.userId, t.idempotencyKey),
    check('payments_amount', sql`${t.amount} >= 0`),
  ],
);

export const orderStatuses = [
  'Pending',
  'Confirm',
  'Processing',
  'Pickup',
  'On The Way',
  'Delivered',
  'Cancelled',
] as const;
export const paymentStatuses = ['Pending', 'Paid'] as const;

/** One row per shop per checkout. Money in minor units. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    /** 6 digits or more from order_code_seq (order_code(), migration 0021); shown as "#" + prefix + code. */
    orderCode: varchar('order_code', { length: 20 }).notNull(),
    prefix: varchar('prefix', { length: 8 }).notNull(),
    couponId: integer('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    couponDiscount: money('coupon_discount').notNull().default(0),
    deliveryCharge: money('delivery_charge').notNull().default(0),
    /** Subtotal of the lines. */
    totalAmount: money('total_amount').notNull(),
    taxAmount: money('tax_amount').notNull().default(0),
    payableAmount: money('payable_amount').notNull(),
    quantity: integer('quantity').notNull(),
    paymentMethod: varchar('payment_method', { length: 40 }).notNull(),
    paymentStatus: varchar('payment_status', { length: 10, enum: paymentStatuses }).notNull().default('Pending'),
    orderStatus: varchar('order_status', { length: 12, enum: orderStatuses }).notNull().default('Pending'),
    addressId: integer('address_id').references(() => addresses.id, { onDelete: 'set null' }),
    /** The delivery address as it was when the order was placed. */
    address: text('address').notNull(),
    note: text('note'),
    /** Why the operator cancelled the order (the shopper sees it); null otherwise. */
    cancelReason: text('cancel_reason'),
    /** The shopper's language when placing: status notifications are written in it. */
    locale: varchar('locale', { length: 10 }).notNull().default('en'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_code_key').on(t.orderCode),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_shop_idx').on(t.shopId, t.createdAt),
    index('orders_payment_idx').on(t.paymentId),
    // Only orders made with a voucher are ever looked up by it (every placement writes the indexes).
    index('orders_coupon_user_idx').on(t.couponId, t.userId).where(sql`${t.couponId} is not null`),
    check(
      'orders_amounts',
      sql`${t.totalAmount} >= 0 AND ${t.deliveryCharge} >= 0 AND ${t.taxAmount} >= 0 AND ${t.couponDiscount} >= 0 AND ${t.payableAmount} >= 0`,
    ),
  ],
);

/** An ordered line: names and the unit price as they were at placement. */
export const orderProducts = pgTable(
  'order_products',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    /** Unit price paid, with the colour and size extra prices. */
    price: money('price').notNull(),
    /** Unit price before the discount, with the extras. */
    regularPrice: money('regular_price').notNull(),
    colorName: text('color_name'),
    sizeName: text('size_name'),
    unit: varchar('unit', { length: 60 }),
    /** The flash sale whose quantity this line used, if any (cancel gives it back). */
    flashSaleId: integer('flash_sale_id'),
    isDigital: boolean('is_digital').notNull().default(false),
  },
  (t) => [
    index('order_products_order_idx').on(t.orderId),
    index('order_products_product_idx').on(t.productId),
    check('order_products_quantity', sql`${t.quantity} >= 1 AND ${t.price} >= 0`),
  ],
);

export const orderVatTaxes = pgTable(
  'order_vat_taxes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    vatTaxId: integer('vat_tax_id').notNull(),
    name: text('name').notNull(),
    percentage: numeric('percentage', { precision: 6, scale: 3, mode: 'number' }).notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [index('order_vat_taxes_order_idx').on(t.orderId)],
);

/** Every status an order went through, with when: the details page's timeline. */
export const orderStatusEvents = pgTable(
  'order_status_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 12, enum: orderStatuses }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_status_events_order_idx').on(t.orderId, t.createdAt)],
);

/** Verified gateway events already handled: a webhook delivered twice changes nothing the second time. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    gateway: varchar('gateway', { length: 40 }).notNull(),
    eventId: varchar('event_id', { length: 255 }).notNull(),
    paymentId: uuid('payment_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.gateway, t.eventId] })],
);
