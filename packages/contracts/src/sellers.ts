import { z } from 'zod';
import { ORDER_STATUSES } from './cart';
import { envelope, pagingQuerySchema } from './envelope';
import { ORDER_TABS, orderDetailsSchema, orderSummarySchema, statusWiseOrdersSchema } from './orders';
import { RETURN_STATUSES, returnDetailsSchema, returnSummarySchema } from './returns';

/**
 * The Seller Centre: a seller registers a shop that waits for the operator, signs in
 * at /shop/login, and moves the shop's orders and returns along the order and return
 * lifecycles. The request bodies are loose like registration's: the server checks every field
 * and answers all field errors in one 422.
 */

export const SHOP_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ShopStatus = (typeof SHOP_STATUSES)[number];
export const SHOP_NAME_MAX_LENGTH = 100;
export const SHOP_ADDRESS_MAX_LENGTH = 500;
/** The shop logo a seller may upload at registration (multipart field `shop_logo`; jpg, png or webp). */
export const SHOP_LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** The stored logo is a square WebP of at most this many pixels a side. */
export const SHOP_LOGO_SIZE_PX = 512;
/** The text fields of the registration form (JSON or multipart/form-data with `shop_logo`). */
export const SHOP_REGISTRATION_FIELDS = [
  'name',
  'email',
  'phone',
  'phone_code',
  'password',
  'password_confirmation',
  'shop_name',
  'shop_address',
  'shop_phone',
] as const;
/** Orders and returns a page of the Seller Centre shows. */
export const SELLER_PAGE_SIZE = 15;
/** The statuses a seller gives a return; Refunded comes with the refund step. */
export const SELLER_RETURN_STATUSES = ['Approved', 'Damaged', 'Mismatch'] as const;
export type SellerReturnStatus = (typeof SELLER_RETURN_STATUSES)[number];
/** Moves the Seller Centre asks to confirm (they cannot be undone). */
export const CONFIRMED_ORDER_STATUSES = ['Delivered', 'Cancelled'] as const;

const text = z.string().max(1000);
const textOrNumber = z.union([z.string().max(1000), z.number()]).transform((v) => String(v));

/** POST /api/shop/register: the seller's account and the shop (which waits for approval). */
export const shopRegistrationRequestSchema = z.object({
  name: text.nullish(),
  email: text.nullish(),
  phone: textOrNumber.nullish(),
  phone_code: text.nullish(),
  password: text.nullish(),
  password_confirmation: text.nullish(),
  shop_name: text.nullish(),
  shop_address: text.nullish(),
  shop_phone: textOrNumber.nullish(),
});
export type ShopRegistrationRequest = z.input<typeof shopRegistrationRequestSchema>;
export type ShopRegistrationInput = z.output<typeof shopRegistrationRequestSchema>;

/** The seller's own shop, whatever its approval state. */
export const sellerShopSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.enum(SHOP_STATUSES),
  is_active: z.boolean(),
  /** Suspended by the operator: hidden from shoppers; its seller still works its open orders. */
  suspended: z.boolean().optional(),
});
export type SellerShop = z.infer<typeof sellerShopSchema>;
export const sellerShopReplySchema = envelope(z.object({ shop: sellerShopSchema }));
export type SellerShopReply = z.infer<typeof sellerShopReplySchema>;

/** Money in the default currency, 2 decimals. */
export const sellerDashboardSchema = z.object({
  shop: sellerShopSchema,
  status_wise_orders: statusWiseOrdersSchema,
  /** Σ payable amount of the shop's paid orders that were not cancelled. */
  revenue: z.number(),
  /** Σ payable amount of the orders delivered. */
  delivered_revenue: z.number(),
  pending_returns: z.number().int(),
});
export type SellerDashboard = z.infer<typeof sellerDashboardSchema>;
export const sellerDashboardReplySchema = envelope(sellerDashboardSchema);
export type SellerDashboardReply = z.infer<typeof sellerDashboardReplySchema>;

export const sellerOrdersQuerySchema = pagingQuerySchema.extend({
  order_status: z
    .preprocess(
      (v) => (v === '' || v === 'all' ? undefined : v),
      z.enum(ORDER_STATUSES, { error: 'The selected order status is invalid.' }).optional(),
    )
    .optional(),
});
export type SellerOrdersQuery = z.input<typeof sellerOrdersQuerySchema>;
export const SELLER_ORDER_TABS = ORDER_TABS;

export const sellerOrdersReplySchema = envelope(
  z.object({
    total: z.number().int(),
    status_wise_orders: statusWiseOrdersSchema,
    orders: z.array(orderSummarySchema.extend({ customer_name: z.string() })),
  }),
);
export type SellerOrdersReply = z.infer<typeof sellerOrdersReplySchema>;
export type SellerOrderSummary = SellerOrdersReply['data']['orders'][number];

export const orderCustomerSchema = z.object({
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export const sellerOrderDetailsSchema = orderDetailsSchema.extend({
  customer: orderCustomerSchema,
  /** The statuses the order may move to now (the lifecycle's next steps). */
  next_statuses: z.array(z.enum(ORDER_STATUSES)),
});
export type SellerOrderDetails = z.infer<typeof sellerOrderDetailsSchema>;
export const sellerOrderDetailsReplySchema = envelope(z.object({ order: sellerOrderDetailsSchema }));
export type SellerOrderDetailsReply = z.infer<typeof sellerOrderDetailsReplySchema>;

export const orderStatusRequestSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: 'The selected status is invalid.' }),
});
export type OrderStatusRequest = z.input<typeof orderStatusRequestSchema>;

export const sellerReturnsQuerySchema = pagingQuerySchema.extend({
  status: z
    .preprocess(
      (v) => (v === '' || v === 'all' ? undefined : v),
      z.enum(RETURN_STATUSES, { error: 'The selected status is invalid.' }).optional(),
    )
    .optional(),
});
export type SellerReturnsQuery = z.input<typeof sellerReturnsQuerySchema>;
export const sellerReturnsReplySchema = envelope(
  z.object({
    total: z.number().int(),
    return_orders: z.array(returnSummarySchema.extend({ customer_name: z.string() })),
  }),
);
export type SellerReturnsReply = z.infer<typeof sellerReturnsReplySchema>;
export const sellerReturnDetailsSchema = returnDetailsSchema.extend({
  customer: orderCustomerSchema,
  /** Approved, Damaged or Mismatch may still be set (not refunded or rejected). */
  can_change_status: z.boolean(),
  /** Approved and not refunded yet. */
  can_refund: z.boolean(),
});
export type SellerReturnDetails = z.infer<typeof sellerReturnDetailsSchema>;
export const sellerReturnDetailsReplySchema = envelope(z.object({ return_order: sellerReturnDetailsSchema }));
export type SellerReturnDetailsReply = z.infer<typeof sellerReturnDetailsReplySchema>;

export const returnStatusRequestSchema = z.object({
  status: z.enum(SELLER_RETURN_STATUSES, { error: 'The selected status is invalid.' }),
});
export type ReturnStatusRequest = z.input<typeof returnStatusRequestSchema>;
