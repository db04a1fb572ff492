/**
 * Every in-app URL of the storefront (the route table, routes.ts), built in one
 * place so a link cannot drift from its route. Slugs and ids are encoded as one path segment.
 */
const segment = (value: string | number) => encodeURIComponent(String(value));

export const paths = {
  home: '/',
  products: '/products',
  product: (slug: string) => `/products/${segment(slug)}/details`,
  categories: '/categories',
  category: (slug: string, subSlug?: string) =>
    subSlug === undefined ? `/categories/${segment(slug)}` : `/categories/${segment(slug)}/${segment(subSlug)}`,
  mostPopular: '/most-popular',
  bestDeal: '/best-deal',
  search: '/search',
  shops: '/shops',
  shop: (slug: string) => `/shops/${segment(slug)}`,
  flashSale: (id: string | number) => `/flash-sale/${segment(id)}`,
  provinces: '/provinces',
  province: (id: string | number) => `/provinces/${segment(id)}`,
  termsAndConditions: '/terms-and-conditions',
  privacyPolicy: '/privacy-policy',
  page: (slug: string) => `/page/${segment(slug)}`,
  /** /terms-and-conditions, /privacy-policy, /return-policy, /about-us. */
  policy: (slug: string) => `/${segment(slug)}`,
  contactUs: '/contact-us',
  checkout: '/checkout',
  buyNow: '/buynow',
  payment: (uuid: string) => `/payment/${segment(uuid)}`,
  /** Digital top-ups: pulsa of an operator (telkomsel, xl), the PLN token page, a digital order's payment. */
  pulsa: (operator: 'telkomsel' | 'xl') => `/digital-product/pulsa/${segment(operator)}`,
  plnToken: '/digital-product/pln/token',
  digitalPayment: (orderId: number) => `/digital-payment/${segment(orderId)}`,
  support: '/support',
  blogs: '/blogs',
  blog: (slug: string) => `/blog/${segment(slug)}`,
  dashboard: '/dashboard',
  orderHistory: '/order-history',
  orderDetails: (id: number) => `/order-history/${segment(id)}`,
  returnedOrders: '/returned-order-history',
  returnDetails: (id: number) => `/returned-order-history/${segment(id)}`,
  /** The return form of an order (its id). */
  returnProduct: (orderId: number) => `/return-product/${segment(orderId)}`,
  /** The spec's spelling. */
  messages: '/massages',
  wishlist: '/wishlist',
  profile: '/profile',
  addresses: '/manage-address',
  newAddress: '/manage-address/new',
  editAddress: (id: number) => `/manage-address/${segment(id)}/edit`,
  changePassword: '/change-password',
  supportTickets: '/support-tickets',
  supportTicket: (ticketNumber: string) => `/support-ticket/${segment(ticketNumber)}`,
  /** The Seller Centre is another app's pages: links to it load a whole document. */
  googleCallback: '/auth/google/callback',
  sellerRegister: '/shop/register',
  sellerLogin: '/shop/login',
} as const;

/** The query parameter of the home page that opens the login dialog, holding where to go after it. */
export const SIGN_IN_PARAM = 'login';

/**
 * Where a visitor is sent from a page that needs a session (to /): the home page
 * opens the login dialog and, once signed in, goes back to `returnTo`.
 */
export function signInPath(returnTo: string): string {
  return withQuery(paths.home, { [SIGN_IN_PARAM]: returnTo });
}

const RETURN_BASE = 'http://return.invalid';

/**
 * `value` when it is a path of this site ("/order-history?page=2"), else null: a return address
 * from the URL must never lead elsewhere ("//evil.example", "/\\evil.example", "https://...").
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2000 || !value.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(value, RETURN_BASE);
  } catch {
    return null;
  }
  return url.origin === RETURN_BASE ? `${url.pathname}${url.search}${url.hash}` : null;
}

/**
 * Whether an in-app URL is a Seller Centre (/shop/...) or operator page: those have their own
 * layouts and scripts, so links to them load a whole document, as the top bar's seller links do.
 */
export function isBackOfficePath(url: string): boolean {
  return /^\/(shop|operator)([/?#]|$)/.test(url);
}

/** A path with a query string, or the bare path when no parameter has a value. */
export function withQuery(path: string, params: URLSearchParams | Record<string, string | undefined>): string {
  const query =
    params instanceof URLSearchParams
      ? new URLSearchParams(params)
      : new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
