import { DEFAULT_TIME_ZONE } from '@shop/contracts/constants';
import { dehydrate, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Outlet, redirect, useLocation, useNavigate } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { ErrorState } from '../components/ui/states';
import { profileQueryKey, profileQueryOptions } from '../entities/profile/api/profile';
import { AccountSidebar } from '../features/account/components/account-sidebar';
import { useAuthStore } from '../features/auth/stores/auth-store';
import { useUnreadMessages } from '../features/chat/api/chat';
import { useMaster } from '../lib/api/master';
import { ApiError } from '../lib/api-client';
import { apiFromRequest, useApi } from '../lib/api-context';
import { useT } from '../lib/i18n';
import { privatePageHeaders } from '../lib/page-loading';
import { paths, signInPath } from '../lib/paths';
import { makeServerQueryClient } from '../lib/query-client';
import type { Route } from './+types/account-layout';
import { SiteChrome } from './site-chrome';
import { WithCart } from './with-cart';
import { WithWishlist } from './with-wishlist';

/**
 * The account layout: a visitor without a session is sent to / by the server (GET
 * /api/profile answers 401) before any account page renders, where the login dialog opens and
 * brings them back to this page once signed in (signInPath). Other failures render the layout
 * with a retry: the session may be fine and the API only briefly away.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  const client = makeServerQueryClient();
  try {
    await client.fetchQuery(profileQueryOptions(api));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      const url = new URL(request.url);
      throw redirect(signInPath(`${url.pathname}${url.search}`));
    }
  }
  return { dehydratedState: dehydrate(client) };
}

/** Account pages show one shopper's data: never stored by a shared cache. */
export const headers = privatePageHeaders;

export default function AccountLayout() {
  const t = useT();
  const api = useApi();
  const client = useQueryClient();
  const profile = useQuery(profileQueryOptions(api));
  const storeUser = useAuthStore((s) => s.user);
  const setUser = useAuthStore((s) => s.setUser);
  const clearSession = useAuthStore((s) => s.clearSession);
  const { master } = useMaster();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const hadUser = useRef(storeUser !== null);
  const unreadMessages = useUnreadMessages(api, storeUser?.id ?? null);

  const user = profile.data;
  useEffect(() => {
    if (storeUser) {
      hadUser.current = true;
    } else if (hadUser.current) {
      // The session ended in this tab (logout, or a 401 from any call): visitors go home.
      client.removeQueries({ queryKey: profileQueryKey });
      navigate(paths.home, { replace: true });
    } else if (user) {
      // The server knows the shopper although the page's store did not yet (its own check failed).
      setUser(user);
    }
  }, [storeUser, user, client, navigate, setUser]);

  const failure = profile.error;
  useEffect(() => {
    if (failure instanceof ApiError && failure.status === 401) {
      // The session ran out while here: sign in again, and come back.
      clearSession();
      navigate(signInPath(`${pathname}${search}`), { replace: true });
    }
  }, [failure, clearSession, navigate, pathname, search]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change is the trigger.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [pathname]);

  return (
    <WithWishlist>
      {/* The account pages keep their full width: lists, timelines and prices run to the inline
          end, where the floating tab would sit over them; the header's cart stays. */}
      <WithCart floatingTab={false}>
        <SiteChrome>
          {user ? (
            <div className="mx-auto grid w-full max-w-7xl gap-4 px-3 py-4 sm:px-4 lg:grid-cols-[18rem_1fr] lg:gap-6 lg:px-6 lg:py-8">
              <div className="min-w-0 lg:sticky lg:top-36 lg:self-start">
                <AccountSidebar
                  user={user}
                  unreadMessages={unreadMessages}
                  footerText={master?.web_footer_text}
                  timeZone={master?.time_zone || DEFAULT_TIME_ZONE}
                />
              </div>
              <div className="min-w-0">
                <Outlet />
              </div>
            </div>
          ) : profile.isError ? (
            <div className="mx-auto w-full max-w-lg px-4 py-16">
              <ErrorState title={t('We could not load your account')} onRetry={() => void profile.refetch()} />
            </div>
          ) : (
            <div className="flex min-h-[50vh] items-center justify-center text-primary-600">
              <Spinner className="size-8" label={t('Loading')} />
            </div>
          )}
        </SiteChrome>
      </WithCart>
    </WithWishlist>
  );
}
