import { dehydrate } from '@tanstack/react-query';
import { useState } from 'react';
import { NavLink, Outlet, redirect, useLocation, useNavigate } from 'react-router';
import { AppDialog } from '../components/ui/dialog';
import { Icon, type IconName } from '../components/ui/icons';
import { isSetupRequiredError } from '../entities/security/api/security';
import { StepUpProvider } from '../entities/security/components/step-up';
import { operatorShopsQueryOptions, useOperatorLogout } from '../features/operator/api/operator';
import { ApiError } from '../lib/api-client';
import { apiFromRequest } from '../lib/api-context';
import { useT } from '../lib/i18n';
import { privatePageHeaders } from '../lib/page-loading';
import { makeServerQueryClient } from '../lib/query-client';
import type { Route } from './+types/operator-layout';

const SETUP_PAGE = '/operator/two-step';

/**
 * The operator screen's own layout. Without the operator's session (the pending shops answer 401
 * or 403) the server sends the visitor to /operator/login; an operator without two-step sign-in
 * set up (403 TWO_STEP_SETUP_REQUIRED) is sent to set it up before any other page opens.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname.replace(/\/+$/, '');
  const api = apiFromRequest(request, context);
  const client = makeServerQueryClient();
  let state: 'ready' | 'setup' | 'signed-out' = 'ready';
  try {
    await client.fetchQuery(operatorShopsQueryOptions(api, 'pending'));
  } catch (error) {
    if (isSetupRequiredError(error)) state = 'setup';
    else if (error instanceof ApiError && (error.status === 401 || error.status === 403)) state = 'signed-out';
    else throw error;
  }
  if (state === 'signed-out' && path !== '/operator/login') throw redirect('/operator/login');
  if (state === 'setup' && path !== SETUP_PAGE) throw redirect(SETUP_PAGE);
  if (state === 'ready' && (path === '/operator/login' || path === SETUP_PAGE)) throw redirect('/operator');
  // The sections' menu only once the operator's screen opens (not on the two-step set-up).
  return { signedIn: state !== 'signed-out', ready: state === 'ready', dehydratedState: dehydrate(client) };
}

/** The operator's pages: never stored by a shared cache. */
export const headers = privatePageHeaders;

/**
 * The back office's sections, in menu order. Settings, Catalogue, Content, Promotions, Orders,
 * Users and Audit log join this list as they are built (one line each).
 */
const SECTIONS: readonly { to: string; label: string; icon: IconName; end: boolean }[] = [
  { to: '/operator', label: 'Dashboard', icon: 'dashboard', end: true },
  { to: '/operator/shops', label: 'Shops', icon: 'storefront', end: false },
  { to: '/operator/catalogue', label: 'Catalogue', icon: 'squares', end: false },
  { to: '/operator/products', label: 'Product approvals', icon: 'clipboard', end: false },
  { to: '/operator/withdrawals', label: 'Withdrawals', icon: 'banknotes', end: false },
  { to: '/operator/returns', label: 'Returns', icon: 'returns', end: false },
  { to: '/operator/balances', label: 'Balances', icon: 'briefcase', end: false },
  { to: '/operator/orders', label: 'Orders', icon: 'bag', end: false },
  { to: '/operator/users', label: 'Users', icon: 'user', end: false },
  { to: '/operator/flash-sales', label: 'Flash sales', icon: 'bolt', end: false },
  { to: '/operator/vouchers', label: 'Platform vouchers', icon: 'ticket', end: false },
  { to: '/operator/delivery-tax', label: 'Delivery and tax', icon: 'document', end: false },
  { to: '/operator/banners', label: 'Banners and ads', icon: 'squares', end: false },
  { to: '/operator/pages', label: 'Pages', icon: 'globe', end: false },
  { to: '/operator/blogs', label: 'Blog posts', icon: 'chat', end: false },
  { to: '/operator/messages', label: 'Contact messages', icon: 'mail', end: false },
  { to: '/operator/settings', label: 'Settings', icon: 'adjustments', end: false },
  { to: '/operator/security', label: 'Security', icon: 'lock', end: false },
];

function SectionLinks({ onNavigate }: { onNavigate?: () => void }) {
  const t = useT();
  return (
    <ul className="space-y-1">
      {SECTIONS.map((section) => (
        <li key={section.to}>
          <NavLink
            to={section.to}
            end={section.end}
            onClick={onNavigate}
            className={({ isActive }) =>
              `flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-primary-600 ${
                isActive ? 'bg-primary-50 text-primary-800' : 'text-slate-700 hover:bg-slate-100'
              }`
            }
          >
            <Icon name={section.icon} className="size-5 shrink-0" />
            {t(section.label)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export default function OperatorLayout({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const logout = useOperatorLogout();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const path = useLocation().pathname;
  const current = [...SECTIONS].reverse().find((s) => (s.end ? path === s.to : path.startsWith(s.to)));
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-3">
          <div className="flex min-w-0 items-center gap-2">
            {loaderData.ready && (
              <button
                type="button"
                onClick={() => setMenuOpen(true)}
                aria-expanded={menuOpen}
                className="inline-flex items-center gap-1.5 rounded-lg p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
              >
                <Icon name="menu" className="size-5" />
                <span className="sr-only">{t('Menu')}</span>
              </button>
            )}
            <a href="/" className="flex items-center gap-2 font-bold text-primary-800">
              <Icon name="shield" className="size-6" />
              {t('Operator')}
            </a>
            {loaderData.ready && current && (
              <span className="truncate text-sm text-slate-500 lg:hidden">· {t(current.label)}</span>
            )}
          </div>
          {loaderData.signedIn && (
            <button
              type="button"
              onClick={() =>
                logout.mutate(undefined, { onSettled: () => navigate('/operator/login', { replace: true }) })
              }
              className="inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-lg px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
            >
              <Icon name="logout" className="size-4" />
              {t('Log out')}
            </button>
          )}
        </div>
      </header>
      <div className="mx-auto flex max-w-7xl gap-6 px-4 py-6 sm:py-8">
        {loaderData.ready && (
          <nav aria-label={t('Back office')} className="hidden w-56 shrink-0 lg:block">
            <SectionLinks />
          </nav>
        )}
        <main className="min-w-0 flex-1">
          {/* Changes of payment keys, security settings and payouts may ask for a fresh code. */}
          <StepUpProvider>
            <Outlet />
          </StepUpProvider>
        </main>
      </div>
      {loaderData.ready && (
        <AppDialog open={menuOpen} onClose={() => setMenuOpen(false)} title={t('Back office')} placement="start">
          <nav aria-label={t('Back office')} className="p-2">
            <SectionLinks onNavigate={() => setMenuOpen(false)} />
          </nav>
        </AppDialog>
      )}
    </div>
  );
}
