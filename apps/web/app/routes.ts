import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

/**
 * Spec section 2: three layouts plus the bare page-not-found screen. Pages join their layout as
 * they are built; a layout without pages yet still owns its place in the table.
 */
export default [
  layout('layouts/public-layout.tsx', [
    index('routes/home.tsx'),
    route('products', 'routes/products.tsx'),
    route('categories', 'routes/categories.tsx'),
    route('categories/:slug', 'routes/category.tsx'),
    route('categories/:slug/:subSlug', 'routes/subcategory.tsx'),
    route('most-popular', 'routes/most-popular.tsx'),
    route('best-deal', 'routes/best-deal.tsx'),
    route('search', 'routes/search.tsx'),
    route('shops', 'routes/shops.tsx'),
    route('shops/:slug', 'routes/shop-details.tsx'),
    route('flash-sale/:id', 'routes/flash-sale.tsx'),
    route('provinces', 'routes/provinces.tsx'),
    route('provinces/:id', 'routes/province.tsx'),
    route('products/:slug/details', 'routes/product-details.tsx'),
    route('terms-and-conditions', 'routes/policy-page.tsx', { id: 'terms-and-conditions' }),
    route('privacy-policy', 'routes/policy-page.tsx', { id: 'privacy-policy' }),
    route('return-policy', 'routes/policy-page.tsx', { id: 'return-policy' }),
    route('about-us', 'routes/policy-page.tsx', { id: 'about-us' }),
    route('page/:slug', 'routes/page.tsx'),
    route('contact-us', 'routes/contact-us.tsx'),
    route('support', 'routes/support.tsx'),
    route('checkout', 'routes/checkout.tsx'),
    route('buynow', 'routes/checkout.tsx', { id: 'buynow' }),
    route('payment/:uuid', 'routes/payment.tsx'),
    // Telkomsel and XL; another operator is the 404 page (the route's loader).
    route('digital-product/pulsa/:operator', 'routes/digital-pulsa.tsx'),
    route('digital-product/pln/token', 'routes/digital-pln.tsx'),
    route('digital-payment/:orderId', 'routes/digital-payment.tsx'),
  ]),
  layout('layouts/blog-layout.tsx', { id: 'blog-layout' }, [
    route('blogs', 'routes/blogs.tsx'),
    route('blog/:slug', 'routes/blog-details.tsx'),
  ]),
  layout('layouts/account-layout.tsx', { id: 'account-layout' }, [
    route('dashboard', 'routes/dashboard.tsx'),
    route('order-history', 'routes/order-history.tsx'),
    route('order-history/:id', 'routes/order-details.tsx'),
    route('wishlist', 'routes/wishlist.tsx'),
    route('profile', 'routes/profile.tsx'),
    route('manage-address', 'routes/manage-address.tsx'),
    route('manage-address/new', 'routes/manage-address-new.tsx'),
    route('manage-address/:id/edit', 'routes/manage-address-edit.tsx'),
    route('change-password', 'routes/change-password.tsx'),
    route('return-product/:id', 'routes/return-product.tsx'),
    route('returned-order-history', 'routes/returned-order-history.tsx'),
    route('returned-order-history/:id', 'routes/returned-order-details.tsx'),
    route('support-tickets', 'routes/support-tickets.tsx'),
    route('support-ticket/:ticketNumber', 'routes/support-ticket.tsx'),
    route('massages', 'routes/massages.tsx'),
  ]),
  // The Seller Centre and the operator screen (DESIGN section 7), each under its own layout.
  layout('layouts/seller-layout.tsx', { id: 'seller-layout' }, [
    route('shop/login', 'routes/shop-login.tsx'),
    route('shop/register', 'routes/shop-register.tsx'),
    route('shop', 'routes/shop-dashboard.tsx'),
    route('shop/orders', 'routes/shop-orders.tsx'),
    route('shop/orders/:id', 'routes/shop-order-details.tsx'),
    route('shop/returns', 'routes/shop-returns.tsx'),
    route('shop/returns/:id', 'routes/shop-return-details.tsx'),
    route('shop/messages', 'routes/shop-messages.tsx'),
  ]),
  layout('layouts/operator-layout.tsx', { id: 'operator-layout' }, [
    route('operator', 'routes/operator.tsx'),
    route('operator/login', 'routes/operator-login.tsx'),
  ]),
  route('auth/google/callback', 'routes/auth-google-callback.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
