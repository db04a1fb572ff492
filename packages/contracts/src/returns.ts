import { z } from 'zod';
import { envelope, pagingQuerySchema } from './envelope';
import { idField } from './fields';

/**
 * Returns: a shopper asks to return some lines of a Delivered
 * order within `return_order_within_days`; the shop and the operator move it on. Money is in the
 * default currency, 2 decimals.
 */

export const RETURN_STATUSES = ['Pending', 'Approved', 'Damaged', 'Mismatch', 'Cancelled', 'Refunded'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const RETURN_PAYMENT_STATUSES = ['Paid', 'Unpaid'] as const;
/** Returns a page of the history shows. */
export const RETURNS_PER_PAGE = 10;
export const RETURN_REASON_MAX_LENGTH = 2000;
export const RETURN_TEXT_MAX_LENGTH = 255;
export const RETURN_ADDRESS_MAX_LENGTH = 500;
/** An order rarely has more lines than this; the cap keeps a request small. */
export const RETURN_MAX_LINES = 100;
/** Digits of a refund's bank account number (Indonesian banks use 10 to 16; others 6 to 20). */
export const BANK_ACCOUNT_MIN_DIGITS = 6;
export const BANK_ACCOUNT_MAX_DIGITS = 20;
/** Bank names run from "BCA" and "BRI" to "Bank Pembangunan Daerah Jawa Barat dan Banten". */
export const BANK_NAME_MIN_LENGTH = 2;
export const BANK_NAME_MAX_LENGTH = 100;

const requiredText = (field: string, max: number) =>
  z
    .string({ error: `The ${field} field is required.` })
    .trim()
    .min(1, `The ${field} field is required.`)
    .max(max, `The ${field} may not be greater than ${max} characters.`);

/**
 * The account the refund is paid into: digits, written as the shopper likes ("1234 5678-90"),
 * kept as digits only.
 */
export const bankAccountNumberSchema = requiredText('bank account number', RETURN_TEXT_MAX_LENGTH)
  .regex(/^[\d\s-]+$/, 'The bank account number may contain only digits, spaces and dashes.')
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .min(
        BANK_ACCOUNT_MIN_DIGITS,
        `The bank account number must have ${BANK_ACCOUNT_MIN_DIGITS} to ${BANK_ACCOUNT_MAX_DIGITS} digits.`,
      )
      .max(
        BANK_ACCOUNT_MAX_DIGITS,
        `The bank account number must have ${BANK_ACCOUNT_MIN_DIGITS} to ${BANK_ACCOUNT_MAX_DIGITS} digits.`,
      ),
  );

/** The refund's bank, by name: the shop needs it to pay the refund. */
export const bankNameSchema = requiredText('bank name', BANK_NAME_MAX_LENGTH).min(
  BANK_NAME_MIN_LENGTH,
  `The bank name must be at least ${BANK_NAME_MIN_LENGTH} characters.`,
);

/**
 * POST /api/return-order (multipart/form-data or JSON). `product_ids` (multipart: repeated
 * `product_ids[]`) are the ORDER LINE ids — `products[].id` of the order details — not product
 * ids: an order may hold one product twice (another colour or size), and each line is returned
 * once, whole (its ordered quantity).
 */
export const returnOrderInputSchema = z.object({
  order_id: idField('order id'),
  product_ids: z
    .array(idField('product id'), { error: 'The product ids field is required.' })
    .min(1, 'Choose at least one product to return.')
    .max(RETURN_MAX_LINES, `The product ids may not have more than ${RETURN_MAX_LINES} items.`),
  reason: requiredText('reason', RETURN_REASON_MAX_LENGTH),
  bank_account_number: bankAccountNumberSchema,
  bank_name: bankNameSchema,
  return_address: requiredText('return address', RETURN_ADDRESS_MAX_LENGTH),
});
export type ReturnOrderInput = z.input<typeof returnOrderInputSchema>;

/** A returned line, as it was ordered. */
export const returnLineSchema = z.object({
  /** The order line's id. */
  order_product_id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  thumbnail: z.string(),
  /** Unit price paid. */
  product_price: z.number(),
  quantity: z.number().int(),
  color: z.string().nullable(),
  size: z.string().nullable(),
  unit: z.string().nullable(),
  /** product_price × quantity. */
  price: z.number(),
});
export type ReturnLine = z.infer<typeof returnLineSchema>;

/** A row of the return history. */
export const returnSummarySchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  /** "#" + shop prefix + code of the order. */
  order_code: z.string(),
  reason: z.string(),
  /** Σ price × quantity of the returned lines (no tax, no delivery). */
  amount: z.number(),
  status: z.enum(RETURN_STATUSES),
  /** Lines returned (Σ quantity). */
  quantity: z.number().int(),
  payment_status: z.enum(RETURN_PAYMENT_STATUSES),
  /** Why the return was refused (status Cancelled), else null. */
  reject_note: z.string().nullable(),
  bank_name: z.string().nullable(),
  bank_account_number: z.string(),
  return_address: z.string(),
  /** ISO date-time. */
  created_at: z.string(),
});
export type ReturnSummary = z.infer<typeof returnSummarySchema>;

export const returnDetailsSchema = returnSummarySchema.extend({
  shop: z.object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    logo: z.string(),
    rating: z.number(),
  }),
  products: z.array(returnLineSchema),
});
export type ReturnDetails = z.infer<typeof returnDetailsSchema>;

export const returnsQuerySchema = pagingQuerySchema;
export const returnsReplySchema = envelope(
  z.object({ total: z.number().int(), return_orders: z.array(returnSummarySchema) }),
);
export type ReturnsReply = z.infer<typeof returnsReplySchema>;
export const returnDetailsReplySchema = envelope(z.object({ return_order: returnDetailsSchema }));
export type ReturnDetailsReply = z.infer<typeof returnDetailsReplySchema>;
