import { z } from 'zod';
import { envelope, pagingQuerySchema } from './envelope';
import { moneyField } from './fields';
import { BANK_NAME_MAX_LENGTH, bankAccountNumberSchema, bankNameSchema } from './returns';

/**
 * The seller's money: every delivered order credits the shop with its amount less the
 * marketplace's commission, a refund debits it, and a withdrawal holds part of the balance until
 * the operator pays or refuses it. Each movement is an entry of an append-only ledger; the
 * available balance is the sum of the entries. Money in the default currency, 2 decimals.
 */

/** The commission when the operator set none: 10% (basis points). */
export const DEFAULT_COMMISSION_RATE_BPS = 1000;
/** The smallest withdrawal a seller may ask for (default currency). */
export const WITHDRAWAL_MIN_AMOUNT = 10_000;
/** Ledger entries and withdrawals a page shows. */
export const EARNINGS_PAGE_SIZE = 20;

/** See the ledger table (db/schema/earnings.ts) for what each kind is and its sign. */
export const LEDGER_ENTRY_KINDS = [
  'sale',
  'commission',
  'refund',
  'commission_refund',
  'withdrawal_hold',
  'withdrawal_release',
] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

export const WITHDRAWAL_STATUSES = ['pending', 'paid', 'refused'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

export const balanceSchema = z.object({
  /** What the shop may withdraw now: the sum of its ledger entries. */
  available: z.number(),
  /** Asked for and held, waiting for the operator. */
  pending: z.number(),
  /** The commission the marketplace takes of a delivered order now, in percent (10 = 10%). */
  commission_rate: z.number(),
});
export type Balance = z.infer<typeof balanceSchema>;
export const balanceReplySchema = envelope(z.object({ balance: balanceSchema }));
export type BalanceReply = z.infer<typeof balanceReplySchema>;

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_ENTRY_KINDS),
  /** Signed: what the entry added to the balance. */
  amount: z.number(),
  /** The balance right after this entry. */
  balance_after: z.number(),
  /** What the entry came from: an order (sale, commission), a return (refund), a withdrawal. */
  order_id: z.number().int().nullable(),
  /** The order's code (#RC000123) for an order's entries. */
  order_code: z.string().nullable(),
  return_id: z.number().int().nullable(),
  withdrawal_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const ledgerQuerySchema = pagingQuerySchema;
export type LedgerQuery = z.input<typeof ledgerQuerySchema>;
export const ledgerReplySchema = envelope(
  z.object({ total: z.number().int(), balance: balanceSchema, entries: z.array(ledgerEntrySchema) }),
);
export type LedgerReply = z.infer<typeof ledgerReplySchema>;

export const withdrawalSchema = z.object({
  id: z.number().int(),
  amount: z.number(),
  status: z.enum(WITHDRAWAL_STATUSES),
  bank_name: z.string(),
  bank_account_number: z.string(),
  account_holder: z.string(),
  /** Why the operator refused it. */
  note: z.string().nullable(),
  created_at: z.string(),
  /** When it was paid or refused. */
  decided_at: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;
export const withdrawalDetailsReplySchema = envelope(z.object({ withdrawal: withdrawalSchema }));
export type WithdrawalDetailsReply = z.infer<typeof withdrawalDetailsReplySchema>;

export const withdrawalsQuerySchema = pagingQuerySchema.extend({
  status: z
    .preprocess(
      (v) => (v === '' || v === 'all' ? undefined : v),
      z.enum(WITHDRAWAL_STATUSES, { error: 'The selected status is invalid.' }).optional(),
    )
    .optional(),
});
export type WithdrawalsQuery = z.input<typeof withdrawalsQuerySchema>;
export const withdrawalsReplySchema = envelope(
  z.object({ total: z.number().int(), withdrawals: z.array(withdrawalSchema) }),
);
export type WithdrawalsReply = z.infer<typeof withdrawalsReplySchema>;

/** POST /api/seller/withdrawals: part of the available balance, to this bank account. */
export const withdrawalRequestSchema = z.object({
  amount: moneyField('amount', WITHDRAWAL_MIN_AMOUNT),
  bank_name: bankNameSchema,
  bank_account_number: bankAccountNumberSchema,
  account_holder: z
    .string({ error: 'The account holder field is required.' })
    .trim()
    .min(1, 'The account holder field is required.')
    .max(BANK_NAME_MAX_LENGTH, `The account holder may not be greater than ${BANK_NAME_MAX_LENGTH} characters.`),
});
export type WithdrawalRequest = z.input<typeof withdrawalRequestSchema>;
export const withdrawalReplySchema = envelope(z.object({ withdrawal: withdrawalSchema, balance: balanceSchema }));
export type WithdrawalReply = z.infer<typeof withdrawalReplySchema>;

/** The periods the sales dashboard shows, in days back from today (the marketplace's calendar). */
export const SALES_PERIODS = [7, 30, 90] as const;
export type SalesPeriod = (typeof SALES_PERIODS)[number];
/** A product with at most this many in stock is low on stock. */
export const LOW_STOCK_THRESHOLD = 5;
/** Products the dashboard lists as best sellers, and as low on stock. */
export const SALES_TOP_PRODUCTS = 5;
export const SALES_LOW_STOCK_PRODUCTS = 10;

export const salesQuerySchema = z.object({
  days: z
    .preprocess(
      (v) => (typeof v === 'string' && /^\d{1,3}$/.test(v) ? Number(v) : v),
      z.literal(SALES_PERIODS, { error: 'The days must be 7, 30 or 90.' }),
    )
    .default(7),
});
export type SalesQuery = z.input<typeof salesQuerySchema>;

export const salesDaySchema = z.object({
  /** The calendar day in the marketplace's time zone (YYYY-MM-DD). */
  date: z.string(),
  /** Orders placed that day, not cancelled. */
  orders: z.number().int(),
  /** Σ payable amount of those orders. */
  revenue: z.number(),
});
export type SalesDay = z.infer<typeof salesDaySchema>;

export const salesProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  thumbnail: z.string().nullable(),
  /** Units sold in the period (top products), or in stock (low stock). */
  quantity: z.number().int(),
  /** Σ price × quantity sold in the period (top products; 0 for low stock). */
  revenue: z.number(),
});
export type SalesProduct = z.infer<typeof salesProductSchema>;

export const salesSchema = z.object({
  days: z.number().int(),
  /** The zone the days are counted in (the marketplace's). */
  time_zone: z.string(),
  /** One entry per day, oldest first, today last; days without orders are zeros. */
  series: z.array(salesDaySchema),
  total_orders: z.number().int(),
  total_revenue: z.number(),
  top_products: z.array(salesProductSchema),
  low_stock_threshold: z.number().int(),
  low_stock_products: z.array(salesProductSchema),
  balance: balanceSchema,
  pending_withdrawals: z.number().int(),
});
export type Sales = z.infer<typeof salesSchema>;
export const salesReplySchema = envelope(salesSchema);
export type SalesReply = z.infer<typeof salesReplySchema>;
