import type { SellerShop } from '@shop/contracts/sellers';
import { useQuery } from '@tanstack/react-query';
import { NavLink, Outlet, redirect, useLocation, useNavigate, useOutletContext } from 'react-router';
import { Icon } from '../components/ui/icons';
import { StepUpProvider } from '../entities/security/components/step-up';
import { sellerUnreadQueryOptions } from '../features/seller-centre/api/seller-chat';
import { sellerShopQueryOptions, useSellerLogout } from '../features/seller-centre/api/seller-session';
import { useSellerChatLive } from '../features/seller-centre/api/use-seller-chat-live';
import { ShopWaiting } from '../features/seller-centre/components/shop-waiting';
import { shopIsRun } from '../features/seller-centre/shop-state';
import { ApiError } from '../lib/api-client';
import { apiFromRequest, useApi } from '../lib/api-context';
import { useT } from '../lib/i18n';
import { privatePageHeaders } from '../lib/page-loading';
import { makeServerQueryClient } from '../lib/query-client';
import type { Route } from './+types/seller-centre-layout';

/** The pages of the Seller Centre anyone may open; the others need a seller's session. */
const OPEN_PAGES = new Set(['/shop/login', '/shop/register']);

const pathOf = (pathname: string) => pathname.replace(/\/+$/, '');

/**
 * The Seller Centre's own layout: its header and menu, no storefront chrome.
 * Without a seller's session (GET /api/seller/shop answers 401 or 403) the server sends the
 * visitor to /shop/login before a page renders; a seller who is signed in skips the sign-in page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const path = pathOf(new URL(request.url).pathname);
  const api = apiFromRequest(request, context);
  let shop: SellerShop | null = null;
  try {
    shop = await makeServerQueryClient().fetchQuery(sellerShopQueryOptions(api));
  } catch (error) {
    const signedOut = error instanceof ApiError && (error.status === 401 || error.status === 403);
    if (!signedOut) throw error;
  }
  if (!shop && !OPEN_PAGES.has(path)) throw redirect('/shop/login');
  if (shop && path === '/shop/login') throw redirect('/shop');
  return { shop };
}

/** Seller pages show one shop's data: never stored by a shared cache. */
export const headers = privatePageHeaders;

export interface SellerOutlet {
  shop: SellerShop;
}

/** The seller's shop, for the pages inside the layout (only rendered with a shop). */
export function useSellerShop(): SellerShop {
  return useOutletContext<SellerOutlet>().shop;
}

const LINKS = [
  { to: '/shop', label: 'Dashboard', icon: 'dashboard', end: true },
  // The shop's catalogue (its editor, stock grid and import are pages under it).
  { to: '/shop/products', label: 'Products', icon: 'squares', end: false },
  { to: '/shop/orders', label: 'Orders', icon: 'clipboard', end: false },
  { to: '/shop/returns', label: 'Returns', icon: 'returns', end: false },
  { to: '/shop/messages', label: 'Messages', icon: 'chat', end: false },
  // The shop's money, vouchers, flash-sale entries and profile.
  { to: '/shop/earnings', label: 'Earnings', icon: 'banknotes', end: false },
  { to: '/shop/vouchers', label: 'Vouchers', icon: 'ticket', end: false },
  { to: '/shop/flash-sales', label: 'Flash sales', icon: 'bolt', end: false },
  { to: '/shop/profile', label: 'Shop profile', icon: 'storefront', end: false },
  { to: '/shop/security', label: 'Security', icon: 'lock', end: false },
] as const;

/** The unread count beside the inbox's link (hidden at 0). */
function UnreadBadge({ count }: { count: number }) {
  const t = useT();
  if (count <= 0) return null;
  return (
    <span className="rounded-full bg-rose-600 px-1.5 py-0.5 text-[11px] font-semibold leading-none text-white">
      <span className="sr-only">{t('Unread messages')}: </span>
      {count > 99 ? '99+' : count}
    </span>
  );
}

export default function SellerCentreLayout({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const logout = useSellerLogout();
  const navigate = useNavigate();
  const { shop } = loaderData;
  const path = pathOf(useLocation().pathname);
  const approved = shop !== null && shopIsRun(shop);
  const suspended = approved && !shop.is_active;
  // A shop waiting for approval (or refused) sees what happens next on every page that needs an
  // approved shop, whose calls would answer 403, never a page's "could not load" error.
  const waiting = shop !== null && !approved && !OPEN_PAGES.has(path);
  const api = useApi();
  // Live on every Seller Centre page: the inbox, its link's count and the dashboard follow.
  useSellerChatLive(approved ? shop.id : null);
  const unread = useQuery({ ...sellerUnreadQueryOptions(api), enabled: approved }).data ?? 0;
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <a href="/" className="flex items-center gap-2 font-bold text-primary-800">
            <Icon name="storefront" className="size-6" />
            {t('Seller Center')}
          </a>
          {shop && (
            <div className="flex items-center gap-3">
              <span className="max-w-[14rem] truncate text-sm font-medium text-slate-700">{shop.name}</span>
              <button
                type="button"
                onClick={() =>
                  logout.mutate(undefined, { onSettled: () => navigate('/shop/login', { replace: true }) })
                }
                className="inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
              >
                <Icon name="logout" className="size-4" />
                {t('Log out')}
              </button>
            </div>
          )}
        </div>
        {shop && approved && (
          <nav aria-label={t('Seller Center')} className="mx-auto max-w-6xl px-4">
            <ul className="flex flex-wrap gap-x-1">
              {LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end={link.end}
                    className={({ isActive }) =>
                      `inline-flex items-center gap-1.5 whitespace-nowrap border-b-2 px-2 py-2 text-sm font-medium sm:px-3 ${
                        isActive
                          ? 'border-primary-700 text-primary-800'
                          : 'border-transparent text-slate-600 hover:text-slate-900'
                      }`
                    }
                  >
                    <Icon name={link.icon} className="size-4" />
                    {t(link.label)}
                    {link.to === '/shop/messages' ? <UnreadBadge count={unread} /> : null}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </header>
      <main className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
        {suspended && !waiting && (
          <p
            role="status"
            className="mb-5 rounded-xl border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-900"
          >
            {t(
              'Your shop is suspended by the marketplace: shoppers cannot see it or order from it. You can still move your open orders and answer returns and messages.',
            )}
          </p>
        )}
        {waiting ? (
          <ShopWaiting shop={shop} />
        ) : (
          // Changes of security settings (and later payment details) may ask for a fresh code.
          <StepUpProvider>
            <Outlet context={shop ? ({ shop } satisfies SellerOutlet) : undefined} />
          </StepUpProvider>
        )}
      </main>
    </div>
  );
}
