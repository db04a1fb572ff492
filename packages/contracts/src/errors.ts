import { z } from 'zod';

/** Machine-readable codes of the one error shape `{ message, code }`. */
export const ErrorCode = {
  BadRequest: 'BAD_REQUEST',
  Unauthorized: 'UNAUTHORIZED',
  Forbidden: 'FORBIDDEN',
  NotFound: 'NOT_FOUND',
  Conflict: 'CONFLICT',
  ValidationFailed: 'VALIDATION_FAILED',
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  UnsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  RateLimited: 'RATE_LIMITED',
  Internal: 'INTERNAL',
  Unavailable: 'UNAVAILABLE',
  /** Placement: a product has less stock (or flash-sale quantity) left than the cart asks for. */
  OutOfStock: 'OUT_OF_STOCK',
  /** Placement: a voucher stopped applying or a price changed since the preview; preview again. */
  CheckoutChanged: 'CHECKOUT_CHANGED',
  /** Placement: the setting order_place_account_verify is on and the account is not verified. */
  AccountUnverified: 'ACCOUNT_UNVERIFIED',
  /** Placement: nothing of the selected shops is in the cart. */
  CartEmpty: 'CART_EMPTY',
  /** Cart and placement: the shop is closed for now; its products cannot be bought until it opens. */
  ShopClosed: 'SHOP_CLOSED',
  /**
   * This call needs a two-step code given in the last 10 minutes (or the session never gave one):
   * ask for the code (POST /api/two-step/verify) and send the call again.
   */
  TwoStepRequired: 'TWO_STEP_REQUIRED',
  /** The operator's screen opens only once two-step sign-in is set up (/operator/two-step). */
  TwoStepSetupRequired: 'TWO_STEP_SETUP_REQUIRED',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const errorReplySchema = z.object({
  message: z.string(),
  code: z.string(),
});
export type ErrorReply = z.infer<typeof errorReplySchema>;

/** 422: the web shows the first message of each field under that field. */
export const validationErrorReplySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrorReply = z.infer<typeof validationErrorReplySchema>;
