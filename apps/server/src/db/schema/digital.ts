import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from './common';
import { payments } from './orders';
import { users } from './users';

/**
 * Digital top-ups: the catalogue of denominations, the orders, and
 * the providers that fulfil them (credentials are settings, like payment_gateways).
 */

export const digitalKinds = ['pulsa', 'pln'] as const;
/** The phone carriers (and PLN) whose top-ups are sold; the column and the API call it operator. */
export const digitalCarriers = ['telkomsel', 'xl', 'pln'] as const;
export const digitalOrderStates = ['awaiting_payment', 'processing', 'success', 'failed'] as const;
export const digitalRefundStates = ['none', 'pending', 'refunded'] as const;

export const digitalProducts = pgTable(
  'digital_products',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 10, enum: digitalKinds }).notNull(),
    carrier: varchar('operator', { length: 20, enum: digitalCarriers }).notNull(),
    /** The provider's product code (Digiflazz buyer_sku_code), e.g. "S10". */
    code: varchar('code', { length: 40 }).notNull(),
    name: text('name').notNull(),
    /** The face value, in minor units like every amount. */
    nominal: money('nominal').notNull(),
    price: money('price').notNull(),
    promoPrice: money('promo_price'),
    inStock: boolean('in_stock').notNull().default(true),
    isActive: boolean('is_active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('digital_products_code_key').on(t.code),
    index('digital_products_operator_idx').on(t.carrier, t.sort),
    check('digital_products_kind', sql`${t.kind} IN ('pulsa', 'pln')`),
    check('digital_products_operator', sql`${t.carrier} IN ('telkomsel', 'xl', 'pln')`),
    check(
      'digital_products_money',
      sql`${t.nominal} >= 0 AND ${t.price} >= 0 AND (${t.promoPrice} IS NULL OR ${t.promoPrice} >= 0)`,
    ),
  ],
);

/** Digital order codes ("#D" + 6 digits) come from their own sequence. */
export const digitalOrderCodeSequence = pgSequence('digital_order_code_seq', { startWith: 1, increment: 1 });

export const digitalOrders = pgTable(
  'digital_orders',
  {
    id: serial('id').primaryKey(),
    /** 6 digits or more from digital_order_code_seq (order_code()); shown as "#D" + code. */
    orderCode: varchar('order_code', { length: 20 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    productId: integer('product_id')
      .notNull()
      .references(() => digitalProducts.id),
    kind: varchar('kind', { length: 10, enum: digitalKinds }).notNull(),
    carrier: varchar('operator', { length: 20, enum: digitalCarriers }).notNull(),
    /** The 0-form mobile number, or the PLN meter number / customer id (digits). */
    customerNumber: varchar('customer_number', { length: 20 }).notNull(),
    customerName: text('customer_name'),
    segmentPower: text('segment_power'),
    nominal: money('nominal').notNull(),
    /** What the shopper pays (the promo price when there was one), copied at order time. */
    price: money('price').notNull(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    idempotencyKey: varchar('idempotency_key', { length: 255 }),
    /** Sent to the provider; fixed at creation, so asking again is the same transaction. */
    refId: varchar('ref_id', { length: 40 }).notNull(),
    /** The provider that fulfils it (the active one when the order was made). */
    provider: varchar('provider', { length: 40 }).notNull(),
    status: varchar('status', { length: 20, enum: digitalOrderStates }).notNull().default('awaiting_payment'),
    refundStatus: varchar('refund_status', { length: 10, enum: digitalRefundStates }).notNull().default('none'),
    token: varchar('token', { length: 40 }),
    serialNumber: text('serial_number'),
    failureCode: varchar('failure_code', { length: 20 }),
    failureMessage: text('failure_message'),
    /** The language the order was made in: its messages are written in it. */
    locale: varchar('locale', { length: 10 }).notNull().default('en'),
    attempts: integer('attempts').notNull().default(0),
    /** When the job should ask the provider (null: nothing to do). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** A process asking the provider holds the order until then (a lease: a crashed one lets go). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('digital_orders_code_key').on(t.orderCode),
    uniqueIndex('digital_orders_ref_id_key').on(t.refId),
    uniqueIndex('digital_orders_idempotency_key').on(t.userId, t.idempotencyKey),
    uniqueIndex('digital_orders_payment_key').on(t.paymentId),
    index('digital_orders_user_idx').on(t.userId, t.id),
    index('digital_orders_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'processing'`),
    check('digital_orders_status', sql`${t.status} IN ('awaiting_payment', 'processing', 'success', 'failed')`),
    check('digital_orders_refund_status', sql`${t.refundStatus} IN ('none', 'pending', 'refunded')`),
    check('digital_orders_money', sql`${t.price} >= 0 AND ${t.nominal} >= 0`),
  ],
);

/** A provider's settings row (sandbox, digiflazz); the active one fulfils new orders. */
export const digitalProviders = pgTable(
  'digital_providers',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 40 }).notNull(),
    /** Digiflazz: { username, api_key, webhook_secret, testing }. */
    config: jsonb('config').notNull().default({}),
    isActive: boolean('is_active').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('digital_providers_name_key').on(t.name)],
);
