import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from './common';
import { orderProducts, orders } from './orders';
import { products } from './products';
import { shops } from './shops';
import { users } from './users';

export const returnStatuses = ['Pending', 'Approved', 'Damaged', 'Mismatch', 'Cancelled', 'Refunded'] as const;

/** A return request for some lines of one Delivered order. */
export const returnOrders = pgTable(
  'return_orders',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Σ price × quantity of the returned lines (no tax, no delivery). */
    amount: money('amount').notNull(),
    bankName: text('bank_name'),
    bankAccountNumber: text('bank_account_number').notNull(),
    status: varchar('status', { length: 12, enum: returnStatuses }).notNull().default('Pending'),
    /** Refunded to the shopper. */
    isPaid: boolean('is_paid').notNull().default(false),
    reason: text('reason').notNull(),
    rejectNote: text('reject_note'),
    returnAddress: text('return_address').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('return_orders_user_idx').on(t.userId, t.createdAt),
    index('return_orders_order_idx').on(t.orderId),
    check('return_orders_amount', sql`${t.amount} >= 0`),
  ],
);

/** A returned line; an ordered line is returned once (the unique index holds it under races). */
export const returnOrderProducts = pgTable(
  'return_order_products',
  {
    id: serial('id').primaryKey(),
    returnOrderId: integer('return_order_id')
      .notNull()
      .references(() => returnOrders.id, { onDelete: 'cascade' }),
    orderProductId: integer('order_product_id')
      .notNull()
      .references(() => orderProducts.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    name: text('name').notNull(),
    price: money('price').notNull(),
    quantity: integer('quantity').notNull(),
    colorName: text('color_name'),
    sizeName: text('size_name'),
    unit: varchar('unit', { length: 60 }),
  },
  (t) => [
    index('return_order_products_return_idx').on(t.returnOrderId),
    uniqueIndex('return_order_products_line_key').on(t.orderProductId),
  ],
);
