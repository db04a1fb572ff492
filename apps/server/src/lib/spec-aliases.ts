/**
 * The spec's call paths that lack /api, and the reference's second path for
 * the same call: each canonical route answers at these paths too, with the same handler, policy
 * and schema, and the OpenAPI document lists the call once. New aliases go here, not in modules.
 */
export const SPEC_ALIASES: Readonly<Record<string, readonly string[]>> = {
  '/api/master': ['/master'],
  '/api/lang/:locale': ['/lang/:locale'],
  '/api/change-language': ['/change-language'],
  '/api/verify-otp': ['/verify-otp'],
  '/api/reset-password': ['/reset-password'],
  '/api/logout': ['/logout'],
  '/api/update-last-seen': ['/update-last-seen'],
  '/api/auth/:provider/token': ['/auth/:provider/token'],
  '/api/favorite-add-or-remove': ['/favorite-add-or-remove'],
  '/api/favorite-products': ['/favorite-products'],
  '/api/carts': ['/carts'],
  '/api/cart/increment': ['/cart/increment'],
  '/api/cart/decrement': ['/cart/decrement'],
  '/api/cart/delete': ['/cart/delete'],
  '/api/vouchers-collect': ['/vouchers-collect'],
  '/api/send-message': ['/send-message'],
  '/api/store-message': ['/store-message'],
  '/api/get-collected-vouchers': ['/get-collected-vouchers'],
  '/api/place-order': ['/place-order', '/api/v1/place-order'],
  '/api/place-order/again': ['/place-order/again'],
  '/api/orders': ['/orders'],
  '/api/order-details': ['/order-details'],
  '/api/orders/cancel': ['/orders/cancel'],
  '/api/order-payment/:orderId/:gateway': ['/order-payment/:orderId/:gateway'],
  '/api/product-review': ['/product-review'],
  '/api/return-order': ['/return-order'],
  '/api/return-orders': ['/return-orders'],
  '/api/return-order-details/:id': ['/return-order-details/:id'],
  '/api/ticket-issue-types': ['/ticket-issue-types'],
  // GET /support-tickets is not aliased: it is the storefront's page of the same path.
  '/api/support-ticket': ['/support-ticket'],
  '/api/support-ticket/show': ['/support-ticket/show'],
  '/api/support-ticket-messages': ['/support-ticket-messages'],
  '/api/support-ticket-message': ['/support-ticket-message'],
  // The reference serves the category page from its own path with the same handler.
  '/api/products': ['/api/category-products'],
};
