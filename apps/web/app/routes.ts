import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

/**
 * The route table: each layout (the shop, its blog, the account, the Seller Centre, the operator
 * screen) with its pages, whose files sit in routes/<area>/, plus the pages without a layout (the
 * Google sign-in callback and the bare page-not-found screen). The URLs are the spec's.
 */
export default [
  layout('layouts/public-layout.tsx', [
    index('routes/storefront/home.tsx'),
    route('products', 'routes/storefront/products.tsx'),
    route('categories', 'routes/storefront/categories.tsx'),
    route('categories/:slug', 'routes/storefront/category.tsx'),
    route('categories/:slug/:subSlug', 'routes/storefront/subcategory.tsx'),
    route('most-popular', 'routes/storefront/most-popular.tsx'),
    route('best-deal', 'routes/storefront/best-deal.tsx'),
    route('search', 'routes/storefront/search.tsx'),
    route('shops', 'routes/storefront/shops.tsx'),
    route('shops/:slug', 'routes/storefront/shop-details.tsx'),
    route('flash-sale/:id', 'routes/storefront/flash-sale.tsx'),
    route('provinces', 'routes/storefront/provinces.tsx'),
    route('provinces/:id', 'routes/storefront/province.tsx'),
    route('products/:slug/details', 'routes/storefront/product-details.tsx'),
    route('terms-and-conditions', 'routes/storefront/policy-page.tsx', { id: 'terms-and-conditions' }),
    route('privacy-policy', 'routes/storefront/policy-page.tsx', { id: 'privacy-policy' }),
    route('return-policy', 'routes/storefront/policy-page.tsx', { id: 'return-policy' }),
    route('about-us', 'routes/storefront/policy-page.tsx', { id: 'about-us' }),
    route('page/:slug', 'routes/storefront/page.tsx'),
    route('contact-us', 'routes/storefront/contact-us.tsx'),
    route('support', 'routes/storefront/support.tsx'),
    route('checkout', 'routes/storefront/checkout.tsx'),
    route('buynow', 'routes/storefront/checkout.tsx', { id: 'buynow' }),
    route('payment/:uuid', 'routes/storefront/payment.tsx'),
    // Telkomsel and XL; another operator is the 404 page (the route's loader).
    route('digital-product/pulsa/:operator', 'routes/storefront/digital-pulsa.tsx'),
    route('digital-product/pln/token', 'routes/storefront/digital-pln.tsx'),
    route('digital-payment/:orderId', 'routes/storefront/digital-payment.tsx'),
  ]),
  layout('layouts/blog-layout.tsx', { id: 'blog-layout' }, [
    route('blogs', 'routes/blog/blogs.tsx'),
    route('blog/:slug', 'routes/blog/blog-details.tsx'),
  ]),
  layout('layouts/account-layout.tsx', { id: 'account-layout' }, [
    route('dashboard', 'routes/account/dashboard.tsx'),
    route('order-history', 'routes/account/order-history.tsx'),
    route('order-history/:id', 'routes/account/order-details.tsx'),
    route('wishlist', 'routes/account/wishlist.tsx'),
    route('profile', 'routes/account/profile.tsx'),
    route('manage-address', 'routes/account/manage-address.tsx'),
    route('manage-address/new', 'routes/account/manage-address-new.tsx'),
    route('manage-address/:id/edit', 'routes/account/manage-address-edit.tsx'),
    route('change-password', 'routes/account/change-password.tsx'),
    route('return-product/:id', 'routes/account/return-product.tsx'),
    route('returned-order-history', 'routes/account/returned-order-history.tsx'),
    route('returned-order-history/:id', 'routes/account/returned-order-details.tsx'),
    route('support-tickets', 'routes/account/support-tickets.tsx'),
    route('support-ticket/:ticketNumber', 'routes/account/support-ticket.tsx'),
    route('massages', 'routes/account/massages.tsx'),
  ]),
  // The Seller Centre and the operator screen, each under its own layout.
  layout('layouts/seller-centre-layout.tsx', { id: 'seller-centre-layout' }, [
    route('shop/login', 'routes/seller-centre/login.tsx'),
    route('shop/register', 'routes/seller-centre/register.tsx'),
    route('shop', 'routes/seller-centre/dashboard.tsx'),
    route('shop/orders', 'routes/seller-centre/orders.tsx'),
    route('shop/orders/:id', 'routes/seller-centre/order-details.tsx'),
    route('shop/returns', 'routes/seller-centre/returns.tsx'),
    route('shop/returns/:id', 'routes/seller-centre/return-details.tsx'),
    route('shop/messages', 'routes/seller-centre/messages.tsx'),
    // The shop's money, vouchers, flash-sale entries and profile.
    route('shop/earnings', 'routes/seller-centre/earnings.tsx'),
    route('shop/vouchers', 'routes/seller-centre/vouchers.tsx'),
    route('shop/vouchers/new', 'routes/seller-centre/voucher-editor.tsx', { id: 'voucher-new' }),
    route('shop/vouchers/:id', 'routes/seller-centre/voucher-editor.tsx'),
    route('shop/flash-sales', 'routes/seller-centre/flash-sales.tsx'),
    route('shop/profile', 'routes/seller-centre/profile.tsx'),
    // Two-step sign-in and the seller's own sessions.
    route('shop/security', 'routes/seller-centre/security.tsx'),
    // The shop's catalogue: the list, the editor, stock and prices in bulk, the CSV import.
    route('shop/products', 'routes/seller-centre/products.tsx'),
    route('shop/products/new', 'routes/seller-centre/product-new.tsx'),
    route('shop/products/stock', 'routes/seller-centre/products-stock.tsx'),
    route('shop/products/import', 'routes/seller-centre/products-import.tsx'),
    route('shop/products/:id', 'routes/seller-centre/product-edit.tsx'),
  ]),
  layout('layouts/operator-layout.tsx', { id: 'operator-layout' }, [
    route('operator', 'routes/operator/dashboard.tsx'),
    route('operator/login', 'routes/operator/login.tsx'),
    // The operator's two-step sign-in: its set-up (required before anything else) and the security page.
    route('operator/two-step', 'routes/operator/two-step.tsx'),
    route('operator/security', 'routes/operator/security.tsx'),
    route('operator/audit-log', 'routes/operator/audit-log.tsx'),
    route('operator/shops', 'routes/operator/shops.tsx'),
    route('operator/products', 'routes/operator/products.tsx'),
    route('operator/withdrawals', 'routes/operator/withdrawals.tsx'),
    route('operator/returns', 'routes/operator/returns.tsx'),
    route('operator/balances', 'routes/operator/balances.tsx'),
  ]),
  route('auth/google/callback', 'routes/auth-google-callback.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
