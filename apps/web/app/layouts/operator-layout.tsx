import { dehydrate } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Outlet, redirect, useNavigate } from 'react-router';
import { Icon } from '../components/ui/icons';
import { operatorShopsQueryOptions, useOperatorLogout } from '../features/operator/api/operator';
import { ApiError } from '../lib/api-client';
import { apiFromRequest } from '../lib/api-context';
import { privatePageHeaders } from '../lib/page-loading';
import { makeServerQueryClient } from '../lib/query-client';
import type { Route } from './+types/operator-layout';

/**
 * The operator screen's own layout. Without the operator's session (the
 * pending shops answer 401 or 403) the server sends the visitor to /operator/login.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname.replace(/\/+$/, '');
  const api = apiFromRequest(request, context);
  const client = makeServerQueryClient();
  let signedIn = true;
  try {
    await client.fetchQuery(operatorShopsQueryOptions(api, 'pending'));
  } catch (error) {
    if (!(error instanceof ApiError && (error.status === 401 || error.status === 403))) throw error;
    signedIn = false;
  }
  if (!signedIn && path !== '/operator/login') throw redirect('/operator/login');
  if (signedIn && path === '/operator/login') throw redirect('/operator');
  return { signedIn, dehydratedState: dehydrate(client) };
}

/** The operator's pages: never stored by a shared cache. */
export const headers = privatePageHeaders;

export default function OperatorLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const logout = useOperatorLogout();
  const navigate = useNavigate();
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
          <a href="/" className="flex items-center gap-2 font-bold text-primary-800">
            <Icon name="shield" className="size-6" />
            {t('Operator')}
          </a>
          {loaderData.signedIn && (
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
          )}
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
        <Outlet />
      </main>
    </div>
  );
}
