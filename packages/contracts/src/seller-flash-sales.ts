import { z } from 'zod';
import { flashSaleSchema } from './catalog';
import { envelope } from './envelope';
import { idField, moneyField, numberField, plainDigits } from './fields';
import { flashSaleStatusSchema } from './shops';

/**
 * The shop's entries in the operator's flash sales: the seller enters its own published products
 * with a sale price (below the product's price) and a quantity before a sale starts, may change or
 * withdraw them until then, and sees what each entry sold. Money in the default currency.
 */

/** The most units one entry may put on sale. */
export const FLASH_SALE_ENTRY_MAX_QUANTITY = 100_000;

export const flashSaleEntrySchema = z.object({
  id: z.number().int(),
  flash_sale_id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  thumbnail: z.string().nullable(),
  /** The product's own price now. */
  regular_price: z.number(),
  /** The price during the sale. */
  price: z.number(),
  /** Percent off the product's price. */
  discount: z.number(),
  /** Units on sale, and sold so far at the sale price. */
  quantity: z.number().int(),
  sold: z.number().int(),
  /** Until the sale starts the entry may be changed or withdrawn. */
  can_edit: z.boolean(),
});
export type FlashSaleEntry = z.infer<typeof flashSaleEntrySchema>;

export const sellerFlashSaleSchema = flashSaleSchema.omit({ products: true }).extend({
  status: flashSaleStatusSchema,
  /** The shop's own entries in this sale. */
  entries: z.array(flashSaleEntrySchema),
});
export type SellerFlashSale = z.infer<typeof sellerFlashSaleSchema>;
export const sellerFlashSalesReplySchema = envelope(z.object({ flash_sales: z.array(sellerFlashSaleSchema) }));
export type SellerFlashSalesReply = z.infer<typeof sellerFlashSalesReplySchema>;

const quantityField = z.preprocess(
  plainDigits,
  numberField('quantity')
    .int('The quantity must be an integer.')
    .min(1, 'The quantity must be at least 1.')
    .max(FLASH_SALE_ENTRY_MAX_QUANTITY, `The quantity may not be greater than ${FLASH_SALE_ENTRY_MAX_QUANTITY}.`),
);

/** PUT /api/seller/flash-sale-entries/{id}: the sale price and quantity. */
export const flashSaleEntryUpdateSchema = z.object({
  price: moneyField('price', 0.01),
  quantity: quantityField,
});
export type FlashSaleEntryUpdate = z.input<typeof flashSaleEntryUpdateSchema>;

/** POST /api/seller/flash-sale-entries: one of the shop's products in an upcoming sale. */
export const flashSaleEntryInputSchema = flashSaleEntryUpdateSchema.extend({
  flash_sale_id: idField('flash sale id'),
  product_id: idField('product id'),
});
export type FlashSaleEntryInput = z.input<typeof flashSaleEntryInputSchema>;

export const flashSaleEntryReplySchema = envelope(z.object({ entry: flashSaleEntrySchema }));
export type FlashSaleEntryReply = z.infer<typeof flashSaleEntryReplySchema>;
