import type { AppDeps } from './deps';
import type { Translator } from './lib/messages';
import { PeriodicJob } from './lib/periodic-job';
import { AddressesService } from './modules/addresses/addresses.service';
import { AuditService } from './modules/audit/audit.service';
import { AuthService } from './modules/auth/auth.service';
import { OtpService } from './modules/auth/otp.service';
import { SessionsService } from './modules/auth/sessions.service';
import { TwoStepService } from './modules/auth/two-step.service';
import { BlogsService } from './modules/blogs/blogs.service';
import { BlogsAdminService } from './modules/blogs/blogs-admin.service';
import { CartService } from './modules/cart/cart.service';
import { CatalogService } from './modules/catalog/catalog.service';
import { CatalogAdminService } from './modules/catalog/catalog-admin.service';
import { CatalogValuesService } from './modules/catalog/catalog-values.service';
import { ChatService } from './modules/chat/chat.service';
import { CheckoutService } from './modules/checkout/checkout.service';
import { ContactService } from './modules/contact/contact.service';
import { ContactAdminService } from './modules/contact/contact-admin.service';
import { DashboardService } from './modules/dashboard/dashboard.service';
import { DigitalFulfilment } from './modules/digital/digital.fulfilment';
import { DigitalService } from './modules/digital/digital.service';
import { DigitalProviders } from './modules/digital/providers/digital-providers';
import { EarningsService } from './modules/earnings/earnings.service';
import { FlashSalesService } from './modules/flash-sales/flash-sales.service';
import { HealthService } from './modules/health/health.service';
import { BannersAdminService } from './modules/home/banners-admin.service';
import { HomeService } from './modules/home/home.service';
import { InvoicesService } from './modules/invoices/invoices.service';
import { LanguagesService } from './modules/languages/languages.service';
import { MediaService } from './modules/media/media.service';
import { OutboxService } from './modules/notifications/outbox.service';
import { OperatorService } from './modules/operator/operator.service';
import { OrderCounts } from './modules/orders/order-counts';
import { OrdersService } from './modules/orders/orders.service';
import { PagesService } from './modules/pages/pages.service';
import { PagesAdminService } from './modules/pages/pages-admin.service';
import { PaymentsService } from './modules/payments/payments.service';
import { ProductsService } from './modules/products/products.service';
import { ProfileService } from './modules/profile/profile.service';
import { ProvincesService } from './modules/provinces/provinces.service';
import { RealtimeService } from './modules/realtime/realtime.service';
import { ProductViewer } from './modules/recently-viewed/product-viewer';
import { RecentlyViewedService } from './modules/recently-viewed/recently-viewed.service';
import { ReturnsService } from './modules/returns/returns.service';
import { ReviewsService } from './modules/reviews/reviews.service';
import { SellerCentreService } from './modules/seller-centre/seller-centre.service';
import { SellerImportsService } from './modules/seller-imports/seller-imports.service';
import { SellerProductsService } from './modules/seller-products/seller-products.service';
import { SeoService } from './modules/seo/seo.service';
import { SettingsService } from './modules/settings/settings.service';
import { ShopsService } from './modules/shops/shops.service';
import { SocialAuthService } from './modules/social-auth/social-auth.service';
import { SupportService } from './modules/support/support.service';
import { VouchersService } from './modules/vouchers/vouchers.service';
import { WishlistService } from './modules/wishlist/wishlist.service';

/**
 * The composition root: every service is built here, once per app, and handed
 * the services it uses, so the caches a service keeps (settings, category lists, shared replies)
 * exist once and a test swaps a dependency in one place (`buildApp({ deps })`). Services never
 * build each other.
 */
