import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { AccountSidebar } from '../features/account/components/account-sidebar';
import { useAuthStore } from '../features/auth/stores/auth-store';
import { useMaster } from '../features/settings/api/master';
import { SiteChrome } from './site-chrome';

/**
 * Spec section 2 "Account layout": only for a logged-in user (anyone else is sent to /), a
 * sidebar of account pages, and a scroll to the top on each path change.
 */
export default function AccountLayout() {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.user);
  const { master } = useMaster();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  useEffect(() => {
    if (!user) navigate('/', { replace: true });
  }, [user, navigate]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change is the trigger.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [pathname]);

  return (
    <SiteChrome>
      {user ? (
        <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-8 lg:grid-cols-[18rem_1fr] lg:px-6">
          <div className="lg:sticky lg:top-36 lg:self-start">
            <AccountSidebar user={user} unreadMessages={0} footerText={master?.web_footer_text} />
          </div>
          <div className="min-w-0">
            <Outlet />
          </div>
        </div>
      ) : (
        <div className="flex min-h-[50vh] items-center justify-center text-primary-600">
          <Spinner className="size-8" label={t('Loading')} />
        </div>
      )}
    </SiteChrome>
  );
}
