import { dehydrate } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, redirect, useNavigate } from 'react-router';
import { Icon } from '../components/ui/icons';
import { isSetupRequiredError } from '../entities/security/api/security';
import { StepUpProvider } from '../entities/security/components/step-up';
import { operatorShopsQueryOptions, useOperatorLogout } from '../features/operator/api/operator';
import { ApiError } from '../lib/api-client';
import { apiFromRequest } from '../lib/api-context';
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
  return { signedIn: state !== 'signed-out', ready: state === 'ready', dehydratedState: dehydrate(client) };
}

/** The operator's pages: never stored by a shared cache. */
export const headers = privatePageHeaders;

const LINKS = [
  { to: '/operator', label: 'Dashboard', icon: 'dashboard', end: true },
  { to: '/operator/security', label: 'Security', icon: 'lock', end: false },
] as const;

export default function OperatorLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const logout = useOperatorLogout();
  const navigate = useNavigate();
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <a href="/" className="flex items-center gap-2 font-bold text-primary-800">
            <Icon name="shield" className="size-6" />
            {t('Operator')}
          </a>
          {loaderData.signedIn && (
            <div className="flex flex-wrap items-center gap-1">
              {loaderData.ready && (
                <nav aria-label={t('Operator')}>
                  <ul className="flex gap-1">
                    {LINKS.map((link) => (
                      <li key={link.to}>
                        <NavLink
                          to={link.to}
                          end={link.end}
                          className={({ isActive }) =>
                            `inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium ${
                              isActive ? 'bg-primary-50 text-primary-800' : 'text-slate-700 hover:bg-slate-100'
                            }`
                          }
                        >
                          <Icon name={link.icon} className="size-4" />
                          {t(link.label)}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                </nav>
              )}
              <button
                type="button"
                onClick={() =>
                  logout.mutate(undefined, { onSettled: () => navigate('/operator/login', { replace: true }) })
                }
                className="inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
              >
                <Icon name="logout" className="size-4" />
                {t('Log out')}
              </button>
            </div>
          )}
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
        <StepUpProvider>
          <Outlet />
        </StepUpProvider>
      </main>
    </div>
  );
}
