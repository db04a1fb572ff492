import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, money } from './common';
import { orders } from './orders';
import { returnOrders } from './returns';
import { shops } from './shops';
import { users } from './users';

export const withdrawalStatuses = ['pending', 'paid', 'refused'] as const;

/**
 * A seller's request to be paid part of the shop's balance into a bank account. Its amount is held
 * (a ledger entry) from the request until the operator pays or refuses it.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    /** Who asked (the shop's seller). */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amount: money('amount').notNull(),
    bankName: text('bank_name').notNull(),
    /** Digits only. */
    bankAccountNumber: varchar('bank_account_number', { length: 20 }).notNull(),
    /** The name the account is held in, as the bank knows it. */
    accountHolder: text('account_holder').notNull(),
    status: varchar('status', { length: 10, enum: withdrawalStatuses }).notNull().default('pending'),
    /** The bank transfer's reference the operator paid it with. */
    reference: text('reference'),
    /** Why the operator refused it (shown to the seller). */
    note: text('note'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('withdrawals_shop_idx').on(t.shopId, t.createdAt),
    index('withdrawals_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check('withdrawals_amount', sql`${t.amount} > 0`),
  ],
);

/**
 * What each entry of the ledger is, with the sign of its amount: a delivered order's `sale`
 * (+) and the marketplace's `commission` on it (-); a refunded return's `refund` (-) and the
 * commission given back on it (`commission_refund`, +); a withdrawal's `withdrawal_hold` (-) when
 * asked and `withdrawal_release` (+) when refused. A paid withdrawal keeps its hold.
 */
export const ledgerEntryKinds = [
  'sale',
  'commission',
  'refund',
  'commission_refund',
  'withdrawal_hold',
  'withdrawal_release',
] as const;

/**
 * The money the marketplace owes each shop, as an append-only ledger (a trigger refuses updates
 * and deletes): the shop's available balance is the sum of its entries, never a stored figure.
 * Each entry names the one order, return or withdrawal it came from, and each such record moves
 * the ledger once per kind (the unique indexes), however often or concurrently it is told.
 */
export const shopLedgerEntries = pgTable(
  'shop_ledger_entries',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    kind: varchar('kind', { length: 20, enum: ledgerEntryKinds }).notNull(),
    /** Minor units, signed: what the entry adds to the balance. */
    amount: money('amount').notNull(),
    orderId: integer('order_id').references(() => orders.id),
    returnId: integer('return_id').references(() => returnOrders.id),
    withdrawalId: integer('withdrawal_id').references(() => withdrawals.id),
    /** The commission rate (basis points) a commission entry was worked out with. */
    rateBps: integer('rate_bps'),
    createdAt: createdAt(),
  },
  (t) => [
    index('shop_ledger_entries_shop_idx').on(t.shopId, t.id),
    uniqueIndex('shop_ledger_entries_order_key').on(t.orderId, t.kind).where(sql`${t.orderId} is not null`),
    uniqueIndex('shop_ledger_entries_return_key').on(t.returnId, t.kind).where(sql`${t.returnId} is not null`),
    uniqueIndex('shop_ledger_entries_withdrawal_key')
      .on(t.withdrawalId, t.kind)
      .where(sql`${t.withdrawalId} is not null`),
    check(
      'shop_ledger_entries_sign',
      sql`(${t.kind} in ('sale', 'commission_refund', 'withdrawal_release') and ${t.amount} > 0)
        or (${t.kind} in ('commission', 'refund', 'withdrawal_hold') and ${t.amount} < 0)`,
    ),
    check(
      'shop_ledger_entries_reference',
      sql`(${t.kind} in ('sale', 'commission') and ${t.orderId} is not null and ${t.returnId} is null and ${t.withdrawalId} is null)
        or (${t.kind} in ('refund', 'commission_refund') and ${t.returnId} is not null and ${t.orderId} is null and ${t.withdrawalId} is null)
        or (${t.kind} in ('withdrawal_hold', 'withdrawal_release') and ${t.withdrawalId} is not null and ${t.orderId} is null and ${t.returnId} is null)`,
    ),
  ],
);