export function buildServices(deps: AppDeps, translator: Translator) {
  const languages = new LanguagesService(deps.database);
  const settings = new SettingsService(deps, languages);
  const catalog = new CatalogService(deps);

  const sessions = new SessionsService(deps);
  const auth = new AuthService(deps, settings);
  const otp = new OtpService(deps, { auth, sessions, settings });
  const socialAuth = new SocialAuthService(deps, settings);
  const twoStep = new TwoStepService(deps, { sessions, settings });

  const wishlist = new WishlistService(deps, catalog);
  const recentlyViewed = new RecentlyViewedService(deps, catalog, wishlist);
  const addresses = new AddressesService(deps, settings);
  const shops = new ShopsService(deps, catalog);
  const flashSales = new FlashSalesService(deps, catalog);
  const vouchers = new VouchersService(deps);
  const cart = new CartService(deps, catalog);
  const payments = new PaymentsService(deps, settings);
  const orderCounts = new OrderCounts(deps);
  const checkout = new CheckoutService(deps, { settings, cart, vouchers, payments, auth, orderCounts });
  const orders = new OrdersService(deps, translator, { settings, payments, orderCounts, checkout, cart, catalog });
  const realtime = new RealtimeService(deps, { settings, sellerShopId: (userId) => shops.sellerShopId(userId) });
  const returns = new ReturnsService(deps, settings, translator, orders);
  const earnings = new EarningsService(deps, settings);
  // A delivery credits the shop and a refund debits it, each in the transaction that made it.
  orders.onDeliveredInTransaction((tx, order, now) => earnings.creditDelivered(tx, order, now));
  returns.onRefundedInTransaction((tx, refund, now) => earnings.debitRefund(tx, refund, now));
  const pages = new PagesService(deps);
  const digitalProviders = new DigitalProviders(deps);
  const digitalFulfilment = new DigitalFulfilment(deps, translator, digitalProviders, payments);
  const digitalJob = new PeriodicJob(() => digitalFulfilment.runDue(), deps.log, 'digital fulfilment');
  payments.onPaidInTransaction((tx, paymentId, now) => digitalFulfilment.startPaid(tx, paymentId, now));
  // A payment marked paid in this process is fulfilled at once, not at the next pass.
  payments.onPaid(() => digitalJob.kick());
  const sellerProducts = new SellerProductsService(deps, translator, { settings, languages });
  const sellerImports = new SellerImportsService(deps, translator, { sellerProducts, settings }, deps.log);
  const importJob = new PeriodicJob(() => sellerImports.runDue(), deps.log, 'catalogue import');

  return {
    audit: new AuditService(deps),
    health: new HealthService(deps),
    outbox: new OutboxService(deps),
    languages,
    settings,
    catalog,
    catalogAdmin: new CatalogAdminService(deps),
    catalogValues: new CatalogValuesService(deps),
    sessions,
    auth,
    otp,
    twoStep,
    socialAuth,
    profile: new ProfileService(deps, settings, sessions),
    addresses,
    wishlist,
    recentlyViewed,
    productViewer: new ProductViewer(wishlist, recentlyViewed),
    dashboard: new DashboardService(addresses, wishlist, recentlyViewed, cart, orders),
    vouchers,
    cart,
    payments,
    checkout,
    orders,
    orderCounts,
    reviews: new ReviewsService(deps, shops, orders),
    realtime,
    chat: new ChatService(deps, realtime),
    invoices: new InvoicesService(deps, translator, { orders, settings, languages }),
    returns,
    earnings,
    sellerCentre: new SellerCentreService(deps, { auth, orders, returns, catalog, earnings, settings }),
    sellerProducts,
    sellerImports,
    importJob,
    operator: new OperatorService(deps, translator),
    home: new HomeService(deps, catalog, settings, flashSales),
    bannersAdmin: new BannersAdminService(deps),
    shops,
    provinces: new ProvincesService(deps, shops),
    flashSales,
    products: new ProductsService(deps, catalog),
    blogs: new BlogsService(deps, catalog),
    pages,
    pagesAdmin: new PagesAdminService(deps),
    blogsAdmin: new BlogsAdminService(deps),
    contact: new ContactService(deps, settings),
    contactAdmin: new ContactAdminService(deps),
    seo: new SeoService(deps, { catalog, pages, settings }),
    media: new MediaService(deps),
    support: new SupportService(deps),
    digital: new DigitalService(deps, translator, {
      settings,
      payments,
      checkout,
      providers: digitalProviders,
      fulfilment: digitalFulfilment,
    }),
    digitalJob,
  };
}

export type Services = ReturnType<typeof buildServices>;
